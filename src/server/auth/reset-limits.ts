import { createHash } from "node:crypto";
import { and, eq, like, ne } from "drizzle-orm";
import type { Db } from "../db/client";
import { verifications } from "../db/schema";
import { appRateLimitKey, countHit, rateLimit } from "../http/rate-limit";
import type { Logger } from "../logger";

/**
 * Reset emails (docs/decisions/020): a few per recipient an hour, whichever endpoint asked, and one limit
 * per client address shared by both endpoints (ours, POST /api/users/password-reset, and better-auth's,
 * POST /api/auth/request-password-reset), so that no one can fill an inbox with them.
 */
export const RESET_EMAIL_LIMITS = {
  perRecipient: { max: 3, windowSeconds: 60 * 60 },
  perClient: { max: 5, windowSeconds: 60 },
} as const;

/** The per-address limit on asking for a reset, one bucket for both endpoints. */
export const resetRequestLimit = () => rateLimit("password-reset", RESET_EMAIL_LIMITS.perClient);

/** better-auth's reset links: `reset-password:<token>` rows whose value is the user's id. */
const RESET_TOKEN_PREFIX = "reset-password:";
const resetTokensOf = (userId: string) =>
  and(eq(verifications.value, userId), like(verifications.identifier, `${RESET_TOKEN_PREFIX}%`));

/** After a successful reset: no other link of the user may set the password again. */
export async function forgetResetLinks(db: Db, userId: string): Promise<void> {
  await db.delete(verifications).where(resetTokensOf(userId));
}

function recipientKey(email: string): string {
  const digest = createHash("sha256").update(email.toLowerCase()).digest("hex").slice(0, 32);
  return appRateLimitKey("reset-email", digest);
}

/**
 * Called by better-auth once it has stored a new reset link, before the email is sent: true when the email
 * may go. Within the recipient's allowance the new link becomes the only live one (older links are
 * deleted: one live link per person). Over it, the new link is deleted and the older ones are kept, so
 * someone asking on another's behalf can neither flood the inbox nor spoil the link already received.
 */
export async function admitResetEmail(
  deps: { db: Db; log: Logger; enabled: boolean },
  user: { id: string; email: string },
  token: string,
): Promise<boolean> {
  const { db, log } = deps;
  const { perRecipient } = RESET_EMAIL_LIMITS;
  if (deps.enabled) {
    const { count } = await countHit(db, recipientKey(user.email), perRecipient.windowSeconds);
    if (count > perRecipient.max) {
      await db.delete(verifications).where(eq(verifications.identifier, `${RESET_TOKEN_PREFIX}${token}`));
      if (count === perRecipient.max + 1) {
        log.warn(
          `password reset: ${perRecipient.max} emails to one account's address within an hour; further requests send nothing until the hour ends`,
        );
      }
      return false;
    }
  }
  await db
    .delete(verifications)
    .where(and(resetTokensOf(user.id), ne(verifications.identifier, `${RESET_TOKEN_PREFIX}${token}`)));
  return true;
}
