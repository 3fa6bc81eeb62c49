import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authOperations, SESSION_ENDING } from "../../../../../scripts/security-scan/operations";
import { wrongTotpCode } from "../../../auth/test/totp";
import {
  authPost,
  CookieJar,
  enrolTwoFactor,
  nextTotpCode,
  PENDING_SIGN_IN_COOKIE,
  signInWithPassword,
} from "../../../auth/test/two-factor";
import { buildOrg, buildUser } from "../../factories";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../../harness";
import { ACCOUNT_PASSWORD, AUTH_CALLS, isCountOfRefusedCode } from "./auth-calls";
import { type Outcome, problemsOf } from "./check";
import { installWriteJournal, type Write, type WriteJournal } from "./write-journal";

let t: TestApp;
let journal: WriteJournal;
beforeAll(async () => {
  t = await createTestApp();
  journal = await installWriteJournal(t.deps.db);
});
afterAll(async () => {
  await t?.close();
});

const listed = Object.values(AUTH_CALLS)
  .flat()
  .map((b) => b.call);
const twoFactorCalls = listed.filter((call) => call.includes("/api/auth/two-factor/"));

/** What better-auth serves over HTTP under /two-factor/ ("POST /api/auth/two-factor/enable"). */
function servedTwoFactorEndpoints(): string[] {
  type Endpoint = { path?: string; options?: { method?: string | string[] } };
  return Object.values(t.deps.auth.api as unknown as Record<string, Endpoint>)
    .filter((e) => e.path?.startsWith("/two-factor/"))
    .flatMap((e) => [e.options?.method ?? []].flat().map((method) => `${method} /api/auth${e.path}`))
    .sort();
}

describe("better-auth's endpoints the fuzzer and the security scan start from", () => {
  it("are every two-factor endpoint the app serves, and only those", async () => {
    expect(servedTwoFactorEndpoints()).toEqual([...twoFactorCalls].sort());
    // Each one answers (a 404 would mean better-auth does not serve it after all).
    for (const call of twoFactorCalls) {
      const [method, path] = call.split(" ") as [string, string];
      const res = await t.request(path, { method, ...(method === "POST" ? { body: {} } : {}) });
      expect(res.status, call).not.toBe(404);
    }
  });

  it("carry the test accounts' password where a call is meant to get past it", () => {
    expect(ACCOUNT_PASSWORD).toBe(TEST_PASSWORD);
  });

  it("are all scanned by the security scan (none skipped as ending the session)", () => {
    const scanned = authOperations().map((op) => op.key);
    expect(new Set(scanned).size, "each endpoint once").toBe(scanned.length);
    for (const call of twoFactorCalls) {
      expect(scanned).toContain(call);
      expect(SESSION_ENDING).not.toHaveProperty(call);
    }
    const enable = authOperations().find((op) => op.key === "POST /api/auth/two-factor/enable");
    expect(enable?.example?.body).toEqual({ password: ACCOUNT_PASSWORD });
    expect(enable?.body?.required).toEqual(["password"]);
  });
});

describe("what a refused second-factor code may write", () => {
  /** An admin with two-factor authentication on, and a sign-in of theirs waiting for its code. */
  async function waitingSignIn() {
    const org = await buildOrg(t.deps.db);
    const user = await buildUser(t.deps.db, { adminOrganizationId: org.id });
    const { uri } = await enrolTwoFactor(t, await t.signIn(user.email));
    const jar = new CookieJar();
    expect((await signInWithPassword(t, jar, user.email)).body).toMatchObject({ twoFactorRedirect: true });
    expect(jar.has(PENDING_SIGN_IN_COOKIE)).toBe(true);
    return { uri, jar };
  }

  /** A code sent for the waiting sign-in, as the fuzzer would see it: its answer and its writes. */
  async function sendCode(jar: CookieJar, path: string, code: string): Promise<Outcome> {
    await journal.clear();
    const answer = await authPost(t, jar, path, { code });
    const url = `/api/auth${path}`;
    return {
      request: { method: "POST", url, headers: {}, body: JSON.stringify({ code }) },
      status: answer.status,
      contentType: "application/json",
      location: null,
      text: JSON.stringify(answer.body),
      writes: await journal.writes(),
      ms: 0,
    };
  }

  const problems = (outcome: Outcome) =>
    problemsOf(outcome, {
      auth: true,
      forbidden: [],
      refusalMayWrite: (write) => isCountOfRefusedCode(outcome.request, write),
    });

  it("a wrong code counts a try and the lockout, and nothing else: no problem", async () => {
    const { uri, jar } = await waitingSignIn();
    const wrong = await sendCode(jar, "/two-factor/verify-totp", wrongTotpCode(uri));
    expect(wrong.status).toBe(401);
    expect(wrong.writes).toEqual([
      { table: "two_factors", op: "UPDATE", rows: 1 },
      { table: "verifications", op: "DELETE", rows: 1 },
      { table: "verifications", op: "INSERT", rows: 1 },
    ]);
    expect(problems(wrong)).toEqual([]);
    const backup = await sendCode(jar, "/two-factor/verify-backup-code", "ABCDE-12345");
    expect(backup.status).toBe(401);
    expect(problems(backup)).toEqual([]);
  });

  it("the sixth try deletes the waiting sign-in (400): no problem; the right code then is refused", async () => {
    const { uri, jar } = await waitingSignIn();
    for (let i = 0; i < 5; i++) {
      expect((await sendCode(jar, "/two-factor/verify-totp", wrongTotpCode(uri))).status).toBe(401);
    }
    const spent = await sendCode(jar, "/two-factor/verify-totp", nextTotpCode(uri));
    expect(spent.status).toBe(400);
    // The right code is spent (its step recorded: decision 021) though the sign-in is gone.
    expect(spent.writes).toEqual([
      { table: "rate_limits", op: "UPDATE", rows: 1 },
      { table: "verifications", op: "DELETE", rows: 2 },
    ]);
    expect(problems(spent)).toEqual([]);
  });

  it("the same writes anywhere else, or other writes of a refused code, are partial writes", () => {
    const outcome = (url: string, writes: Write[]): Outcome => ({
      request: { method: "POST", url, headers: {}, body: "{}" },
      status: 401,
      contentType: "application/json",
      location: null,
      text: JSON.stringify({ code: "X", message: "no" }),
      writes,
      ms: 0,
    });
    const counts: Write[] = [
      { table: "two_factors", op: "UPDATE", rows: 1 },
      { table: "verifications", op: "DELETE", rows: 1 },
    ];
    expect(problems(outcome("/api/auth/two-factor/verify-totp/", counts))).toEqual([]);
    expect(problems(outcome("/api/auth/change-password", counts))).toEqual([
      "partial write: refused with 401 but committed UPDATE two_factors ×1, DELETE verifications ×1",
    ]);
    expect(
      problems(
        outcome("/api/auth/two-factor/verify-totp", [
          ...counts,
          { table: "users", op: "UPDATE", rows: 1 },
          { table: "two_factors", op: "DELETE", rows: 1 },
        ]),
      ),
    ).toEqual(["partial write: refused with 401 but committed UPDATE users ×1, DELETE two_factors ×1"]);
  });
});
