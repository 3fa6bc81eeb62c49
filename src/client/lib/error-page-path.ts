import { MAX_ERROR_MESSAGE_LENGTH } from "../../shared/limits";

export const ERROR_PAGE_PATH = "/common/error";

/** `/common/error?code=…&message=…&path=…`: `path` is where the error happened, for the report. */
export function errorPagePath(code: string, message: string, path?: string): string {
  const params = new URLSearchParams({ code, message: message.slice(0, MAX_ERROR_MESSAGE_LENGTH) });
  if (path !== undefined) params.set("path", path);
  return `${ERROR_PAGE_PATH}?${params.toString()}`;
}

type Navigator = (to: string) => void;
let navigator: Navigator | null = null;

/** The router registers itself here so code outside React (the query cache) can open the error page. */
export function registerErrorPageNavigator(navigate: Navigator): void {
  navigator = navigate;
}

export function openErrorPage(code: string, message: string): void {
  if (window.location.pathname === ERROR_PAGE_PATH) return;
  const to = errorPagePath(code, message, window.location.pathname);
  if (navigator) navigator(to);
  else window.location.assign(to);
}
