import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context";
import { AppError } from "./errors";

/**
 * PostgreSQL text cannot hold U+0000: a NUL in any text that reaches a column made the insert fail
 * with a server error (and a form name holding one, stored in JSON, broke every later submit's receipt).
 * No field of ours has a use for it, so every API request carrying one is refused here, once, with the
 * field that holds it — JSON bodies, form bodies and query strings. Uploads are bytes, not text.
 */
export const NUL_MESSAGE = "Text cannot contain the NUL character (U+0000).";

const JSON_NUL = "\\u0000";

interface Visit {
  value: unknown;
  key: string | null;
  parent: Visit | null;
}

function pathOf(visit: Visit, lastKey?: string): string[] {
  const path: string[] = lastKey === undefined ? [] : [lastKey];
  for (let at: Visit | null = visit; at?.key != null; at = at.parent) path.unshift(at.key);
  return path;
}

/**
 * The path of the first string (or key) holding a NUL, as a field name ("answers.3.answerString").
 * Walked with a stack of its own and parent links, not recursion or copied paths: a body nested
 * 100,000 deep must neither overflow the call stack nor cost quadratic memory.
 */
function nulPath(root: unknown): string[] | null {
  const pending: Visit[] = [{ value: root, key: null, parent: null }];
  while (pending.length > 0) {
    const visit = pending.pop()!;
    const { value } = visit;
    if (typeof value === "string") {
      if (value.includes("\u0000")) return pathOf(visit);
      continue;
    }
    if (typeof value !== "object" || value === null) continue;
    const entries = Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, inner] = entries[i]!;
      if (key.includes("\u0000")) return pathOf(visit, key);
      pending.push({ value: inner, key, parent: visit });
    }
  }
  return null;
}

function decodedIncludesNul(path: string): boolean {
  if (path.includes("\u0000")) return true;
  try {
    return decodeURIComponent(path).includes("\u0000");
  } catch {
    return false; // a malformed escape: the route answers it
  }
}

function refuse(field: string): never {
  throw new AppError("VALIDATION", NUL_MESSAGE, { [field || "body"]: [NUL_MESSAGE] });
}

export function refuseNulCharacters(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.path.startsWith("/api/files/upload/")) return next();
    if (decodedIncludesNul(c.req.path)) refuse("path");
    const query = new URL(c.req.url).searchParams;
    for (const [key, value] of query) {
      if (key.includes("\u0000") || value.includes("\u0000")) refuse(key);
    }
    const type = c.req.header("content-type") ?? "";
    if (c.req.raw.body !== null && (type.includes("json") || type.includes("x-www-form-urlencoded"))) {
      // A clone: the body stays readable for the route (and for better-auth's handler).
      const text = await c.req.raw.clone().text();
      if (type.includes("json") && (text.includes(JSON_NUL) || text.includes("\u0000"))) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          return next(); // malformed JSON: the route's validator says so
        }
        const path = nulPath(parsed);
        if (path) refuse(path.join("."));
      } else if (!type.includes("json")) {
        for (const [key, value] of new URLSearchParams(text)) {
          if (key.includes("\u0000") || value.includes("\u0000")) refuse(key);
        }
      }
    }
    await next();
  };
}
