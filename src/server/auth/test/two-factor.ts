import { randomInt } from "node:crypto";
import { expect } from "vitest";
import { clearHits } from "../../http/rate-limit";
import { TEST_PASSWORD, type TestApp } from "../../test/harness";
import { totpStepKey } from "../totp-step";
import { totpCode } from "./totp";

/** Server tests' side of two-factor authentication: a browser's cookie jar and the enrolment and sign-in steps. */

/** The cookies a browser would hold after a series of answers (an expired or emptied cookie is dropped). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(res: Response): this {
    for (const line of res.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return this;
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  set(name: string, value: string): this {
    this.cookies.set(name, value);
    return this;
  }

  /** The Cookie header; undefined when empty. */
  header(): string | undefined {
    if (this.cookies.size === 0) return undefined;
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

export const SESSION_COOKIE = "better-auth.session_token";
export const PENDING_SIGN_IN_COOKIE = "better-auth.two_factor";

type Request = TestApp["request"];

/**
 * A client address of its own for a request (with TRUST_PROXY on): better-auth limits each address to a
 * few sign-ins and two-factor calls a minute, which a test file making many would otherwise reach.
 */
export const anyAddress = () => ({
  "x-forwarded-for": `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
});

/** A POST to better-auth with the jar's cookies, its answer's cookies kept. */
export async function authPost(
  t: { request: Request },
  jar: CookieJar,
  path: string,
  body: unknown,
  headers: Record<string, string> = anyAddress(),
): Promise<{ status: number; body: Record<string, unknown> | null }> {
  const cookie = jar.header();
  const res = await t.request(`/api/auth${path}`, {
    method: "POST",
    body,
    headers,
    ...(cookie === undefined ? {} : { cookie }),
  });
  jar.take(res);
  const text = await res.text();
  return { status: res.status, body: text === "" ? null : (JSON.parse(text) as Record<string, unknown>) };
}

/** Step one of a sign-in: the password. */
export function signInWithPassword(
  t: { request: Request },
  jar: CookieJar,
  email: string,
  headers: Record<string, string> = anyAddress(),
  password = TEST_PASSWORD,
) {
  return authPost(t, jar, "/sign-in/email", { email, password }, headers);
}

/**
 * Sets up an authenticator for the signed-in holder of `cookie` and confirms it with its first code, as
 * the account settings page does. Returns the app's URI, the backup codes and the session cookie that
 * replaces the old one (better-auth rotates the session when 2FA is turned on).
 */
export async function enrolTwoFactor(t: { request: Request }, cookie: string) {
  const jar = new CookieJar();
  for (const pair of cookie.split("; ")) {
    const separator = pair.indexOf("=");
    jar.set(pair.slice(0, separator), pair.slice(separator + 1));
  }
  const enabled = await authPost(t, jar, "/two-factor/enable", { password: TEST_PASSWORD });
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
  const uri = String(enabled.body?.totpURI);
  const backupCodes = enabled.body?.backupCodes as string[];
  const verified = await authPost(t, jar, "/two-factor/verify-totp", { code: totpCode(uri) });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  const session = jar.get(SESSION_COOKIE);
  if (!session) throw new Error("no session cookie after enrolment");
  return { uri, backupCodes, cookie: `${SESSION_COOKIE}=${session}` };
}

/** A plain sign-in (an account without 2FA): its session cookie. */
export async function signInPlain(t: { request: Request }, email: string): Promise<string> {
  const jar = new CookieJar();
  const answer = await signInWithPassword(t, jar, email);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const session = jar.get(SESSION_COOKIE);
  if (!session) throw new Error(`no session cookie for ${email}: ${JSON.stringify(answer.body)}`);
  return `${SESSION_COOKIE}=${session}`;
}

/**
 * The code the app shows next (a step later than now, which the server still accepts): each code is
 * accepted once, and enrolment has just spent the current one.
 */
export const nextTotpCode = (uri: string) => totpCode(uri, Date.now(), 1);

/**
 * Forgets the last authenticator step the account used, as 30 seconds of waiting would: for tests that
 * sign in with a code more often than the steps go by.
 */
export async function forgetSpentTotpCodes(t: Pick<TestApp, "deps">, userId: string): Promise<void> {
  await clearHits(t.deps.db, totpStepKey(userId));
}

/** A whole sign-in of an account with 2FA: password, then the authenticator's next code (see nextTotpCode). */
export async function signInWithTotp(t: { request: Request }, email: string, uri: string): Promise<string> {
  const jar = new CookieJar();
  const password = await signInWithPassword(t, jar, email);
  expect(password.body).toMatchObject({ twoFactorRedirect: true });
  const code = await authPost(t, jar, "/two-factor/verify-totp", { code: nextTotpCode(uri) });
  expect(code.status, JSON.stringify(code.body)).toBe(200);
  return `${SESSION_COOKIE}=${jar.get(SESSION_COOKIE)}`;
}
