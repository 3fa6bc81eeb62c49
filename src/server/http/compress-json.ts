import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlib } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { chooseEncoding } from "./client-files";

/**
 * API answers compressed where it pays (docs/decisions/033-compressed-assets-and-route-css.md): JSON read
 * with GET (lists, forms, a submission, statistics), from 1 KB on. What is left as it is, and why:
 * - answers under 1 KB (most): a compressed copy would save less than its cost;
 * - answers to writes (an autosave, a review): small, and the most frequent requests of the server;
 * - better-auth's answers under /api/auth/: they carry the session, and a secret beside text the user
 *   typed is what compression-size attacks (BREACH) read;
 * - downloads and files (their own Content-Type, never JSON): formats such as PDF, XLSX and ZIP are
 *   compressed already.
 * Compression runs in libuv's thread pool (node:zlib's asynchronous calls), off the event loop; brotli at
 * quality 4 and gzip at level 6 cost about the same CPU and far less than brotli's highest levels.
 */
export const COMPRESS_JSON_FROM_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export function compressJson(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.req.method !== "GET") return;
    if (c.req.path.startsWith("/api/auth/")) return;
    const res = c.res;
    if (res.status !== 200 || !res.body || res.headers.has("Content-Encoding")) return;
    if (!/^application\/json\b/i.test(res.headers.get("Content-Type") ?? "")) return;
    const vary = res.headers.get("Vary");
    const varied = vary ? `${vary}, Accept-Encoding` : "Accept-Encoding";
    const encoding = chooseEncoding(c.req.header("accept-encoding"), ["br", "gzip"] as const);
    const bytes = new Uint8Array(await res.arrayBuffer());
    // Hono copies the answer's headers onto the one replacing it: the new ones are set after.
    if (encoding === null || bytes.byteLength < COMPRESS_JSON_FROM_BYTES) {
      c.res = new Response(bytes, res);
      c.res.headers.set("Vary", varied);
      return;
    }
    const compressed =
      encoding === "br"
        ? await brotli(bytes, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: 4,
              [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
              [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
            },
          })
        : await gzipped(bytes, { level: 6 });
    c.res = new Response(new Uint8Array(compressed), res);
    c.res.headers.set("Vary", varied);
    c.res.headers.set("Content-Encoding", encoding);
    c.res.headers.set("Content-Length", String(compressed.byteLength));
  };
}
