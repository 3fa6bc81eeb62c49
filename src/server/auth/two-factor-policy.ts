import type { BetterAuthPlugin } from "better-auth";
import {
  APIError,
  createAuthEndpoint,
  createAuthMiddleware,
  isAPIError,
  sessionMiddleware,
} from "better-auth/api";
import { TWO_FACTOR_ERROR_CODES } from "better-auth/plugins/two-factor";
import { and, eq, gt, ne, sql } from "drizzle-orm";
import { TWO_FACTOR_TEXT } from "../../shared/schemas/two-factor";
import { sessions, users } from "../db/schema";
import { sessionTokenFromCookie } from "./session-cookie";
import { acceptedStepOf, claimTotpStep, totpKeyOf } from "./totp-step";
import {
  beginCodeAttempt,
  CODE_PATHS,
  type CodeGuardDeps,
  codeCounterKey,
  settleCodeAttempt,
} from "./two-factor-guard";
import { holdsAdminRole, organizationsRequiringTwoFactorOf } from "./two-factor-requirement";

/** What a hook sees of the request (better-auth's middleware context, the parts used here). */
type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** better-auth's cookie that names a sign-in waiting for its second factor (the plugin's TWO_FACTOR_COOKIE_NAME). */
const PENDING_SIGN_IN_COOKIE = "two_factor";

const TOTP_PATH = "/two-factor/verify-totp";

/**
 * Our rules around better-auth's twoFactor plugin (decision 015), as a plugin of its own so that they
 * run inside better-auth's pipeline whatever calls it:
 * - a code check (TOTP or backup code) is limited per account and address, like a password;
 * - an authenticator code is accepted once: a code of the last accepted step or an earlier one is wrong;
 * - "trust this device" is never granted: every sign-in of an account with 2FA asks for a code;
 * - turning it on ends every other session of the account;
 * - only admins set it up, and an admin whose organization requires it cannot turn it off;
 * - `GET /two-factor/requirement` tells the signed-in user whether it is on and who requires it.
 */
export function twoFactorPolicy(deps: CodeGuardDeps & { clientAddressHeader: string }) {
  const { db } = deps;
  /** The counter key of a code check in flight, from the before hook to the after hook of one call. */
  const attempts = new WeakMap<object, string>();
  /** The user whose confirming code, in flight, may turn two-factor on (from the before to the after hook). */
  const enabling = new WeakMap<object, string>();

  /** The signed-in user of the request: the session cookie, checked as for every API call. */
  async function sessionUserId(ctx: HookContext): Promise<string | null> {
    const token = sessionTokenFromCookie(
      ctx.headers?.get("cookie") ?? undefined,
      ctx.context.authCookies.sessionToken.name,
      ctx.context.secret,
    );
    if (token === null) return null;
    const [row] = await db
      .select({ userId: sessions.userId })
      .from(sessions)
      .where(and(eq(sessions.token, token), gt(sessions.expiresAt, sql`now()`)));
    return row?.userId ?? null;
  }

  /**
   * Whose code this is, as better-auth will decide it: the session's user (confirming the app during
   * setup), else the pending sign-in's.
   */
  async function codeOwner(ctx: HookContext): Promise<{ userId: string; signedIn: boolean } | null> {
    const signedIn = await sessionUserId(ctx);
    if (signedIn !== null) return { userId: signedIn, signedIn: true };
    const cookie = ctx.context.createAuthCookie(PENDING_SIGN_IN_COOKIE);
    const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
    if (!identifier) return null;
    const pending = await ctx.context.internalAdapter.findVerificationValue(identifier);
    return pending && new Date(pending.expiresAt) > new Date()
      ? { userId: pending.value, signedIn: false }
      : null;
  }

  /**
   * A right authenticator code is accepted once (ASVS 2.8.4, decision 021): its step must come after the
   * last accepted one, which it then becomes. A reuse gets better-auth's own answer to a wrong code.
   */
  async function refuseReplayedCode(ctx: HookContext, userId: string): Promise<void> {
    const code = (ctx.body as { code?: unknown } | undefined)?.code;
    if (typeof code !== "string") return;
    const key = await totpKeyOf(db, userId, ctx.context.secretConfig);
    const step = key === null ? null : acceptedStepOf(key, code);
    // A wrong code (or no authenticator) is better-auth's to refuse, and counts as a wrong code there.
    if (step === null) return;
    if (!(await claimTotpStep(db, userId, step))) {
      throw APIError.from("UNAUTHORIZED", TWO_FACTOR_ERROR_CODES.INVALID_CODE);
    }
  }

  const beforeCodeCheck = createAuthMiddleware(async (ctx) => {
    const owner = await codeOwner(ctx);
    // No account (no session, no pending sign-in): better-auth refuses it without checking a code.
    if (owner !== null && deps.enabled) {
      const { userId } = owner;
      const address = ctx.headers?.get(deps.clientAddressHeader) ?? undefined;
      const key = codeCounterKey(userId, address);
      const refused = await beginCodeAttempt(deps, key, { userId, address });
      if (refused) {
        throw new APIError(
          "TOO_MANY_REQUESTS",
          { code: refused.code, message: refused.message },
          { "retry-after": String(refused.retryAfterSeconds) },
        );
      }
      attempts.set(ctx.context, key);
    }
    if (owner !== null && ctx.path === TOTP_PATH) {
      // Counted above before it is checked: a replay counts as a wrong code from that address.
      await refuseReplayedCode(ctx, owner.userId);
      if (owner.signedIn && !(await twoFactorIsOn(owner.userId))) enabling.set(ctx.context, owner.userId);
    }
    // Only the field it changes: better-auth deep-merges what a hook returns into the request's body, and
    // handing the whole body back made it walk every level of it (a 10,000-deep body overflowed the stack).
    return { context: { body: { trustDevice: false } } };
  });

  const twoFactorIsOn = async (userId: string) =>
    (await db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, userId)))[0]?.on === true;

  const afterCodeCheck = createAuthMiddleware(async (ctx) => {
    const returned = ctx.context.returned;
    const status = isAPIError(returned)
      ? returned.statusCode
      : returned instanceof Response
        ? returned.status
        : 200;
    const key = attempts.get(ctx.context);
    attempts.delete(ctx.context);
    if (key !== undefined) await settleCodeAttempt(db, key, status);
    const enabledFor = enabling.get(ctx.context);
    enabling.delete(ctx.context);
    if (enabledFor !== undefined && status < 400) await endOtherSessions(ctx, enabledFor);
  });

  /**
   * Two-factor has just been turned on: a session opened with the password alone, perhaps by someone who
   * knew it, must not outlive it. The session better-auth has just opened for the caller stays.
   */
  async function endOtherSessions(ctx: HookContext, userId: string): Promise<void> {
    const kept = ctx.context.newSession?.session.token;
    if (kept === undefined || !(await twoFactorIsOn(userId))) return;
    await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.token, kept)));
  }

  const beforeEnable = createAuthMiddleware(async (ctx) => {
    const userId = await sessionUserId(ctx);
    if (userId !== null && !(await holdsAdminRole(db, userId))) {
      throw new APIError("FORBIDDEN", {
        code: "TWO_FACTOR_ADMINS_ONLY",
        message: TWO_FACTOR_TEXT.adminsOnly,
      });
    }
  });

  const beforeDisable = createAuthMiddleware(async (ctx) => {
    const userId = await sessionUserId(ctx);
    if (userId !== null && (await organizationsRequiringTwoFactorOf(db, userId)).length > 0) {
      throw new APIError("FORBIDDEN", {
        code: "TWO_FACTOR_REQUIRED_BY_ORGANIZATION",
        message: TWO_FACTOR_TEXT.cannotDisableWhileRequired,
      });
    }
  });

  const requirement = createAuthEndpoint(
    "/two-factor/requirement",
    { method: "GET", use: [sessionMiddleware] },
    async (ctx) => {
      const user = ctx.context.session.user as { id: string; twoFactorEnabled?: boolean | null };
      return ctx.json({
        enabled: user.twoFactorEnabled === true,
        requiredBy: await organizationsRequiringTwoFactorOf(db, user.id),
      });
    },
  );

  return {
    id: "decisionhub-two-factor-policy",
    endpoints: { twoFactorRequirement: requirement },
    hooks: {
      before: [
        { matcher: (ctx) => CODE_PATHS.has(ctx.path ?? ""), handler: beforeCodeCheck },
        { matcher: (ctx) => ctx.path === "/two-factor/enable", handler: beforeEnable },
        { matcher: (ctx) => ctx.path === "/two-factor/disable", handler: beforeDisable },
      ],
      after: [{ matcher: (ctx) => CODE_PATHS.has(ctx.path ?? ""), handler: afterCodeCheck }],
    },
  } satisfies BetterAuthPlugin;
}
