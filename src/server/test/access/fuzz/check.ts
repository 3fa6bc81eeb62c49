import { errorBodySchema } from "../../../../shared/schemas/common";
import { TEST_ORIGIN } from "../../harness";
import { POLLUTION_MARK } from "./hostile";
import type { FuzzRequest } from "./request";
import type { Write } from "./write-journal";

/** What came back from one fuzzed request, and what it left in the database. */
export interface Outcome {
  request: FuzzRequest;
  status: number;
  contentType: string | null;
  location: string | null;
  text: string;
  writes: Write[];
  ms: number;
}

/** Object.prototype as it was before the first request: no request may add to it. */
const prototypeKeys = new Set(Object.getOwnPropertyNames(Object.prototype));

export function pollutedPrototype(): string[] {
  const added = Object.getOwnPropertyNames(Object.prototype).filter((k) => !prototypeKeys.has(k));
  if (POLLUTION_MARK in {} && !added.includes(POLLUTION_MARK)) added.push(POLLUTION_MARK);
  return added;
}

/**
 * better-auth answers its own routes in its own shape, `{ code?, message }` (the app passes its
 * handler through): held to that shape there, and to the app's error shape everywhere else.
 */
function errorShapeProblem(outcome: Outcome, auth: boolean): string | null {
  if (outcome.request.method === "HEAD") return null;
  // Dot segments can take a path out of the API (`/api/x/../../y` is `/y`): the SPA's ground, not the API's.
  if (!new URL(outcome.request.url, "http://localhost").pathname.startsWith("/api/")) return null;
  if (!outcome.contentType?.includes("application/json")) {
    return `a ${outcome.status} answer that is not JSON (${outcome.contentType ?? "no content type"})`;
  }
  let body: unknown;
  try {
    body = JSON.parse(outcome.text);
  } catch {
    return `a ${outcome.status} answer whose JSON does not parse`;
  }
  if (errorBodySchema.safeParse(body).success) return null;
  if (auth && typeof (body as { message?: unknown } | null)?.message === "string") return null;
  return `a ${outcome.status} answer without the error shape`;
}

/** A redirect must stay on the app's own origin: anything else is an open redirect. */
function redirectProblem(outcome: Outcome): string | null {
  if (outcome.status < 300 || outcome.status >= 400 || outcome.location === null) return null;
  const target = new URL(outcome.location, TEST_ORIGIN);
  return target.origin === TEST_ORIGIN ? null : `a redirect away from the app, to ${outcome.location}`;
}

/** What a path traversal would bring back: the system's password file, the project's package.json. */
export const OUTSIDE_FILES = ["root:x:0:0:", '"name": "decisionhub"'];

/**
 * Everything wrong with one outcome: a 5xx, a refusal in the wrong shape, a refusal that wrote (but
 * what `refusalMayWrite` allows: the counts a limit keeps of refused attempts), a redirect elsewhere, a
 * polluted Object.prototype, and text the caller may not read (`forbidden`: the world's markers outside
 * the caller's reach, and files outside the app's storage).
 */
export function problemsOf(
  outcome: Outcome,
  opts: { auth: boolean; forbidden: readonly string[]; refusalMayWrite?: (write: Write) => boolean },
): string[] {
  const problems: string[] = [];
  const preview = outcome.text.length > 500 ? `${outcome.text.slice(0, 500)}…` : outcome.text;
  if (outcome.status >= 500) problems.push(`server error ${outcome.status}: ${preview}`);
  if (outcome.status >= 400 && outcome.status < 500) {
    const shape = errorShapeProblem(outcome, opts.auth);
    if (shape) problems.push(`${shape}: ${preview}`);
    const partial = outcome.writes.filter((w) => !opts.refusalMayWrite?.(w));
    if (partial.length > 0) {
      const writes = partial.map((w) => `${w.op} ${w.table} ×${w.rows}`).join(", ");
      problems.push(`partial write: refused with ${outcome.status} but committed ${writes}`);
    }
  }
  const leaked = opts.forbidden.filter((text) => outcome.text.includes(text));
  if (leaked.length > 0) problems.push(`the answer holds what the caller may not read: ${leaked.join(", ")}`);
  const redirect = redirectProblem(outcome);
  if (redirect) problems.push(redirect);
  const polluted = pollutedPrototype();
  if (polluted.length > 0) problems.push(`Object.prototype polluted with ${polluted.join(", ")}`);
  return problems;
}
