import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness";
import { chooseEncoding, clientFiles, IMMUTABLE, REVALIDATE } from "./client-files";
import { COMPRESS_JSON_FROM_BYTES } from "./compress-json";

describe("chooseEncoding", () => {
  it("takes the first offered encoding the header accepts, by weight", () => {
    const offered = ["br", "gzip"] as const;
    expect(chooseEncoding("gzip, deflate, br, zstd", offered)).toBe("br");
    expect(chooseEncoding("gzip", offered)).toBe("gzip");
    expect(chooseEncoding("br;q=0.5, gzip;q=0.8", offered)).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip", offered)).toBe("gzip");
    expect(chooseEncoding("*", offered)).toBe("br");
    expect(chooseEncoding("identity", offered)).toBeNull();
    expect(chooseEncoding("", offered)).toBeNull();
    expect(chooseEncoding(undefined, offered)).toBeNull();
  });
});

describe("the built SPA's files", () => {
  // A build as vite.config.ts writes it: hashed assets with their .br and .gz copies, index.html too.
  const dist = mkdtempSync(path.join(tmpdir(), "client-files-"));
  const script = `export const answer = "${"forty-two ".repeat(200)}";\n`;
  const sheet = ".m_1{color:red}";
  const html = `<!doctype html><html><head><script type="module" crossorigin src="/assets/index-AbC123.js"></script><link rel="stylesheet" crossorigin href="/assets/ui-U1.css"></head><body><div id="root"></div>${" ".repeat(600)}</body></html>`;
  const app = new Hono();
  app.use("*", clientFiles(dist));

  beforeAll(() => {
    mkdirSync(path.join(dist, "assets"));
    mkdirSync(path.join(dist, ".vite"));
    for (const [name, text] of [
      ["assets/index-AbC123.js", script],
      ["assets/ui-U1.css", sheet],
      ["index.html", html],
    ] as const) {
      writeFileSync(path.join(dist, name), text);
      writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(text));
      writeFileSync(path.join(dist, `${name}.gz`), gzipSync(text));
    }
    writeFileSync(path.join(dist, "assets/logo-Zz9.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    writeFileSync(path.join(dist, ".vite/manifest.json"), "{}");
    writeFileSync(
      path.join(dist, ".vite/route-preloads.json"),
      JSON.stringify([
        {
          path: "/login",
          scripts: ["assets/login-page-L1.js", "assets/zod-Z1.js"],
          styles: ["assets/Input-I1.css"],
        },
        {
          path: "/review/:programId/:id",
          scripts: ["assets/review-R1.js"],
          styles: [],
          firstPaint: "<main><h1>Review</h1></main>",
          fetches: ["/api/auth/get-session"],
        },
        {
          path: "/portal/applicant",
          scripts: ["assets/portal-P1.js"],
          styles: [],
          firstPaintByLanguage: { en: "<h1>My applications</h1>", fr: "<h1>Mes candidatures</h1>" },
        },
      ]),
    );
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  const get = (p: string, acceptEncoding?: string) =>
    app.request(p, { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

  it("sends a hashed script as brotli to a browser that accepts it, cached for a year as immutable", async () => {
    const res = await get("/assets/index-AbC123.js", "gzip, deflate, br, zstd");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
    expect(res.headers.get("cache-control")).toBe(IMMUTABLE);
    expect(res.headers.get("content-type")).toMatch(/^text\/javascript/);
    const body = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get("content-length"))).toBe(body.byteLength);
    expect(body.byteLength).toBeLessThan(script.length / 5);
    expect(brotliDecompressSync(body).toString()).toBe(script);
  });

  it("sends gzip to a browser without brotli, and the file as it is to one that accepts neither", async () => {
    const gz = await get("/assets/index-AbC123.js", "gzip, deflate");
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gz.headers.get("vary")).toBe("Accept-Encoding");
    expect(gz.headers.get("cache-control")).toBe(IMMUTABLE);
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script);
    const plain = await get("/assets/index-AbC123.js");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toBe("Accept-Encoding");
    expect(await plain.text()).toBe(script);
  });

  it("never caches index.html, whether asked by name, as / or as any page path, and compresses it too", async () => {
    for (const page of ["/", "/index.html", "/applications", "/form/abc/def"]) {
      const res = await get(page, "br, gzip");
      expect(res.status, page).toBe(200);
      expect(res.headers.get("cache-control"), page).toBe(REVALIDATE);
      expect(res.headers.get("content-type"), page).toMatch(/^text\/html/);
      expect(res.headers.get("content-encoding"), page).toBe("br");
      expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString(), page).toBe(html);
    }
  });

  it("names a page's chunks and style sheets in the head of the index.html sent for it, in each encoding, with its first screen and first API calls", async () => {
    const links =
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/login-page-L1.js">' +
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/zod-Z1.js">' +
      '<link rel="preload" as="style" fetchpriority="low" crossorigin href="/assets/Input-I1.css"></head>';
    // A public page (a first visit): index.html's sheet in the page, its link disabled, and the page's code,
    // the entry's script too, at low priority; its first screen needs none of it.
    const withLinks = html
      .replace("</head>", links)
      .replace('<script type="module" crossorigin', '<script type="module" fetchpriority="low" crossorigin')
      .replace(
        '<link rel="stylesheet" crossorigin href="/assets/ui-U1.css">',
        `<style>${sheet}</style><link rel="stylesheet" crossorigin href="/assets/ui-U1.css" disabled>`,
      );
    for (const [page, encoding] of [
      ["/login", "br"],
      ["/login/", "gzip"],
      ["/login", null],
    ] as const) {
      const res = await get(page, encoding ?? undefined);
      expect(res.status, page).toBe(200);
      expect(res.headers.get("cache-control"), page).toBe(REVALIDATE);
      expect(res.headers.get("content-type"), page).toMatch(/^text\/html/);
      expect(res.headers.get("content-encoding"), page).toBe(encoding);
      expect(res.headers.get("vary"), page).toBe("Accept-Encoding");
      const body = Buffer.from(await res.arrayBuffer());
      expect(Number(res.headers.get("content-length")), page).toBe(body.byteLength);
      const text =
        encoding === "br"
          ? brotliDecompressSync(body).toString()
          : encoding === "gzip"
            ? gunzipSync(body).toString()
            : body.toString();
      expect(text, page).toBe(withLinks);
    }
    const review = await get("/review/p1/s1", "br");
    expect(brotliDecompressSync(Buffer.from(await review.arrayBuffer())).toString()).toBe(
      html
        .replace(
          "</head>",
          // The page's first API call first, as the page's own fetch asks it (credentials same-origin).
          '<link rel="preload" as="fetch" crossorigin href="/api/auth/get-session">' +
            // A signed-in page's code keeps the browser's priority (its content needs it), and the sheet its
            // link, which a returning visitor has in their cache.
            '<link rel="modulepreload" crossorigin href="/assets/review-R1.js"></head>',
        )
        .replace('<div id="root"></div>', '<div id="root"><main><h1>Review</h1></main></div>'),
    );
    // One segment more or less is another page: index.html as it is.
    for (const page of ["/review/p1", "/review/p1/s1/x", "/loginx"]) {
      expect(
        brotliDecompressSync(Buffer.from(await (await get(page, "br")).arrayBuffer())).toString(),
        page,
      ).toBe(html);
    }
  });

  it("sends a first screen that speaks in the browser's first language, varying by it", async () => {
    const portal = (acceptLanguage?: string) =>
      app.request("/portal/applicant", {
        headers: acceptLanguage ? { "accept-language": acceptLanguage } : {},
      });
    for (const [acceptLanguage, heading] of [
      ["fr-CA,fr;q=0.9,en;q=0.8", "Mes candidatures"],
      ["en-GB,fr;q=0.9", "My applications"],
      [undefined, "My applications"],
      ["fr", "Mes candidatures"],
    ] as const) {
      const res = await portal(acceptLanguage);
      expect(res.headers.get("vary"), acceptLanguage).toBe("Accept-Encoding, Accept-Language");
      expect(await res.text(), acceptLanguage).toContain(`<div id="root"><h1>${heading}</h1></div>`);
    }
    // A page whose first screen says nothing in a language does not vary by it.
    expect((await get("/review/p1/s1")).headers.get("vary")).toBe("Accept-Encoding");
  });

  it("sends a file with no compressed copy as it is, without Vary", async () => {
    const res = await get("/assets/logo-Zz9.png", "br, gzip");
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(res.headers.get("vary")).toBeNull();
    expect(res.headers.get("cache-control")).toBe(IMMUTABLE);
  });

  it("never sends the build's hidden files or the compressed copies by their own names", async () => {
    for (const hidden of [
      "/.vite/manifest.json",
      "/assets/index-AbC123.js.br",
      "/index.html.gz",
      "/%2e%2e/x",
    ]) {
      const res = await get(hidden);
      expect(res.headers.get("content-type"), hidden).toMatch(/^text\/html/);
      expect(await res.text(), hidden).toBe(html);
    }
  });

  it("answers HEAD with the headers and no body", async () => {
    const res = await app.request("/assets/index-AbC123.js", {
      method: "HEAD",
      headers: { "accept-encoding": "gzip" },
    });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(Number(res.headers.get("content-length"))).toBeGreaterThan(0);
    expect(await res.text()).toBe("");
  });
});

describe("a public page's sheet written into it (docs/decisions/051-first-paint-needs-only-the-document.md)", () => {
  const dist = mkdtempSync(path.join(tmpdir(), "client-files-sheets-"));
  const links =
    '<link rel="stylesheet" crossorigin href="/assets/closes-C1.css">' +
    '<link rel="stylesheet" crossorigin href="/assets/missing-M1.css">';
  const html = `<!doctype html><html><head>${links}</head><body><div id="root"></div></body></html>`;
  const app = new Hono();
  app.use("*", clientFiles(dist));
  beforeAll(() => {
    mkdirSync(path.join(dist, "assets"));
    mkdirSync(path.join(dist, ".vite"));
    writeFileSync(path.join(dist, "index.html"), html);
    // A sheet whose text would end the <style> element it went into, and a link to no file.
    writeFileSync(path.join(dist, "assets/closes-C1.css"), '.a::after{content:"</style><script>"}');
    writeFileSync(
      path.join(dist, ".vite/route-preloads.json"),
      JSON.stringify([{ path: "/login", scripts: [], styles: [] }]),
    );
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it("leaves a link as it is when its sheet could end the element or cannot be read", async () => {
    const res = await app.request("/login");
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(html);
  });
});

describe("API answers", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("compresses a large JSON answer to a GET in the encoding the browser prefers", async () => {
    const plain = await t.request("/api/openapi.json");
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(COMPRESS_JSON_FROM_BYTES);
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toMatch(/Accept-Encoding/);

    const br = await t.request("/api/openapi.json", { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toMatch(/Accept-Encoding/);
    expect(br.headers.get("cache-control")).toBe("no-store");
    const brBody = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get("content-length"))).toBe(brBody.byteLength);
    expect(brotliDecompressSync(brBody).toString()).toBe(text);

    const gz = await t.request("/api/openapi.json", { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(text);
  });

  it("leaves small answers and better-auth's as they are", async () => {
    const health = await t.request("/api/health", { headers: { "accept-encoding": "br" } });
    expect(health.status).toBe(200);
    expect(health.headers.get("content-encoding")).toBeNull();
    const session = await t.request("/api/auth/get-session", { headers: { "accept-encoding": "br" } });
    expect(session.headers.get("content-encoding")).toBeNull();
  });
});
