import type { AppDeps } from "../src/server/http/context";
import type { JobTriggers } from "../src/server/server";

/**
 * Background work on Cloud Functions. The Node server runs its mail dispatcher and export runner on
 * timers in its one process; a function instance lives only while it answers, so here the same runners
 * are started by a task queue (right after a request queued something) and by a scheduled function (what
 * the timers did: retries, leases run out, the export sweep). The jobs are the same rows in the same
 * tables, claimed with FOR UPDATE SKIP LOCKED under a lease and fenced by their attempt number
 * (src/server/jobs/claiming.ts, used by src/server/email/dispatcher.ts and src/server/exports/job-runner.ts):
 * a task delivered twice, a tick overlapping a task, or an instance that dies mid-job, is what those
 * runners already handle.
 */

/** The task queue functions, by the work they start (their names are the deployed functions' names). */
export const TASK_FUNCTIONS = { mail: "sendMail", exports: "runExports" } as const;
export type JobKind = keyof typeof TASK_FUNCTIONS;

/** Mail rounds one task runs at most (20 messages a round); what is left waits for the next tick. */
export const MAIL_ROUNDS_PER_TASK = 50;

/** How long an answer waits for its enqueues at most: Cloud Tasks slow or out of reach must not hold it. */
export const SETTLE_MS = 3000;

/**
 * Triggers that enqueue one task per kind while an earlier enqueue of that kind is still under way, and
 * `settle()`, which the API awaits before its answer leaves: a function's CPU may be throttled once the
 * answer is sent, and a task enqueued after it might never go out. A failed or late enqueue is only
 * logged or left running: the next tick picks the work up.
 */
export function createJobTriggers(
  enqueue: (kind: JobKind) => Promise<void>,
  onError: (message: string) => void,
): { triggers: JobTriggers; settle(maxMs?: number): Promise<void> } {
  const pending = new Map<JobKind, Promise<void>>();
  const trigger = (kind: JobKind) => () => {
    if (pending.has(kind)) return;
    const enqueued = enqueue(kind)
      .catch((err) =>
        onError(
          `[jobs] could not enqueue ${TASK_FUNCTIONS[kind]} (the next tick will run it): ${err instanceof Error ? err.message : String(err)}`,
        ),
      )
      .finally(() => pending.delete(kind));
    pending.set(kind, enqueued);
  };
  return {
    triggers: { mailQueued: trigger("mail"), exportQueued: trigger("exports") },
    async settle(maxMs = SETTLE_MS) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, maxMs);
      });
      await Promise.race([Promise.all(pending.values()), late]);
      clearTimeout(timer);
    },
  };
}

type JobDeps = Pick<AppDeps, "mailer" | "exports">;

/** The mail task: delivers what is due, round after round, until a round finds nothing. */
export async function sendDueMail(deps: JobDeps): Promise<number> {
  let sent = 0;
  for (let round = 0; round < MAIL_ROUNDS_PER_TASK; round++) {
    const attempted = await deps.mailer.dispatchDue();
    sent += attempted;
    if (attempted === 0) break;
  }
  return sent;
}

/** The export task: runs due export jobs one after another until none is left. */
export function runDueExports(deps: JobDeps): Promise<number> {
  return deps.exports.runner.runDue();
}

/** The scheduled function: one round of what the Node server's timers do. */
export async function tick(
  deps: JobDeps,
): Promise<{ mail: number; swept: { exports: number; uploads: number }; exports: number }> {
  const mail = await sendDueMail(deps);
  const swept = await deps.exports.runner.sweep();
  const exports = await runDueExports(deps);
  return { mail, swept, exports };
}
