import { asc, desc, type SQL, sql } from "drizzle-orm";
import { z } from "zod";

/**
 * Paging the long lists (step 1's list, Admin Mode, Assign reviewers) at a cost that does not
 * grow with the program. A page keeps its number (what the screens show, and what the address keeps so
 * Back returns to it), and the client names where it starts when it came from a neighbouring page: the
 * id of the row just before it (`after`: the previous page's last row, for Next) or just after it
 * (`before`: the next page's first row, for Previous). Such a page is read by key, (name, id) compared
 * as a row on the list order's index, a walk of one page wherever it is. A page named by its number
 * alone (page 1, the last page, an address typed by hand) is read by position from the nearer end of
 * the list, so the first and last pages cost one page too and only a jump into the middle walks.
 */

const anchorId = z.guid("Not a row of this list");

/** The query parameters that name a page's neighbour. */
export const pageAnchorShape = {
  /** The page starts after this row (the previous page's last). */
  after: anchorId.optional(),
  /** The page ends before this row (the next page's first). */
  before: anchorId.optional(),
};
export interface PageAnchor {
  after?: string | undefined;
  before?: string | undefined;
}

export const ANCHOR_CONFLICT = "Send after or before, not both";
/** For a query schema's refine: one anchor at most. */
export const oneAnchorAtMost = (query: PageAnchor) => query.after === undefined || query.before === undefined;

/**
 * How a page is read: `limit` rows in list order (descending: from the end, given back reversed), either
 * skipping `offset` rows from that end, or from an anchor row on.
 */
export type PageRead =
  | { by: "position"; descending: boolean; offset: number; limit: number }
  | { by: "anchor"; descending: boolean; anchorId: string; limit: number };

/**
 * A page named by number alone that starts within this many rows of the list's start is read from the
 * start, in the statement that counts the list: walking that far costs less than a second statement
 * (a reviewer's list of 5,000 on PGlite: one statement 3.9–4.9 ms up to row 4,000, against 5.1–5.5 ms for
 * the counts then the page from the nearer end). Deeper, the total decides which end is nearer.
 */
export const READ_FROM_START_ROWS = 2_000;

/**
 * The read a page needs before its list's total is known: by its anchor, or by position from the start
 * for page 1 and for a page within READ_FROM_START_ROWS; null when only the total can say which end of
 * the list is nearer. Page 1 is always read from the start, anchor or not: rows added before the anchor
 * would otherwise never show on it.
 */
export function readWithoutTotal(page: number, pageSize: number, anchor: PageAnchor): PageRead | null {
  if (page === 1) return { by: "position", descending: false, offset: 0, limit: pageSize };
  if (anchor.after !== undefined)
    return { by: "anchor", descending: false, anchorId: anchor.after, limit: pageSize };
  if (anchor.before !== undefined)
    return { by: "anchor", descending: true, anchorId: anchor.before, limit: pageSize };
  const start = (page - 1) * pageSize;
  if (start < READ_FROM_START_ROWS)
    return { by: "position", descending: false, offset: start, limit: pageSize };
  return null;
}

/**
 * Whether a read by anchor gave the page: the anchor is still in the list and there were rows on that
 * side of it — a full page before it (fewer means it now sits on page 1, and the page asked for is found
 * by position), at least one after it (none: the page is past the end, answered by position too).
 */
export function anchorReadHolds(read: PageRead, anchorFound: boolean, rows: number): boolean {
  if (read.by !== "anchor") return true;
  if (!anchorFound) return false;
  return read.descending ? rows === read.limit : rows > 0;
}

/** No rows: a read for the counts alone. */
export const COUNTS_ONLY: PageRead = { by: "position", descending: false, offset: 0, limit: 0 };

/**
 * Page `page` of a list of `total` rows, read by position from the nearer end: the last page is the
 * rows left after the full pages, read backwards from the end. Past the end, nothing is read.
 */
export function readByPosition(page: number, pageSize: number, total: number): PageRead {
  const start = (page - 1) * pageSize;
  if (start >= total) return COUNTS_ONLY;
  const rows = Math.min(pageSize, total - start);
  const fromEnd = total - start - rows;
  return fromEnd < start
    ? { by: "position", descending: true, offset: fromEnd, limit: rows }
    : { by: "position", descending: false, offset: start, limit: rows };
}

/** The rows a walk must keep before the page (its offset, or none from an anchor) and with it. */
export const rowsThroughPage = (read: PageRead) => (read.by === "position" ? read.offset : 0) + read.limit;
export const offsetOf = (read: PageRead) => (read.by === "position" ? read.offset : 0);

/** ORDER BY for the list order (key, then id) in the read's direction. */
export function orderOf(read: PageRead, key: SQL, id: SQL): SQL[] {
  return read.descending ? [desc(key), desc(id)] : [asc(key), asc(id)];
}

/**
 * The rows on the read's side of its anchor, (key, id) compared as a row so the list order's index
 * seeks to it; `anchorKey` is a one-row subquery of the anchor's (name_key, id). Undefined for a read
 * by position.
 */
export function beyondAnchor(read: PageRead, key: SQL, id: SQL, anchorKey: SQL): SQL | undefined {
  if (read.by !== "anchor") return undefined;
  return read.descending ? sql`(${key}, ${id}) < (${anchorKey})` : sql`(${key}, ${id}) > (${anchorKey})`;
}
