import type { BetterAuthPlugin } from "better-auth";
import {
  APIError,
  createAuthEndpoint,
  createAuthMiddleware,
  isAPIError,
  sessionMiddleware,
} from "better-auth/api";
import { and, eq, gt, sql } from "drizzle-orm";
import { TWO_FACTOR_TEXT } from "../../shared/schemas/two-factor";
import { sessions } from "../db/schema";
import { sessionTokenFromCookie } from "./session-cookie";
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

/**
 * Our rules around better-auth's twoFactor plugin (decision 015), as a plugin of its own so that they
 * run inside better-auth's pipeline whatever calls it:
 * - a code check (TOTP or backup code) is limited per account and address, like a password;
 * - "trust this device" is never granted: every sign-in of an account with 2FA asks for a code;
 * - only admins set it up, and an admin whose organization requires it cannot turn it off;
 * - `GET /two-factor/requirement` tells the signed-in user whether it is on and who requires it.
 */
export function twoFactorPolicy(deps: CodeGuardDeps & { clientAddressHeader: string }) {
  const { db } = deps;
  /** The counter key of a code check in flight, from the before hook to the after hook of one call. */
  const attempts = new WeakMap<object, string>();

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

  /** Whose code this is, as better-auth will decide it: the session's user, else the pending sign-in's. */
  async function codeOwner(ctx: HookContext): Promise<string | null> {
    const signedIn = await sessionUserId(ctx);
    if (signedIn !== null) return signedIn;
    const cookie = ctx.context.createAuthCookie(PENDING_SIGN_IN_COOKIE);
    const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
    if (!identifier) return null;
    const pending = await ctx.context.internalAdapter.findVerificationValue(identifier);
    return pending && new Date(pending.expiresAt) > new Date() ? pending.value : null;
  }

  const beforeCodeCheck = createAuthMiddleware(async (ctx) => {
    const userId = deps.enabled ? await codeOwner(ctx) : null;
    // No account (no session, no pending sign-in): better-auth refuses it without checking a code.
    if (userId !== null) {
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
    // Only the field it changes: better-auth deep-merges what a hook returns into the request's body, and
    // handing the whole body back made it walk every level of it (a 10,000-deep body overflowed the stack).
    return { context: { body: { trustDevice: false } } };
  });

  const afterCodeCheck = createAuthMiddleware(async (ctx) => {
    const key = attempts.get(ctx.context);
    if (key === undefined) return;
    attempts.delete(ctx.context);
    const returned = ctx.context.returned;
    const status = isAPIError(returned)
      ? returned.statusCode
      : returned instanceof Response
        ? returned.status
        : 200;
    await settleCodeAttempt(db, key, status);
  });

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
