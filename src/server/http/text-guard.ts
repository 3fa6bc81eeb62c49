import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "./context";
import { AppError } from "./errors";

/**
 * Text PostgreSQL cannot store, refused at the door. A NUL (U+0000) in any text that reached a column
 * made the insert fail with a server error (and a form name holding one, stored in JSON, broke every
 * later submit's receipt). An unpaired UTF-16 surrogate (JSON "\ud83d": an emoji cut in half) is
 * refused by jsonb columns and by PGlite's encoder, and silently turned into U+FFFD elsewhere. No field
 * of ours has a use for either, so every API request carrying one is refused here, once, with the field
 * that holds it — JSON bodies, form bodies, query strings and the path. Uploads are bytes, not text.
 */
export const NUL_MESSAGE = "Text cannot contain the NUL character (U+0000).";
export const SURROGATE_MESSAGE = "Text cannot contain half of a character (an unpaired UTF-16 surrogate).";

/** With the u flag a surrogate range matches only a surrogate that is not half of a pair. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
/** The JSON escapes that can produce either, so most bodies are never parsed twice. */
const SUSPECT_ESCAPE = /\\u(?:0000|[dD][89a-fA-F])/;

function problemOf(text: string): string | null {
  if (text.includes("\u0000")) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(text)) return SURROGATE_MESSAGE;
  return null;
}

interface Visit {
  value: unknown;
  key: string | null;
  parent: Visit | null;
}

function pathOf(visit: Visit, lastKey?: string): string {
  const path: string[] = lastKey === undefined ? [] : [lastKey];
  for (let at: Visit | null = visit; at?.key != null; at = at.parent) path.unshift(at.key);
  return path.join(".");
}

interface Problem {
  field: string;
  message: string;
}

/**
 * The first string (or key) that cannot be stored, with its field name ("answers.3.answerString").
 * Walked with a stack of its own and parent links, not recursion or copied paths: a body nested
 * 100,000 deep must neither overflow the call stack nor cost quadratic memory.
 */
function problemInBody(root: unknown): Problem | null {
  const pending: Visit[] = [{ value: root, key: null, parent: null }];
  while (pending.length > 0) {
    const visit = pending.pop()!;
    const { value } = visit;
    if (typeof value === "string") {
      const message = problemOf(value);
      if (message) return { field: pathOf(visit), message };
      continue;
    }
    if (typeof value !== "object" || value === null) continue;
    const entries = Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, inner] = entries[i]!;
      const message = problemOf(key);
      if (message) return { field: pathOf(visit, key), message };
      pending.push({ value: inner, key, parent: visit });
    }
  }
  return null;
}

function problemInPairs(pairs: URLSearchParams): Problem | null {
  for (const [key, value] of pairs) {
    const message = problemOf(key) ?? problemOf(value);
    if (message) return { field: key, message };
  }
  return null;
}

function problemInPath(path: string): Problem | null {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape (a lone surrogate percent-encoded is one): the route answers it.
  }
  const message = problemOf(path) ?? problemOf(decoded);
  return message ? { field: "path", message } : null;
}

function refuse({ field, message }: Problem): never {
  throw new AppError("VALIDATION", message, { [field || "body"]: [message] });
}

/** Requests whose body a handler reads from the raw request (better-auth's): the guard reads a copy. */
const RAW_BODY_PATHS = "/api/auth/";

async function problemInRequestBody(c: Context<AppEnv>): Promise<Problem | null> {
  if (c.req.method === "GET" || c.req.method === "HEAD") return null;
  const type = c.req.header("content-type") ?? "";
  const textual = type.includes("json") || type.includes("x-www-form-urlencoded");
  if (!textual) return null;
  // Read once through Hono's body cache: the route's validator parses this same text, so the body is
  // neither copied nor read twice (a clone of the request costs a second stream per request). A handler
  // that reads the raw request itself gets it untouched: the guard reads a clone there.
  const text = c.req.path.startsWith(RAW_BODY_PATHS) ? await c.req.raw.clone().text() : await c.req.text();
  if (!type.includes("json")) return problemInPairs(new URLSearchParams(text));
  if (!SUSPECT_ESCAPE.test(text) && problemOf(text) === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null; // malformed JSON: the route's validator says so
  }
  return problemInBody(parsed);
}

export function refuseUnstorableText(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.path.startsWith("/api/files/upload/")) return next();
    const found =
      problemInPath(c.req.path) ??
      (c.req.url.includes("?") ? problemInPairs(new URL(c.req.url).searchParams) : null) ??
      (await problemInRequestBody(c));
    if (found) refuse(found);
    await next();
  };
}
