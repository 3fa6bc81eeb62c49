import type { Section } from "../../../shared/forms/model";
import type { CriterionValue, Review, ReviewSection, SaveReviewBody } from "../../../shared/schemas/reviews";
import { NOT_RATED } from "../../../shared/schemas/reviews-constants";

/** What the reviewer edits on the submission view: the sections' ratings and criteria, and the overall. */
export interface ReviewDraft {
  sections: ReviewSection[];
  /** The overall rating: entered by hand only when the program overrides the computed one. */
  rating: number;
}

/** appVersion 3 rates per criterion; every other version (0, 2) rates each section as a whole. */
export function ratesByCriteria(appVersion: number): boolean {
  return appVersion === 3;
}

/**
 * The review as the page edits it: one entry per canvas section, in the canvas's order, each carrying
 * what was saved (-1 for anything never rated). In appVersion 3 every criterion of the section has an
 * entry with the criterion's current type; values saved for criteria since removed are left out.
 */
export function draftFromReview(canvas: readonly Section[], review: Review, appVersion: number): ReviewDraft {
  const saved = new Map(review.sections.map((section) => [section.sectionId, section]));
  const byCriteria = ratesByCriteria(appVersion);
  const sections = canvas.map((section): ReviewSection => {
    const existing = saved.get(section._id);
    if (!byCriteria) {
      return {
        sectionId: section._id,
        rating: existing?.rating ?? NOT_RATED,
        criteria: existing?.criteria ?? [],
      };
    }
    const values = new Map((existing?.criteria ?? []).map((c) => [c.criteriaId, c.value]));
    return {
      sectionId: section._id,
      rating: existing?.rating ?? NOT_RATED,
      criteria: section.criteria.map(
        (criterion): CriterionValue => ({
          criteriaId: criterion._id,
          type: criterion.type,
          value: values.get(criterion._id) ?? NOT_RATED,
        }),
      ),
    };
  });
  return { sections, rating: review.rating };
}

export function sectionRating(draft: ReviewDraft, sectionId: string): number {
  return draft.sections.find((s) => s.sectionId === sectionId)?.rating ?? NOT_RATED;
}

export function criterionRating(draft: ReviewDraft, sectionId: string, criteriaId: string): number {
  const section = draft.sections.find((s) => s.sectionId === sectionId);
  return section?.criteria.find((c) => c.criteriaId === criteriaId)?.value ?? NOT_RATED;
}

export function withSectionRating(draft: ReviewDraft, sectionId: string, value: number): ReviewDraft {
  return {
    ...draft,
    sections: draft.sections.map((s) => (s.sectionId === sectionId ? { ...s, rating: value } : s)),
  };
}

export function withCriterionRating(
  draft: ReviewDraft,
  sectionId: string,
  criterion: Pick<CriterionValue, "criteriaId" | "type">,
  value: number,
): ReviewDraft {
  return {
    ...draft,
    sections: draft.sections.map((s) => {
      if (s.sectionId !== sectionId) return s;
      const present = s.criteria.some((c) => c.criteriaId === criterion.criteriaId);
      const criteria = present
        ? s.criteria.map((c) => (c.criteriaId === criterion.criteriaId ? { ...c, value } : c))
        : [...s.criteria, { criteriaId: criterion.criteriaId, type: criterion.type, value }];
      return { ...s, criteria };
    }),
  };
}

export function withOverallRating(draft: ReviewDraft, value: number): ReviewDraft {
  return { ...draft, rating: value };
}

/**
 * POST /api/reviews: the whole review. The overall goes along only when the reviewer enters it by hand
 * (the program overrides the computed rating); otherwise the server computes it.
 */
export function saveReviewBody(
  submissionId: string,
  draft: ReviewDraft,
  overallByHand: boolean,
): SaveReviewBody {
  return {
    submissionId,
    sections: draft.sections,
    ...(overallByHand ? { rating: draft.rating } : {}),
  };
}

/** Whether the reviewer enters the overall rating themselves (the program overrides the computed one). */
export function overallEnteredByHand(program: { overrideFinalRating: boolean }): boolean {
  return program.overrideFinalRating;
}
