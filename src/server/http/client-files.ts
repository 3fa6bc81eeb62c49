import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlib } from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import { getMimeType } from "hono/utils/mime";
import type { Language } from "../../shared/i18n/catalog";
import { acceptedLanguage } from "./accepted-language";

/**
 * Serving the built SPA (dist/client) compressed and cached as it should be
 * (docs/decisions/033-compressed-assets-and-route-css.md):
 * - the build writes a brotli (.br) and a gzip (.gz) copy beside each text file (vite.config.ts); the copy
 *   the browser accepts is sent as is, nothing is compressed per request;
 * - files under /assets/ carry a hash of their content in their name: cached for a year, immutable;
 * - every other file, index.html first, is revalidated on each use (no-cache), so a release is seen at once.
 * Firebase Hosting does the same for its copy of dist/client (firebase.json).
 */

/** Hashed by the build: a new content is a new name. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
export const REVALIDATE = "no-cache";

/** The encodings the build writes, best first, with the suffix of their copy. */
const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;
type Encoding = (typeof ENCODINGS)[number]["name"];

/**
 * The best of `offered` that an Accept-Encoding header accepts (q > 0), by the header's weights and then
 * our order; null for none. "*" stands for any encoding the header does not name.
 */
export function chooseEncoding<E extends string>(
  header: string | undefined,
  offered: readonly E[],
): E | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [token, ...params] = part.trim().split(";");
    if (!token) continue;
    const q = params.map((p) => p.trim()).find((p) => p.toLowerCase().startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(token.trim().toLowerCase(), Number.isFinite(weight) ? weight : 0);
  }
  let best: E | null = null;
  let bestWeight = 0;
  for (const encoding of offered) {
    const weight = weights.get(encoding) ?? weights.get("*") ?? 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * The file at `file` as the answer, in the best encoding the request accepts among the copies that exist.
 * Vary: Accept-Encoding whenever a compressed copy exists, sent or not, so no cache hands one browser's
 * encoding to another.
 */
async function sendFile(c: Context, file: string, cacheControl: string): Promise<Response> {
  const copies = await Promise.all(ENCODINGS.map(async (e) => ((await isFile(file + e.suffix)) ? e : null)));
  const available = copies.filter((e) => e !== null);
  const encoding = chooseEncoding<Encoding>(
    c.req.header("accept-encoding"),
    available.map((e) => e.name),
  );
  const sent = encoding === null ? file : file + available.find((e) => e.name === encoding)!.suffix;
  const body = await readFile(sent);
  c.header("Content-Type", getMimeType(file) ?? "application/octet-stream");
  c.header("Cache-Control", cacheControl);
  if (available.length > 0) c.header("Vary", "Accept-Encoding");
  if (encoding !== null) c.header("Content-Encoding", encoding);
  c.header("Content-Length", String(body.byteLength));
  if (c.req.method === "HEAD") return c.body(null, 200);
  return c.body(new Uint8Array(body), 200);
}

/** A page of the app and what it loads beyond index.html (vite.config.ts, `routePreloads`). */
export interface RoutePreload {
  path: string;
  scripts: string[];
  styles: string[];
  /** Static HTML of the page's first screen, put in the root element until React mounts. */
  firstPaint?: string;
  /**
   * The first screen by language, for a page whose first screen says something in the page's language (the
   * applicant portal's heading): the one the page will open in when nothing is stored (`acceptedLanguage`).
   */
  firstPaintByLanguage?: Record<Language, string>;
  /**
   * API calls the page makes first, the same for every user (docs/decisions/042-signed-in-first-paint.md):
   * the session's, on every guarded page and only there.
   */
  fetches?: string[];
}

const EMPTY_ROOT = '<div id="root"></div>';
/** How Vite writes the entry's script tag in index.html's head. */
const ENTRY_SCRIPT = '<script type="module"';

/** Whether a page path is the route pattern's (`/form/:linkId`: any one segment for each `:name`). */
export function matchesRoute(pattern: string, pagePath: string): boolean {
  const want = pattern.split("/").filter(Boolean);
  const have = pagePath.split("/").filter(Boolean);
  return want.length === have.length && want.every((w, i) => w.startsWith(":") || w === have[i]);
}

/**
 * The links to put in the head of index.html for a page: its chunks as module preloads and its style sheets
 * as preloads (not as sheets: they would hold the first paint back; the page's chunk inserts them when it
 * runs, as it does without these links). `crossorigin` as Vite's own links have it, so the browser uses the
 * preloaded copy for the module request. A page's first API calls (`fetches`) as fetch preloads: `crossorigin`
 * (credentials same-origin, mode cors) is what the page's own `fetch` asks, so the browser hands it the answer.
 */
export function preloadLinks(route: RoutePreload): string {
  return [
    // First: the session's answer is what a signed-in page waits for longest.
    ...(route.fetches ?? []).map((url) => `<link rel="preload" as="fetch" crossorigin href="${url}">`),
    ...route.scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...route.styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
  ].join("");
}

/** A guarded page: the build gives the session's preload to those pages, and to no other (vite.config.ts). */
export function isGuardedPage(route: RoutePreload | undefined): boolean {
  return route?.fetches?.includes("/api/auth/get-session") ?? false;
}

/** How index.html and `preloadLinks` write the page's code: the entry's script, module preloads, style preloads. */
const PAGE_CODE_TAGS =
  /<(script type="module"|link rel="modulepreload"|link rel="preload" as="style") crossorigin/g;
/** How Vite links index.html's own style sheet (the `ui` chunk's: Mantine's base, the components every page shows). */
const STYLE_SHEET_LINK = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g;

/** index.html's style sheet links, each with its sheet's text (none that could end a `<style>` element). */
async function linkedSheets(html: string, distDir: string): Promise<Map<string, string>> {
  const sheets = new Map<string, string>();
  for (const [link, file] of html.matchAll(STYLE_SHEET_LINK)) {
    const css = await readFile(path.join(distDir, file ?? ""), "utf8").catch(() => null);
    if (css !== null && !css.includes("</style")) sheets.set(link, css);
  }
  return sheets;
}

/**
 * A public page as a first visitor needs it (docs/decisions/051-first-paint-needs-only-the-document.md): what
 * they came for is its first screen (the sign-in card, the applicant form's header), so
 * - index.html's style sheet is written into the page: the first screen needs nothing but the document. Its
 *   link stays, `disabled`, so the browser does not fetch it, and Vite's loader of a lazy chunk, which asks
 *   for a sheet the page does not have as a `<link rel="stylesheet">`, finds it and does not ask either;
 * - the page's code is asked at low priority: the first screen needs none of it.
 * A signed-in page keeps both as built: its visitor comes back with the sheet in their cache, and its first
 * screen is only the page's frame, whose content needs the code.
 */
function firstVisitPage(html: string, sheets: Map<string, string>): string {
  let page = html;
  for (const [link, css] of sheets) {
    page = page.replace(link, () => `<style>${css}</style>${link.replace(">", " disabled>")}`);
  }
  return page.replace(PAGE_CODE_TAGS, '<$1 fetchpriority="low" crossorigin');
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * index.html for a page path: with the page's chunks named in its head, so the browser fetches them beside
 * the entry rather than once the entry has run and the router asked for the page (a round trip and more on a
 * phone's network; docs/decisions/041-first-paint.md). Built once per page pattern and encoding, while the
 * build stays the same (the cache is keyed by index.html's modification time).
 */
function indexPages(distDir: string) {
  const indexFile = path.join(distDir, "index.html");
  const routesFile = path.join(distDir, ".vite", "route-preloads.json");
  let builtAt = -1;
  let routes: RoutePreload[] = [];
  let html = "";
  let sheets = new Map<string, string>();
  const pages = new Map<string, Promise<Buffer>>();
  /** The route of a page path in the build's list, read again when the build changes. */
  const routeAt = async (pagePath: string): Promise<RoutePreload | undefined> => {
    const modified = (await stat(indexFile)).mtimeMs;
    if (modified !== builtAt) {
      builtAt = modified;
      pages.clear();
      html = await readFile(indexFile, "utf8");
      sheets = await linkedSheets(html, distDir);
      try {
        routes = JSON.parse(await readFile(routesFile, "utf8")) as RoutePreload[];
      } catch {
        routes = []; // A build without the list: index.html as it is.
      }
    }
    return routes.find((r) => matchesRoute(r.path, pagePath));
  };
  /** The page of `route` (as `routeAt` found it, with the build it read). */
  const page = async (
    route: RoutePreload | undefined,
    encoding: Encoding | null,
    acceptLanguage?: string,
  ): Promise<{ body: Buffer; byLanguage: boolean } | null> => {
    if (!route || !html.includes("</head>")) return null;
    const language = route.firstPaintByLanguage ? acceptedLanguage(acceptLanguage) : null;
    const firstPaint = language ? route.firstPaintByLanguage?.[language] : route.firstPaint;
    const key = `${route.path} ${encoding ?? "identity"} ${language ?? ""}`;
    let built = pages.get(key);
    if (!built) {
      let page = html.replace("</head>", `${preloadLinks(route)}</head>`);
      if (!isGuardedPage(route)) page = firstVisitPage(page, sheets);
      if (firstPaint) page = page.replace(EMPTY_ROOT, `<div id="root">${firstPaint}</div>`);
      const plain = Buffer.from(page);
      built =
        encoding === "br"
          ? brotli(plain, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } })
          : encoding === "gzip"
            ? gzipped(plain, { level: 9 })
            : Promise.resolve(plain);
      pages.set(key, built);
    }
    return { body: await built, byLanguage: language !== null };
  };
  return { routeAt, page };
}

/**
 * What a page's HTML carries beyond its route's links, made for each request (form-page-data.ts): put at the
 * end of the head and of the body, and, for `root`, inside the page's empty root element (its first screen).
 * Null: the page as built.
 */
export interface PageAdditions {
  head: string;
  body: string;
  root?: string;
  /** What is added is the visitor's own (read from their session): the page is not for a shared cache. */
  personal?: boolean;
}
export type PageExtras = (
  c: Context,
  pagePath: string,
  distDir: string,
  route: RoutePreload | undefined,
) => Promise<PageAdditions | null>;

/** A page with extras, compressed for this request alone: brotli 4 or gzip 6, as API JSON (compress-json.ts). */
function pageWithExtras(plain: Buffer, extras: PageAdditions, encoding: Encoding | null): Promise<Buffer> {
  const { root } = extras;
  const html = plain.toString("utf8");
  // Before the entry's script where there is one: what is added are the page's first API calls, tiny, wanted
  // before the chunks named after it.
  const headAt = html.includes(ENTRY_SCRIPT) ? ENTRY_SCRIPT : "</head>";
  const page = Buffer.from(
    html
      .replace(headAt, () => `${extras.head}${headAt}`)
      .replace(EMPTY_ROOT, () => (root === undefined ? EMPTY_ROOT : `<div id="root">${root}</div>`))
      .replace("</body>", `${extras.body}</body>`),
  );
  if (encoding === "br") return brotli(page, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } });
  if (encoding === "gzip") return gzipped(page, { level: 6 });
  return Promise.resolve(page);
}

/**
 * The SPA's files from `distDir`: a file that exists is sent (hidden ones, such as the build's .vite/
 * manifests, and the compressed copies themselves never are); any other page path gets index.html, the
 * router in the browser shows the page.
 */
export function clientFiles(distDir: string, pageExtras?: PageExtras): MiddlewareHandler {
  const indexFile = path.join(distDir, "index.html");
  const indexPage = indexPages(distDir);
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    let requested: string;
    try {
      requested = decodeURIComponent(c.req.path);
    } catch {
      requested = "";
    }
    const segments = requested.split("/").filter(Boolean);
    const servable =
      segments.length > 0 &&
      !requested.includes("\\") &&
      !requested.includes("\0") &&
      segments.every((s) => !s.startsWith(".")) &&
      !ENCODINGS.some((e) => requested.endsWith(e.suffix));
    if (servable) {
      const file = path.join(distDir, ...segments);
      if (await isFile(file)) {
        const hashed = segments[0] === "assets" && segments.length > 1;
        return sendFile(c, file, hashed ? IMMUTABLE : REVALIDATE);
      }
    }
    if (!(await isFile(indexFile))) return c.text("The client is not built: run `npm run build`.", 503);
    const encoding = chooseEncoding<Encoding>(
      c.req.header("accept-encoding"),
      ENCODINGS.map((e) => e.name),
    );
    const route = await indexPage.routeAt(requested);
    const extras = pageExtras ? await pageExtras(c, requested, distDir, route) : null;
    const built = await indexPage.page(route, extras ? null : encoding, c.req.header("accept-language"));
    const page = extras
      ? await pageWithExtras(built?.body ?? (await readFile(indexFile)), extras, encoding)
      : built?.body;
    if (!page) return sendFile(c, indexFile, REVALIDATE);
    c.header("Content-Type", "text/html; charset=utf-8");
    c.header("Cache-Control", extras?.personal ? `private, ${REVALIDATE}` : REVALIDATE);
    // A page whose first screen is in the browser's language differs by it (the form's, the portal's).
    const byLanguage = extras?.root !== undefined || (built?.byLanguage ?? false);
    c.header(
      "Vary",
      [
        "Accept-Encoding",
        ...(byLanguage ? ["Accept-Language"] : []),
        ...(extras?.personal ? ["Cookie"] : []),
      ].join(", "),
    );
    if (encoding !== null) c.header("Content-Encoding", encoding);
    c.header("Content-Length", String(page.byteLength));
    if (c.req.method === "HEAD") return c.body(null, 200);
    return c.body(new Uint8Array(page), 200);
  };
}
