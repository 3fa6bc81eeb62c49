import { z } from "zod";
import { MESSAGES } from "../messages";
import { emailSchema } from "./common";
import { expectedIdsSchema } from "./edit-conflict";
import { DECISION_STATUSES } from "./reviews";

/**
 * Running the committee (docs/decisions/010-committee.md): assigning reviewers and reviewer groups, decisions
 * and amounts, funding and reviewer statistics, and the committee's emails to candidates and reviewers. Paths
 * follow the seed (review-and-administration, "7. The calls") where it names them.
 */

export const COMMITTEE_MESSAGES = {
  groupNameRequired: "Group name is required",
  groupCreateFailed: (message: string) => `Failed to create group: ${message}`,
  groupUpdateFailed: (message: string) => `Failed to update group: ${message}`,
  groupDeleteFailed: (message: string) => `Failed to delete group: ${message}`,
  everyoneAssigned: "A row with no reviewers means everyone is assigned.",
  removalKeepsReview: "Removing a reviewer does not delete their finished review.",
  invalidEmail: MESSAGES.invalidEmail,
  emailFailed: MESSAGES.emailFailed,
  reminderSent: MESSAGES.reminderSent,
  approveNeedsAmount: "Enter an amount above 0 to approve this candidate.",
  notACommitteeMember: "Choose members of this program's committee.",
  notAGroupOfProgram: "Choose reviewer groups of this program.",
} as const;

/** review-and-administration, "9. Business constants and limits". */
export const COMMITTEE_LIMITS = {
  assignNameLength: 60,
  assignPageSizes: [5, 10, 25, 50] as const,
  assignDefaultPageSize: 10,
  /** The Manage Groups list names this many reviewers, then "+N more". */
  groupPreviewCount: 3,
  groupNameLength: 100,
  groupDescriptionLength: 1_000,
  groupMembers: 1_000,
  reviewersPerSubmission: 200,
  groupsPerSubmission: 100,
  bulkRows: 1_000,
  emailRecipients: 20_000,
  emailSubjectLength: 300,
  emailBodyLength: 50_000,
  /** Largest amount accepted (in dollars); cents are stored as a bigint, so totals never drift. */
  maxAmount: 1_000_000_000_000,
} as const;

const id = z.string().min(1).max(64);
const ids = (max: number) => z.array(id).max(max);

// ————— Assign reviewers (/admin/assign-reviewers) —————

/** GET /api/admin/assignments?programId=…&search=…&page=…&pageSize=…: submitted, non-test candidates. */
export const assignmentListQuerySchema = z.strictObject({
  programId: id,
  /** Matches the applicant name (identifier), case-insensitively, anywhere in it. */
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (COMMITTEE_LIMITS.assignPageSizes as readonly number[]).includes(n), {
      message: "Choose 5, 10, 25 or 50 rows per page",
    })
    .default(COMMITTEE_LIMITS.assignDefaultPageSize),
});
export type AssignmentListQuery = z.infer<typeof assignmentListQuerySchema>;

/** A person as the assignment screens show them. */
export const personSchema = z.object({ _id: z.string(), name: z.string(), email: z.string() });
export type Person = z.infer<typeof personSchema>;
export const groupRefSchema = z.object({ _id: z.string(), name: z.string() });
export type GroupRef = z.infer<typeof groupRefSchema>;

export const assignmentRowSchema = z.object({
  _id: z.string(),
  identifier: z.string(),
  reviewers: z.array(personSchema),
  reviewerGroups: z.array(groupRefSchema),
});
export type AssignmentRow = z.infer<typeof assignmentRowSchema>;

export const assignmentListResultSchema = z.object({
  rows: z.array(assignmentRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Who may be assigned: the program's members other than plain admins (who see everyone anyway). */
  committee: z.array(
    personSchema.extend({
      role: z.enum(["ADMIN_REVIEWER", "REVIEWER", "GUEST"]),
      /**
       * Their load: submitted, non-test candidates assigned to them directly or through a group (those open
       * to all are everyone's and not counted).
       */
      assigned: z.number().int(),
    }),
  ),
  /** The program's reviewer groups, by name. */
  groups: z.array(groupRefSchema),
});
export type AssignmentListResult = z.infer<typeof assignmentListResultSchema>;

/**
 * PATCH /api/submissions/reviewers/{id}: the submission's individual reviewers, the whole list, and
 * (decision 016) the list as the client last saw it, in any order: changed meanwhile by someone else,
 * nothing is written and the answer is 409 with the stored assignment. Our client always sends it; a
 * call without it (the seed's) overwrites.
 */
export const setReviewersBodySchema = z.strictObject({
  reviewers: ids(COMMITTEE_LIMITS.reviewersPerSubmission),
  expected: z.strictObject({ reviewers: expectedIdsSchema }).optional(),
});
export type SetReviewersBody = z.infer<typeof setReviewersBodySchema>;
/**
 * PATCH /api/submissions/reviewerGroups/{id}: the submission's reviewer groups, the whole list, and
 * (decision 016) the list as the client last saw it, in any order — as for the reviewers above.
 */
export const setReviewerGroupsBodySchema = z.strictObject({
  reviewerGroups: ids(COMMITTEE_LIMITS.groupsPerSubmission),
  expected: z.strictObject({ reviewerGroups: expectedIdsSchema }).optional(),
});
export type SetReviewerGroupsBody = z.infer<typeof setReviewerGroupsBodySchema>;
/** Both PATCH calls answer with the submission's assignment as now stored. */
export const assignmentResultSchema = assignmentRowSchema;

/** POST /api/admin/assignments/bulk: add reviewers and/or groups to every selected submission (never removes). */
export const bulkAssignBodySchema = z
  .strictObject({
    programId: id,
    submissionIds: ids(COMMITTEE_LIMITS.bulkRows).min(1),
    reviewers: ids(COMMITTEE_LIMITS.reviewersPerSubmission).default([]),
    reviewerGroups: ids(COMMITTEE_LIMITS.groupsPerSubmission).default([]),
  })
  .refine((b) => b.reviewers.length + b.reviewerGroups.length > 0, {
    message: "Choose a reviewer or a group to assign",
    path: ["reviewers"],
  });
export type BulkAssignBody = z.input<typeof bulkAssignBodySchema>;
export const bulkAssignResultSchema = z.object({ updated: z.number().int() });

// ————— Reviewer groups —————

export const reviewerGroupSchema = z.object({
  _id: z.string(),
  programId: z.string(),
  name: z.string(),
  description: z.string(),
  /** Members by name (then id), each with id and name as the seed's entity has them. */
  reviewers: z.array(z.object({ _id: z.string(), name: z.string() })),
});
export type ReviewerGroup = z.infer<typeof reviewerGroupSchema>;
/** GET /api/reviewerGroups/{programId}: the program's groups by name. */
export const reviewerGroupListSchema = z.array(reviewerGroupSchema);

const groupFields = {
  name: z.string().trim().min(1, COMMITTEE_MESSAGES.groupNameRequired).max(COMMITTEE_LIMITS.groupNameLength),
  description: z.string().trim().max(COMMITTEE_LIMITS.groupDescriptionLength).default(""),
  /** Member user ids: committee members of the program (see assignmentListResult.committee). */
  reviewers: ids(COMMITTEE_LIMITS.groupMembers).default([]),
};
/** POST /api/reviewerGroups. */
export const createReviewerGroupBodySchema = z.strictObject({ programId: id, ...groupFields });
export type CreateReviewerGroupBody = z.input<typeof createReviewerGroupBodySchema>;
/**
 * PUT /api/reviewerGroups/{id}: the group as it should be now, and (decision 016) the group as the
 * client last saw it: changed meanwhile by someone else, nothing is written and the answer is 409 with
 * the stored group. Our client always sends it; a call without it (the seed's) overwrites.
 */
export const updateReviewerGroupBodySchema = z.strictObject({
  ...groupFields,
  expected: z
    .strictObject({
      name: z.string().max(COMMITTEE_LIMITS.groupNameLength),
      description: z.string().max(COMMITTEE_LIMITS.groupDescriptionLength),
      reviewers: ids(COMMITTEE_LIMITS.groupMembers),
    })
    .optional(),
});
export type UpdateReviewerGroupBody = z.input<typeof updateReviewerGroupBodySchema>;

// ————— Decisions (Candidate Statistics) —————

/**
 * An amount in dollars as typed: a number, never negative, at most two decimals (stored as cents).
 * null clears it.
 */
export const amountSchema = z
  .number()
  .min(0, "The amount cannot be negative")
  .max(COMMITTEE_LIMITS.maxAmount)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, "Use at most two decimals (cents)");

/**
 * PATCH /api/submissions/updateField/{id} with a decision: a status, an amount, or both. An amount of
 * 0 makes the decision "disapproved"; approving needs an amount above 0 (given or stored).
 */
export const decisionBodySchema = z
  .strictObject({
    status: z.enum(DECISION_STATUSES).optional(),
    amount: amountSchema.nullable().optional(),
    /**
     * The decision as the client last saw it (decision 016): stored otherwise, nothing is written and
     * the answer is 409 with the stored one. Our client always sends it; a call without it (the seed's
     * own calls have no place for it) overwrites whatever is stored.
     */
    expected: z
      .strictObject({ status: z.enum(DECISION_STATUSES), amount: z.number().min(0).nullable() })
      .optional(),
  })
  .refine((b) => b.status !== undefined || b.amount !== undefined, {
    message: "Send a status or an amount",
    path: ["status"],
  });
export type DecisionBody = z.infer<typeof decisionBodySchema>;
export const decisionResultSchema = z.object({
  _id: z.string(),
  status: z.enum(DECISION_STATUSES),
  amount: z.number().nullable(),
});
export type DecisionResult = z.infer<typeof decisionResultSchema>;
/** What a stale decision's 409 carries as `error.current`. */
export const storedDecisionSchema = decisionResultSchema.pick({ status: true, amount: true });
export type StoredDecision = z.infer<typeof storedDecisionSchema>;

/** Funding statistics over the program's submitted, non-test candidates (amounts in dollars, exact to the cent). */
export const fundingStatsSchema = z.object({
  /** Sum of the approved candidates' amounts. */
  totalFunding: z.number(),
  /** Mean amount of the approved candidates, rounded to 2 decimals; 0 when none is approved. */
  averageFunding: z.number(),
  approved: z.number().int(),
  disapproved: z.number().int(),
  pending: z.number().int(),
});
export type FundingStats = z.infer<typeof fundingStatsSchema>;
/** GET /api/admin/funding-stats?programId=…. */
export const fundingStatsQuerySchema = z.strictObject({ programId: id });

// ————— Reviewer statistics (/admin/committeereview) —————

/** GET /api/admin/reviewer-stats?programId=…. */
export const reviewerStatsQuerySchema = z.strictObject({ programId: id });
export const reviewerStatsRowSchema = personSchema.extend({
  role: z.enum(["ADMIN_REVIEWER", "REVIEWER", "GUEST"]),
  /** Submitted, non-test candidates this member sees (assigned directly, through a group, or to no one). */
  assigned: z.number().int(),
  /** Of those, how many they have rated (a rating above -1). */
  reviewed: z.number().int(),
  /** Last time they saved a review in this program, or null. */
  lastReviewed: z.string().nullable(),
});
export type ReviewerStatsRow = z.infer<typeof reviewerStatsRowSchema>;
export const reviewerStatsResultSchema = z.object({
  /**
   * Committee members and guests of the program, by name; plain ADMIN members and internal test
   * accounts (addresses in the configured internal domains) are not counted.
   */
  rows: z.array(reviewerStatsRowSchema),
});
export type ReviewerStatsResult = z.infer<typeof reviewerStatsResultSchema>;

// ————— The admin dashboard's figures (/admin/dashboard) —————

/** GET /api/admin/dashboard-figures?programId=…. */
export const dashboardFiguresQuerySchema = z.strictObject({ programId: id });
/**
 * Where the program stands, for the admin dashboard (docs/decisions/039-navigation-and-builder.md): the
 * submitted, non-test applications; the committee's ratings done of those it has to do (committee members and
 * admin-reviewers as Reviewer Statistics counts them; guests observe and are left out); the decisions made.
 */
export const dashboardFiguresSchema = z.object({
  submitted: z.number().int(),
  reviews: z.object({ done: z.number().int(), expected: z.number().int() }),
  decisions: z.object({
    approved: z.number().int(),
    disapproved: z.number().int(),
    pending: z.number().int(),
  }),
});
export type DashboardFigures = z.infer<typeof dashboardFiguresSchema>;

// ————— Emails —————

/** Placeholders the committee's email template may use, filled per recipient. */
export const EMAIL_PLACEHOLDERS = {
  name: "{{name}}",
  application: "{{application}}",
  amount: "{{amount}}",
} as const;

export const DEFAULT_EMAIL_TEMPLATE = {
  subject: "Your application {{application}}",
  body: [
    "Dear {{name}},",
    "",
    "Thank you for submitting {{application}}. We are writing to let you know the committee's decision.",
    "",
    "Amount: {{amount}}",
    "",
    "Kind regards,",
    "The review committee",
  ].join("\n"),
} as const;

/** An optional address field of the dialog: empty, or a valid email ("Invalid Email"). */
const optionalEmail = z.union([z.literal(""), emailSchema]).default("");

/**
 * POST /api/email/custom: one message per chosen candidate (to the account that applied), the template
 * filled for each. The idempotency key makes a retried request (timeout, double click, crash) enqueue
 * nothing twice: the same key answers with the same result.
 */
export const customEmailBodySchema = z.strictObject({
  programId: id,
  submissionIds: ids(COMMITTEE_LIMITS.emailRecipients).min(1, "Choose at least one recipient"),
  subject: z.string().trim().min(1, "Required").max(COMMITTEE_LIMITS.emailSubjectLength),
  /** Plain text with placeholders; escaped into the HTML part, never interpreted as markup. */
  body: z.string().trim().min(1, "Required").max(COMMITTEE_LIMITS.emailBodyLength),
  replyTo: optionalEmail,
  bcc: optionalEmail,
  idempotencyKey: z.uuid(),
});
export type CustomEmailBody = z.input<typeof customEmailBodySchema>;
/** The Send Emails result alert: addresses accepted into the outbox and those refused (no or invalid address). */
export const customEmailResultSchema = z.object({
  accepted: z.array(z.string()),
  rejected: z.array(z.string()),
});
export type CustomEmailResult = z.infer<typeof customEmailResultSchema>;

/** POST /api/email/reminder: remind one committee member who is behind with their reviews. */
export const reviewerReminderBodySchema = z.strictObject({ programId: id, userId: id });
export const reviewerReminderResultSchema = z.object({ email: z.string() });
