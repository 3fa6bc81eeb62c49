import type { CandidateRecipient } from "../../../shared/schemas/candidate-statistics";
import type { CandidateStatsRow } from "../../../shared/schemas/reviews";

/**
 * The candidates chosen to receive an email, by id, with what the Send Emails dialog shows of them. The
 * choice outlives filtering and paging (a filter narrows what is shown, not who was chosen), so each
 * chosen candidate is kept with its name, status and amount: the page in view holds only ten of them.
 */
export type Selection = ReadonlyMap<string, CandidateRecipient>;

export const NO_SELECTION: Selection = new Map();

export function recipientOf(row: Pick<CandidateStatsRow, "_id" | "identifier" | "status" | "amount">) {
  return { submissionId: row._id, identifier: row.identifier, status: row.status, amount: row.amount };
}

export function toggleSelected(selection: Selection, row: CandidateStatsRow): Selection {
  const next = new Map(selection);
  if (!next.delete(row._id)) next.set(row._id, recipientOf(row));
  return next;
}

/** The header checkbox: whether every row of the page shown, some of them or none is chosen. */
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
export function toggleAllShown(selection: Selection, shown: readonly CandidateStatsRow[]): Selection {
  const next = new Map(selection);
  if (shownSelectionState(selection, shown) === "all") for (const row of shown) next.delete(row._id);
  else for (const row of shown) next.set(row._id, recipientOf(row));
  return next;
}

/** "Select approved": exactly these candidates (the server's list of the approved ones). */
export function selectionOf(recipients: readonly CandidateRecipient[]): Selection {
  return new Map(recipients.map((recipient) => [recipient.submissionId, recipient]));
}

/**
 * A row whose decision changed (here or in a newer page): a chosen candidate keeps its latest status and
 * amount, which the email's template fills in. The same selection when nothing changed.
 */
export function refreshSelection(selection: Selection, rows: readonly CandidateStatsRow[]): Selection {
  let next: Map<string, CandidateRecipient> | null = null;
  for (const row of rows) {
    const chosen = selection.get(row._id);
    if (chosen === undefined) continue;
    const fresh = recipientOf(row);
    if (
      chosen.identifier === fresh.identifier &&
      chosen.status === fresh.status &&
      chosen.amount === fresh.amount
    )
      continue;
    next ??= new Map(selection);
    next.set(row._id, fresh);
  }
  return next ?? selection;
}

/** The chosen candidates as the Send Emails dialog takes them, in the order they were chosen. */
export function recipientsOf(selection: Selection): CandidateRecipient[] {
  return [...selection.values()];
}
