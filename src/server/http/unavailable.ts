import type { Context } from "hono";
import type { Database } from "../db/client";
import type { Logger } from "../logger";
import { AppError } from "./errors";

/**
 * A request that fails because the database is not there — PostgreSQL restarting, stopped, or out of
 * reach — is answered 503 with Retry-After, in our error shape, never 500: nothing is wrong with the
 * request or with our code, and the same request succeeds once the database is back (the pool opens
 * new connections by itself; nothing needs restarting). Everything else stays a 500.
 */

/** Seconds a client is asked to wait before trying again: a PostgreSQL restart takes a few. */
export const RETRY_AFTER_SECONDS = 5;

export const DATABASE_UNAVAILABLE_MESSAGE =
  "The service is unavailable for a moment. Please try again in a few seconds.";

/**
 * SQLSTATEs that say the server is going away or not taking connections yet (class 57P, operator
 * intervention) or that the connection broke (class 08): not a verdict on the query.
 */
const UNAVAILABLE_SQLSTATES = new Set([
  "57P01", // admin_shutdown: "terminating connection due to administrator command" (pg_ctl stop/restart -m fast)
  "57P02", // crash_shutdown: another backend crashed, every connection is reset
  "57P03", // cannot_connect_now: "the database system is starting up" / "is shutting down"
  "08000", // connection_exception
  "08001", // sqlclient_unable_to_establish_sqlconnection
  "08003", // connection_does_not_exist
  "08004", // sqlserver_rejected_establishment_of_sqlconnection
  "08006", // connection_failure
]);

/** Socket errors of a database that is down or unreachable (the refused connect, the reset one). */
const UNAVAILABLE_ERRNOS = new Set([
  // The file store's own (StorageUnavailableError, src/server/files/storage.ts): the same answer.
  "STORAGE_UNAVAILABLE",
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);

/**
 * node-postgres's own errors, which carry no code: the socket closed under a client ("Connection
 * terminated unexpectedly"), a client used after that, the pool's connect timeout (also what a
 * request waiting for a free connection gets when the database hangs).
 */
const UNAVAILABLE_MESSAGE_STARTS = [
  "Connection terminated",
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
  "timeout exceeded when trying to connect",
];

/** Far more than any real wrapping (drizzle's DrizzleQueryError around pg's error is one level). */
const MAX_CAUSE_DEPTH = 8;

function isUnavailableItself(error: object): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_ERRNOS.has(code))) {
    return true;
  }
  const message = (error as { message?: unknown }).message;
  return typeof message === "string" && UNAVAILABLE_MESSAGE_STARTS.some((start) => message.startsWith(start));
}

/**
 * Whether `error`, or an error it wraps (`cause`, as drizzle wraps the driver's; the `errors` of an
 * AggregateError, as Node reports a refused connect to every address of a host), says the database
 * is unavailable.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const pending: unknown[] = [error];
  const seen = new Set<unknown>();
  while (pending.length > 0 && seen.size < MAX_CAUSE_DEPTH) {
    const current = pending.shift();
    if (current === null || typeof current !== "object" || seen.has(current)) continue;
    seen.add(current);
    if (current instanceof AppError) continue; // Our own verdicts keep their status.
    if (isUnavailableItself(current)) return true;
    pending.push((current as { cause?: unknown }).cause);
    const inner = (current as { errors?: unknown }).errors;
    if (Array.isArray(inner)) pending.push(...inner);
  }
  return false;
}

/**
 * better-auth catches the errors of its own routes (sign-in, get-session…) and answers 500 itself, so
 * a database that is gone never reaches onError from there. After such a 500, ask the database: if it
 * is unavailable, throw that error, and onError answers 503 as for every other route.
 */
export async function throwIfDatabaseUnavailable(database: Pick<Database, "ping">): Promise<void> {
  let failure: unknown = null;
  try {
    await database.ping();
  } catch (error) {
    failure = error;
  }
  if (failure !== null && isDatabaseUnavailable(failure)) throw failure;
}

/** The first code or message in the chain, for the log line (never the query's parameters). */
function reasonOf(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && current && typeof current === "object"; depth++) {
    if (isUnavailableItself(current)) {
      const { code, message } = current as { code?: unknown; message?: unknown };
      return typeof code === "string" ? `${code} ${String(message)}` : String(message);
    }
    current = (current as { cause?: unknown }).cause;
  }
  return "connection error";
}

/** One warning per this many milliseconds at most: an outage fails every request, the log should not. */
const LOG_EVERY_MS = 5_000;

/**
 * The onError branch for a database that is unavailable: 503, Retry-After, the error shape of every
 * other API error. Logs one warning per LOG_EVERY_MS with the number of requests answered so since
 * the last one. `now` is for tests.
 */
export function databaseUnavailableAnswer(log: Pick<Logger, "warn">, now: () => number = Date.now) {
  let lastLoggedAt = Number.NEGATIVE_INFINITY;
  let unlogged = 0;
  return (c: Context, error: unknown): Response => {
    unlogged++;
    if (now() - lastLoggedAt >= LOG_EVERY_MS) {
      log.warn(
        `The database or the file store is unavailable (${reasonOf(error)}): ${unlogged} request(s) answered 503, the last ${c.req.method} ${c.req.path}`,
      );
      lastLoggedAt = now();
      unlogged = 0;
    }
    c.header("Retry-After", String(RETRY_AFTER_SECONDS));
    return c.json(new AppError("UNAVAILABLE", DATABASE_UNAVAILABLE_MESSAGE).toBody(), 503);
  };
}
