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

/** The path of the first string (or key) holding a NUL, as a field name ("answers.3.answerString"). */
function nulPath(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === "string") return value.includes("\u0000") ? path : null;
  if (typeof value !== "object" || value === null) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes("\u0000")) return [...path, key];
    const found = nulPath(inner, [...path, key]);
    if (found) return found;
  }
  return null;
}

function refuse(field: string): never {
  throw new AppError("VALIDATION", NUL_MESSAGE, { [field || "body"]: [NUL_MESSAGE] });
}

export function refuseNulCharacters(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.path.startsWith("/api/files/upload/")) return next();
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
