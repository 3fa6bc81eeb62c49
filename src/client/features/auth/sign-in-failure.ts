import { MESSAGES, ORIGIN_REFUSED, SIGN_IN_LOCKED } from "../../../shared/messages";

/** A refused sign-in as the server answered it: status, and better-auth's or our error's code and message. */
export interface SignInFailure {
  status: number;
  code?: string | undefined;
  message?: string | undefined;
}

/** The codes of a request refused for its origin: ours (the app's origin check) and better-auth's. */
const ORIGIN_CODES = new Set(["FORBIDDEN_ORIGIN", "INVALID_ORIGIN"]);

/**
 * What the sign-in card says of a refusal. A page opened at another address than the server's is told so
 * (docs/decisions/031-admin-and-copy-fixes.md): "wrong password" would send the person hunting for a password.
 */
export function signInErrorMessage(failure: SignInFailure, openedAt: string): string {
  if (failure.status === 403 && failure.code !== undefined && ORIGIN_CODES.has(failure.code)) {
    // Our check names the address it accepts; better-auth's message does not.
    return failure.code === "FORBIDDEN_ORIGIN" && failure.message
      ? failure.message
      : ORIGIN_REFUSED.withoutAddress(openedAt);
  }
  // Our per-account limits and better-auth's per-address one both answer 429: one message for both.
  if (failure.status === 429) return SIGN_IN_LOCKED;
  if (failure.status >= 500) return `Error signing in: ${failure.message ?? "the server did not answer"}`;
  // Unknown address, wrong password, malformed address: one message, so accounts cannot be probed.
  return MESSAGES.wrongCredentials;
}
