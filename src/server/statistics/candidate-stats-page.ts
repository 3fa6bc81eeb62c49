import type {
  CandidateRecipient,
  CandidateSortColumn,
  CandidateStatsPage,
  CandidateStatsQuery,
} from "../../shared/schemas/candidate-statistics";
import type { CandidateStatsRow, DecisionStatus } from "../../shared/schemas/reviews";

/**
 * A program's Candidate Statistics, kept whole in memory (candidate-stats.ts), and the page a query asks
 * for: sorted, filtered and cut here so that the browser holds ten rows instead of 100,000. Each order is
 * sorted once per table and kept (an Int32Array of row indexes); a page without filters is then a slice,
 * and with filters one pass over the order.
 *
 * The order and the filters are those the candidate table had in the browser: names case- and
 * accent-insensitive with numbers in numeric order ("App 9" before "App 10"), candidates without a value
 * last in both directions, ties by name then id; the search finds part of a name in any case, with or
 * without accents.
 */

/** Lower case without accents, so "jose" finds "José". */
export function searchKey(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLocaleLowerCase();
}

/** A name as it sorts: lower case without accents, numbers padded so that "App 9" comes before "App 10". */
export function nameSortKey(name: string): string {
  return searchKey(name.trim()).replace(/\d+/g, (digits) => digits.padStart(20, "0"));
}

/** Approved first, then the undecided, then the refused: the order a funding meeting reads them in. */
const STATUS_ORDER: Record<DecisionStatus, number> = { approved: 0, pending: 1, disapproved: 2 };

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

type ValueColumn = Exclude<CandidateSortColumn, "identifier">;

function sortValue(row: CandidateStatsRow, column: ValueColumn): number | null {
  if (column === "status") return STATUS_ORDER[row.status];
  const value = row[column];
  return value === null || Number.isNaN(value) ? null : value;
}

export type PageQuery = Omit<CandidateStatsQuery, "programId">;

export class CandidateTable {
  readonly rows: readonly CandidateStatsRow[];
  readonly totalRankings: number;
  readonly approved: number;
  readonly tiedRanks: number[];
  /** Each row's place by (name key, id): every order's tie-break, compared as integers. */
  private readonly nameRank: Int32Array;
  private readonly orders = new Map<string, Int32Array>();
  private searchKeys: string[] | null = null;

  /**
   * `sameNames`: a table whose rows are the same candidates with the same names, in the same order (only
   * figures or decisions changed): its name order and search keys are reused.
   */
  constructor(rows: readonly CandidateStatsRow[], totalRankings: number, sameNames?: CandidateTable) {
    this.rows = rows;
    this.totalRankings = totalRankings;
    this.approved = rows.reduce((n, row) => n + (row.status === "approved" ? 1 : 0), 0);
    this.tiedRanks = tiedRanksOf(rows);
    if (sameNames !== undefined && sameNames.rows.length === rows.length) {
      this.nameRank = sameNames.nameRank;
      this.searchKeys = sameNames.searchKeys;
      return;
    }
    const names = rows.map((row) => nameSortKey(row.identifier));
    const byName = Int32Array.from(rows.keys());
    byName.sort((a, b) => compareText(names[a]!, names[b]!) || compareText(rows[a]!._id, rows[b]!._id));
    this.nameRank = new Int32Array(rows.length);
    byName.forEach((row, place) => {
      this.nameRank[row] = place;
    });
  }

  /** Row indexes in the chosen order, sorted the first time it is asked for. */
  order(column: CandidateSortColumn, direction: "ascending" | "descending"): Int32Array {
    const key = `${column}:${direction}`;
    let order = this.orders.get(key);
    if (order !== undefined) return order;
    const rank = this.nameRank;
    const sign = direction === "ascending" ? 1 : -1;
    order = Int32Array.from(this.rows.keys());
    if (column === "identifier") {
      order.sort((a, b) => sign * (rank[a]! - rank[b]!));
    } else {
      const values = this.rows.map((row) => sortValue(row, column));
      order.sort((a, b) => {
        const x = values[a]!;
        const y = values[b]!;
        if (x === null || y === null) {
          if (x !== y) return x === null ? 1 : -1;
        } else if (x !== y) {
          return sign * (x - y);
        }
        return rank[a]! - rank[b]!;
      });
    }
    this.orders.set(key, order);
    return order;
  }

  private keys(): string[] {
    this.searchKeys ??= this.rows.map((row) => searchKey(row.identifier));
    return this.searchKeys;
  }

  /** The row indexes the filters keep, in `order`; the whole order when nothing filters. */
  private kept(order: Int32Array, query: PageQuery): Int32Array {
    const needle = searchKey(query.search.trim());
    const { status, minReviews } = query;
    if (needle === "" && status === "all" && minReviews <= 0) return order;
    const keys = needle === "" ? null : this.keys();
    const kept = new Int32Array(order.length);
    let n = 0;
    for (const index of order) {
      const row = this.rows[index]!;
      if (status !== "all" && row.status !== status) continue;
      if (row.numReviews < minReviews) continue;
      if (keys !== null && !keys[index]!.includes(needle)) continue;
      kept[n++] = index;
    }
    return kept.subarray(0, n);
  }

  page(query: PageQuery): Omit<CandidateStatsPage, "recipients"> & { recipients?: CandidateRecipient[] } {
    const kept = this.kept(this.order(query.sort, query.direction), query);
    const pageCount = Math.ceil(kept.length / query.pageSize);
    const page = Math.min(Math.max(1, query.page), Math.max(1, pageCount));
    const from = (page - 1) * query.pageSize;
    const rows = Array.from(kept.subarray(from, from + query.pageSize), (index) => this.rows[index]!);
    return {
      rows,
      totalRankings: this.totalRankings,
      total: kept.length,
      page,
      pageSize: query.pageSize,
      candidates: this.rows.length,
      approved: this.approved,
      tiedRanks: this.tiedRanks,
      ...(query.recipients === "true"
        ? { recipients: Array.from(kept, (index) => recipientOf(this.rows[index]!)) }
        : {}),
    };
  }
}

function recipientOf(row: CandidateStatsRow): CandidateRecipient {
  return { submissionId: row._id, identifier: row.identifier, status: row.status, amount: row.amount };
}

/** Consensus ranks held by more than one candidate (a Schulze tie), ascending. */
function tiedRanksOf(rows: readonly CandidateStatsRow[]): number[] {
  const seen = new Set<number>();
  const tied = new Set<number>();
  for (const row of rows) {
    if (row.consensusRank === null) continue;
    if (seen.has(row.consensusRank)) tied.add(row.consensusRank);
    else seen.add(row.consensusRank);
  }
  return [...tied].sort((a, b) => a - b);
}
