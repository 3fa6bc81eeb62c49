import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { twoFactor } from "better-auth/plugins/two-factor";
import { eq } from "drizzle-orm";
import { SESSION_HOURS } from "../../shared/limits";
import { COMMON_PASSWORD } from "../../shared/messages";
import { authUpdateUserBodySchema } from "../../shared/schemas/users";
import { allowedOrigins, type Config } from "../config";
import type { Db } from "../db/client";
import { accounts, rateLimits, sessions, twoFactors, users, verifications } from "../db/schema";
import { enqueueEmail } from "../email/outbox";
import { passwordResetEmail } from "../email/templates";
import { validationError } from "../http/errors";
import { createLogger, type Logger } from "../logger";
import { isCommonPassword } from "../users/common-passwords";
import { admitResetEmail, forgetResetLinks } from "./reset-limits";
import { clearSignInFailures } from "./sign-in-guard";
import { twoFactorPolicy } from "./two-factor-policy";

/**
 * The client's address, put here by our own middleware from the socket (or from X-Forwarded-For
 * behind a trusted proxy) after deleting whatever the client sent under this name. better-auth's
 * rate limiter reads only this header, so a client cannot pick its own rate-limit bucket.
 */
export const CLIENT_IP_HEADER = "x-decisionhub-client-ip";

/** Wrong second-factor codes in a row, from any address, before the account's code step locks (decision 015). */
export const TWO_FACTOR_LOCKOUT = { maxFailedAttempts: 10, durationSeconds: 15 * 60 } as const;

/** better-auth's paths (under /api/auth) that set a password from a `newPassword` field. */
const NEW_PASSWORD_PATHS: ReadonlySet<string> = new Set(["/reset-password", "/change-password"]);

export function createAuth(opts: {
  db: Db;
  config: Config;
  secret: string;
  /** Where the code limit's warnings go; by default a logger of the configured level. */
  log?: Logger;
  onEmailQueued: () => void;
}) {
  const { db, config } = opts;
  const log = opts.log ?? createLogger(config.LOG_LEVEL);
  return betterAuth({
    appName: "DecisionHub",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: opts.secret,
    trustedOrigins: allowedOrigins(config),
    // better-auth's own HTML error page (/api/auth/error) is not served: it sends the browser to the
    // product's error page with a code that page knows, which shows only the spec's message for it.
    onAPIError: { errorURL: `${config.publicUrl}/common/error?code=400` },
    // Its warnings (a wrong password, an unknown account) follow our LOG_LEVEL: silent is silent.
    logger: { disabled: config.LOG_LEVEL === "silent" },
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        rateLimit: rateLimits,
        twoFactor: twoFactors,
      },
    }),
    emailAndPassword: {
      enabled: true,
      // Accounts are created by POST /api/users/create (with their organization, in one transaction).
      disableSignUp: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async ({ user }) => {
        await clearSignInFailures(db, user.email);
        // The password was just chosen: no other link may change it again (decision 020).
        await forgetResetLinks(db, user.id);
        // The reset link came to this address: it is the owner's (decision 019, in-app invitations).
        await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
      },
      // Both reset endpoints (ours and better-auth's) come through here: the per-recipient limit holds for both.
      sendResetPassword: async ({ user, url, token }) => {
        if (!(await admitResetEmail({ db, log, enabled: config.AUTH_RATE_LIMIT }, user, token))) return;
        await enqueueEmail(db, {
          kind: "password-reset",
          to: [user.email],
          ...passwordResetEmail(user.name, url),
        });
        opts.onEmailQueued();
      },
    },
    session: {
      // The spec: a user whose last login is more than 24 hours old is signed out.
      expiresIn: SESSION_HOURS * 60 * 60,
      disableSessionRefresh: true,
    },
    rateLimit: {
      enabled: config.AUTH_RATE_LIMIT,
      storage: "database",
      modelName: "rateLimit",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: 10 },
        "/request-password-reset": { window: 60, max: 5 },
        "/reset-password": { window: 60, max: 10 },
        // It checks the current password: a stolen session must not become a way to guess it.
        "/change-password": { window: 60, max: 5 },
        // Per address, like sign-in; wrong codes also have their per-account limits (decision 015).
        "/two-factor/*": { window: 60, max: 10 },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.publicUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    plugins: [
      twoFactor({
        issuer: "DecisionHub",
        // Setting up takes effect only once a first code from the app is confirmed (verify-totp).
        skipVerificationOnEnable: false,
        accountLockout: { enabled: true, ...TWO_FACTOR_LOCKOUT },
      }),
      twoFactorPolicy({
        db,
        log,
        enabled: config.AUTH_RATE_LIMIT,
        clientAddressHeader: CLIENT_IP_HEADER,
      }),
    ],
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // A new password (a reset, an invitation's first password, a change) is not a common one
        // (decision 021). better-auth's own error shape: its client shows a PASSWORD_ code at the field.
        if (NEW_PASSWORD_PATHS.has(ctx.path ?? "")) {
          const newPassword = (ctx.body as { newPassword?: unknown } | undefined)?.newPassword;
          if (typeof newPassword === "string" && isCommonPassword(newPassword)) {
            throw new APIError("BAD_REQUEST", { code: "PASSWORD_TOO_COMMON", message: COMMON_PASSWORD });
          }
        }
        // A new password ends every other session (the caller gets a fresh one), whatever the client
        // asked: someone who knew the old password must not stay signed in. Reset revokes all, above.
        if (ctx.path === "/change-password" && typeof ctx.body === "object" && ctx.body !== null) {
          // Only the field it changes: better-auth deep-merges it into the body (see two-factor-policy.ts).
          return { context: { body: { revokeOtherSessions: true } } };
        }
        // The profile update follows the product's name rules (names go into emails and pages), and
        // answers a refusal in the API's error shape (decision 021).
        if (ctx.path === "/update-user") {
          const parsed = authUpdateUserBodySchema.safeParse(ctx.body ?? {});
          if (!parsed.success) throw new APIError("BAD_REQUEST", validationError(parsed.error).toBody());
          if (parsed.data.name !== undefined) return { context: { body: { name: parsed.data.name } } };
        }
      }),
    },
    databaseHooks: {
      session: {
        create: {
          after: async (session) => {
            await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, session.userId));
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
