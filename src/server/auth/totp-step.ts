import { createHmac, timingSafeEqual } from "node:crypto";
import { symmetricDecrypt } from "better-auth/crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { twoFactors } from "../db/schema";
import { appRateLimitKey } from "../http/rate-limit";

/**
 * The time step of an authenticator code, so that each code is accepted once (decision 021): RFC 6238
 * (TOTP) over RFC 4226 (HOTP) — HMAC-SHA1 of the 30-second step number, truncated to 6 digits — as
 * better-auth's twoFactor plugin computes it with its defaults (auth.ts sets no others).
 */
export const TOTP = { digits: 6, periodSeconds: 30, windowSteps: 1 } as const;

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32, as an otpauth:// URI's `secret` carries the key (no padding). */
export function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text.replace(/=+$/, "").toUpperCase()) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

export function hotp(key: Buffer, counter: number, digits: number = TOTP.digits): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac("sha1", key).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

export const totpStepAt = (atMs: number) => Math.floor(atMs / 1000 / TOTP.periodSeconds);

/** The step whose code `code` is, among the steps better-auth accepts at `atMs`; null for a wrong code. */
export function acceptedStepOf(key: Buffer, code: string, atMs = Date.now()): number | null {
  const now = totpStepAt(atMs);
  const given = Buffer.from(code);
  let matched: number | null = null;
  // Every step is compared, in constant time, whatever matched first.
  for (let step = now - TOTP.windowSteps; step <= now + TOTP.windowSteps; step++) {
    const expected = Buffer.from(hotp(key, step));
    if (given.length === expected.length && timingSafeEqual(given, expected)) matched = step;
  }
  return matched;
}

type SecretConfig = Parameters<typeof symmetricDecrypt>[0]["key"];

/** The user's authenticator key, decrypted as better-auth does; null when they have none. */
export async function totpKeyOf(db: Db, userId: string, secret: SecretConfig): Promise<Buffer | null> {
  const [row] = await db
    .select({ secret: twoFactors.secret })
    .from(twoFactors)
    .where(eq(twoFactors.userId, userId));
  if (!row) return null;
  const decrypted = await symmetricDecrypt({ key: secret, data: row.secret });
  // better-auth keeps a key imported from another provider as "base32:<key>", its own as the text itself.
  return decrypted.startsWith("base32:")
    ? base32Decode(decrypted.slice("base32:".length))
    : Buffer.from(decrypted, "utf8");
}

/** Where the last accepted step of a user is kept: a counter row of its own in rate_limits. */
export const totpStepKey = (userId: string) => appRateLimitKey("totp-last-step", userId);

/**
 * Records `step` as the user's last accepted one if it is later than the one recorded: true then,
 * false for a code of that step or an earlier one (a replay). One statement, so two requests with the
 * same code cannot both pass.
 */
export async function claimTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const key = totpStepKey(userId);
  const result = await db.execute(sql`
    insert into rate_limits (id, key, count, last_request) values (gen_random_uuid()::text, ${key}, ${step}, ${Date.now()})
    on conflict (key) do update set count = excluded.count, last_request = excluded.last_request
      where rate_limits.count < excluded.count
    returning count`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}
