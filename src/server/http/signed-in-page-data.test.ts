import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { sessions } from "../db/schema";
import { buildCast, buildUser, type Cast, signInCast } from "../test/factories";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../test/harness";
import { REVALIDATE } from "./client-files";
import { signedInPageExtras } from "./signed-in-page-data";

const SESSION = "/api/auth/get-session";
const dist = mkdtempSync(path.join(tmpdir(), "signed-in-page-data-"));
const ENTRY = '<script type="module" crossorigin src="/assets/index-A1.js"></script>';

let t: TestApp;
let cast: Cast;
let cookies: Awaited<ReturnType<typeof signInCast>>;
let unregistered: { id: string; cookie: string };
let pages: ReturnType<typeof createApp>;

beforeAll(async () => {
  t = await createTestApp();
  mkdirSync(path.join(dist, ".vite"));
  writeFileSync(
    path.join(dist, "index.html"),
    `<!doctype html><html><head>${ENTRY}</head><body><div id="root"></div></body></html>`,
  );
  // As the build writes it: the session's preload on the guarded pages, none on the public ones.
  writeFileSync(
    path.join(dist, ".vite/route-preloads.json"),
    JSON.stringify([
      { path: "/applications", scripts: ["assets/list-L1.js"], styles: [], fetches: [SESSION] },
      { path: "/portal/applicant", scripts: ["assets/portal-P1.js"], styles: [], fetches: [SESSION] },
      { path: "/login", scripts: ["assets/login-S1.js"], styles: [] },
    ]),
  );
  cast = await buildCast(t.deps.db);
  cookies = await signInCast(t, cast);
  const stranger = await buildUser(t.deps.db, { name: "Known to nobody" });
  unregistered = { id: stranger.id, cookie: await t.signIn(stranger.email) };
  pages = createApp(t.deps, { serveClient: true, clientDir: dist });
});

afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

async function page(pagePath: string, cookie?: string) {
  const res = await pages.request(pagePath, {
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
  });
  return { res, html: await res.text() };
}

/** The fetch preloads a page's HTML names, in order. */
function fetchPreloads(html: string): string[] {
  return [...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)].map((m) => m[1]!);
}

const reads = (userId: string) => [
  `/api/users/${userId}`,
  `/api/users/${userId}/currentProgram`,
  `/api/users/${userId}/programs`,
];

describe("a guarded page's HTML names the signed-in visitor's first reads", () => {
  it("names a reviewer's profile, current program and programs before the entry's script", async () => {
    const { res, html } = await page("/applications", cookies.reviewer);
    expect(res.status).toBe(200);
    expect(fetchPreloads(html)).toEqual([...reads(cast.members.REVIEWER.id), SESSION]);
    expect(html.indexOf(`/api/users/${cast.members.REVIEWER.id}"`)).toBeLessThan(html.indexOf(ENTRY));
    // The visitor's own: never kept by a shared cache, nor handed to another cookie.
    expect(res.headers.get("cache-control")).toBe(`private, ${REVALIDATE}`);
    expect(res.headers.get("vary")).toBe("Accept-Encoding, Cookie");
  });

  it("names an organization admin's three reads, and only their own", async () => {
    const { html } = await page("/applications", cookies.orgAdmin);
    expect(fetchPreloads(html)).toEqual([...reads(cast.orgAdmin.id), SESSION]);
    for (const other of [cast.otherOrgAdmin.id, cast.members.REVIEWER.id, cast.applicant.id]) {
      expect(html).not.toContain(other);
    }
  });

  it("names only the profile for an applicant, who has no program", async () => {
    const { html } = await page("/portal/applicant", cookies.applicant);
    expect(fetchPreloads(html)).toEqual([`/api/users/${cast.applicant.id}`, SESSION]);
  });

  it("names only the profile for an account the product does not know", async () => {
    const { html } = await page("/applications", unregistered.cookie);
    expect(fetchPreloads(html)).toEqual([`/api/users/${unregistered.id}`, SESSION]);
  });

  it("names nothing of anyone without a session, with a forged cookie or with a signed-out one", async () => {
    const forged = cookies.reviewer.replace(/=([^.]+)\./, "=forged$1.");
    const signedOut = await t.signIn(cast.members.GUEST.email);
    await t.deps.db.delete(sessions).where(eq(sessions.userId, cast.members.GUEST.id));
    for (const cookie of [undefined, forged, signedOut]) {
      const { res, html } = await page("/applications", cookie);
      expect(res.status).toBe(200);
      expect(fetchPreloads(html)).toEqual([SESSION]);
      expect(html).not.toContain("/api/users/");
      expect(res.headers.get("cache-control")).toBe(REVALIDATE);
    }
  });

  it("names nothing on a public page, even for a signed-in visitor", async () => {
    const { res, html } = await page("/login", cookies.reviewer);
    expect(fetchPreloads(html)).toEqual([]);
    expect(html).not.toContain(cast.members.REVIEWER.id);
    expect(res.headers.get("cache-control")).toBe(REVALIDATE);
  });
});

describe("signedInPageExtras", () => {
  const guarded = { path: "/applications", scripts: [], styles: [], fetches: [SESSION] };

  it("does not read the session for a page that is not guarded", async () => {
    let asked = 0;
    const extras = await signedInPageExtras({ path: "/login", scripts: [], styles: [] }, async () => {
      asked += 1;
      return null;
    });
    expect(extras).toBeNull();
    expect(asked).toBe(0);
  });

  it("leaves the page as built when the session cannot be read now", async () => {
    const extras = await signedInPageExtras(guarded, () => Promise.reject(new Error("database gone")));
    expect(extras).toBeNull();
  });
});
