import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrolTwoFactor } from "../auth/test/two-factor";
import { sessions, users } from "../db/schema";
import { buildOrg, buildUser } from "./factories";
import { createTestApp, type TestApp } from "./harness";

/** The harness's `sessionFor` stands in for a password sign-in in tests that act as someone: it must give the same. */
describe("sessionFor", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const sessionUser = async (cookie: string) => {
    const res = await t.request("/api/auth/get-session", { cookie });
    return ((await res.json()) as { user?: { id: string } } | null)?.user?.id ?? null;
  };

  it("opens a session the API accepts, as a password sign-in does, and records the last login", async () => {
    const user = await buildUser(t.deps.db);
    const byPassword = await t.signIn(user.email);
    const bySession = await t.sessionFor(user.email.toUpperCase());
    expect(bySession).toMatch(/^better-auth\.session_token=[^;]+$/);
    expect(await sessionUser(byPassword)).toBe(user.id);
    expect(await sessionUser(bySession)).toBe(user.id);
    const rows = await t.deps.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(2);
    const [byPasswordRow, bySessionRow] = rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    // The same lifetime (each time is taken apart, a millisecond may pass between them).
    const lifetime = (row: typeof bySessionRow) => row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(Math.abs(lifetime(bySessionRow) - lifetime(byPasswordRow))).toBeLessThan(1000);
    const [row] = await t.deps.db
      .select({ lastLoginAt: users.lastLoginAt })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row!.lastLoginAt!.getTime()).toBeGreaterThanOrEqual(bySessionRow!.createdAt.getTime() - 1000);
  });

  it("fails as the password sign-in does for an account with another password or none", async () => {
    await expect(t.sessionFor("nobody@example.test")).rejects.toThrow(
      /sign-in of nobody@example.test failed: 401/,
    );
    const user = await buildUser(t.deps.db);
    const cookie = await t.sessionFor(user.email);
    const changed = await t.request("/api/auth/change-password", {
      method: "POST",
      cookie,
      body: { currentPassword: "test-password-1", newPassword: "another-password-2" },
    });
    expect(changed.status).toBe(200);
    await expect(t.sessionFor(user.email)).rejects.toThrow(/failed: 401/);
  });

  it("gives no session to an account with two-factor on, as its password alone gives none", async () => {
    // Two-factor is for admins.
    const org = await buildOrg(t.deps.db);
    const user = await buildUser(t.deps.db, { adminOrganizationId: org.id });
    await enrolTwoFactor(t, await t.sessionFor(user.email));
    await expect(t.sessionFor(user.email)).rejects.toThrow("sign-in returned no session cookie");
  });
});
