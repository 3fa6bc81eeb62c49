import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../scripts/server-bundle.mjs";
import { createTestApp } from "../src/server/test/harness";

interface HostingConfig {
  hosting: {
    ignore: string[];
    rewrites: { source: string; function?: { functionId: string; region: string }; destination?: string }[];
    headers: { source?: string; regex?: string; headers: { key: string; value: string }[] }[];
  };
  functions: { runtime: string; source: string }[];
}

const config = JSON.parse(readFileSync(path.join(ROOT, "firebase.json"), "utf8")) as HostingConfig;

describe("firebase.json", () => {
  it("gives the SPA's pages the security headers the Node server gives them (Hosting serves them, not the app)", async () => {
    // What the server sends with a page on a gs:// bucket behind an https origin.
    const t = await createTestApp({
      STORAGE_URL: "gs://demo-x.firebasestorage.app",
      PUBLIC_URL: "https://demo-x.web.app",
    });
    try {
      const page = await t.request("/applications");
      const fromServer = Object.fromEntries(
        [...page.headers].filter(
          ([name]) => !["content-type", "content-length", "cache-control"].includes(name),
        ),
      );
      const everyPath = config.hosting.headers.find((rule) => rule.source === "**");
      const fromHosting = Object.fromEntries(everyPath!.headers.map((h) => [h.key.toLowerCase(), h.value]));
      expect(fromHosting).toEqual(fromServer);
    } finally {
      await t.close();
    }
  });

  it("caches hashed assets for a year and revalidates every page; API answers keep the app's own", () => {
    const noCache = config.hosting.headers.find((rule) => rule.regex !== undefined)!;
    expect(noCache.headers).toEqual([{ key: "Cache-Control", value: "no-cache" }]);
    const pages = new RegExp(noCache.regex!);
    // RE2 (Hosting's regex) has no lookahead: "neither /api/ nor /assets/" is spelled prefix by prefix.
    const pageLike = [
      "/",
      "/a",
      "/ap",
      "/api",
      "/apix",
      "/applications",
      "/admin/allcandidates",
      "/as",
      "/assetsx",
    ];
    for (const page of pageLike) expect(pages.test(page), page).toBe(true);
    for (const other of ["/api/", "/api/health", "/api/auth/sign-in/email", "/assets/", "/assets/index-x.js"])
      expect(pages.test(other), other).toBe(false);
    const assets = config.hosting.headers.find((rule) => rule.source === "/assets/**");
    expect(assets?.headers).toEqual([{ key: "Cache-Control", value: "public, max-age=31536000, immutable" }]);
  });

  it("uploads the build's files, not the compressed copies made for our own server", () => {
    // Hosting compresses what it serves itself, choosing by Accept-Encoding and adding Vary
    // (docs/decisions/033-compressed-assets-and-route-css.md): the .br and .gz copies would only be
    // files of their own, reachable by name with the wrong type.
    expect(config.hosting.ignore).toEqual(["**/.*", "**/*.br", "**/*.gz"]);
  });

  it("sends /api/** to the api function and every other path to the SPA", () => {
    expect(config.hosting.rewrites).toEqual([
      { source: "/api/**", function: { functionId: "api", region: "us-central1" } },
      { source: "**", destination: "/index.html" },
    ]);
    expect(config.functions[0]).toMatchObject({ runtime: "nodejs24", source: "dist/firebase/functions" });
  });
});
