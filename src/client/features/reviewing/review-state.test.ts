import { describe, expect, it } from "vitest";
import type { Criterion, Section } from "../../../shared/forms/model";
import type { Review } from "../../../shared/schemas/reviews";
import {
  criterionRating,
  draftFromReview,
  overallEnteredByHand,
  saveReviewBody,
  sectionRating,
  withCriterionRating,
  withOverallRating,
  withSectionRating,
} from "./review-state";

function criterion(id: string, type: Criterion["type"] = "SCALE"): Criterion {
  return { _id: id, description: id, type, maxScale: 5, weight: 1 };
}

function section(id: string, criteria: Criterion[] = []): Section {
  return {
    _id: id,
    name: id,
    description: "",
    rubric: "",
    sectionType: "Decision Criteria",
    deleted: false,
    criteria,
    questions: [],
    nextSection: null,
  };
}

function review(sections: Review["sections"], rating = -1): Review {
  return {
    _id: null,
    submissionId: "sub",
    programId: "p",
    userId: "u",
    rating,
    sections,
    started: false,
    lastReviewed: null,
  };
}

describe("the review as the page edits it (appVersion 3)", () => {
  const canvas = [
    section("a", [criterion("a1"), criterion("a2", "BOOLEAN")]),
    section("b", [criterion("b1")]),
  ];

  it("has every criterion of every canvas section, unrated when never saved", () => {
    const draft = draftFromReview(canvas, review([]), 3);
    expect(draft).toEqual({
      rating: -1,
      sections: [
        {
          sectionId: "a",
          rating: -1,
          criteria: [
            { criteriaId: "a1", type: "SCALE", value: -1 },
            { criteriaId: "a2", type: "BOOLEAN", value: -1 },
          ],
        },
        { sectionId: "b", rating: -1, criteria: [{ criteriaId: "b1", type: "SCALE", value: -1 }] },
      ],
    });
  });

  it("keeps saved values (0 included), drops criteria and sections no longer in the form", () => {
    const saved = review(
      [
        {
          sectionId: "a",
          rating: -1,
          criteria: [
            { criteriaId: "a1", type: "SCALE", value: 0 },
            { criteriaId: "gone", type: "SCALE", value: 4 },
          ],
        },
        { sectionId: "deleted-section", rating: 3, criteria: [] },
      ],
      2.5,
    );
    const draft = draftFromReview(canvas, saved, 3);
    expect(draft.rating).toBe(2.5);
    expect(draft.sections.map((s) => s.sectionId)).toEqual(["a", "b"]);
    expect(criterionRating(draft, "a", "a1")).toBe(0);
    expect(criterionRating(draft, "a", "gone")).toBe(-1);
    expect(draft.sections[0]?.criteria.map((c) => c.criteriaId)).toEqual(["a1", "a2"]);
  });

  it("changes one criterion and nothing else", () => {
    const draft = draftFromReview(canvas, review([]), 3);
    const next = withCriterionRating(draft, "a", { criteriaId: "a2", type: "BOOLEAN" }, 1);
    expect(criterionRating(next, "a", "a2")).toBe(1);
    expect(criterionRating(next, "a", "a1")).toBe(-1);
    expect(criterionRating(next, "b", "b1")).toBe(-1);
    // The draft it came from is untouched: a failed save goes back to it.
    expect(criterionRating(draft, "a", "a2")).toBe(-1);
  });

  it("adds a criterion missing from the section's entry", () => {
    const draft = { rating: -1, sections: [{ sectionId: "a", rating: -1, criteria: [] }] };
    const next = withCriterionRating(draft, "a", { criteriaId: "a1", type: "SCALE" }, 4.5);
    expect(next.sections[0]?.criteria).toEqual([{ criteriaId: "a1", type: "SCALE", value: 4.5 }]);
  });
});

describe("the review as the page edits it (other versions)", () => {
  it("rates whole sections, keeping what was saved", () => {
    const canvas = [section("a"), section("b")];
    const draft = draftFromReview(canvas, review([{ sectionId: "b", rating: 4, criteria: [] }]), 2);
    expect(sectionRating(draft, "a")).toBe(-1);
    expect(sectionRating(draft, "b")).toBe(4);
    const next = withSectionRating(draft, "a", 0);
    expect(sectionRating(next, "a")).toBe(0);
    expect(sectionRating(draft, "a")).toBe(-1);
  });

  it("reads an unknown section as not rated", () => {
    const draft = draftFromReview([section("a")], review([]), 0);
    expect(sectionRating(draft, "nope")).toBe(-1);
    expect(criterionRating(draft, "nope", "c")).toBe(-1);
  });
});

describe("saving", () => {
  const draft = withOverallRating({ rating: -1, sections: [{ sectionId: "a", rating: 3, criteria: [] }] }, 4);

  it("sends the whole review, and the overall only when entered by hand", () => {
    expect(saveReviewBody("sub", draft, false)).toEqual({
      submissionId: "sub",
      sections: [{ sectionId: "a", rating: 3, criteria: [] }],
    });
    expect(saveReviewBody("sub", draft, true)).toEqual({
      submissionId: "sub",
      sections: [{ sectionId: "a", rating: 3, criteria: [] }],
      rating: 4,
    });
  });

  it("enters the overall by hand when the program overrides the computed rating", () => {
    expect(overallEnteredByHand({ overrideFinalRating: true })).toBe(true);
    expect(overallEnteredByHand({ overrideFinalRating: false })).toBe(false);
  });
});
