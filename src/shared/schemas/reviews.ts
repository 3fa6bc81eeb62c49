import { z } from "zod";
import { answerSchema } from "../forms/answers";
import { sectionSchema } from "../forms/model";
import { DECISION_STATUSES, NOT_RATED, REVIEW_LIMITS } from "./reviews-constants";
import { submissionFileSchema } from "./submissions";

// Without Zod, so a page can use them before Zod has loaded (docs/decisions/043-zod-off-the-first-paint.md).
export { DECISION_STATUSES, NOT_RATED, REVIEW_LIMITS, REVIEW_MESSAGES } from "./reviews-constants";

/**
 * The reviewing side's HTTP contract (docs/decisions/008-reviewing.md): the candidate list (step 1), the
 * submission view with the caller's review and comments, reviews and comments, stacked rankings (step 2), and
 * what admins see per candidate. Paths follow the seed (review-and-administration, "7. The calls").
 */

export type DecisionStatus = (typeof DECISION_STATUSES)[number];

const id = z.string().min(1).max(64);
/** A rating as entered: -1 (not rated) or 0…10; the program's scale and increment are checked on the server. */
const ratingValue = z.number().min(NOT_RATED).max(10);

export const criterionValueSchema = z.strictObject({
  criteriaId: id,
  type: z.enum(["SCALE", "BOOLEAN"]),
  /** SCALE: the rating (-1 not rated). BOOLEAN: 1 yes, 0 no, -1 unanswered. */
  value: ratingValue,
});
export type CriterionValue = z.infer<typeof criterionValueSchema>;

/** One section of a review: its rating (appVersion 0/2, legacy canvas) or its criteria (appVersion 3). */
export const reviewSectionSchema = z.strictObject({
  sectionId: id,
  rating: ratingValue,
  criteria: z.array(criterionValueSchema).max(30),
});
export type ReviewSection = z.infer<typeof reviewSectionSchema>;

export const reviewSchema = z.object({
  _id: z.string().nullable(),
  submissionId: z.string(),
  programId: z.string(),
  userId: z.string(),
  /** The overall rating (-1 not rated): computed from the criteria in appVersion 3 unless overridden. */
  rating: z.number(),
  sections: z.array(reviewSectionSchema),
  /** A rating above -1 has been saved: the review counts. */
  started: z.boolean(),
  lastReviewed: z.string().nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

/** POST /api/reviews: the caller's whole review of one candidate. The answer has `ok: 1` (the seed's check). */
export const saveReviewBodySchema = z.strictObject({
  submissionId: id,
  sections: z.array(reviewSectionSchema).max(200),
  /** The overall rating entered by hand: used when the program has no criteria to compute it from or overrides it. */
  rating: ratingValue.optional(),
  /**
   * The review this one replaces, as the client last saw it (decision 016): its `lastReviewed`, null
   * when none was saved yet. Another tab's save in between makes this one a 409 with the stored review.
   * Our client always sends it; a call without it (the seed's own) overwrites whatever is stored.
   */
  expected: z
    .strictObject({
      // Year 0 is a valid ISO date but not a PostgreSQL one: refused here rather than failing there.
      lastReviewed: z.iso
        .datetime()
        .refine((iso) => !iso.startsWith("0000"), "Not a date a review was saved at")
        .nullable(),
    })
    .optional(),
});
export type SaveReviewBody = z.infer<typeof saveReviewBodySchema>;
export const saveReviewResultSchema = z.object({ ok: z.literal(1), review: reviewSchema });

export const commentSchema = z.object({
  _id: z.string(),
  submissionId: z.string(),
  sectionId: z.string(),
  userId: z.string(),
  authorName: z.string(),
  value: z.string(),
  lastReviewed: z.string(),
});
export type Comment = z.infer<typeof commentSchema>;
export const createCommentBodySchema = z.strictObject({
  submissionId: id,
  sectionId: id,
  value: z.string().trim().min(1, "Required").max(REVIEW_LIMITS.commentLength),
});
export const updateCommentBodySchema = z.strictObject({
  value: z.string().trim().min(1, "Required").max(REVIEW_LIMITS.commentLength),
  /**
   * The comment's text as the client last saw it (decision 016): changed meanwhile in another tab, the
   * edit is a 409 with the stored comment. Our client always sends it; without it the edit overwrites.
   */
  expected: z.strictObject({ value: z.string().max(REVIEW_LIMITS.commentLength) }).optional(),
});

/** The program facts the review screens need. */
export const reviewProgramSchema = z.object({
  _id: z.string(),
  name: z.string(),
  appVersion: z.number().int(),
  archived: z.boolean(),
  overrideFinalRating: z.boolean(),
  /** The rating step: 1 or 0.5 (the organization's setting). */
  increment: z.number(),
  enableStackedRankings: z.boolean(),
  showFinalRating: z.boolean(),
  finalReviewText: z.string(),
  commentText: z.string(),
});
export type ReviewProgram = z.infer<typeof reviewProgramSchema>;

/** GET /api/applications?programId=…: step 1's list, for the caller. */
export const candidateListQuerySchema = z.object({
  programId: id,
  /** Admin Mode: drafts and tests too (admins only; ignored for everyone else). */
  adminMode: z.enum(["true", "false"]).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(REVIEW_LIMITS.maxPageSize).default(REVIEW_LIMITS.listPageSize),
});
export type CandidateListQuery = z.infer<typeof candidateListQuerySchema>;

export const candidateRowSchema = z.object({
  _id: z.string(),
  formId: z.string(),
  /** The applicant name (the Identifier answer), whole: the list truncates it. */
  identifier: z.string(),
  /** The caller's overall rating, -1 when not rated. */
  rating: z.number(),
  lastReviewed: z.string().nullable(),
  submissionDate: z.string().nullable(),
  draft: z.boolean(),
  test: z.boolean(),
  /** Admins only. */
  status: z.enum(DECISION_STATUSES).optional(),
  amount: z.number().nullable().optional(),
  /**
   * True when the caller declared a conflict of interest with it: only an admin-reviewer's list still shows
   * such a candidate (docs/decisions/036-conflicts-of-interest.md). Absent otherwise.
   */
  conflicted: z.boolean().optional(),
});
export type CandidateRow = z.infer<typeof candidateRowSchema>;

export const candidateListResultSchema = z.object({
  program: reviewProgramSchema,
  rows: z.array(candidateRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The two-step bar: applications shown to the caller (submitted, not tests) and how many they rated. */
  progress: z.object({ shown: z.number().int(), rated: z.number().int() }),
  isAdmin: z.boolean(),
  canRate: z.boolean(),
  /** A committee member of the program (REVIEWER, ADMIN_REVIEWER), archived or not: who rates and ranks at all. */
  committee: z.boolean(),
});
export type CandidateListResult = z.infer<typeof candidateListResultSchema>;

/** An answer as a reviewer receives it: an anonymized question's answer never leaves the server for them. */
export const reviewAnswerSchema = z.union([
  answerSchema.extend({ anonymized: z.boolean().optional() }),
  z.object({
    questionId: z.string(),
    sectionId: z.string(),
    type: z.string(),
    anonymized: z.literal(true),
    withheld: z.literal(true),
  }),
]);
export type ReviewAnswer = z.infer<typeof reviewAnswerSchema>;

/** GET /api/applications/{programId}/{submissionId}: the submission view for reviewers and admins. */
export const candidateViewSchema = z.object({
  program: reviewProgramSchema,
  submission: z.object({
    _id: z.string(),
    formId: z.string(),
    identifier: z.string(),
    submissionDate: z.string().nullable(),
    lastSaveDate: z.string(),
    draft: z.boolean(),
    test: z.boolean(),
    reviewCount: z.number().int(),
    /** Admins only. */
    status: z.enum(DECISION_STATUSES).optional(),
    amount: z.number().nullable().optional(),
  }),
  /**
   * The sections of the form version the submission was made on (deleted ones left out) — for a legacy
   * program bound to a review template, arranged by it: the template's sections, whose ids are their canvas
   * ids (`canvas_N`), then "Other" (`template-other`) with the answers no rule places
   * (docs/decisions/040-review-templates.md).
   */
  sections: z.array(sectionSchema),
  /** The review template the sections are arranged by, or null. */
  reviewTemplate: z.object({ name: z.string() }).nullable().optional(),
  /**
   * True while the caller must first confirm they have no conflict of interest with the candidate (the
   * program asks it, docs/decisions/036-conflicts-of-interest.md): until then the answers and files are empty.
   */
  confirmNoConflict: z.boolean().optional(),
  answers: z.array(reviewAnswerSchema),
  /** Whether this server translates answers by machine (the "Translate" beside a text answer). */
  machineTranslation: z.boolean().optional(),
  files: z.array(submissionFileSchema),
  /** Previous and next applicant in the caller's list order. */
  previousId: z.string().nullable(),
  nextId: z.string().nullable(),
  /** The caller's own review (empty when not started); null when they may not rate. */
  review: reviewSchema.nullable(),
  /** The caller's own comments; an admin gets everyone's. */
  comments: z.array(commentSchema),
  isAdmin: z.boolean(),
  canRate: z.boolean(),
});
export type CandidateView = z.infer<typeof candidateViewSchema>;

/** PATCH /api/submissions/updateField/{id}: the admin's per-row actions in step 1. */
export const updateFieldBodySchema = z.strictObject({
  action: z.enum(["forceSubmit", "markAsTest"]),
});

/** Step 2: the caller's stacked ranking. */
export const rankingCandidateSchema = z.object({
  _id: z.string(),
  identifier: z.string(),
  rating: z.number(),
});
export const rankingResultSchema = z.object({
  programId: z.string(),
  userId: z.string(),
  /** The caller's candidates, best first (stored order, then new candidates by rating). */
  applications: z.array(rankingCandidateSchema),
  revision: z.number().int(),
  topFiveChanged: z.boolean(),
  /** The member's own ranking only: when the order was last saved (a move or a confirmation), null while never. */
  savedAt: z.string().nullable().optional(),
  /** The member's own ranking only: when they last confirmed the order ("Confirm ranking"), null while never. */
  confirmedAt: z.string().nullable().optional(),
});
export type RankingResult = z.infer<typeof rankingResultSchema>;
export const saveRankingBodySchema = z.strictObject({
  programId: id,
  /** Candidate ids, best first: exactly the caller's candidates. */
  rankings: z.array(id).max(20_000),
  /** The revision the order was based on: a stale tab is refused (409), never overwrites. */
  revision: z.number().int().min(0),
  /** The drag that produced this order moved a candidate into the top five. */
  movedIntoTopFive: z.boolean().optional(),
  /**
   * "Confirm ranking": the member accepts this order as it stands, moved or not; the save records when
   * (docs/decisions/029-review-settings-and-rankings.md).
   */
  confirm: z.boolean().optional(),
});
export type SaveRankingBody = z.infer<typeof saveRankingBodySchema>;
export const saveRankingResultSchema = z.object({
  revision: z.number().int(),
  topFiveChanged: z.boolean(),
  savedAt: z.string(),
  confirmedAt: z.string().nullable(),
});
export type SaveRankingResult = z.infer<typeof saveRankingResultSchema>;

/** GET /api/admin/candidate-submissions?programId=…: what admins see per candidate (review-science.md). */
export const candidateStatsRowSchema = z.object({
  _id: z.string(),
  identifier: z.string(),
  status: z.enum(DECISION_STATUSES),
  amount: z.number().nullable(),
  numReviews: z.number().int(),
  averageRating: z.number().nullable(),
  medianRating: z.number().nullable(),
  /** Disagreement: the standard deviation of the reviews' overall ratings. */
  standardDeviation: z.number().nullable(),
  minRating: z.number().nullable(),
  maxRating: z.number().nullable(),
  histogram: z.record(z.string(), z.number().int()),
  /** Mean of the criteria-computed ratings (appVersion 3), whatever the final ratings say. */
  suggestedRating: z.number().nullable(),
  /** Rating corrected for each reviewer's harshness or leniency, beside the raw one. */
  calibratedRating: z.number().nullable(),
  /** Normalized positional score (0–1, higher is better) over the stacked rankings that contain it. */
  averageRanking: z.number().nullable(),
  rankedBy: z.number().int(),
  /** 1-based position in the Schulze consensus order (tied candidates share a rank). */
  consensusRank: z.number().int().nullable(),
});
export type CandidateStatsRow = z.infer<typeof candidateStatsRowSchema>;

/** GET /api/reviews/{userId}/{programId}?count=true and GET /api/ratings/{userId}/?count=true. */
export const countResultSchema = z.object({ count: z.number().int() });

/** POST /api/applications/{programId}/{submissionId}/answers/{questionId}/translation: into which language. */
export const answerTranslationBodySchema = z.strictObject({ target: z.enum(["en", "fr"]) });
/** The answer's text in `target`, by machine; the original stays where it was shown. */
export const answerTranslationResultSchema = z.object({
  questionId: z.string(),
  target: z.enum(["en", "fr"]),
  text: z.string(),
});
export type AnswerTranslationResult = z.infer<typeof answerTranslationResultSchema>;
