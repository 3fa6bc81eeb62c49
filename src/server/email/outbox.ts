import { desc } from "drizzle-orm";
import { LINE_BREAK } from "../../shared/schemas/common";
import type { Db, Tx } from "../db/client";
import { emailOutbox } from "../db/schema";
import type { RenderedEmail } from "./templates";

export interface OutgoingEmail extends RenderedEmail {
  kind: string;
  to: string[];
  organizationId?: string | null;
  replyTo?: string | null;
  bcc?: string[];
  /**
   * One message per key (a unique column): enqueueing the same key again does nothing, so a request
   * retried after a timeout or a crash never queues its messages twice.
   */
  dedupeKey?: string | null;
}

const LINE_BREAKS = new RegExp(`${LINE_BREAK.source}+`, "g");
/**
 * A subject on one line, whatever names it carries: a line break typed into a name (a program's, a
 * form's) must never become a header line before a provider sees it. A run of line breaks (CR, LF,
 * VT, FF, NEL, LS, PS) becomes one space.
 */
export const oneLineSubject = (subject: string) => subject.replace(LINE_BREAKS, " ").trim();

const rowOf = (email: OutgoingEmail) => ({
  kind: email.kind,
  to: email.to,
  bcc: email.bcc ?? [],
  replyTo: email.replyTo ?? null,
  subject: oneLineSubject(email.subject),
  text: email.text,
  html: email.html,
  organizationId: email.organizationId ?? null,
  dedupeKey: email.dedupeKey ?? null,
});

/**
 * Writes a message to the outbox, inside the caller's transaction when it has one, so that the
 * message exists exactly when the change that caused it does. The dispatcher delivers it.
 */
export async function enqueueEmail(tx: Tx, email: OutgoingEmail): Promise<string> {
  const [row] = await tx.insert(emailOutbox).values(rowOf(email)).returning({ id: emailOutbox.id });
  return row!.id;
}

/** Rows per INSERT: nine parameters each keeps a statement far below PostgreSQL's 65,535. */
export const ENQUEUE_BATCH = 500;

/**
 * Writes many messages with one INSERT per ENQUEUE_BATCH rows (not one per message). A message whose
 * dedupe key is already in the outbox is skipped (ON CONFLICT DO NOTHING), so enqueueing the same keyed
 * messages twice leaves each once. Returns how many rows were new.
 */
export async function enqueueEmails(tx: Tx, emails: readonly OutgoingEmail[]): Promise<number> {
  let inserted = 0;
  for (let start = 0; start < emails.length; start += ENQUEUE_BATCH) {
    const rows = await tx
      .insert(emailOutbox)
      .values(emails.slice(start, start + ENQUEUE_BATCH).map(rowOf))
      .onConflictDoNothing({ target: emailOutbox.dedupeKey })
      .returning({ id: emailOutbox.id });
    inserted += rows.length;
  }
  return inserted;
}

export async function listRecentEmails(db: Db, limit = 50) {
  return db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(limit);
}
