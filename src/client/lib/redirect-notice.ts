/**
 * Why the app sent someone elsewhere than the address they opened. The spec's redirects stay (an unknown
 * address goes to /redirect, a page the user may not open to /: review-and-administration, "2. Screens and
 * routes"); the landing page says why, naming the address (docs/decisions/039-navigation-and-builder.md).
 * Carried in the router's history state from the redirect to the page it ends on.
 */
export interface RedirectNotice {
  reason: "unknown" | "forbidden";
  /** The address as it was opened: path and query. */
  path: string;
}

export function redirectNoticeState(notice: RedirectNotice): { redirectNotice: RedirectNotice } {
  return { redirectNotice: notice };
}

/** The notice a redirect left in the history state, if any (anything else there is ignored). */
export function redirectNoticeFrom(state: unknown): RedirectNotice | null {
  if (typeof state !== "object" || state === null || !("redirectNotice" in state)) return null;
  const notice = state.redirectNotice;
  if (typeof notice !== "object" || notice === null) return null;
  const { reason, path } = notice as Record<string, unknown>;
  if ((reason !== "unknown" && reason !== "forbidden") || typeof path !== "string") return null;
  return { reason, path };
}

/** Only the notice of a state, to hand on to the next redirect (a `from` or anything else is not carried). */
export function forwardedNotice(state: unknown): { redirectNotice: RedirectNotice } | null {
  const notice = redirectNoticeFrom(state);
  return notice === null ? null : redirectNoticeState(notice);
}

/** Addresses are shown as typed but never at any length: a crafted link cannot fill the page. */
const MAX_SHOWN = 120;

export function redirectNoticeText(notice: RedirectNotice): string {
  const path = notice.path.length > MAX_SHOWN ? `${notice.path.slice(0, MAX_SHOWN)}…` : notice.path;
  return notice.reason === "unknown"
    ? `There is no page at ${path}. You have been brought here instead.`
    : `Your account does not have access to ${path}. You have been brought here instead.`;
}
