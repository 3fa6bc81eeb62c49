import type { AssignmentRow } from "../../../shared/schemas/committee";

/** One choice of the dossier's candidate picker. */
export interface CandidateOption {
  value: string;
  label: string;
}

export const UNTITLED_CANDIDATE = "Untitled application";

/** The name a candidate is chosen by: never empty, so every choice can be told and read out. */
export function candidateLabel(identifier: string): string {
  const name = identifier.trim();
  return name === "" ? UNTITLED_CANDIDATE : name;
}

/**
 * The picker's choices: the candidates the server found for the search, plus the one already chosen when
 * another search left it out (a choice must stay among the options to stay shown). Each candidate once.
 */
export function candidateOptions(
  rows: readonly Pick<AssignmentRow, "_id" | "identifier">[],
  chosen: CandidateOption | null,
): CandidateOption[] {
  const options = rows.map((row) => ({ value: row._id, label: candidateLabel(row.identifier) }));
  if (chosen === null || options.some((o) => o.value === chosen.value)) return options;
  return [chosen, ...options];
}

/** Under the picker when the server holds more matches than it sent: the admin narrows by typing. */
export function moreCandidatesText(shown: number, total: number): string | null {
  return total > shown ? `Showing ${shown} of ${total} candidates: type to narrow the list.` : null;
}
