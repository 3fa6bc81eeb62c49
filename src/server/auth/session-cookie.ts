import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * better-auth's session cookie (better-call's signed cookie): the value is `token.signature`, the
 * signature a base64 HMAC-SHA256 of the token with the auth secret, the whole URI-encoded.
 * Reading it here lets every API request resolve its session and actor in one query instead of
 * going through better-auth's getSession (session, then user) and then loading the memberships.
 *
 * A sign-in still waiting for its second factor (decision 015) has no session to find: better-auth's
 * twoFactor plugin deletes the session the password created before answering, clears this cookie and
 * sets its own `two_factor` cookie, whose value names a verification row, not a session. Signed with the
 * same secret and scheme, that value would pass the signature check below if sent under this cookie's
 * name — and then match no session token, so the request is signed out (two-factor.test.ts tries it).
 */
export function signSessionToken(token: string, secret: string): string {
  return createHmac("sha256", secret).update(token).digest("base64");
}

/** The session token of the cookie named `cookieName` if its signature is valid, else null. */
export function sessionTokenFromCookie(
  cookieHeader: string | undefined,
  cookieName: string,
  secret: string,
): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const separator = part.indexOf("=");
    if (separator < 0 || part.slice(0, separator).trim() !== cookieName) continue;
    let value: string;
    try {
      value = decodeURIComponent(part.slice(separator + 1).trim());
    } catch {
      return null;
    }
    const dot = value.lastIndexOf(".");
    if (dot < 1) return null;
    const token = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1));
    const expected = Buffer.from(signSessionToken(token, secret));
    return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
  }
  return null;
}
