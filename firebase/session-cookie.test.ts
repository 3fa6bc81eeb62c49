import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieJar, enrolTwoFactor, nextTotpCode } from "../src/server/auth/test/two-factor";
import { buildCast, buildPublishedForm, type Cast } from "../src/server/test/factories";
import { createTestApp, TEST_ORIGIN, TEST_PASSWORD, type TestApp } from "../src/server/test/harness";
import { defaultFormContent } from "../src/shared/forms/defaults";
import { cookieHeaderOf, jarCookie, readJar, SESSION_COOKIE, withSessionCookie } from "./session-cookie";

describe("the __session jar", () => {
  const NOW = 1_800_000_000;
  const cookieOf = (line: string) => line.split(";")[0]!;

  it("keeps every cookie the app sets, with its lifetime, and hands them back as the app's Cookie header", async () => {
    const fetch = withSessionCookie(
      () => {
        const res = new Response("ok");
        res.headers.append("set-cookie", "a=1; Max-Age=60; Path=/; HttpOnly");
        res.headers.append("set-cookie", "b=two%3D2; Path=/");
        return res;
      },
      { secure: false },
    );
    const res = await fetch(new Request("http://app/api/x"));
    const lines = res.headers.getSetCookie();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^__session=[\w-]+; Path=\/; HttpOnly; SameSite=Lax$/);
    // A browser-session cookie among them: the jar lives as long as the browser session.
    expect(cookieHeaderOf(readJar(cookieOf(lines[0]!)))).toBe("a=1; b=two%3D2");
    // Hosting keeps Set-Cookie only on an answer its CDN may not cache.
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("removes what the app deletes, forgets what expired, and deletes __session once empty", () => {
    const jar = readJar(
      cookieOf(
        jarCookie(
          {
            kept: ["k", NOW + 100],
            gone: ["g", NOW - 1],
          },
          { secure: true },
          NOW - 10,
        ),
      ),
      NOW,
    );
    expect(jar).toEqual({ kept: ["k", NOW + 100] });
    expect(jarCookie(jar, { secure: true }, NOW)).toMatch(
      /; Max-Age=100; Path=\/; HttpOnly; SameSite=Lax; Secure$/,
    );
    expect(jarCookie({}, { secure: false }, NOW)).toBe(
      "__session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax",
    );
  });

  it("sends the app no cookie but the jar's: others beside __session are dropped, as Hosting drops them", async () => {
    let seen: string | null = "unset";
    const fetch = withSessionCookie(
      (request) => {
        seen = request.headers.get("cookie");
        return new Response("ok");
      },
      { secure: false },
    );
    await fetch(new Request("http://app/api/x", { headers: { cookie: "better-auth.session_token=forged" } }));
    expect(seen).toBeNull();
    await fetch(new Request("http://app/api/x", { headers: { cookie: "__session=not-base64-json; x=1" } }));
    expect(seen).toBeNull();
  });
});

/**
 * The whole app behind the function's cookie rule, driven as a browser behind Hosting: the browser keeps
 * what the answers set, and only `__session` reaches the app.
 */
describe("sessions when only __session reaches the function", () => {
  let t: TestApp;
  let cast: Cast;
  let hosting: ReturnType<typeof withSessionCookie>;
  beforeAll(async () => {
    t = await createTestApp();
    cast = await buildCast(t.deps.db);
    hosting = withSessionCookie((request) => t.app.fetch(request), { secure: false });
  });
  afterAll(() => t?.close());

  /** A request from the browser whose cookies `jar` holds; the answer's cookies kept, and checked to be __session only. */
  async function browse(jar: CookieJar, path: string, init: { method?: string; body?: unknown } = {}) {
    const headers: Record<string, string> = { origin: TEST_ORIGIN };
    const cookie = jar.header();
    if (cookie) headers.cookie = cookie;
    if (init.body !== undefined) headers["content-type"] = "application/json";
    const res = await hosting(
      new Request(`${TEST_ORIGIN}${path}`, {
        method: init.method ?? "GET",
        headers,
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      }),
    );
    for (const line of res.headers.getSetCookie()) expect(line.startsWith(`${SESSION_COOKIE}=`)).toBe(true);
    jar.take(res);
    return res;
  }
  const inJar = (jar: CookieJar) =>
    Object.keys(readJar(`${SESSION_COOKIE}=${jar.get(SESSION_COOKIE) ?? ""}`));

  it("signs in, answers signed-in calls, and signs out", async () => {
    const jar = new CookieJar();
    const email = cast.members.REVIEWER.email;
    const signIn = await browse(jar, "/api/auth/sign-in/email", {
      method: "POST",
      body: { email, password: TEST_PASSWORD },
    });
    expect(signIn.status).toBe(200);
    expect(inJar(jar)).toEqual(["better-auth.session_token"]);
    // Our own session middleware (the actor) and better-auth's own session endpoint.
    const programs = await browse(jar, `/api/users/${cast.members.REVIEWER.id}/programs`);
    expect(programs.status).toBe(200);
    expect(await programs.text()).toContain("Arts 2026");
    const session = await browse(jar, "/api/auth/get-session");
    expect(((await session.json()) as { user: { email: string } }).user.email).toBe(email);

    expect((await browse(jar, "/api/auth/sign-out", { method: "POST", body: {} })).status).toBe(200);
    expect(jar.has(SESSION_COOKIE)).toBe(false);
    expect((await browse(jar, `/api/users/${cast.members.REVIEWER.id}/programs`)).status).toBe(401);
  });

  it("carries a sign-in waiting for its second factor, then the session it becomes", async () => {
    // Two-factor authentication is offered to admins (docs/decisions/015-two-factor.md).
    const user = cast.members.ADMIN;
    const { uri } = await enrolTwoFactor(t, await t.signIn(user.email));
    const jar = new CookieJar();
    const password = await browse(jar, "/api/auth/sign-in/email", {
      method: "POST",
      body: { email: user.email, password: TEST_PASSWORD },
    });
    expect(await password.json()).toMatchObject({ twoFactorRedirect: true });
    expect(inJar(jar)).toEqual(["better-auth.two_factor"]);
    expect((await browse(jar, `/api/users/${user.id}/programs`)).status).toBe(401);

    const code = await browse(jar, "/api/auth/two-factor/verify-totp", {
      method: "POST",
      body: { code: nextTotpCode(uri) },
    });
    expect(code.status).toBe(200);
    expect(inJar(jar)).toEqual(["better-auth.session_token"]);
    expect((await browse(jar, `/api/users/${user.id}/programs`)).status).toBe(200);
  });

  it("lets a guest applicant reach the draft by its token alone, and an applicant signed in through __session claim it", async () => {
    const form = await buildPublishedForm(
      t.deps.db,
      cast.program,
      defaultFormContent("Arts 2026 application"),
    );
    const jar = new CookieJar();
    const opened = await browse(jar, "/api/submissions", { method: "POST", body: { linkId: form.linkId } });
    expect(opened.status).toBe(200);
    const { submissionId, token } = (await opened.json()) as { submissionId: string; token: string };
    expect(jar.has(SESSION_COOKIE)).toBe(false);
    const asGuest = await hosting(
      new Request(`${TEST_ORIGIN}/api/submissions/${submissionId}`, {
        headers: { origin: TEST_ORIGIN, "x-submission-token": token },
      }),
    );
    expect(asGuest.status).toBe(200);

    await browse(jar, "/api/auth/sign-in/email", {
      method: "POST",
      body: { email: cast.applicant.email, password: TEST_PASSWORD },
    });
    const claimed = await hosting(
      new Request(`${TEST_ORIGIN}/api/submissions/${submissionId}/claim`, {
        method: "POST",
        headers: {
          origin: TEST_ORIGIN,
          cookie: jar.header()!,
          "x-submission-token": token,
          "content-type": "application/json",
        },
        body: "{}",
      }),
    );
    expect(claimed.status, await claimed.clone().text()).toBe(200);
    expect((await browse(jar, `/api/submissions/${submissionId}`)).status).toBe(200);
  });
});
