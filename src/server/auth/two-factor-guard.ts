import { TOO_MANY_SIGN_IN_ATTEMPTS } from "../../shared/messages";
import type { Db } from "../db/client";
import {
  appRateLimitKey,
  clearHits,
  countHit,
  type RateWindow,
  secondsLeftIn,
  uncountHit,
} from "../http/rate-limit";
import type { Logger } from "../logger";
import { SIGN_IN_LIMITS, type SignInGuardDeps } from "./sign-in-guard";

/** better-auth's paths (under /api/auth) that check a second-factor code. */
export const CODE_PATHS: ReadonlySet<string> = new Set([
  "/two-factor/verify-totp",
  "/two-factor/verify-backup-code",
]);

/**
 * Wrong codes allowed per account and address before the next attempt is refused unchecked: the same
 * limit as wrong passwords (decision 013). A person who mistypes a code tries again at once; five is
 * above that. The account-wide limit is better-auth's lockout (decision 015).
 */
export const CODE_LIMIT = SIGN_IN_LIMITS.accountFromAddress;

export type CodeGuardDeps = SignInGuardDeps;

/** The counter of one account's wrong codes from one address. Separate from the password's. */
export function codeCounterKey(userId: string, address: string | undefined): string {
  return appRateLimitKey("two-factor-failures", userId, (address ?? "unknown").slice(0, 100));
}

/** A refusal: the message and the seconds until the window that refused it ends. */
export interface CodeRefusal {
  code: "RATE_LIMITED";
  message: string;
  retryAfterSeconds: number;
}

/**
 * Counts one code check before it is made, so parallel guesses cannot all slip under the limit (as for
 * passwords). Null when it may go ahead; `settleCodeAttempt` then gives the count back unless it failed.
 */
export async function beginCodeAttempt(
  deps: CodeGuardDeps,
  key: string,
  who: { userId: string; address: string | undefined },
): Promise<CodeRefusal | null> {
  const window = await countHit(deps.db, key, CODE_LIMIT.windowSeconds);
  if (window.count <= CODE_LIMIT.max) return null;
  if (window.count === CODE_LIMIT.max + 1) logLimitReached(deps.log, who);
  return refusal(window);
}

function logLimitReached(log: Logger, who: { userId: string; address: string | undefined }) {
  log.warn(
    `two-factor: ${CODE_LIMIT.max} wrong codes for user ${who.userId} from ${who.address ?? "an unknown address"}; that address is refused for this account for up to ${CODE_LIMIT.windowSeconds / 60} minutes`,
  );
}

function refusal(window: RateWindow): CodeRefusal {
  return {
    code: "RATE_LIMITED",
    message: TOO_MANY_SIGN_IN_ATTEMPTS,
    retryAfterSeconds: secondsLeftIn(window, CODE_LIMIT.windowSeconds),
  };
}

/**
 * After the check: a wrong code (any 4xx but 429) keeps its count; a right one clears the address's
 * counter (the person is back); anything else (a lockout's 429, a server error) gives the count back.
 */
export async function settleCodeAttempt(db: Db, key: string, status: number): Promise<void> {
  if (status >= 400 && status < 500 && status !== 429) return;
  if (status < 400) await clearHits(db, key);
  else await uncountHit(db, key);
}
