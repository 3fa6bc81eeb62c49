import { type BulkAssignBody, bulkAssignBodySchema } from "../../../shared/schemas/committee";
import type { Selection } from "./selection";

export type BulkRequest = { ok: true; body: BulkAssignBody } | { ok: false; message: string };

/**
 * The bulk bar's request, checked with the server's schema: at least one row, at least one reviewer or
 * group, and no more rows than one request may carry.
 */
export function bulkRequest(
  programId: string,
  selection: Selection,
  reviewers: readonly string[],
  reviewerGroups: readonly string[],
): BulkRequest {
  const result = bulkAssignBodySchema.safeParse({
    programId,
    submissionIds: [...selection],
    reviewers: [...reviewers],
    reviewerGroups: [...reviewerGroups],
  });
  if (result.success) return { ok: true, body: result.data };
  return { ok: false, message: result.error.issues[0]?.message ?? "Check the selection" };
}
