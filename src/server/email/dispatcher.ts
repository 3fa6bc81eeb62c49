import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { emailOutbox } from "../db/schema";
import { backoffSeconds, jobQueue } from "../jobs/claiming";
import type { MailTransport } from "./transports";

export const MAX_ATTEMPTS = 8;
export const LEASE_SECONDS = 120;
/** Exponential backoff: 30 s, 1 min, 2 min … capped at one hour. */
const BACKOFF = { firstSeconds: 30, capSeconds: 3600 };

export function retryDelaySeconds(attempts: number): number {
  return backoffSeconds(attempts, BACKOFF);
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

/**
 * Claims due messages with FOR UPDATE SKIP LOCKED and a lease (src/server/jobs/claiming.ts), so several
 * app instances can run dispatchers side by side and each message is handed to one of them at a time. A
 * message whose sender died mid-send is picked up again when its lease expires, and sent with the same
 * Message-ID: an interruption never uses up the attempts, only a failure the provider reported does.
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

  const outbox = jobQueue(db, {
    table: emailOutbox,
    statuses: { waiting: "pending", running: "sending", failed: "failed" },
    leaseSeconds: LEASE_SECONDS,
    maxAttempts: MAX_ATTEMPTS,
    interruptionsCount: false,
    retry: BACKOFF,
  });

  async function claim(limit: number): Promise<ClaimedRow[]> {
    // Oldest first, so messages go out in the order they were queued.
    return (await outbox.claim(limit)).map((r) => ({
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

  /** "Sent" is the truth once the provider accepted: not fenced, and it wins over a stale failure. */
  async function markSent(id: string): Promise<void> {
    await db.execute(sql`
      update email_outbox set status = 'sent', sent_at = coalesce(sent_at, now()), locked_until = null,
        transport = ${transport.name}, last_error = null
      where id = ${id}`);
  }

  async function markFailed(row: ClaimedRow, message: string): Promise<void> {
    // Fenced: a dispatcher that lost the lease must not undo what the new owner did (e.g. "sent").
    await outbox.retryOrGiveUp(row, { lastError: message.slice(0, 2000) });
    opts.onError?.(`[mail] delivery of ${row.id} failed (attempt ${row.attempts}): ${message}`);
  }

  async function deliver(row: ClaimedRow): Promise<void> {
    // The lease renewed just before sending, if the row is still ours: a batch whose first messages were
    // slow may have lost a later one to another dispatcher (its lease expired), left to its new owner.
    if (!(await outbox.renew(row))) return;
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
