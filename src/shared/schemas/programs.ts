import { z } from "zod";
import { MAX_NAME_LENGTH } from "../limits";
import { hasNoLineBreak } from "./common";
import { userProgramSchema } from "./users";

/** A program's name: trimmed, required, on one line (it is in the subjects of the program's emails). */
export const programNameSchema = z
  .string()
  .trim()
  .min(1, "Program name is required")
  .max(MAX_NAME_LENGTH)
  .refine(hasNoLineBreak, "Program name must be on one line");

/** POST /api/programs — the seed's payload; the organization is always the admin's own. */
export const createProgramBodySchema = z.strictObject({
  displayName: programNameSchema,
  organization: z.string().max(64).optional(),
  createdByUserId: z.string().max(64).optional(),
  databaseName: z.string().max(200).optional(),
  appVersion: z.literal(3).optional(),
  deleted: z.literal(false).optional(),
  archived: z.literal(false).optional(),
});

/**
 * PATCH /api/programs/{id}/name. `expected` (decision 016): the name the client last saw; renamed
 * meanwhile by someone else, nothing is written and the answer is 409 with the stored name. Our client
 * always sends it; the seed's call (no place for it) renames whatever the name is.
 */
export const renameProgramBodySchema = z.strictObject({
  name: programNameSchema,
  expected: z.strictObject({ name: z.string().max(MAX_NAME_LENGTH) }).optional(),
});
export const archiveProgramBodySchema = z.strictObject({ archived: z.boolean() });

/** A row of the programs list: the user's view of a program, with its counts. */
export const programListItemSchema = userProgramSchema.extend({
  numSubmissions: z.number().int(),
  numReviews: z.number().int(),
});
export type ProgramListItem = z.infer<typeof programListItemSchema>;

/** The plan's program allowance for the organization the user administers (null when they administer none). */
export const programAllowanceSchema = z.object({
  organizationId: z.string(),
  /** Active (non-archived) programs. */
  used: z.number().int(),
  /** 0 means no limit. */
  max: z.number().int(),
  canCreate: z.boolean(),
  /** The plan the organization runs on ("Free Trial" until it pays). */
  planName: z.string(),
  /** On the free trial: the plan chosen at sign-up, which Billing starts; null otherwise. */
  requestedPlanName: z.string().nullable(),
  /** On the free trial: when it ends (ISO 8601); null otherwise. */
  trialEndsAt: z.string().nullable(),
  /** The free trial has ended: nothing new can be added until a plan is chosen (decision 005). */
  trialEnded: z.boolean(),
});
export type ProgramAllowance = z.infer<typeof programAllowanceSchema>;

export const programListResultSchema = z.object({
  programs: z.array(programListItemSchema),
  allowance: programAllowanceSchema.nullable(),
});

export const programResultSchema = z.object({ program: programListItemSchema });

/** "Add new (N left)" when the plan limits programs. */
export function programsLeft(allowance: { used: number; max: number }): number | null {
  return allowance.max > 0 ? Math.max(0, allowance.max - allowance.used) : null;
}

/** The longest prompt a program gives its reviewers (the comment box's, the final rating's). */
export const REVIEW_PROMPT_LENGTH = 2_000;
const reviewPromptSchema = z.string().trim().max(REVIEW_PROMPT_LENGTH);

/**
 * A program's review settings, as the program's admins edit them in the Review settings panel
 * (review-and-administration, "3. Entities and their fields": `reviewSettings` and `overrideFinalRating`;
 * docs/decisions/029-review-settings-and-rankings.md). Unset values read as their defaults: stacked rankings on,
 * the final rating shown, no prompts, the final rating computed.
 */
/**
 * The order of a committee member's candidate list (docs/decisions/037-per-reviewer-order.md): shuffled for
 * each member (the default, against order bias), or by applicant name.
 */
export const CANDIDATE_ORDERS = ["shuffled", "name"] as const;
export type CandidateOrder = (typeof CANDIDATE_ORDERS)[number];

export const programReviewSettingsSchema = z.strictObject({
  reviewSettings: z.strictObject({
    /** Committee members' lists: each in their own shuffled order, or by name. Unset: shuffled. */
    candidateOrder: z.enum(CANDIDATE_ORDERS).default("shuffled"),
    /**
     * Committee members confirm they have no conflict of interest with a candidate before its application is
     * shown to them (docs/decisions/036-conflicts-of-interest.md). Unset: off.
     */
    askNoConflict: z.boolean().default(false),
    /** Off: step 2 is hidden and no ranking is saved. */
    enableStackedRankings: z.boolean(),
    /** The prompt shown above every comment box. */
    comments: z.strictObject({ commentText: reviewPromptSchema }),
    /** Reviewers see their overall rating and the text below; always on while the final rating is entered by hand. */
    showFinalRating: z.boolean(),
    finalReviewText: reviewPromptSchema,
  }),
  /** appVersion 3: each reviewer enters their final rating; it is never recomputed from the criteria. */
  overrideFinalRating: z.boolean(),
});
export type ProgramReviewSettings = z.infer<typeof programReviewSettingsSchema>;

/**
 * PATCH /api/programs/{id}/reviewSettings: the whole panel. `expected` (decision 016): the settings the client
 * last saw; changed meanwhile by someone else, nothing is written and the answer is 409 with the stored ones.
 */
export const updateReviewSettingsBodySchema = programReviewSettingsSchema.extend({
  expected: programReviewSettingsSchema.optional(),
});
export type UpdateReviewSettingsBody = z.infer<typeof updateReviewSettingsBodySchema>;
