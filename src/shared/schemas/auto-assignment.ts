import { z } from "zod";
import { personSchema } from "./committee";

/**
 * Automatic assignment (docs/decisions/034-automatic-assignment.md): the admin asks for k reviews per
 * candidate, the server proposes who reviews what (changing nothing), the admin applies the proposal as a
 * whole or not at all, and may undo the last one applied.
 */

export const AUTO_ASSIGNMENT_LIMITS = {
  /** About five reviewers per application is where extra ones stop helping (review-science.md); 50 is plenty. */
  maxReviewsPerCandidate: 50,
  maxPerReviewer: 100_000,
  listedCandidates: 10_000,
  groups: 100,
} as const;

export const AUTO_ASSIGNMENT_MESSAGES = {
  stale:
    "The assignments changed since this proposal was made. Make a new proposal to see who would review what now.",
  nothingToUndo: "There is no automatic assignment to undo.",
  undoStale:
    "The assignments changed since the automatic assignment was applied: it can no longer be undone.",
  noPool: "No committee member can review these candidates: choose other groups or add members.",
} as const;

const id = z.string().min(1).max(64);

/** POST /api/programs/{programId}/assignments/auto */
export const autoAssignmentBodySchema = z.strictObject({
  reviewsPerCandidate: z.number().int().min(1).max(AUTO_ASSIGNMENT_LIMITS.maxReviewsPerCandidate),
  maxPerReviewer: z.number().int().min(1).max(AUTO_ASSIGNMENT_LIMITS.maxPerReviewer).optional(),
  candidates: z.union([
    z.enum(["unassigned", "all"]),
    z.array(id).min(1).max(AUTO_ASSIGNMENT_LIMITS.listedCandidates),
  ]),
  /** Only members of these groups; every assignable committee member when absent or empty. */
  groups: z.array(id).max(AUTO_ASSIGNMENT_LIMITS.groups).optional(),
  /** Release the reviewers these candidates were given one by one, and assign them again from the pool. */
  rebalance: z.boolean().optional(),
});
export type AutoAssignmentBody = z.infer<typeof autoAssignmentBodySchema>;

export const SHORT_REASONS = ["too-few-eligible", "reviewers-at-maximum"] as const;

export const autoAssignmentProposalSchema = z.object({
  id: z.string(),
  /** Candidates the proposal covers. */
  candidates: z.number().int(),
  /** Reviewer assignments it adds, and those it releases (rebalance only). */
  added: z.number().int(),
  removed: z.number().int(),
  loads: z.array(z.object({ reviewer: personSchema, before: z.number().int(), after: z.number().int() })),
  short: z.array(
    z.object({
      submissionId: z.string(),
      identifier: z.string(),
      reviewers: z.number().int(),
      reason: z.enum(SHORT_REASONS),
    }),
  ),
});
export type AutoAssignmentProposal = z.infer<typeof autoAssignmentProposalSchema>;

/** POST /api/programs/{programId}/assignments/auto/apply */
export const applyAutoAssignmentBodySchema = z.strictObject({ proposalId: id });
export const autoAssignmentResultSchema = z.object({
  proposalId: z.string(),
  added: z.number().int(),
  removed: z.number().int(),
});
export type AutoAssignmentResult = z.infer<typeof autoAssignmentResultSchema>;
