import { COMMITTEE_LIMITS } from "../../../shared/schemas/committee";
import { anchorFromParams, type PageAnchor, withAnchorParams } from "../../lib/page-anchor";

export type AssignPageSize = (typeof COMMITTEE_LIMITS.assignPageSizes)[number];

/**
 * What the table shows: kept in the address, so Back from an opened application returns to it. A page
 * reached by Next or Previous also names the row it follows or precedes (after/before: lib/page-anchor.ts).
 */
export interface AssignView extends PageAnchor {
  /** Trimmed; empty means no search. */
  search: string;
  page: number;
  pageSize: AssignPageSize;
}

/** The contract's longest search (assignmentListQuerySchema). */
export const SEARCH_MAX_LENGTH = 200;

const PARAM = { search: "search", page: "page", pageSize: "pageSize" } as const;

export function isPageSize(n: number): n is AssignPageSize {
  return (COMMITTEE_LIMITS.assignPageSizes as readonly number[]).includes(n);
}

/** The view in the address; anything malformed (typed by hand, an old link) falls back to the default. */
export function viewFromParams(params: URLSearchParams): AssignView {
  const page = Number(params.get(PARAM.page));
  const pageSize = Number(params.get(PARAM.pageSize));
  return {
    search: normalizeSearch(params.get(PARAM.search) ?? ""),
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    pageSize: isPageSize(pageSize) ? pageSize : COMMITTEE_LIMITS.assignDefaultPageSize,
    ...anchorFromParams(params),
  };
}

/** `params` with the view written in (other parameters kept); defaults are left out of the address. */
export function paramsWithView(params: URLSearchParams, view: AssignView): URLSearchParams {
  const next = withAnchorParams(params, view);
  const set = (key: string, value: string, isDefault: boolean) => {
    if (isDefault) next.delete(key);
    else next.set(key, value);
  };
  const search = normalizeSearch(view.search);
  set(PARAM.search, search, search === "");
  set(PARAM.page, String(view.page), view.page <= 1);
  set(PARAM.pageSize, String(view.pageSize), view.pageSize === COMMITTEE_LIMITS.assignDefaultPageSize);
  return next;
}

/** The search as the server takes it: trimmed, no longer than the contract allows. */
export function normalizeSearch(search: string): string {
  return search.trim().slice(0, SEARCH_MAX_LENGTH);
}

/** Pages of `total` rows; at least one, so an empty list still has "page 1". */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * A new search or page size starts from page 1: the page asked for before may not exist in the new
 * list, and the first rows are the ones the person is looking for.
 */
export function withSearch(view: AssignView, search: string): AssignView {
  const normalized = normalizeSearch(search);
  return normalized === view.search ? view : { ...atPage(view, 1), search: normalized };
}

export function withPageSize(view: AssignView, pageSize: AssignPageSize): AssignView {
  return pageSize === view.pageSize ? view : { ...atPage(view, 1), pageSize };
}

/** The view on page `page`, reached from the neighbour `anchor` names (none: by its number). */
export function atPage(view: AssignView, page: number, anchor: PageAnchor = {}): AssignView {
  return { search: view.search, pageSize: view.pageSize, page, ...anchor };
}
