import { desc } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { emailOutbox } from "../db/schema";
import type { RenderedEmail } from "./templates";

export interface OutgoingEmail extends RenderedEmail {
  kind: string;
  to: string[];
  organizationId?: string | null;
  replyTo?: string | null;
  bcc?: string[];
}

/**
 * Writes a message to the outbox, inside the caller's transaction when it has one, so that the
 * message exists exactly when the change that caused it does. The dispatcher delivers it.
 */
export async function enqueueEmail(tx: Tx, email: OutgoingEmail): Promise<string> {
  const [row] = await tx
    .insert(emailOutbox)
    .values({
      kind: email.kind,
      to: email.to,
      bcc: email.bcc ?? [],
      replyTo: email.replyTo ?? null,
      subject: email.subject,
      text: email.text,
      html: email.html,
      organizationId: email.organizationId ?? null,
    })
    .returning({ id: emailOutbox.id });
  return row!.id;
}

export async function listRecentEmails(db: Db, limit = 50) {
  return db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(limit);
}
