import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { SIGN_IN_LOCKED } from "../../shared/messages";
import type { Db } from "../db/client";
import { rateLimits } from "../db/schema";
import {
  appRateLimitKey,
  clearHits,
  clearHitsUnder,
  countHit,
  type RateWindow,
  secondsLeftIn,
  uncountHit,
} from "../http/rate-limit";
import type { Logger } from "../logger";

export const SIGN_IN_PATH = "/api/auth/sign-in/email";

/**
 * Failed sign-ins allowed before the next attempt is refused unchecked (docs/decisions/013). The
 * narrow limit stops one address guessing; the wide one stops many addresses sharing the work.
 */
export const SIGN_IN_LIMITS = {
  accountFromAddress: { max: 5, windowSeconds: 15 * 60 },
  account: { max: 50, windowSeconds: 60 * 60 },
} as const;

/**
 * What the account-wide limit does when reached (docs/decisions/020): it locks the account for every
 * address, 5 minutes the first time, twice as long each next time up to an hour. The level is
 * forgotten after a day without a lock, and by a password reset.
 */
export const ACCOUNT_LOCK = {
  firstSeconds: 5 * 60,
  maxSeconds: 60 * 60,
  forgottenAfterSeconds: 24 * 60 * 60,
} as const;

/** How long the level-th lock in a row lasts. */
export function accountLockSeconds(level: number): number {
  return Math.min(ACCOUNT_LOCK.firstSeconds * 2 ** (Math.max(1, level) - 1), ACCOUNT_LOCK.maxSeconds);
}

export interface SignInGuardDeps {
  db: Db;
  log: Logger;
  /** AUTH_RATE_LIMIT: off only in benchmarks. */
  enabled: boolean;
}

/**
 * The address a sign-in names, read the way better-auth reads it (JSON, or a form whose last
 * `email` wins), so no encoding of the body can put the attempt in another account's counter.
 * Null when there is none: better-auth then refuses the request without checking any password.
 */
export async function signInEmailOf(request: Request): Promise<string | null> {
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  try {
    if (type === "application/json") {
      const body: unknown = await request.clone().json();
      const email = typeof body === "object" && body !== null ? (body as { email?: unknown }).email : null;
      return typeof email === "string" ? email : null;
    }
    if (type === "application/x-www-form-urlencoded") {
      const email = (await request.clone().formData()).getAll("email").at(-1);
      return typeof email === "string" ? email : null;
    }
  } catch {
    return null; // not JSON, not a form: better-auth answers 400
  }
  return null;
}

/**
 * The counters' keys. better-auth looks the account up by its email address in lower case; a hash
 * of it keeps the keys short whatever a client sends.
 */
export function signInCounterKeys(email: string, address: string | undefined) {
  const account = accountCounterKey(email);
  return {
    accountFromAddress: `${account}|${(address ?? "unknown").slice(0, 100)}`,
    account,
    // Under the account's key, so a password reset clears it with the counters; "#" is in no address.
    accountLock: `${account}|#lock`,
  };
}

function accountCounterKey(email: string): string {
  const digest = createHash("sha256").update(email.toLowerCase()).digest("hex").slice(0, 32);
  return appRateLimitKey("sign-in-failures", digest);
}

/**
 * Forgets an account's failed sign-ins, from every address: after a password reset the guesses
 * were at a password that no longer exists, and the owner, who proved they read the account's
 * mail, must not be kept out by them.
 */
export async function clearSignInFailures(db: Db, email: string): Promise<void> {
  await clearHitsUnder(db, accountCounterKey(email));
}

/** A refused attempt. In better-auth's error shape, which the sign-in card reads. */
function tooManyAttempts(window: RateWindow, windowSeconds: number): Response {
  return new Response(JSON.stringify({ code: "RATE_LIMITED", message: SIGN_IN_LOCKED }), {
    status: 429,
    headers: {
      "content-type": "application/json",
      "retry-after": String(secondsLeftIn(window, windowSeconds)),
    },
  });
}

/** The account's lock, if one is on: its level (locks in a row) and when it began. */
async function currentLock(db: Db, key: string): Promise<{ level: number; window: RateWindow } | null> {
  const [row] = await db
    .select({ count: rateLimits.count, lastRequest: rateLimits.lastRequest })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  if (!row) return null;
  const window = { count: row.count, startedAt: Number(row.lastRequest) };
  return Date.now() < window.startedAt + accountLockSeconds(row.count) * 1000
    ? { level: row.count, window }
    : null;
}

/**
 * Locks the account (count = the lock's level, last_request = when it began) in one statement: a lock
 * still on is kept as it is, so parallel attempts past the limit start one lock, not several. The level
 * grows from the last lock's unless that one began more than a day ago.
 */
async function lockAccount(db: Db, key: string): Promise<{ level: number; window: RateWindow }> {
  const now = Date.now();
  const { firstSeconds, maxSeconds, forgottenAfterSeconds } = ACCOUNT_LOCK;
  const stillOn = sql`rate_limits.last_request + least(${firstSeconds * 1000} * power(2, least(rate_limits.count, 20) - 1), ${maxSeconds * 1000}) > ${now}`;
  const result = await db.execute(sql`
    insert into rate_limits (id, key, count, last_request) values (gen_random_uuid()::text, ${key}, 1, ${now})
    on conflict (key) do update set
      count = case when ${stillOn} then rate_limits.count
                   when rate_limits.last_request < ${now - forgottenAfterSeconds * 1000} then 1
                   else least(rate_limits.count + 1, 20) end,
      last_request = case when ${stillOn} then rate_limits.last_request else ${now} end
    returning count, last_request`);
  const row = (result as unknown as { rows: { count: number; last_request: number | string }[] }).rows[0];
  const level = Number(row?.count ?? 1);
  return { level, window: { count: level, startedAt: Number(row?.last_request ?? now) } };
}

/** A wrong password, an unknown account, a malformed address: an answer that refused the attempt. */
const isFailedAttempt = (status: number) => status >= 400 && status < 500 && status !== 429;

/**
 * POST /api/auth/sign-in/email under the per-account limits. Each attempt is counted before the
 * password is checked, so parallel guesses cannot all slip under the limit, and given back when it
 * did not fail. A refusal comes before any look at the account: it is the same whether the account
 * exists or not. An attempt refused by the narrow limit is not counted by the wide one, so one
 * address cannot spend the allowance that the account's other addresses share.
 */
export async function guardSignIn(
  deps: SignInGuardDeps,
  request: Request,
  address: string | undefined,
  signIn: (request: Request) => Promise<Response>,
): Promise<Response> {
  if (!deps.enabled) return signIn(request);
  const email = await signInEmailOf(request);
  if (email === null) return signIn(request);
  const { db, log } = deps;
  const keys = signInCounterKeys(email, address);
  const { accountFromAddress: narrow, account: wide } = SIGN_IN_LIMITS;

  const fromAddress = await countHit(db, keys.accountFromAddress, narrow.windowSeconds);
  if (fromAddress.count > narrow.max) {
    if (fromAddress.count === narrow.max + 1) {
      log.warn(
        `sign-in: ${narrow.max} failed attempts for ${JSON.stringify(email.slice(0, 254))} from ${address ?? "an unknown address"}; that address is refused for this account for up to ${narrow.windowSeconds / 60} minutes`,
      );
    }
    return tooManyAttempts(fromAddress, narrow.windowSeconds);
  }
  const locked = await currentLock(db, keys.accountLock);
  if (locked) {
    await uncountHit(db, keys.accountFromAddress);
    return tooManyAttempts(locked.window, accountLockSeconds(locked.level));
  }
  const overall = await countHit(db, keys.account, wide.windowSeconds);
  if (overall.count > wide.max) {
    await uncountHit(db, keys.accountFromAddress);
    const lock = await lockAccount(db, keys.accountLock);
    // The failures that led to this lock are spent: after it, the account has its allowance again.
    await clearHits(db, keys.account);
    const lockSeconds = accountLockSeconds(lock.level);
    if (overall.count === wide.max + 1) {
      log.warn(
        `sign-in: ${wide.max} failed attempts for ${JSON.stringify(email.slice(0, 254))} from all addresses; every address is refused for this account for ${lockSeconds / 60} minutes (lock ${lock.level} in a row)`,
      );
    }
    return tooManyAttempts(lock.window, lockSeconds);
  }

  let response: Response;
  try {
    response = await signIn(request);
  } catch (error) {
    await uncountHit(db, keys.accountFromAddress);
    await uncountHit(db, keys.account);
    throw error;
  }
  if (isFailedAttempt(response.status)) return response;
  if (response.ok) {
    // The person is back: their address starts afresh. The wide count keeps others' failures.
    await clearHits(db, keys.accountFromAddress);
  } else {
    await uncountHit(db, keys.accountFromAddress); // better-auth's own 429, or a server error
  }
  await uncountHit(db, keys.account);
  return response;
}
