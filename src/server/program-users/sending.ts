import type { AppContext } from "../http/context";
import { InvitationRateLimited, type Sender } from "./invitations";
import { inviterName } from "./service";

/** Who sends an invitation or access email, and the limits it is sent under. */
export async function senderOf(c: AppContext, actor: Parameters<typeof inviterName>[1]): Promise<Sender> {
  const { db, config } = c.get("deps");
  return {
    publicUrl: config.publicUrl,
    invitedBy: await inviterName(db, actor),
    actorUserId: actor.userId,
    rateLimited: config.AUTH_RATE_LIMIT,
  };
}

/** Runs a call that may send an invitation email; over a limit, the 429 carries its Retry-After. */
export async function sendingEmail<T>(c: AppContext, send: () => Promise<T>): Promise<T> {
  try {
    const result = await send();
    c.get("deps").mailer.kick();
    return result;
  } catch (error) {
    if (error instanceof InvitationRateLimited) c.header("Retry-After", String(error.retryAfterSeconds));
    throw error;
  }
}
