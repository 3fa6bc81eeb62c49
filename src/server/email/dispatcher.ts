import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import type { MailTransport } from "./transports";

export const MAX_ATTEMPTS = 8;
export const LEASE_SECONDS = 120;

/** Exponential backoff: 30 s, 1 min, 2 min … capped at one hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
}

/**
 * The Message-ID of an outbox row: `<{outbox id}@{the sender's domain}>`. Every attempt to deliver the
 * row carries the same one, so a message sent again after a crash is the same message to the provider's
 * and the recipient's systems (docs/decisions/009-committee-emails.md).
 */
export function messageIdFor(outboxId: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? "decisionhub.invalid";
  return `<${outboxId}@${domain}>`;
}

/** A claimed row: `attempts` is the claim's number, the fencing token of the lease (see deliver). */
interface ClaimedRow {
  id: string;
  kind: string;
  to: string[];
  bcc: string[];
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  attempts: number;
}

export interface MailDispatcher {
  /** Delivers what is due now; returns how many messages were attempted. */
  dispatchDue(limit?: number): Promise<number>;
  start(intervalMs?: number): void;
  /** Asks for a delivery round soon (after an enqueue), without waiting for the interval. */
  kick(): void;
  stop(): Promise<void>;
}

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/**
 * Claims due messages with FOR UPDATE SKIP LOCKED and a lease, so several app instances can run
 * dispatchers side by side and each message is handed to one of them at a time. A message whose
 * sender died mid-send is picked up again when its lease expires, and sent with the same Message-ID.
 */
export function createMailDispatcher(opts: {
  db: Db;
  transport: MailTransport;
  from: string;
  onError?: (message: string) => void;
}): MailDispatcher {
  const { db, transport, from } = opts;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = false;
  /**
   * Messages the provider accepted but whose "sent" could not be written (the database refused it).
   * Written before anything is claimed again, so this dispatcher never sends them a second time.
   */
  const unconfirmed = new Set<string>();

  async function claim(limit: number): Promise<ClaimedRow[]> {
    // UPDATE … RETURNING keeps no order: the claimed rows are read back oldest first (to the
    // microsecond, in SQL), so messages go out in the order they were queued.
    const result = await db.execute(sql`
      with due as (
        select id from email_outbox
        where (status = 'pending' and next_attempt_at <= now())
           or (status = 'sending' and locked_until < now())
        order by created_at, id
        limit ${limit}
        for update skip locked),
      claimed as (
        update email_outbox set status = 'sending', attempts = attempts + 1,
          locked_until = now() + make_interval(secs => ${LEASE_SECONDS})
        where id in (select id from due)
        returning id, kind, "to", bcc, reply_to, subject, text, html, attempts, created_at)
      select * from claimed order by created_at, id`);
    return rowsOf(result).map((r) => ({
      id: r.id as string,
      kind: r.kind as string,
      to: r.to as string[],
      bcc: (r.bcc as string[] | null) ?? [],
      replyTo: (r.reply_to as string | null) ?? null,
      subject: r.subject as string,
      text: r.text as string,
      html: r.html as string,
      attempts: r.attempts as number,
    }));
  }

  /**
   * Renews the lease just before sending, if the row is still ours: a claim is identified by its attempt
   * number, which any later claim increments. A batch whose first messages were slow may have lost a
   * later one to another dispatcher (its lease expired); that one is then left to its new owner.
   */
  async function stillOurs(row: ClaimedRow): Promise<boolean> {
    const result = await db.execute(sql`
      update email_outbox set locked_until = now() + make_interval(secs => ${LEASE_SECONDS})
      where id = ${row.id} and status = 'sending' and attempts = ${row.attempts}
      returning id`);
    return rowsOf(result).length > 0;
  }

  /** "Sent" is the truth once the provider accepted: not fenced, and it wins over a stale failure. */
  async function markSent(id: string): Promise<void> {
    await db.execute(sql`
      update email_outbox set status = 'sent', sent_at = coalesce(sent_at, now()), locked_until = null,
        transport = ${transport.name}, last_error = null
      where id = ${id}`);
  }

  async function markFailed(row: ClaimedRow, message: string): Promise<void> {
    const gaveUp = row.attempts >= MAX_ATTEMPTS;
    // Fenced: a dispatcher that lost the lease must not undo what the new owner did (e.g. "sent").
    await db.execute(sql`
      update email_outbox set status = ${gaveUp ? "failed" : "pending"}, locked_until = null,
        last_error = ${message.slice(0, 2000)},
        next_attempt_at = now() + make_interval(secs => ${retryDelaySeconds(row.attempts)})
      where id = ${row.id} and status = 'sending' and attempts = ${row.attempts}`);
    opts.onError?.(`[mail] delivery of ${row.id} failed (attempt ${row.attempts}): ${message}`);
  }

  async function deliver(row: ClaimedRow): Promise<void> {
    if (!(await stillOurs(row))) return;
    try {
      await transport.send({
        messageId: messageIdFor(row.id, from),
        kind: row.kind,
        from,
        to: row.to,
        bcc: row.bcc,
        replyTo: row.replyTo,
        subject: row.subject,
        text: row.text,
        html: row.html,
      });
    } catch (err) {
      await markFailed(row, err instanceof Error ? err.message : String(err));
      return;
    }
    // The provider has the message: from here on nothing may send it as a failure to retry. If the
    // database refuses "sent", the id is remembered and written before this dispatcher claims again.
    try {
      await markSent(row.id);
    } catch (err) {
      unconfirmed.add(row.id);
      opts.onError?.(
        `[mail] ${row.id} was sent but could not be marked sent: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }

  /** Writes the "sent" that failed earlier; throws (and nothing is claimed) while the database refuses. */
  async function confirmUnconfirmed(): Promise<void> {
    for (const id of [...unconfirmed]) {
      await markSent(id);
      unconfirmed.delete(id);
    }
  }

  async function dispatchDue(limit = 20): Promise<number> {
    await confirmUnconfirmed();
    const rows = await claim(limit);
    for (const row of rows) await deliver(row);
    return rows.length;
  }

  function round(): void {
    if (stopped || running) return;
    running = dispatchDue()
      .catch((err) => {
        opts.onError?.(`[mail] dispatch round failed: ${err instanceof Error ? err.message : String(err)}`);
        return 0;
      })
      .finally(() => {
        running = null;
      });
  }

  return {
    dispatchDue,
    start(intervalMs = 2000) {
      stopped = false;
      timer = setInterval(round, intervalMs);
      timer.unref();
    },
    kick() {
      setImmediate(round);
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
