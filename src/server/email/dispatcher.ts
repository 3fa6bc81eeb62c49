import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import type { emailOutbox } from "../db/schema";
import type { MailTransport } from "./transports";

export const MAX_ATTEMPTS = 8;
const LEASE_SECONDS = 120;

/** Exponential backoff: 30 s, 1 min, 2 min … capped at one hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
}

type OutboxRow = typeof emailOutbox.$inferSelect;

export interface MailDispatcher {
  /** Delivers what is due now; returns how many messages were attempted. */
  dispatchDue(limit?: number): Promise<number>;
  start(intervalMs?: number): void;
  /** Asks for a delivery round soon (after an enqueue), without waiting for the interval. */
  kick(): void;
  stop(): Promise<void>;
}

/**
 * Claims due messages with FOR UPDATE SKIP LOCKED and a lease, so several app instances can run
 * dispatchers side by side and each message is handed to one of them at a time. A message whose
 * sender died mid-send is picked up again when its lease expires.
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

  async function claim(limit: number): Promise<OutboxRow[]> {
    const result = await db.execute<Record<string, unknown>>(sql`
      update email_outbox set status = 'sending', attempts = attempts + 1,
        locked_until = now() + make_interval(secs => ${LEASE_SECONDS})
      where id in (
        select id from email_outbox
        where (status = 'pending' and next_attempt_at <= now())
           or (status = 'sending' and locked_until < now())
        order by created_at
        limit ${limit}
        for update skip locked)
      returning id, "to", bcc, reply_to, subject, text, html, attempts, created_at`);
    // UPDATE … RETURNING does not keep the subquery's order: deliver oldest first.
    const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows.sort(
      (a, b) => new Date(a.created_at as string).getTime() - new Date(b.created_at as string).getTime(),
    );
    return rows.map((r) => ({
      id: r.id as string,
      to: r.to as string[],
      bcc: (r.bcc as string[] | null) ?? [],
      replyTo: (r.reply_to as string | null) ?? null,
      subject: r.subject as string,
      text: r.text as string,
      html: r.html as string,
      attempts: r.attempts as number,
    })) as OutboxRow[];
  }

  async function deliver(row: OutboxRow): Promise<void> {
    try {
      await transport.send({
        from,
        to: row.to,
        bcc: row.bcc,
        replyTo: row.replyTo,
        subject: row.subject,
        text: row.text,
        html: row.html,
      });
      await db.execute(sql`
        update email_outbox set status = 'sent', sent_at = now(), locked_until = null,
          transport = ${transport.name}, last_error = null
        where id = ${row.id}`);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const gaveUp = row.attempts >= MAX_ATTEMPTS;
      await db.execute(sql`
        update email_outbox set status = ${gaveUp ? "failed" : "pending"}, locked_until = null,
          last_error = ${message.slice(0, 2000)},
          next_attempt_at = now() + make_interval(secs => ${retryDelaySeconds(row.attempts)})
        where id = ${row.id}`);
      opts.onError?.(`[mail] delivery of ${row.id} failed (attempt ${row.attempts}): ${message}`);
    }
  }

  async function dispatchDue(limit = 20): Promise<number> {
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
