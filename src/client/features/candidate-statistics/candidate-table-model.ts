import {
  CANDIDATE_SORT_COLUMNS,
  type CandidateSortColumn,
  type CandidateStatsQuery,
  type SortDirection,
} from "../../../shared/schemas/candidate-statistics";
import type { DecisionStatus } from "../../../shared/schemas/reviews";
import { DEFAULT_PAGE_SIZE } from "../../lib/paging";

/**
 * The candidate table's order, filters and page, as the page asks the server for them (the
 * server sorts, filters and pages the program's candidates, src/server/statistics/candidate-stats-page.ts;
 * the browser holds one page and keeps no copy of those rules).
 */

/** The columns the table sorts by: the server pages by the same list. */
export const SORT_COLUMNS = CANDIDATE_SORT_COLUMNS;
export type SortColumn = CandidateSortColumn;
/** The values of `aria-sort`, so the header says exactly what the rows show. */
export type { SortDirection };
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

/** What one page of the table is asked for with (also its cache key). */
export type CandidatePageQuery = Omit<CandidateStatsQuery, "programId" | "recipients">;

export function pageQuery(sort: SortState, filter: CandidateFilter, page: number): CandidatePageQuery {
  return {
    page,
    pageSize: DEFAULT_PAGE_SIZE,
    sort: sort.column,
    direction: sort.direction,
    // A blank search is none: the same page, the same cache entry.
    search: filter.search.trim(),
    status: filter.status,
    minReviews: filter.minReviews,
  };
}

export const FIRST_PAGE_QUERY = pageQuery(DEFAULT_SORT, NO_FILTER, 1);
