import { z } from "zod";
import { MAX_EMAIL_LENGTH } from "../limits";

/**
 * The audit log (docs/decisions/012-audit-log.md): an append-only record of every
 * administrative change, read by the organization admin a page at a time, newest first.
 */

/** What was done, `subject.verb`. A new kind of change adds an entry here and a label below. */
export const AUDIT_ACTIONS = [
  "candidate.decided",
  "submission.force_submitted",
  "submission.marked_as_test",
  "submission.admin_edited",
  "assignment.reviewers_changed",
  "assignment.groups_changed",
  "assignment.bulk_added",
  "assignment.auto_applied",
  "assignment.auto_undone",
  "conflict.declared",
  "conflict.recorded",
  "conflict.reverted",
  "reviewer_group.created",
  "reviewer_group.updated",
  "reviewer_group.deleted",
  "member.added",
  "member.role_changed",
  "member.removed",
  "invitation.sent",
  "invitation.role_changed",
  "invitation.cancelled",
  "invitation.accepted",
  "invitation.declined",
  "program.created",
  "program.renamed",
  "program.review_settings_changed",
  "program.archived",
  "program.unarchived",
  "program.duplicated",
  "program.deleted",
  "program.decisions_release_changed",
  "form.published",
  "form.unpublished",
  "form.closed",
  "form.reopened",
  "form.editing_changed",
  "form.notice_changed",
  "form.address_changed",
  "plan.changed",
  "review_template.created",
  "review_template.updated",
  "review_template.deleted",
  "review_template.bound",
  "export.created",
  "export.deleted",
  "organization.updated",
  "organization.two_factor_requirement_changed",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  "candidate.decided": "Decision or amount changed",
  "submission.force_submitted": "Application force submitted",
  "submission.marked_as_test": "Application marked as test",
  "submission.admin_edited": "Application edited by an admin",
  "assignment.reviewers_changed": "Reviewers assigned",
  "assignment.groups_changed": "Reviewer groups assigned",
  "assignment.bulk_added": "Reviewers assigned in bulk",
  "assignment.auto_applied": "Reviewers assigned automatically",
  "assignment.auto_undone": "Automatic assignment undone",
  "conflict.declared": "Conflict of interest declared",
  "conflict.recorded": "Conflict of interest recorded by an admin",
  "conflict.reverted": "Conflict of interest reverted",
  "reviewer_group.created": "Reviewer group created",
  "reviewer_group.updated": "Reviewer group changed",
  "reviewer_group.deleted": "Reviewer group deleted",
  "member.added": "Person added to a program",
  "member.role_changed": "Role changed",
  "member.removed": "Person removed from a program",
  "invitation.sent": "Invitation sent",
  "invitation.role_changed": "Invitation's role changed",
  "invitation.cancelled": "Invitation cancelled",
  "invitation.accepted": "Invitation accepted",
  "invitation.declined": "Invitation declined",
  "program.created": "Program created",
  "program.renamed": "Program renamed",
  "program.review_settings_changed": "Review settings changed",
  "program.archived": "Program archived",
  "program.unarchived": "Program unarchived",
  "program.duplicated": "Program duplicated",
  "program.deleted": "Program deleted",
  "program.decisions_release_changed": "Release of decisions to applicants changed",
  "form.published": "Form published",
  "form.unpublished": "Form unpublished",
  "form.closed": "Form closed to applicants",
  "form.reopened": "Form reopened to applicants",
  "form.editing_changed": "Editing of submitted applications changed",
  "form.notice_changed": "Submission notices changed",
  "form.address_changed": "Form's public address changed",
  "plan.changed": "Plan changed",
  "review_template.created": "Review template created",
  "review_template.updated": "Review template changed",
  "review_template.deleted": "Review template deleted",
  "review_template.bound": "Program's review template changed",
  "export.created": "Export started",
  "export.deleted": "Export deleted",
  "organization.updated": "Organization settings changed",
  "organization.two_factor_requirement_changed": "Two-factor requirement for admins changed",
};

export const AUDIT_SUBJECT_TYPES = [
  "submission",
  "reviewer_group",
  "user",
  "invitation",
  "program",
  "form",
  "organization",
  "export",
  "review_template",
] as const;
export type AuditSubjectType = (typeof AUDIT_SUBJECT_TYPES)[number];

const auditScalarSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
/**
 * One detail of an event: a value, a list of names, or a field's value before and after. Kept this
 * small and flat so that any event renders the same way, whatever its action.
 */
export const auditDetailValueSchema = z.union([
  auditScalarSchema,
  z.array(z.string()),
  z.object({ before: auditScalarSchema, after: auditScalarSchema }),
]);
export type AuditDetailValue = z.infer<typeof auditDetailValueSchema>;
export const auditDetailsSchema = z.record(z.string(), auditDetailValueSchema);
export type AuditDetails = z.infer<typeof auditDetailsSchema>;

export const auditEventSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** Who, as they were when they did it; all null for the product itself (a Stripe payment). */
  actor: z.object({
    userId: z.string().nullable(),
    email: z.string().nullable(),
    name: z.string().nullable(),
  }),
  subjectType: z.enum(AUDIT_SUBJECT_TYPES),
  subjectId: z.string(),
  subjectLabel: z.string(),
  programId: z.string().nullable(),
  programName: z.string().nullable(),
  details: auditDetailsSchema,
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_MAX_PAGE_SIZE = 100;

/** The position after the last event of a page: its time to the microsecond and its id. */
const CURSOR_PATTERN =
  /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const AUDIT_MESSAGES = {
  badCursor: "This is not a position in the audit log",
  badRange: "The start of the range must come before its end",
} as const;

/** GET /api/organizations/{organizationId}/audit-events. */
export const auditListQuerySchema = z
  .strictObject({
    action: z.enum(AUDIT_ACTIONS).optional(),
    /** The email of whoever did it, as recorded then (any letter case). */
    actor: z.string().trim().toLowerCase().min(1).max(MAX_EMAIL_LENGTH).optional(),
    programId: z.uuid().optional(),
    /** Events at or after this instant. */
    from: z.iso.datetime({ offset: true }).optional(),
    /** Events strictly before this instant. */
    before: z.iso.datetime({ offset: true }).optional(),
    /** The `nextCursor` of the previous page. */
    cursor: z.string().regex(CURSOR_PATTERN, AUDIT_MESSAGES.badCursor).optional(),
    limit: z.coerce.number().int().min(1).max(AUDIT_MAX_PAGE_SIZE).default(AUDIT_PAGE_SIZE),
  })
  .refine(
    (q) => q.from === undefined || q.before === undefined || Date.parse(q.from) < Date.parse(q.before),
    {
      message: AUDIT_MESSAGES.badRange,
      path: ["before"],
    },
  );
export type AuditListQuery = z.output<typeof auditListQuerySchema>;
export type AuditListParams = z.input<typeof auditListQuerySchema>;

export const auditListResultSchema = z.object({
  events: z.array(auditEventSchema),
  /** Null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AuditListResult = z.infer<typeof auditListResultSchema>;
