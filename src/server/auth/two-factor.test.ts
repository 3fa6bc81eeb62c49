import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOO_MANY_SIGN_IN_ATTEMPTS } from "../../shared/messages";
import { TWO_FACTOR_TEXT } from "../../shared/schemas/two-factor";
import { sessions, twoFactors, users } from "../db/schema";
import { addMember, buildOrg, buildProgram, buildUser, callApi } from "../test/factories";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../test/harness";
import { totpCode, wrongTotpCode } from "./test/totp";
import {
  authPost,
  CookieJar,
  enrolTwoFactor,
  forgetSpentTotpCodes,
  nextTotpCode,
  PENDING_SIGN_IN_COOKIE,
  SESSION_COOKIE,
  signInPlain,
  signInWithPassword,
  signInWithTotp,
} from "./test/two-factor";
import { hotp } from "./totp-step";
import { CODE_LIMIT } from "./two-factor-guard";

describe("the tests' authenticator", () => {
  it("computes RFC 4226's published HOTP values", () => {
    // RFC 4226 appendix D: key "12345678901234567890", counters 0 and 1.
    const key = Buffer.from("12345678901234567890");
    expect([hotp(key, 0), hotp(key, 1), hotp(key, 9)]).toEqual(["755224", "287082", "520489"]);
  });
});

describe("two-factor authentication (TOTP)", () => {
  let t: TestApp;
  let nextAddress = 0;
  // Each test comes from addresses of its own, so that better-auth's per-address limits never answer.
  const freshAddress = () => ({ "x-forwarded-for": `198.51.100.${++nextAddress}` });

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: "on", TRUST_PROXY: "on" });
  });
  afterAll(() => t.close());

  async function orgAdmin() {
    const org = await buildOrg(t.deps.db);
    const user = await buildUser(t.deps.db, { adminOrganizationId: org.id });
    return { ...user, org, cookie: await signInPlain(t, user.email) };
  }

  const twoFactorEnabled = async (userId: string) =>
    (await t.deps.db.select().from(users).where(eq(users.id, userId)))[0]?.twoFactorEnabled;

  it("turns on only once the first code from the app is confirmed", async () => {
    const admin = await orgAdmin();
    const jar = new CookieJar().set(SESSION_COOKIE, admin.cookie.split("=")[1]!);
    const enabled = await authPost(t, jar, "/two-factor/enable", { password: TEST_PASSWORD });
    expect(enabled.status).toBe(200);
    const uri = String(enabled.body?.totpURI);
    expect(uri).toMatch(/^otpauth:\/\/totp\/DecisionHub:.+\?secret=[A-Z2-7]+&issuer=DecisionHub/);
    expect(enabled.body?.backupCodes).toHaveLength(10);
    // Not yet: a sign-in still needs only the password.
    expect(await twoFactorEnabled(admin.id)).toBe(false);
    expect(
      (await signInWithPassword(t, new CookieJar(), admin.email, freshAddress())).body,
    ).not.toHaveProperty("twoFactorRedirect");

    const wrong = await authPost(t, jar, "/two-factor/verify-totp", { code: wrongTotpCode(uri) });
    expect(wrong.status).toBe(401);
    expect(await twoFactorEnabled(admin.id)).toBe(false);

    const right = await authPost(t, jar, "/two-factor/verify-totp", { code: totpCode(uri) });
    expect(right.status).toBe(200);
    expect(await twoFactorEnabled(admin.id)).toBe(true);
    // The secret is stored encrypted, never as the app's base32 text.
    const [row] = await t.deps.db.select().from(twoFactors).where(eq(twoFactors.userId, admin.id));
    expect(row?.verified).toBe(true);
    expect(uri).not.toContain(row?.secret);
  });

  it("ends every other session of the account when it is turned on; the one turning it on goes on", async () => {
    const admin = await orgAdmin();
    const laptop = await signInPlain(t, admin.email);
    const phone = await signInPlain(t, admin.email);
    const other = await orgAdmin();
    // A read only the account's own session may make (the profile itself answers anyone, in its public form).
    const ownAccount = (cookie: string) => callApi(t, "GET", `/api/users/${admin.id}/programs`, cookie);
    expect((await ownAccount(phone)).status).toBe(200);

    const enrolled = await enrolTwoFactor(t, laptop);
    expect((await ownAccount(phone)).status).toBe(401);
    expect((await ownAccount(admin.cookie)).status).toBe(401);
    expect((await ownAccount(enrolled.cookie)).status).toBe(200);
    const left = await t.deps.db.select().from(sessions).where(eq(sessions.userId, admin.id));
    expect(left).toHaveLength(1);
    // Another account's sessions are not touched.
    expect((await callApi(t, "GET", `/api/users/${other.id}/programs`, other.cookie)).status).toBe(200);
  });

  it("is offered to admins only", async () => {
    const org = await buildOrg(t.deps.db);
    const program = await buildProgram(t.deps.db, org.id);
    for (const role of ["ADMIN", "ADMIN_REVIEWER"] as const) {
      const admin = await buildUser(t.deps.db);
      await addMember(t.deps.db, program, admin.id, role);
      const answer = await callApi(
        t,
        "POST",
        "/api/auth/two-factor/enable",
        await signInPlain(t, admin.email),
        {
          password: TEST_PASSWORD,
        },
      );
      expect(answer.status, role).toBe(200);
    }
    const reviewer = await buildUser(t.deps.db);
    await addMember(t.deps.db, program, reviewer.id, "REVIEWER");
    const applicant = await buildUser(t.deps.db, { applicant: true });
    for (const person of [reviewer, applicant]) {
      const answer = await callApi(
        t,
        "POST",
        "/api/auth/two-factor/enable",
        await signInPlain(t, person.email),
        {
          password: TEST_PASSWORD,
        },
      );
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({
        code: "TWO_FACTOR_ADMINS_ONLY",
        message: TWO_FACTOR_TEXT.adminsOnly,
      });
      expect(await t.deps.db.select().from(twoFactors).where(eq(twoFactors.userId, person.id))).toEqual([]);
    }
    expect(
      (await callApi(t, "POST", "/api/auth/two-factor/enable", undefined, { password: "x" })).status,
    ).toBe(401);
  });

  describe("signing in with it on", () => {
    it("answers the password with a code step, and no session until the code", async () => {
      const admin = await orgAdmin();
      const { uri } = await enrolTwoFactor(t, admin.cookie);
      const sessionsBefore = await t.deps.db.select().from(sessions).where(eq(sessions.userId, admin.id));

      const jar = new CookieJar();
      const password = await signInWithPassword(t, jar, admin.email, freshAddress());
      expect(password).toEqual({
        status: 200,
        body: { twoFactorRedirect: true, twoFactorMethods: ["totp"] },
      });
      expect(jar.has(SESSION_COOKIE)).toBe(false);
      expect(jar.has(PENDING_SIGN_IN_COOKIE)).toBe(true);
      // better-auth created a session for the password and deleted it: none is left for this sign-in.
      expect(await t.deps.db.select().from(sessions).where(eq(sessions.userId, admin.id))).toEqual(
        sessionsBefore,
      );
      // Whatever the browser holds now opens no API: not the pending sign-in's cookie…
      expect((await callApi(t, "GET", `/api/users/${admin.id}/programs`, jar.header())).status).toBe(401);
      // …nor its signed value passed off as a session cookie (same secret, same signature scheme).
      const forged = `${SESSION_COOKIE}=${jar.get(PENDING_SIGN_IN_COOKIE)}`;
      expect((await callApi(t, "GET", `/api/users/${admin.id}/programs`, forged)).status).toBe(401);

      const code = await authPost(
        t,
        jar,
        "/two-factor/verify-totp",
        { code: nextTotpCode(uri) },
        freshAddress(),
      );
      expect(code.status).toBe(200);
      expect(jar.has(SESSION_COOKIE)).toBe(true);
      expect(jar.has(PENDING_SIGN_IN_COOKIE)).toBe(false);
      expect((await callApi(t, "GET", `/api/users/${admin.id}/programs`, jar.header())).status).toBe(200);
    });

    it("never trusts the device, whatever the client asks", async () => {
      const admin = await orgAdmin();
      const { uri } = await enrolTwoFactor(t, admin.cookie);
      const jar = new CookieJar();
      const address = freshAddress();
      await signInWithPassword(t, jar, admin.email, address);
      const code = await authPost(
        t,
        jar,
        "/two-factor/verify-totp",
        { code: nextTotpCode(uri), trustDevice: true },
        address,
      );
      expect(code.status).toBe(200);
      expect(jar.has("better-auth.trust_device")).toBe(false);
      // The next sign-in from the same browser asks for a code again.
      expect((await signInWithPassword(t, jar, admin.email, address)).body).toMatchObject({
        twoFactorRedirect: true,
      });
    });

    it("refuses a wrong code, then every code from that address once the limit is reached", async () => {
      const admin = await orgAdmin();
      const { uri, backupCodes } = await enrolTwoFactor(t, admin.cookie);
      const attacker = freshAddress();
      const jar = new CookieJar();
      await signInWithPassword(t, jar, admin.email, attacker);
      for (let i = 0; i < CODE_LIMIT.max; i++) {
        const wrong = await authPost(
          t,
          jar,
          "/two-factor/verify-totp",
          { code: wrongTotpCode(uri) },
          attacker,
        );
        expect(wrong.status).toBe(401);
        expect(wrong.body).toMatchObject({ code: "INVALID_CODE" });
      }
      const refused = await authPost(t, jar, "/two-factor/verify-totp", { code: totpCode(uri) }, attacker);
      expect(refused).toEqual({
        status: 429,
        body: { code: "RATE_LIMITED", message: TOO_MANY_SIGN_IN_ATTEMPTS },
      });
      expect(jar.has(SESSION_COOKIE)).toBe(false);
      // Backup codes are the same door: refused too, unchecked (the code stays usable).
      const backup = await authPost(
        t,
        jar,
        "/two-factor/verify-backup-code",
        { code: backupCodes[0] },
        attacker,
      );
      expect(backup.status).toBe(429);

      // The owner, from elsewhere, signs in with their code (and the backup code was not spent).
      const owner = freshAddress();
      const ownerJar = new CookieJar();
      await signInWithPassword(t, ownerJar, admin.email, owner);
      const ok = await authPost(
        t,
        ownerJar,
        "/two-factor/verify-backup-code",
        { code: backupCodes[0] },
        owner,
      );
      expect(ok.status).toBe(200);
    });

    it("says how long the refusal lasts", async () => {
      const admin = await orgAdmin();
      const { uri } = await enrolTwoFactor(t, admin.cookie);
      const address = freshAddress();
      const jar = new CookieJar();
      await signInWithPassword(t, jar, admin.email, address);
      for (let i = 0; i <= CODE_LIMIT.max; i++) {
        await authPost(t, jar, "/two-factor/verify-totp", { code: wrongTotpCode(uri) }, address);
      }
      const res = await t.request("/api/auth/two-factor/verify-totp", {
        method: "POST",
        body: { code: totpCode(uri) },
        headers: address,
        cookie: jar.header(),
      });
      expect(res.status).toBe(429);
      const retryAfter = Number(res.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(CODE_LIMIT.windowSeconds - 60);
      expect(retryAfter).toBeLessThanOrEqual(CODE_LIMIT.windowSeconds);
    });

    it("lets no more than the limit through when wrong codes come all at once", async () => {
      const admin = await orgAdmin();
      const { uri } = await enrolTwoFactor(t, admin.cookie);
      const address = freshAddress();
      const statuses: number[] = [];
      // Each guess on a challenge of its own (better-auth also limits one challenge to 5 tries).
      const jars = await Promise.all(
        Array.from({ length: 8 }, async () => {
          const jar = new CookieJar();
          await signInWithPassword(t, jar, admin.email, freshAddress());
          return jar;
        }),
      );
      const answers = await Promise.all(
        jars.map((jar) => authPost(t, jar, "/two-factor/verify-totp", { code: wrongTotpCode(uri) }, address)),
      );
      for (const a of answers) statuses.push(a.status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(CODE_LIMIT.max);
      expect(statuses.filter((s) => s === 429)).toHaveLength(8 - CODE_LIMIT.max);
    });

    it("starts an address afresh after a right code from it", async () => {
      const admin = await orgAdmin();
      const { uri } = await enrolTwoFactor(t, admin.cookie);
      const address = freshAddress();
      for (let round = 0; round < 2; round++) {
        await forgetSpentTotpCodes(t, admin.id);
        const jar = new CookieJar();
        await signInWithPassword(t, jar, admin.email, freshAddress());
        for (let i = 0; i < CODE_LIMIT.max - 1; i++) {
          expect(
            (await authPost(t, jar, "/two-factor/verify-totp", { code: wrongTotpCode(uri) }, address)).status,
          ).toBe(401);
        }
        expect(
          (await authPost(t, jar, "/two-factor/verify-totp", { code: totpCode(uri) }, address)).status,
        ).toBe(200);
      }
    });

    it("accepts each authenticator code once: the same code again, even within its 90 seconds, is wrong", async () => {
      const admin = await orgAdmin();
      const { uri } = await enrolTwoFactor(t, admin.cookie);
      const signInWithCode = async (code: string) => {
        const jar = new CookieJar();
        await signInWithPassword(t, jar, admin.email, freshAddress());
        const answer = await authPost(t, jar, "/two-factor/verify-totp", { code }, freshAddress());
        return { ...answer, session: jar.has(SESSION_COOKIE) };
      };
      // The code that turned it on cannot also sign in.
      expect(await signInWithCode(totpCode(uri))).toEqual({
        status: 401,
        body: { code: "INVALID_CODE", message: "Invalid code" },
        session: false,
      });
      const code = nextTotpCode(uri);
      expect(await signInWithCode(code)).toMatchObject({ status: 200, session: true });
      // Refused exactly as a wrong code is: the same status and body, no session.
      const wrong = await signInWithCode(wrongTotpCode(uri));
      expect(await signInWithCode(code)).toEqual({ ...wrong, session: false });
      expect(wrong).toEqual({
        status: 401,
        body: { code: "INVALID_CODE", message: "Invalid code" },
        session: false,
      });
      // An earlier step's code, still inside the window, is refused too.
      expect((await signInWithCode(totpCode(uri))).status).toBe(401);
    });

    it("lets one of two sign-ins sent at once with the same code through", async () => {
      const admin = await orgAdmin();
      const { uri } = await enrolTwoFactor(t, admin.cookie);
      const jars = await Promise.all(
        [0, 1].map(async () => {
          const jar = new CookieJar();
          await signInWithPassword(t, jar, admin.email, freshAddress());
          return jar;
        }),
      );
      const code = nextTotpCode(uri);
      const answers = await Promise.all(
        jars.map((jar) => authPost(t, jar, "/two-factor/verify-totp", { code }, freshAddress())),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
    });

    it("accepts each backup code once", async () => {
      const admin = await orgAdmin();
      const { backupCodes } = await enrolTwoFactor(t, admin.cookie);
      const [first, second] = backupCodes;
      const signInWithBackupCode = async (code: string | undefined) => {
        const jar = new CookieJar();
        await signInWithPassword(t, jar, admin.email, freshAddress());
        const answer = await authPost(t, jar, "/two-factor/verify-backup-code", { code }, freshAddress());
        return { ...answer, session: jar.has(SESSION_COOKIE) };
      };
      expect(await signInWithBackupCode(first)).toMatchObject({ status: 200, session: true });
      expect(await signInWithBackupCode(first)).toMatchObject({
        status: 401,
        body: { code: "INVALID_BACKUP_CODE" },
        session: false,
      });
      expect(await signInWithBackupCode(second)).toMatchObject({ status: 200, session: true });
    });

    it("gives new backup codes for the password, and the old ones stop working", async () => {
      const admin = await orgAdmin();
      const enrolled = await enrolTwoFactor(t, admin.cookie);
      const wrong = await callApi(t, "POST", "/api/auth/two-factor/generate-backup-codes", enrolled.cookie, {
        password: "not-the-password",
      });
      expect(wrong.status).toBe(400);
      const fresh = await callApi<{ backupCodes: string[] }>(
        t,
        "POST",
        "/api/auth/two-factor/generate-backup-codes",
        enrolled.cookie,
        { password: TEST_PASSWORD },
      );
      expect(fresh.status).toBe(200);
      expect(fresh.body.backupCodes).toHaveLength(10);
      expect(fresh.body.backupCodes).not.toContain(enrolled.backupCodes[0]);

      const jar = new CookieJar();
      await signInWithPassword(t, jar, admin.email, freshAddress());
      const address = freshAddress();
      const old = await authPost(
        t,
        jar,
        "/two-factor/verify-backup-code",
        { code: enrolled.backupCodes[0] },
        address,
      );
      expect(old.status).toBe(401);
      const current = await authPost(
        t,
        jar,
        "/two-factor/verify-backup-code",
        { code: fresh.body.backupCodes[0] },
        address,
      );
      expect(current.status).toBe(200);
    });
  });

  it("turns off for the password only, and the next sign-in needs no code", async () => {
    const admin = await orgAdmin();
    const enrolled = await enrolTwoFactor(t, admin.cookie);
    const jar = new CookieJar().set(SESSION_COOKIE, enrolled.cookie.split("=")[1]!);
    const wrong = await authPost(t, jar, "/two-factor/disable", { password: "not-the-password" });
    expect(wrong.status).toBe(400);
    expect(await twoFactorEnabled(admin.id)).toBe(true);

    const off = await authPost(t, jar, "/two-factor/disable", { password: TEST_PASSWORD });
    expect(off).toEqual({ status: 200, body: { status: true } });
    expect(await twoFactorEnabled(admin.id)).toBe(false);
    expect(await t.deps.db.select().from(twoFactors).where(eq(twoFactors.userId, admin.id))).toEqual([]);
    const again = await signInWithPassword(t, new CookieJar(), admin.email, freshAddress());
    expect(again.status).toBe(200);
    expect(again.body).not.toHaveProperty("twoFactorRedirect");
  });

  it("tells the signed-in user whether it is on and which organizations require it", async () => {
    const admin = await orgAdmin();
    const status = (cookie: string) => callApi(t, "GET", "/api/auth/two-factor/requirement", cookie);
    expect(await status(admin.cookie)).toMatchObject({
      status: 200,
      body: { enabled: false, requiredBy: [] },
    });
    const enrolled = await enrolTwoFactor(t, admin.cookie);
    expect(await status(enrolled.cookie)).toMatchObject({
      status: 200,
      body: { enabled: true, requiredBy: [] },
    });
    expect((await callApi(t, "GET", "/api/auth/two-factor/requirement", undefined)).status).toBe(401);
    // A full sign-in with the code gives a session like any other.
    const cookie = await signInWithTotp(t, admin.email, enrolled.uri);
    expect((await status(cookie)).status).toBe(200);
  });
});
