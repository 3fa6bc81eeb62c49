import type { MiddlewareHandler } from "hono";
import { AppError } from "./errors";

/**
 * JSON bodies nested deeper than any of our bodies are refused before validation: zod's string check, given
 * an object whose `length` is an array nested thousands deep, recurses until the stack overflows (a 500
 * the endpoint fuzzer found). A form, the deepest body we take, nests about ten levels.
 */
export const MAX_JSON_DEPTH = 64;

/** The deepest nesting of arrays and objects in JSON text, not counting brackets inside strings. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92 /* \ */) i++;
      else if (ch === 34 /* " */) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 91 /* [ */ || ch === 123 /* { */) deepest = Math.max(deepest, ++depth);
    else if (ch === 93 /* ] */ || ch === 125 /* } */) depth--;
  }
  return deepest;
}

/**
 * For the routes our validators read (through Hono's cached body). Better-auth's routes, the webhooks and the
 * uploads read the raw request themselves, so their bodies are left unread here.
 */
const READS_RAW = ["/api/auth/", "/api/webhooks/", "/api/files/upload/"];

export function refuseDeepJson(): MiddlewareHandler {
  return async (c, next) => {
    const type = c.req.header("content-type") ?? "";
    const checked =
      c.req.method !== "GET" && type.includes("json") && !READS_RAW.some((p) => c.req.path.startsWith(p));
    if (checked && jsonDepth(await c.req.text()) > MAX_JSON_DEPTH) {
      throw new AppError("VALIDATION", "The request body is nested too deeply.");
    }
    await next();
  };
}
