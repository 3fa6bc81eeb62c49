import type {
  AssignmentListResult,
  AssignmentRow,
  GroupRef,
  Person,
} from "../../../shared/schemas/committee";

/** One edit of a row's picker: the list it now holds, and the one before (to roll back to). */
export type AssignmentChange =
  | { field: "reviewers"; next: Person[]; previous: Person[] }
  | { field: "reviewerGroups"; next: GroupRef[]; previous: GroupRef[] };

type RowPatch = Partial<Pick<AssignmentRow, "reviewers" | "reviewerGroups">>;

function mapRow(
  result: AssignmentListResult | undefined,
  submissionId: string,
  update: (row: AssignmentRow) => AssignmentRow,
): AssignmentListResult | undefined {
  if (result === undefined || !result.rows.some((row) => row._id === submissionId)) return result;
  return { ...result, rows: result.rows.map((row) => (row._id === submissionId ? update(row) : row)) };
}

/**
 * A cached page with one row's reviewers or groups changed; a page without the row is returned as is,
 * so the update can be applied to every cached page and search.
 */
export function patchRow(
  result: AssignmentListResult | undefined,
  submissionId: string,
  patch: RowPatch,
): AssignmentListResult | undefined {
  return mapRow(result, submissionId, (row) => ({ ...row, ...patch }));
}

/** The change shown at once (before the server answers), or taken back when the save failed. */
export function applyChange(
  result: AssignmentListResult | undefined,
  submissionId: string,
  change: AssignmentChange,
  direction: "apply" | "rollBack",
): AssignmentListResult | undefined {
  const value = direction === "apply" ? change.next : change.previous;
  return patchRow(
    result,
    submissionId,
    change.field === "reviewers" ? { reviewers: value as Person[] } : { reviewerGroups: value as GroupRef[] },
  );
}

/** The row as the server stored it (names as it knows them). */
export function replaceRow(
  result: AssignmentListResult | undefined,
  row: AssignmentRow,
): AssignmentListResult | undefined {
  return mapRow(result, row._id, () => row);
}

/** A row nobody is assigned to, individually or through a group, is open to the whole committee. */
export function isOpenToEveryone(row: Pick<AssignmentRow, "reviewers" | "reviewerGroups">): boolean {
  return row.reviewers.length === 0 && row.reviewerGroups.length === 0;
}
