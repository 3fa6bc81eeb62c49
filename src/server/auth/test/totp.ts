import { base32Decode, hotp } from "../totp-step";

/**
 * An authenticator app, for tests only (server tests and e2e/two-factor.e2e.ts): the code of an
 * otpauth:// URI at a moment, computed independently of better-auth — RFC 6238 (TOTP) over RFC 4226
 * (HOTP): HMAC-SHA1 of the 30-second step number, dynamically truncated to 6 digits (totp-step.ts; its
 * HOTP is checked against RFC 4226's published values in two-factor.test.ts).
 */

/** The secret (key bytes) and the parameters of an otpauth://totp/ URI. */
export function parseTotpUri(uri: string): { key: Buffer; digits: number; period: number } {
  const url = new URL(uri);
  if (url.protocol !== "otpauth:" || url.host !== "totp") throw new Error(`not a TOTP URI: ${uri}`);
  const secret = url.searchParams.get("secret");
  if (!secret) throw new Error("the URI has no secret");
  return {
    key: base32Decode(secret),
    digits: Number(url.searchParams.get("digits") ?? 6),
    period: Number(url.searchParams.get("period") ?? 30),
  };
}

/** The code an authenticator app shows for `uri` at `atMs` (now by default); `stepOffset` moves by periods. */
export function totpCode(uri: string, atMs = Date.now(), stepOffset = 0): string {
  const { key, digits, period } = parseTotpUri(uri);
  return hotp(key, Math.floor(atMs / 1000 / period) + stepOffset, digits);
}

/** A code that is wrong now (not the code of the previous, current or next step, which a server accepts). */
export function wrongTotpCode(uri: string, atMs = Date.now()): string {
  const accepted = new Set([-1, 0, 1].map((offset) => totpCode(uri, atMs, offset)));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, "0");
    if (!accepted.has(candidate)) return candidate;
  }
}
