import type { z } from "zod";
import {
  COMMITTEE_LIMITS,
  COMMITTEE_MESSAGES,
  createReviewerGroupBodySchema,
  type ReviewerGroup,
  updateReviewerGroupBodySchema,
} from "../../../shared/schemas/committee";
import { ApiError } from "../../lib/api-client";
import { fieldErrors } from "../../lib/form-errors";
import { ASSIGN_TEXT } from "./assign-messages";
import { failureReason } from "./failure-reason";

/**
 * The Manage Groups list's line of members: the first 3 names, then "+N more" for the rest
 * (review-and-administration, "2. Screens and routes").
 */
export function memberPreview(
  reviewers: ReviewerGroup["reviewers"],
  shown: number = COMMITTEE_LIMITS.groupPreviewCount,
): string {
  if (reviewers.length === 0) return ASSIGN_TEXT.noMembers;
  const names = reviewers.slice(0, shown).map((r) => (r.name.trim() === "" ? r._id : r.name.trim()));
  const more = reviewers.length - Math.min(shown, reviewers.length);
  return more > 0 ? `${names.join(", ")} +${more} more` : names.join(", ");
}

export interface GroupFormValues {
  name: string;
  description: string;
  reviewers: string[];
}

export type GroupFormField = keyof GroupFormValues;

type Parsed<T> = { ok: true; body: T } | { ok: false; errors: Partial<Record<GroupFormField, string>> };

function parsed<T>(result: z.ZodSafeParseResult<T>): Parsed<T> {
  return result.success ? { ok: true, body: result.data } : { ok: false, errors: fieldErrors(result.error) };
}

/** The create form checked with the server's own schema: an empty name says "Group name is required". */
export function parseNewGroup(programId: string, values: GroupFormValues) {
  return parsed(createReviewerGroupBodySchema.safeParse({ programId, ...values }));
}

export function parseGroupEdit(values: GroupFormValues) {
  return parsed(updateReviewerGroupBodySchema.safeParse(values));
}

export function formValuesOf(group: ReviewerGroup | null): GroupFormValues {
  if (group === null) return { name: "", description: "", reviewers: [] };
  return { name: group.name, description: group.description, reviewers: group.reviewers.map((r) => r._id) };
}

export type GroupAction = "create" | "update" | "delete";

const FAILURE_MESSAGES = {
  create: COMMITTEE_MESSAGES.groupCreateFailed,
  update: COMMITTEE_MESSAGES.groupUpdateFailed,
  delete: COMMITTEE_MESSAGES.groupDeleteFailed,
} as const;

/** The spec's "Failed to … group: {message}", with the server's reason (or a plain request to retry). */
export function groupFailureMessage(action: GroupAction, error: unknown): string {
  return FAILURE_MESSAGES[action](failureReason(error));
}

/** The server's field errors of a refused group (e.g. a member not on the committee), for the form's fields. */
export function serverFieldErrors(error: unknown): Partial<Record<GroupFormField, string>> {
  if (!(error instanceof ApiError) || error.fields === undefined) return {};
  const errors: Partial<Record<GroupFormField, string>> = {};
  // The server names nested fields by path ("reviewers.2"): the form shows them on the top-level field.
  for (const [path, messages] of Object.entries(error.fields)) {
    const field = path.split(".")[0];
    const first = messages[0];
    if ((field === "name" || field === "description" || field === "reviewers") && first !== undefined) {
      errors[field] ??= first;
    }
  }
  return errors;
}
