import { CANDIDATE_SORT_COLUMNS } from "../../../shared/schemas/candidate-statistics";
import type { CandidateStatsRow, DecisionStatus } from "../../../shared/schemas/reviews";

/**
 * Sorting and filtering of the candidate table. Every candidate comes in one response (up to tens of
 * thousands), so both happen here, in the browser: sorting once per change of rows or order, filtering
 * over the sorted rows so that typing in the search box never sorts again.
 */

/** The columns the table sorts by: the server pages by the same list. */
export const SORT_COLUMNS = CANDIDATE_SORT_COLUMNS;
export type SortColumn = (typeof SORT_COLUMNS)[number];
/** The values of `aria-sort`, so the header says exactly what the rows show. */
export type SortDirection = "ascending" | "descending";
export interface SortState {
  column: SortColumn;
  direction: SortDirection;
}

/** Names from A; ranks from 1 (the best); everything else from the highest, what a committee looks for first. */
const FIRST_DIRECTION: Record<SortColumn, SortDirection> = {
  identifier: "ascending",
  averageRating: "descending",
  calibratedRating: "descending",
  suggestedRating: "descending",
  numReviews: "descending",
  standardDeviation: "descending",
  averageRanking: "descending",
  consensusRank: "ascending",
  status: "ascending",
  amount: "descending",
};

export const DEFAULT_SORT: SortState = { column: "identifier", direction: "ascending" };

/** A header click: the same column turns around, another starts in its natural direction. */
export function nextSort(current: SortState, column: SortColumn): SortState {
  if (current.column !== column) return { column, direction: FIRST_DIRECTION[column] };
  return { column, direction: current.direction === "ascending" ? "descending" : "ascending" };
}

/** `aria-sort` for a header: only the sorted column carries it (WAI-ARIA: one at a time). */
export function ariaSort(sort: SortState, column: SortColumn): SortDirection | undefined {
  return sort.column === column ? sort.direction : undefined;
}

/** Approved first, then the undecided, then the refused: the order a funding meeting reads them in. */
const STATUS_ORDER: Record<DecisionStatus, number> = { approved: 0, pending: 1, disapproved: 2 };

/**
 * A name as it sorts: lower case without accents, numbers padded so that "App 9" comes before "App 10".
 * Plain string comparison of these keys is what makes sorting ten thousand rows take milliseconds
 * (Intl.Collator.compare in every comparison was several times slower); keys are computed once per row.
 */
export function nameSortKey(name: string): string {
  return searchKey(name.trim()).replace(/\d+/g, (digits) => digits.padStart(20, "0"));
}

const nameKeys = new WeakMap<CandidateStatsRow, string>();
function nameKey(row: CandidateStatsRow): string {
  let key = nameKeys.get(row);
  if (key === undefined) {
    key = nameSortKey(row.identifier);
    nameKeys.set(row, key);
  }
  return key;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function sortValue(row: CandidateStatsRow, column: Exclude<SortColumn, "identifier">): number | null {
  if (column === "status") return STATUS_ORDER[row.status];
  const value = row[column];
  return value === null || Number.isNaN(value) ? null : value;
}

/**
 * The rows in the chosen order, as a new array. Candidates without a value (no reviews, never ranked, no
 * amount) go last in both directions: turning the order around should bring the other end of the values
 * up, not a block of blanks. Ties fall back to the name (then the id), so the order is stable.
 */
export function sortRows(rows: readonly CandidateStatsRow[], sort: SortState): CandidateStatsRow[] {
  const sign = sort.direction === "ascending" ? 1 : -1;
  const { column } = sort;
  // Keys are read once per row, not once per comparison.
  const keyed = rows.map((row) => ({
    row,
    name: nameKey(row),
    value: column === "identifier" ? null : sortValue(row, column),
  }));
  keyed.sort((a, b) => {
    if (column !== "identifier") {
      if (a.value === null || b.value === null) {
        if (a.value !== b.value) return a.value === null ? 1 : -1;
      } else if (a.value !== b.value) {
        return sign * (a.value - b.value);
      }
    }
    const byName = compareText(a.name, b.name) || compareText(a.row._id, b.row._id);
    return column === "identifier" ? sign * byName : byName;
  });
  return keyed.map((entry) => entry.row);
}

export interface CandidateFilter {
  /** Part of the applicant's name, in any case and with or without accents. */
  search: string;
  status: DecisionStatus | "all";
  /** Candidates with fewer reviews are left out. */
  minReviews: number;
}

export const NO_FILTER: CandidateFilter = { search: "", status: "all", minReviews: 0 };

export function isFiltered(filter: CandidateFilter): boolean {
  return filter.search.trim() !== "" || filter.status !== "all" || filter.minReviews > 0;
}

/** Lower case without accents, so "jose" finds "José". */
export function searchKey(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLocaleLowerCase();
}

// A row's search key, computed once: rows keep their identity until they change (a decision replaces
// only its own row), so typing does not normalize ten thousand names per keystroke.
const keys = new WeakMap<CandidateStatsRow, string>();
function rowKey(row: CandidateStatsRow): string {
  let key = keys.get(row);
  if (key === undefined) {
    key = searchKey(row.identifier);
    keys.set(row, key);
  }
  return key;
}

/** The rows the filter keeps, in their order. */
export function filterRows(
  rows: readonly CandidateStatsRow[],
  filter: CandidateFilter,
): readonly CandidateStatsRow[] {
  if (!isFiltered(filter)) return rows;
  const needle = searchKey(filter.search.trim());
  return rows.filter(
    (row) =>
      (filter.status === "all" || row.status === filter.status) &&
      row.numReviews >= filter.minReviews &&
      (needle === "" || rowKey(row).includes(needle)),
  );
}

/** Consensus ranks held by more than one candidate (a Schulze tie), so the table can say "tied". */
export function tiedRanks(rows: readonly CandidateStatsRow[]): ReadonlySet<number> {
  const seen = new Set<number>();
  const tied = new Set<number>();
  for (const row of rows) {
    if (row.consensusRank === null) continue;
    if (seen.has(row.consensusRank)) tied.add(row.consensusRank);
    else seen.add(row.consensusRank);
  }
  return tied;
}
