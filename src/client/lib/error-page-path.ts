import { MAX_ERROR_MESSAGE_LENGTH } from "../../shared/limits";

export const ERROR_PAGE_PATH = "/common/error";

/** `/common/error?code=…&message=…&path=…`: `path` is where the error happened, for the report. */
export function errorPagePath(code: string, message: string, path?: string): string {
  const params = new URLSearchParams({ code, message: message.slice(0, MAX_ERROR_MESSAGE_LENGTH) });
  if (path !== undefined) params.set("path", path);
  return `${ERROR_PAGE_PATH}?${params.toString()}`;
}

/**
 * What the app itself caught, handed to the error page in the history entry's state, never in the address:
 * only the app can put it there, so the page may show it (an address anyone can build shows only the code's
 * words, docs/decisions/021-auth-hardening.md).
 */
export interface ErrorPageState {
  caughtMessage: string;
}

export function errorPageState(message: string): ErrorPageState {
  return { caughtMessage: message.slice(0, MAX_ERROR_MESSAGE_LENGTH) };
}

/** The message the app handed over, if this history entry has one. */
export function caughtMessageOf(state: unknown): string | null {
  if (typeof state !== "object" || state === null || !("caughtMessage" in state)) return null;
  const { caughtMessage } = state as { caughtMessage: unknown };
  return typeof caughtMessage === "string" && caughtMessage.trim() !== "" ? caughtMessage : null;
}

type Navigator = (to: string, state: ErrorPageState) => void;
let navigator: Navigator | null = null;

/** The router registers itself here so code outside React (the query cache) can open the error page. */
export function registerErrorPageNavigator(navigate: Navigator): void {
  navigator = navigate;
}

export function openErrorPage(code: string, message: string): void {
  if (window.location.pathname === ERROR_PAGE_PATH) return;
  const to = errorPagePath(code, message, window.location.pathname);
  if (navigator) navigator(to, errorPageState(message));
  // Without the router (it has not started), a full load cannot carry the message: the code's words only.
  else window.location.assign(to);
}
