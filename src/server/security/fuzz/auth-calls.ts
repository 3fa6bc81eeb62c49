import type { BaseCall } from "./endpoints";
import type { JsonSchema } from "./schema-values";

/**
 * better-auth serves its endpoints behind two wildcard routes (`GET|POST /api/auth/*`) and outside the
 * OpenAPI document: these are its endpoints the app enables (email and password, sessions, the
 * account), with the shape of their bodies as better-auth documents them, for the fuzzer to start from.
 * A few ask for what is not enabled (sign-up, email verification): those must be refused as cleanly.
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

const post = (path: string, body: Record<string, unknown>, bodySchema: JsonSchema): BaseCall => ({
  call: `POST /api/auth/${path}`,
  body,
  bodySchema,
});

export const AUTH_CALLS: Record<string, BaseCall[]> = {
  "GET /api/auth/*": [
    { call: "GET /api/auth/list-sessions" },
    { call: "GET /api/auth/list-accounts" },
    { call: "GET /api/auth/ok" },
    { call: "GET /api/auth/error?error=fuzz" },
    { call: "GET /api/auth/verify-email?token=fuzz-token&callbackURL=/" },
    { call: "GET /api/auth/reset-password/fuzz-token?callbackURL=/reset-password" },
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
  ],
};
