/**
 * The spec's page size for tables it does not name otherwise (review-and-administration,
 * "9. Business constants and limits": "other tables 10").
 */
export const DEFAULT_PAGE_SIZE = 10;

export interface TablePage<T> {
  rows: T[];
  /** The page shown: the one asked for, or the last one left when rows vanished under it. */
  page: number;
  pageCount: number;
}

export function pageOf<T>(rows: readonly T[], requestedPage: number, pageSize: number): TablePage<T> {
  const pageCount = Math.ceil(rows.length / pageSize);
  const page = Math.min(Math.max(1, requestedPage), Math.max(1, pageCount));
  return { rows: rows.slice((page - 1) * pageSize, page * pageSize), page, pageCount };
}
