/**
 * The rows chosen for a bulk assignment, by submission id. The choice outlives a page change, so rows
 * can be gathered from several pages; the bulk bar says how many are chosen and can clear them.
 */
export type Selection = ReadonlySet<string>;

export type PageSelectionState = "none" | "some" | "all";

export function toggleRow(selection: Selection, id: string, checked: boolean): Selection {
  if (selection.has(id) === checked) return selection;
  const next = new Set(selection);
  if (checked) next.add(id);
  else next.delete(id);
  return next;
}

/** The header checkbox: every row of this page in, or every row of this page out (others untouched). */
export function togglePage(selection: Selection, pageIds: readonly string[], checked: boolean): Selection {
  const next = new Set(selection);
  for (const id of pageIds) {
    if (checked) next.add(id);
    else next.delete(id);
  }
  return next;
}

/** What the header checkbox shows: checked, indeterminate, or empty. */
export function pageSelectionState(selection: Selection, pageIds: readonly string[]): PageSelectionState {
  const chosen = pageIds.filter((id) => selection.has(id)).length;
  if (chosen === 0) return "none";
  return chosen === pageIds.length ? "all" : "some";
}
