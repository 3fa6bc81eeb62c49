import type { CandidateStatsRow } from "../../../shared/schemas/reviews";
import type { EmailRecipient } from "./send-emails-dialog";

/**
 * The candidates chosen to receive an email, by id. The choice outlives filtering and paging (a filter
 * narrows what is shown, not who was chosen); the count and the dialog always go through `recipientsOf`,
 * which reads the current rows, so a choice never names a candidate that is no longer listed.
 */
export type Selection = ReadonlySet<string>;

export function toggleSelected(selection: Selection, id: string): Selection {
  const next = new Set(selection);
  if (!next.delete(id)) next.add(id);
  return next;
}

/** The header checkbox: whether every row shown, some of them or none is chosen. */
export function shownSelectionState(
  selection: Selection,
  shown: readonly Pick<CandidateStatsRow, "_id">[],
): "all" | "some" | "none" {
  let chosen = 0;
  for (const row of shown) if (selection.has(row._id)) chosen += 1;
  if (chosen === 0) return "none";
  return chosen === shown.length ? "all" : "some";
}

/** The header checkbox clicked: every row shown is added, or, when all already were, taken out. */
export function toggleAllShown(
  selection: Selection,
  shown: readonly Pick<CandidateStatsRow, "_id">[],
): Selection {
  const next = new Set(selection);
  if (shownSelectionState(selection, shown) === "all") for (const row of shown) next.delete(row._id);
  else for (const row of shown) next.add(row._id);
  return next;
}

/** "Select approved": exactly the approved candidates (the usual recipients of a funding email). */
export function approvedSelection(rows: readonly Pick<CandidateStatsRow, "_id" | "status">[]): Selection {
  return new Set(rows.filter((row) => row.status === "approved").map((row) => row._id));
}

/** The chosen candidates as the Send Emails dialog takes them, in the order of `rows`. */
export function recipientsOf(rows: readonly CandidateStatsRow[], selection: Selection): EmailRecipient[] {
  if (selection.size === 0) return [];
  return rows
    .filter((row) => selection.has(row._id))
    .map((row) => ({
      submissionId: row._id,
      identifier: row.identifier,
      status: row.status,
      amount: row.amount,
    }));
}
