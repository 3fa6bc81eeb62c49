import { and, desc, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMON_PASSWORD, SIGN_IN_LOCKED } from "../../shared/messages";
import { emailOutbox, rateLimits, users, verifications } from "../db/schema";
import { buildUser } from "../test/factories";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../test/harness";
import { RESET_EMAIL_LIMITS } from "./reset-limits";
import { SIGN_IN_LIMITS, SIGN_IN_PATH, signInCounterKeys } from "./sign-in-guard";

/** The link's token from the reset email: requested as a user would, read from its stored row. */
async function requestResetToken(
  t: TestApp,
  user: { id: string; email: string },
  address = "192.0.2.1",
): Promise<string> {
  const res = await t.request("/api/users/password-reset", {
    method: "POST",
    body: { email: user.email },
    headers: { "x-forwarded-for": address },
  });
  expect(res.status).toBe(200);
  const [row] = await t.deps.db
    .select({ identifier: verifications.identifier })
    .from(verifications)
    .where(and(eq(verifications.value, user.id), like(verifications.identifier, "reset-password:%")))
    .orderBy(desc(verifications.createdAt))
    .limit(1);
  return row!.identifier.slice("reset-password:".length);
}

const resetPasswordWith = (t: TestApp, token: string, newPassword: string) =>
  t.request("/api/auth/reset-password", { method: "POST", body: { token, newPassword } });

describe("passwords and sessions", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A session-only API call: 200 while the session lives, 401 once it is gone. */
  // A read only the account's own session may make (the profile itself answers anyone, in its public form).
  const ownAccount = (userId: string, cookie: string) =>
    t.request(`/api/users/${userId}/programs`, { cookie });

  async function userWithSessions(count: number) {
    const user = await buildUser(t.deps.db, { name: "Pat Password" });
    const cookies: string[] = [];
    for (let i = 0; i < count; i++) cookies.push(await t.signIn(user.email));
    return { ...user, cookies };
  }

  const resetToken = (user: { id: string; email: string }) => requestResetToken(t, user);
  const resetPassword = (token: string, newPassword: string) => resetPasswordWith(t, token, newPassword);

  const changePassword = (cookie: string, body: Record<string, unknown>) =>
    t.request("/api/auth/change-password", { method: "POST", cookie, body });

  describe("change password", () => {
    it("ends every other session even when the client asks to keep them; the caller goes on", async () => {
      const user = await userWithSessions(3);
      const [current, laptop, phone] = user.cookies as [string, string, string];

      const res = await changePassword(current, {
        currentPassword: TEST_PASSWORD,
        newPassword: "a-new-password-1",
        revokeOtherSessions: false,
      });
      expect(res.status).toBe(200);
      // The caller's session is replaced by a fresh one, set on the answer.
      const renewed = res.headers.get("set-cookie")?.match(/better-auth\.session_token=[^;]+/)?.[0];
      expect(renewed).toBeDefined();
      expect((await ownAccount(user.id, renewed!)).status).toBe(200);
      for (const cookie of [laptop, phone, current]) {
        const other = await ownAccount(user.id, cookie);
        expect(other.status).toBe(401);
        expect(await other.text()).not.toContain(user.email);
      }
      await expect(t.signIn(user.email)).rejects.toThrow(/401/);
      await t.signIn(user.email, "a-new-password-1");
    });

    it("changes nothing with a wrong current password", async () => {
      const user = await userWithSessions(2);
      const [current, other] = user.cookies as [string, string];
      const res = await changePassword(current, {
        currentPassword: "not-the-password",
        newPassword: "a-new-password-2",
      });
      expect(res.status).toBe(400);
      expect((await ownAccount(user.id, other)).status).toBe(200);
      await t.signIn(user.email);
    });

    it("is refused without a session", async () => {
      const res = await t.request("/api/auth/change-password", {
        method: "POST",
        body: { currentPassword: TEST_PASSWORD, newPassword: "a-new-password-3" },
      });
      expect(res.status).toBe(401);
    });
  });

  describe("password reset", () => {
    it("ends every session of the account", async () => {
      const user = await userWithSessions(2);
      expect((await resetPassword(await resetToken(user), "reset-password-1")).status).toBe(200);
      for (const cookie of user.cookies) expect((await ownAccount(user.id, cookie)).status).toBe(401);
      await t.signIn(user.email, "reset-password-1");
    });

    it("takes a link once: the second use is refused and changes nothing", async () => {
      const user = await buildUser(t.deps.db);
      const token = await resetToken(user);
      expect((await resetPassword(token, "reset-password-2")).status).toBe(200);
      const again = await resetPassword(token, "reset-password-3");
      expect(again.status).toBe(400);
      expect((await again.json()) as { code: string }).toMatchObject({ code: "INVALID_TOKEN" });
      await expect(t.signIn(user.email, "reset-password-3")).rejects.toThrow(/401/);
      await t.signIn(user.email, "reset-password-2");
    });

    it("refuses an expired link and keeps the old password", async () => {
      const user = await userWithSessions(1);
      const token = await resetToken(user);
      // Move the clock: the link's hour is over.
      await t.deps.db
        .update(verifications)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(verifications.identifier, `reset-password:${token}`));
      const res = await resetPassword(token, "reset-password-4");
      expect(res.status).toBe(400);
      expect((await res.json()) as { code: string }).toMatchObject({ code: "INVALID_TOKEN" });
      expect((await ownAccount(user.id, user.cookies[0]!)).status).toBe(200);
      await t.signIn(user.email);
    });

    it("keeps one live link per person: a new request ends the links sent before it", async () => {
      const user = await buildUser(t.deps.db);
      const older = await resetToken(user);
      const newer = await resetToken(user);
      const stale = await resetPassword(older, "reset-password-5");
      expect(stale.status).toBe(400);
      expect((await stale.json()) as { code: string }).toMatchObject({ code: "INVALID_TOKEN" });
      expect((await resetPassword(newer, "reset-password-6")).status).toBe(200);
      await expect(t.signIn(user.email, "reset-password-5")).rejects.toThrow(/401/);
      await t.signIn(user.email, "reset-password-6");
    });

    /** A second live set-password link of the user, stored as the invitation flow stores its links. */
    async function anotherLiveLink(userId: string): Promise<string> {
      const token = `other-link-${userId}`;
      await t.deps.db.insert(verifications).values({
        id: `v-${userId}`,
        identifier: `reset-password:${token}`,
        value: userId,
        expiresAt: new Date(Date.now() + 60 * 60 * 1000),
      });
      return token;
    }

    it("ends every other link of the person once one of them reset the password, whichever is used", async () => {
      for (const first of ["requested", "other"] as const) {
        const user = await buildUser(t.deps.db);
        const bystander = await buildUser(t.deps.db);
        const requested = await resetToken(user);
        const other = await anotherLiveLink(user.id);
        const bystanderLink = await resetToken(bystander);
        const [used, left] = first === "requested" ? [requested, other] : [other, requested];
        expect((await resetPassword(used, "reset-password-7")).status).toBe(200);
        const again = await resetPassword(left, "reset-password-8");
        expect(again.status).toBe(400);
        expect((await again.json()) as { code: string }).toMatchObject({ code: "INVALID_TOKEN" });
        await t.signIn(user.email, "reset-password-7");
        // Another person's link is not touched.
        expect((await resetPassword(bystanderLink, "reset-password-9")).status).toBe(200);
      }
    });

    it("gives links that expire one hour after they are sent", async () => {
      const user = await buildUser(t.deps.db);
      const token = await resetToken(user);
      const [row] = await t.deps.db
        .select({ expiresAt: verifications.expiresAt })
        .from(verifications)
        .where(eq(verifications.identifier, `reset-password:${token}`));
      const minutesLeft = (row!.expiresAt.getTime() - Date.now()) / 60_000;
      expect(minutesLeft).toBeGreaterThan(59);
      expect(minutesLeft).toBeLessThanOrEqual(60);
    });
  });
});

describe("better-auth's error page", () => {
  it("is not served: the browser goes to the product's error page with a code it knows", async () => {
    const t = await createTestApp();
    try {
      const res = await t.request(
        "/api/auth/error?error=INVALID_TOKEN&error_description=%3Cb%3ECall%20us%3C%2Fb%3E",
      );
      expect(res.status).toBe(302);
      const location = new URL(res.headers.get("location") ?? "");
      expect(location.pathname).toBe("/common/error");
      expect(location.searchParams.get("code")).toBe("400");
      expect(await res.text()).toBe("");
    } finally {
      await t.close();
    }
  });
});

describe("common passwords", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const COMMON = ["password", "12345678", "PASSWORD1"];
  const refusal = { code: "PASSWORD_TOO_COMMON", message: COMMON_PASSWORD };
  const passphrase = "a long passphrase nobody else has ever typed".padEnd(128, "!");
  const signInWith = (email: string, password: string) =>
    t.request("/api/auth/sign-in/email", { method: "POST", body: { email, password } });

  it("are refused by a reset, which stays usable for a good one", async () => {
    const user = await buildUser(t.deps.db);
    const token = await requestResetToken(t, user);
    for (const password of COMMON) {
      const res = await resetPasswordWith(t, token, password);
      expect(res.status, password).toBe(400);
      expect(await res.json()).toEqual(refusal);
      expect((await signInWith(user.email, password)).status).toBe(401);
    }
    expect((await resetPasswordWith(t, token, passphrase)).status).toBe(200);
    expect((await signInWith(user.email, passphrase)).status).toBe(200);
  });

  it("are refused by change-password, the old password kept", async () => {
    const user = await buildUser(t.deps.db);
    const cookie = await t.signIn(user.email);
    for (const password of COMMON) {
      const res = await t.request("/api/auth/change-password", {
        method: "POST",
        cookie,
        body: { currentPassword: TEST_PASSWORD, newPassword: password },
      });
      expect(res.status, password).toBe(400);
      expect(await res.json()).toEqual(refusal);
    }
    expect((await signInWith(user.email, TEST_PASSWORD)).status).toBe(200);
    const changed = await t.request("/api/auth/change-password", {
      method: "POST",
      cookie,
      body: { currentPassword: TEST_PASSWORD, newPassword: passphrase },
    });
    expect(changed.status).toBe(200);
    expect((await signInWith(user.email, passphrase)).status).toBe(200);
  });
});

describe("better-auth's profile update (update-user)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const stored = async (userId: string) =>
    (
      await t.deps.db.select({ name: users.name, image: users.image }).from(users).where(eq(users.id, userId))
    )[0];

  it("refuses a name the product's own name page refuses, and any picture, storing nothing", async () => {
    const user = await buildUser(t.deps.db, { name: "Pat Profile" });
    const cookie = await t.signIn(user.email);
    for (const [body, field] of [
      [{ name: "x".repeat(60_000) }, "name"],
      [{ name: "" }, "name"],
      [{ name: "   " }, "name"],
      [{ name: "Pat\nClick https://evil.example" }, "name"],
      [{ name: "Pat\u2028Profile" }, "name"],
      [{ image: "javascript:alert(1)" }, "image"],
      [{ image: "https://evil.example/a.png" }, "image"],
      [{ name: "Pat Profile", image: "javascript:alert(1)" }, "image"],
    ] as const) {
      const res = await t.request("/api/auth/update-user", { method: "POST", cookie, body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const answer = (await res.json()) as { error: { code: string; fields: Record<string, string[]> } };
      expect(answer.error.code).toBe("VALIDATION");
      expect(Object.keys(answer.error.fields)).toEqual([field]);
      expect(await stored(user.id)).toEqual({ name: "Pat Profile", image: null });
    }
  });

  it("still sets a valid name, trimmed, and lets the picture be emptied", async () => {
    const user = await buildUser(t.deps.db, { name: "Pat Profile" });
    const cookie = await t.signIn(user.email);
    const res = await t.request("/api/auth/update-user", {
      method: "POST",
      cookie,
      body: { name: "  Pat Renamed  ", image: null },
    });
    expect(res.status).toBe(200);
    expect(await stored(user.id)).toEqual({ name: "Pat Renamed", image: null });
  });
});

describe("with the rate limits on", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: "on", TRUST_PROXY: "on" });
  });
  afterAll(() => t.close());

  const signInFrom = (address: string, email: string, password: string) =>
    t.request(SIGN_IN_PATH, {
      method: "POST",
      body: { email, password },
      headers: { "x-forwarded-for": address },
    });

  it("lets the owner in again: the failures were at a password that is gone", async () => {
    const user = await buildUser(t.deps.db);
    const bystander = await buildUser(t.deps.db);
    // The account's counters full, as after an attack from many addresses; another account's too.
    const now = Date.now();
    const full = (key: string, count: number) => ({ id: key, key, count, lastRequest: now });
    const keys = signInCounterKeys(user.email, "203.0.113.1");
    const others = signInCounterKeys(bystander.email, "203.0.113.1");
    await t.deps.db
      .insert(rateLimits)
      .values([
        full(keys.account, SIGN_IN_LIMITS.account.max),
        full(keys.accountFromAddress, SIGN_IN_LIMITS.accountFromAddress.max),
        full(others.account, SIGN_IN_LIMITS.account.max),
      ]);
    // The account locks for every address, and the answer tells the owner how to get in at once.
    const locked = await signInFrom("203.0.113.2", user.email, TEST_PASSWORD);
    expect(locked.status).toBe(429);
    expect(await locked.json()).toEqual({ code: "RATE_LIMITED", message: SIGN_IN_LOCKED });
    expect(SIGN_IN_LOCKED).toContain("reset your password");
    expect((await signInFrom("203.0.113.3", user.email, TEST_PASSWORD)).status).toBe(429);

    // While the lock holds, the owner resets the password and signs in.
    const token = await requestResetToken(t, user);
    expect((await resetPasswordWith(t, token, "after-the-attack")).status).toBe(200);
    expect((await signInFrom("203.0.113.1", user.email, "after-the-attack")).status).toBe(200);
    const lockRows = await t.deps.db.select().from(rateLimits).where(eq(rateLimits.key, keys.accountLock));
    expect(lockRows).toEqual([]);
    // Only that account's counters were cleared.
    expect((await signInFrom("203.0.113.2", bystander.email, TEST_PASSWORD)).status).toBe(429);
  });

  describe("reset emails", () => {
    let nextAddress = 0;
    const freshAddress = () => `198.51.100.${++nextAddress}`;
    /** Our endpoint (the app's "Forgot password") and better-auth's own, both public. */
    const askReset = (endpoint: "ours" | "better-auth", email: string, address: string) =>
      t.request(endpoint === "ours" ? "/api/users/password-reset" : "/api/auth/request-password-reset", {
        method: "POST",
        body: endpoint === "ours" ? { email } : { email, redirectTo: "/reset-password" },
        headers: { "x-forwarded-for": address },
      });
    // In the order they were queued: without ORDER BY, PostgreSQL returns a row the dispatcher has since
    // marked sent wherever its new version landed, so "the last one" could be an earlier email.
    const resetEmailsTo = async (email: string) =>
      (
        await t.deps.db
          .select()
          .from(emailOutbox)
          .where(eq(emailOutbox.kind, "password-reset"))
          .orderBy(emailOutbox.createdAt)
      ).filter((m) => m.to.includes(email));

    it("sends at most 3 an hour to one address, across both endpoints and from any number of addresses", async () => {
      const user = await buildUser(t.deps.db);
      const answers: { status: number; body: string }[] = [];
      for (let i = 0; i < 30; i++) {
        const res = await askReset(i % 2 === 0 ? "ours" : "better-auth", user.email, freshAddress());
        answers.push({ status: res.status, body: await res.text() });
      }
      expect(await resetEmailsTo(user.email)).toHaveLength(RESET_EMAIL_LIMITS.perRecipient.max);
      // Past the limit each endpoint answers as it always does: nothing tells the caller mail was held back.
      expect(answers.every((a) => a.status === 200)).toBe(true);
      expect(new Set(answers.filter((_, i) => i % 2 === 0).map((a) => a.body)).size).toBe(1);
      expect(new Set(answers.filter((_, i) => i % 2 === 1).map((a) => a.body)).size).toBe(1);
    });

    it("keeps the last link sent working when further requests are held back", async () => {
      const user = await buildUser(t.deps.db);
      for (let i = 0; i < RESET_EMAIL_LIMITS.perRecipient.max; i++) {
        expect((await askReset("ours", user.email, freshAddress())).status).toBe(200);
      }
      const sent = await requestResetToken(t, user, freshAddress()); // held back: no email, no new link
      expect(await resetEmailsTo(user.email)).toHaveLength(RESET_EMAIL_LIMITS.perRecipient.max);
      const last = (await resetEmailsTo(user.email)).at(-1)!;
      expect(last.text).toContain(sent);
      expect((await resetPasswordWith(t, sent, "after-the-flood")).status).toBe(200);
    });

    it("counts one client address once across both endpoints", async () => {
      const address = freshAddress();
      const statuses: number[] = [];
      for (let i = 0; i < RESET_EMAIL_LIMITS.perClient.max + 1; i++) {
        const user = await buildUser(t.deps.db);
        statuses.push((await askReset(i % 2 === 0 ? "better-auth" : "ours", user.email, address)).status);
      }
      expect(statuses).toEqual([...Array(RESET_EMAIL_LIMITS.perClient.max).fill(200), 429]);
    });
  });

  it("limits password checks through change-password: a stolen session cannot guess with it", async () => {
    const user = await buildUser(t.deps.db);
    const cookie = await t.signIn(user.email);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.request("/api/auth/change-password", {
        method: "POST",
        cookie,
        body: { currentPassword: `guess-${i}-password`, newPassword: "taken-over-1" },
        headers: { "x-forwarded-for": "203.0.113.9" },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });
});
