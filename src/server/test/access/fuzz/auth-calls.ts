import type { BaseCall } from "./endpoints";
import type { FuzzRequest } from "./request";
import type { JsonSchema } from "./schema-values";
import type { Write } from "./write-journal";

/**
 * better-auth serves its endpoints behind two wildcard routes (`GET|POST /api/auth/*`) and outside the
 * OpenAPI document: these are its endpoints the app enables (email and password, sessions, the
 * account, two-factor authentication), with the shape of their bodies as better-auth documents them,
 * for the fuzzer to start from (and the security scan: scripts/security-scan/operations.ts). A few ask
 * for what is not enabled (sign-up, email verification, codes by email): those must be refused as
 * cleanly.
 */

const text = (maxLength?: number): JsonSchema => ({ type: "string", ...(maxLength ? { maxLength } : {}) });
const object = (properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema => ({
  type: "object",
  properties,
  required,
});
const email = text(254);
const password: JsonSchema = { type: "string", minLength: 8, maxLength: 128 };

/** Whose address the calls name: the fuzzing admin of organization A (see world.ts). */
const ADMIN_EMAIL = "a-orgadmin@matrix.test";

/**
 * The test accounts' password (the harness's TEST_PASSWORD, not imported: the security scan reads this
 * list and must not load the test harness; auth-calls.test.ts checks they are the same). The two-factor
 * calls the fuzzer's callers may make in earnest carry it, so that they get past the password to what
 * follows; everything else carries a wrong one. On the scanned server it is wrong too.
 */
export const ACCOUNT_PASSWORD = "test-password-1";

const post = (path: string, body: Record<string, unknown>, bodySchema: JsonSchema): BaseCall => ({
  call: `POST /api/auth/${path}`,
  body,
  bodySchema,
});

/**
 * better-auth's twoFactor plugin (decision 015), every endpoint it serves: setting up (enable, then a
 * first code to verify-totp), the app's URI again, new backup codes, turning it off, and the codes of a
 * sign-in waiting for its second factor (verify-totp, verify-backup-code). Codes by email (send-otp,
 * verify-otp) are served but not configured: refused. The fuzzer sends them also as an admin who has
 * it on and as a sign-in waiting for its code (callers.ts). `/totp/generate` and the backup codes' view
 * are server-only: not served.
 */
const code = text();
const trustDevice: JsonSchema = { type: "boolean" };
const TWO_FACTOR_CALLS: BaseCall[] = [
  post(
    "two-factor/enable",
    { password: ACCOUNT_PASSWORD },
    object({ password, method: { type: "string", enum: ["otp", "totp"] }, issuer: text() }, ["password"]),
  ),
  post("two-factor/get-totp-uri", { password: ACCOUNT_PASSWORD }, object({ password }, ["password"])),
  post(
    "two-factor/verify-totp",
    { code: "000000", trustDevice: true },
    object({ code, trustDevice }, ["code"]),
  ),
  post(
    "two-factor/verify-backup-code",
    { code: "ABCDE-12345", trustDevice: true, disableSession: false },
    object({ code, trustDevice, disableSession: { type: "boolean" } }, ["code"]),
  ),
  post(
    "two-factor/generate-backup-codes",
    { password: ACCOUNT_PASSWORD },
    object({ password }, ["password"]),
  ),
  post("two-factor/disable", { password: ACCOUNT_PASSWORD }, object({ password }, ["password"])),
  post("two-factor/send-otp", { trustDevice: true }, object({ trustDevice })),
  post(
    "two-factor/verify-otp",
    { code: "000000", trustDevice: true },
    object({ code, trustDevice }, ["code"]),
  ),
];

export const AUTH_CALLS: Record<string, BaseCall[]> = {
  "GET /api/auth/*": [
    { call: "GET /api/auth/list-sessions" },
    { call: "GET /api/auth/list-accounts" },
    { call: "GET /api/auth/ok" },
    { call: "GET /api/auth/error?error=fuzz" },
    { call: "GET /api/auth/verify-email?token=fuzz-token&callbackURL=/" },
    { call: "GET /api/auth/reset-password/fuzz-token?callbackURL=/reset-password" },
    // Ours (the policy plugin, src/server/auth/two-factor-policy.ts): whether it is on, who requires it.
    { call: "GET /api/auth/two-factor/requirement" },
  ],
  "POST /api/auth/*": [
    post(
      "sign-in/email",
      { email: ADMIN_EMAIL, password: "not-the-password", rememberMe: true, callbackURL: "/" },
      object({ email, password, rememberMe: { type: "boolean" }, callbackURL: text() }, [
        "email",
        "password",
      ]),
    ),
    post(
      "sign-up/email",
      { name: "Fuzz", email: "{newEmail}", password: "a-long-password-1" },
      object({ name: text(200), email, password, image: text(), callbackURL: text() }, [
        "name",
        "email",
        "password",
      ]),
    ),
    post("sign-out", {}, object({})),
    post(
      "request-password-reset",
      { email: ADMIN_EMAIL, redirectTo: "/reset-password" },
      object({ email, redirectTo: text() }, ["email"]),
    ),
    post(
      "reset-password",
      { newPassword: "a-long-password-2", token: "fuzz-token" },
      object({ newPassword: password, token: text() }, ["newPassword"]),
    ),
    post(
      "change-password",
      { currentPassword: "not-the-password", newPassword: "a-long-password-2", revokeOtherSessions: true },
      object({ currentPassword: password, newPassword: password, revokeOtherSessions: { type: "boolean" } }, [
        "currentPassword",
        "newPassword",
      ]),
    ),
    post(
      "update-user",
      { name: "Fuzzed Admin", image: null },
      object({ name: text(200), image: { type: ["string", "null"] } }),
    ),
    post(
      "change-email",
      { newEmail: "{newEmail}", callbackURL: "/" },
      object({ newEmail: email, callbackURL: text() }, ["newEmail"]),
    ),
    post("revoke-session", { token: "fuzz-token" }, object({ token: text() }, ["token"])),
    post("revoke-other-sessions", {}, object({})),
    post("revoke-sessions", {}, object({})),
    post("delete-user", { password: "not-the-password" }, object({ password, token: text() })),
    post(
      "send-verification-email",
      { email: ADMIN_EMAIL },
      object({ email, callbackURL: text() }, ["email"]),
    ),
    post("unlink-account", { providerId: "credential" }, object({ providerId: text(), accountId: text() })),
    ...TWO_FACTOR_CALLS,
  ],
};

/** better-auth's paths that check a second-factor code. */
const CODE_CHECKS: ReadonlySet<string> = new Set(
  ["verify-totp", "verify-backup-code", "verify-otp"].map((p) => `/api/auth/two-factor/${p}`),
);

/**
 * What a refused code may write, by design (decision 015): the counts its limits keep. A wrong code
 * for a sign-in waiting for it uses up one of that sign-in's five tries (better-auth takes the count
 * and writes it again: a DELETE and an INSERT in `verifications`; once they are spent, the sign-in is
 * deleted too) and counts towards the account's lockout (an UPDATE of `two_factors`: its count, its
 * lock, an expired lock cleared). A right authenticator code is spent as it is checked, even when
 * better-auth then refuses the call (a sign-in whose tries are used up): the step recorded in
 * `rate_limits` (decision 021). Anything else a refused request writes is a partial write.
 */
export function isCountOfRefusedCode(request: FuzzRequest, write: Write): boolean {
  const path = new URL(request.url, "http://localhost").pathname.replace(/(.)\/+$/, "$1");
  if (request.method !== "POST" || !CODE_CHECKS.has(path)) return false;
  if (write.table === "verifications") return write.op === "DELETE" || write.op === "INSERT";
  if (write.table === "rate_limits") {
    return path.endsWith("/verify-totp") && (write.op === "INSERT" || write.op === "UPDATE");
  }
  return write.table === "two_factors" && write.op === "UPDATE";
}
