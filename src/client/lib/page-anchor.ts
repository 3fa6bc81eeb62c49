/**
 * Where a page of a long list starts, named by its neighbour's row (the server side is
 * src/server/reviewing/list-paging.ts): Next sends the last row of the page shown (`after`), Previous its
 * first row (`before`), and the server reads one page from there instead of counting its way to it. The
 * anchor stays in the address with the page number, so Back from a submission returns to it as cheaply.
 * Page 1 and pages reached any other way (a page number clicked, a new search) carry none.
 */
export interface PageAnchor {
  after?: string;
  before?: string;
}

const PARAM = { after: "after", before: "before" } as const;
/** Our rows' ids; anything else in the address (typed by hand, an old link) is no anchor. */
const ROW_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The anchor of a move from page `shown`, whose rows are `rows` as loaded, to page `next`: its
 * neighbour's row for Next and Previous (none back to page 1, which is always read from the start).
 * Pass no rows while they are a placeholder (another page still loading): they are not page `shown`'s.
 */
export function anchorForMove(shown: number, next: number, rows: readonly { _id: string }[]): PageAnchor {
  const first = rows[0];
  const last = rows.at(-1);
  if (next === shown + 1 && last !== undefined) return { after: last._id };
  if (next === shown - 1 && next > 1 && first !== undefined) return { before: first._id };
  return {};
}

/** The anchor in the address: one well-formed id, else none. */
export function anchorFromParams(params: URLSearchParams): PageAnchor {
  const after = params.get(PARAM.after);
  const before = params.get(PARAM.before);
  if (after !== null && before === null && ROW_ID.test(after)) return { after };
  if (before !== null && after === null && ROW_ID.test(before)) return { before };
  return {};
}

/** `params` with `anchor` written in, replacing any other. */
export function withAnchorParams(params: URLSearchParams, anchor: PageAnchor): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(PARAM.after);
  next.delete(PARAM.before);
  if (anchor.after !== undefined) next.set(PARAM.after, anchor.after);
  else if (anchor.before !== undefined) next.set(PARAM.before, anchor.before);
  return next;
}

/** The anchor as query parameters of a list request (none: nothing). */
export function anchorQuery(anchor: PageAnchor): Record<string, string> {
  if (anchor.after !== undefined) return { after: anchor.after };
  if (anchor.before !== undefined) return { before: anchor.before };
  return {};
}
