import { z } from "zod";

/**
 * When a program's candidate decisions are shown to applicants in their portal
 * (docs/decisions/038-decision-release-and-portal.md).
 */
export const DECISION_RELEASE_MESSAGES = {
  future: "Choose a release date in the future, or release now.",
  alreadyReleased:
    "Decisions are already released: applicants have seen them. Decisions and amounts changed now are shown to them at once.",
} as const;

/** PUT /api/programs/{programId}/decision-release: release now, on a date ahead, or cancel a scheduled release. */
export const decisionReleaseBodySchema = z.union([
  z.strictObject({ release: z.literal("now") }),
  z.strictObject({ releaseAt: z.iso.datetime({ message: "A date and time" }).nullable() }),
]);
export type DecisionReleaseBody = z.infer<typeof decisionReleaseBodySchema>;

export const decisionReleaseSchema = z.object({
  /** When decisions are (or were) released; null: not released nor scheduled. */
  releaseAt: z.string().nullable(),
  /** Applicants see the decisions now (releaseAt is past). */
  released: z.boolean(),
});
export type DecisionRelease = z.infer<typeof decisionReleaseSchema>;

/**
 * What an applicant's portal says of a submitted application: nothing before the program releases its
 * decisions (a draft has no outcome either); after, the decision, with the amount when approved.
 */
export const portalOutcomeSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("approved"), amountCents: z.number().int().nullable() }),
  z.object({ kind: z.literal("notFunded") }),
  z.object({ kind: z.literal("underReview") }),
]);
export type PortalOutcome = z.infer<typeof portalOutcomeSchema>;
