import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { open, rm } from "node:fs/promises";
import type { Writable } from "node:stream";
import { finished } from "node:stream/promises";
import { and, eq, inArray, isNotNull, lt, sql } from "drizzle-orm";
import type { ExportFormat, ExportKind } from "../../shared/schemas/exports";
import type { Db } from "../db/client";
import { exportJobs, programs, users } from "../db/schema";
import { sweepAbandonedUploads } from "../files/abandoned-uploads";
import type { FileStorage, StreamedObject } from "../files/storage";
import { jobQueue } from "../jobs/claiming";
import { jobFolder, resultKey } from "./job-store";
import { PRODUCERS } from "./producers";
import type { ExportContext, ExportProducer } from "./types";

/** A job interrupted this many times (crash, restart, lost lease) is given up. */
export const MAX_ATTEMPTS = 3;
export const LEASE_SECONDS = 60;
/** The lease is renewed this often while the producer runs (well within LEASE_SECONDS). */
export const HEARTBEAT_MS = 10_000;
/** Progress reaches the row at most this often. */
export const PROGRESS_INTERVAL_MS = 500;
const SWEEP_INTERVAL_MS = 60_000;
const SWEEP_BATCH = 200;

export const EXPORT_RUNNER_MESSAGES = {
  interrupted: `This export was interrupted ${MAX_ATTEMPTS} times (the server restarted or stopped responding), so it was stopped. Please start it again.`,
  unavailable: "This export is not available.",
  failed: "The export failed.",
} as const;

export interface ExportRunner {
  /** This process's runner id (`locked_by` of the jobs it holds). */
  readonly id: string;
  /**
   * Runs due jobs one after another until none is left (one at a time per process); returns how many
   * were started. Calls are serialized.
   */
  runDue(): Promise<number>;
  /** Deletes the files and rows of finished jobs past their retention; returns how many. */
  sweepExpired(): Promise<number>;
  /**
   * The minute's housekeeping the runner's timer does (and the Firebase target's scheduled function):
   * expired exports, then uploads posted to a bucket and never completed. How many of each it removed.
   */
  sweep(): Promise<{ exports: number; uploads: number }>;
  /** The result's content type, from the kind's producer. */
  contentTypeOf(kind: ExportKind, format: ExportFormat): string;
  start(intervalMs?: number): void;
  /** Asks a started runner for a round soon (after a job was queued), without waiting for the interval. */
  kick(): void;
  /** Stops claiming; a job running now is stopped and handed back (queued again, as after a restart). */
  stop(): Promise<void>;
}

export interface ExportRunnerOptions {
  db: Db;
  storage: FileStorage;
  retentionHours: number;
  internalEmailDomains: readonly string[];
  /** The producers by kind: PRODUCERS, or fakes in tests. */
  producers?: Partial<Record<ExportKind, ExportProducer>>;
  onError?: (message: string) => void;
  leaseSeconds?: number;
  heartbeatMs?: number;
  progressIntervalMs?: number;
}

/** A job as claimed: `attempts` with the runner's id is the claim's fencing token. */
interface ClaimedJob {
  id: string;
  attempts: number;
  kind: ExportKind;
  format: ExportFormat;
  submissionId: string | null;
  includeAnonymized: boolean;
  requestedBy: string;
  requesterName: string;
  program: ExportContext["program"];
}

/** Why a running producer was stopped from outside (its signal's reason). */
class Stopped extends Error {
  constructor(readonly why: "lease lost" | "shutdown") {
    super(why === "shutdown" ? "The server is stopping." : "This runner lost the job's lease.");
  }
}

/** Rejects with the signal's reason once it is aborted. */
function whenAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
}

const messageOf = (err: unknown) =>
  (err instanceof Error ? err.message : String(err)).trim().slice(0, 1000) || EXPORT_RUNNER_MESSAGES.failed;

/**
 * Runs export jobs from the export_jobs table, the same way on PGlite and on a PostgreSQL server. Jobs
 * are claimed with FOR UPDATE SKIP LOCKED and a lease (src/server/jobs/claiming.ts), so several app
 * instances share the table and each job runs in one of them at a time. The lease is renewed while the producer runs; a job whose lease ran
 * out (its runner crashed or was restarted) is claimed again and started over, attempts + 1, up to
 * MAX_ATTEMPTS. Every write about a running job is fenced by its attempt number and runner id, so a runner
 * that lost the lease can neither report progress nor mark the job ready or failed. The result is written
 * to a partial file, flushed to disk, and moved into place before the job is marked ready: a failed or
 * interrupted export never leaves a half-written file behind as "ready".
 */
export function createExportRunner(opts: ExportRunnerOptions): ExportRunner {
  const { db, storage } = opts;
  const producers = opts.producers ?? PRODUCERS;
  const leaseSeconds = opts.leaseSeconds ?? LEASE_SECONDS;
  const heartbeatMs = opts.heartbeatMs ?? HEARTBEAT_MS;
  const progressIntervalMs = opts.progressIntervalMs ?? PROGRESS_INTERVAL_MS;
  const id = `runner-${randomBytes(8).toString("hex")}`;
  const log = (message: string) => opts.onError?.(`[exports] ${message}`);

  let timer: NodeJS.Timeout | null = null;
  let started = false;
  let stopped = false;
  /** The job running now, to stop it on shutdown. */
  let current: AbortController | null = null;
  /** runDue calls, one after another. */
  let queue: Promise<unknown> = Promise.resolve();
  let round: Promise<void> | null = null;
  let roundAgain = false;
  let lastSweep = 0;

  const jobs = jobQueue(db, {
    table: exportJobs,
    statuses: { waiting: "queued", running: "running", failed: "failed" },
    leaseSeconds,
    maxAttempts: MAX_ATTEMPTS,
    // A job that stopped its runner three times would likely stop the next one too.
    interruptionsCount: true,
    owner: id,
  });

  /** A finished job (ready or failed) is kept for the retention, then swept. */
  const finishedNow = () => ({
    finishedAt: sql`now()`,
    expiresAt: sql`now() + make_interval(hours => ${opts.retentionHours})`,
  });

  /** Jobs interrupted too often are failed (never claimed again), with a message the admin can act on. */
  async function giveUpInterrupted(): Promise<void> {
    await jobs.giveUpExhausted({ ...finishedNow(), error: EXPORT_RUNNER_MESSAGES.interrupted });
  }

  /** The next due job, now this runner's; "vanished" when it was deleted right after the claim. */
  async function claim(): Promise<ClaimedJob | "vanished" | null> {
    // Started over: what an earlier attempt wrote is cleared with the claim.
    const [claimed] = await jobs.claim(1, {
      startedAt: sql`now()`,
      processed: 0,
      total: null,
      error: null,
      fileKey: null,
      size: null,
    });
    if (!claimed) return null;
    const [row] = await db
      .select({
        job: exportJobs,
        program: {
          id: programs.id,
          organizationId: programs.organizationId,
          name: programs.name,
          appVersion: programs.appVersion,
        },
        requesterName: users.name,
      })
      .from(exportJobs)
      .innerJoin(programs, eq(programs.id, exportJobs.programId))
      .innerJoin(users, eq(users.id, exportJobs.requestedBy))
      .where(eq(exportJobs.id, claimed.id as string));
    // Deleted in between (cancelled, or its program deleted): nothing to run.
    if (!row) return "vanished";
    return {
      id: row.job.id,
      attempts: claimed.attempts as number,
      kind: row.job.kind,
      format: row.job.format,
      submissionId: row.job.submissionId,
      includeAnonymized: row.job.includeAnonymized,
      requestedBy: row.job.requestedBy,
      requesterName: row.requesterName,
      program: row.program,
    };
  }

  /** Keeps the lease while the producer runs, and throttles its progress reports. */
  function leaseKeeper(job: ClaimedJob, controller: AbortController) {
    const progress = { processed: 0, total: null as number | null };
    let lastWrite = 0;
    let writing: Promise<void> | null = null;
    const write = () => {
      lastWrite = Date.now();
      // Renews the lease and writes the progress, if the job is still this claim's. When it is not (another
      // runner claimed it after the lease ran out, or it was deleted), the producer must stop.
      writing ??= jobs
        .renew(job, { ...progress })
        .then((ours) => {
          if (!ours) controller.abort(new Stopped("lease lost"));
        })
        // The database being unreachable for a moment is no reason to stop: the lease has time left, and
        // if it runs out the next renewal finds the job taken and stops the producer then.
        .catch((err) => log(`lease renewal of ${job.id} failed: ${messageOf(err)}`))
        .finally(() => {
          writing = null;
        });
      return writing;
    };
    const timer = setInterval(() => void write(), heartbeatMs);
    timer.unref();
    return {
      progress,
      async report(processed: number, total: number) {
        if (controller.signal.aborted) throw controller.signal.reason;
        progress.processed = processed;
        progress.total = total;
        if (writing === null && Date.now() - lastWrite >= progressIntervalMs) {
          await write();
          if (controller.signal.aborted) throw controller.signal.reason;
        }
      },
      async stop() {
        clearInterval(timer);
        await writing;
      },
    };
  }

  /** The outcome, if the job is still this claim's; false when it is not (nothing written then). */
  async function settle(job: ClaimedJob, outcome: Partial<typeof exportJobs.$inferInsert>): Promise<boolean> {
    return jobs.finish(job, { ...outcome, ...finishedNow() });
  }

  /** Hands a job back on shutdown: queued again, and started over (attempts + 1) by the next runner. */
  async function release(job: ClaimedJob): Promise<void> {
    await jobs.finish(job, { status: "queued" });
  }

  /**
   * Writes the producer's output to `target` (a partial file, flushed to disk, or a bucket's upload);
   * answers its size; throws what the producer threw.
   */
  async function produce(
    job: ClaimedJob,
    target: string | StreamedObject,
    context: Omit<ExportContext, "output">,
  ): Promise<number> {
    const producer = producers[job.kind];
    if (!producer) throw new Error(EXPORT_RUNNER_MESSAGES.unavailable);
    const output: Writable = typeof target === "string" ? createWriteStream(target) : target.output;
    // A write error (disk full) must reach the job, not crash the process as an unheard "error" event.
    let writeError: unknown = null;
    output.on("error", (err) => {
      writeError ??= err;
    });
    try {
      const run = producer.run({ ...context, output });
      // Its outcome is awaited below; one still running after an abort must not reject unheard.
      run.catch(() => undefined);
      // A stop (lease lost, shutdown) does not wait for a producer that is slow to notice its signal.
      await Promise.race([run, whenAborted(context.signal)]);
      if (context.signal.aborted) throw context.signal.reason;
      if (writeError !== null) throw writeError;
      if (!output.writableEnded) output.end();
      await finished(output);
    } catch (err) {
      // Closed before the caller removes the file: a stream still opening it would create it afterwards.
      if (!output.closed) {
        // (Not events.once: it would reject with the "error" that destroying a stream with writes pending emits.)
        const closed = new Promise<void>((resolve) => output.once("close", () => resolve()));
        output.destroy();
        await closed;
      }
      throw err;
    }
    if (typeof target !== "string") return target.finish();
    // On disk before anyone is told it is ready.
    const handle = await open(target, "r+");
    try {
      await handle.sync();
      return (await handle.stat()).size;
    } finally {
      await handle.close();
    }
  }

  async function runJob(job: ClaimedJob): Promise<void> {
    const controller = new AbortController();
    current = controller;
    // Claimed just as the runner was told to stop: handed straight back.
    if (stopped) controller.abort(new Stopped("shutdown"));
    const key = resultKey(job);
    const lease = leaseKeeper(job, controller);
    let partial: string | null = null;
    let streamed: StreamedObject | null = null;
    try {
      if (controller.signal.aborted) throw controller.signal.reason;
      // What an earlier attempt of this job left (a crash mid-write) goes before this one starts.
      await storage.removeTree("private", jobFolder(job.id));
      // Straight into a bucket when the store can (no local file); else a partial file moved into place.
      streamed = storage.streamTo("private", key);
      if (streamed === null) partial = await storage.partialPathFor("private", key);
      const size = await produce(job, streamed ?? (partial as string), {
        db,
        storage,
        program: job.program,
        params: {
          programId: job.program.id,
          kind: job.kind,
          format: job.format,
          includeAnonymized: job.includeAnonymized,
          ...(job.submissionId === null ? {} : { submissionId: job.submissionId }),
        },
        requestedBy: { userId: job.requestedBy, name: job.requesterName },
        progress: (processed, total) => lease.report(processed, total),
        signal: controller.signal,
        internalEmailDomains: opts.internalEmailDomains,
      });
      await lease.stop();
      if (controller.signal.aborted) throw controller.signal.reason;
      if (partial !== null) await storage.moveIntoPlace(partial, "private", key);
      partial = null;
      streamed = null;
      const ready = await settle(job, {
        status: "ready",
        fileKey: key,
        size,
        processed: lease.progress.processed,
        total: lease.progress.total,
      });
      // The job is no longer this claim's: its result is not the one the job points to.
      if (!ready) await storage.removeTree("private", `${jobFolder(job.id)}/${job.attempts}`);
    } catch (err) {
      await lease.stop();
      if (partial !== null) await rm(partial, { force: true });
      if (streamed !== null) await streamed.abort();
      const reason = controller.signal.aborted ? controller.signal.reason : null;
      if (reason instanceof Stopped && reason.why === "shutdown") await release(job);
      else if (reason instanceof Stopped) log(`${job.id} (attempt ${job.attempts}) was taken over`);
      else {
        log(`${job.id} (${job.kind}, attempt ${job.attempts}) failed: ${messageOf(err)}`);
        await settle(job, { status: "failed", error: messageOf(err) });
      }
    } finally {
      current = null;
    }
  }

  async function drain(): Promise<number> {
    let ran = 0;
    while (!stopped) {
      await giveUpInterrupted();
      const job = await claim();
      if (job === null) break;
      if (job === "vanished") continue;
      await runJob(job);
      ran++;
    }
    return ran;
  }

  function runDue(): Promise<number> {
    const next = queue.then(drain);
    queue = next.catch(() => undefined);
    return next;
  }

  async function sweepExpired(): Promise<number> {
    const expired = await db
      .select({ id: exportJobs.id })
      .from(exportJobs)
      .where(and(isNotNull(exportJobs.expiresAt), lt(exportJobs.expiresAt, sql`now()`)))
      .limit(SWEEP_BATCH);
    if (expired.length === 0) return 0;
    // Files first: a crash in between leaves a row whose download answers 404, swept next time.
    for (const { id: jobId } of expired) await storage.removeTree("private", jobFolder(jobId));
    const ids = expired.map((r) => r.id);
    const deleted = await db
      .delete(exportJobs)
      .where(and(inArray(exportJobs.id, ids), lt(exportJobs.expiresAt, sql`now()`)))
      .returning({ id: exportJobs.id });
    return deleted.length;
  }

  async function sweep(): Promise<{ exports: number; uploads: number }> {
    const exports = await sweepExpired();
    // The same minute's sweep removes what browsers posted to the bucket and never completed.
    const uploads = await sweepAbandonedUploads(db, storage);
    return { exports, uploads };
  }

  async function oneRound(): Promise<void> {
    if (Date.now() - lastSweep >= SWEEP_INTERVAL_MS) {
      lastSweep = Date.now();
      await sweep();
    }
    await runDue();
  }

  function startRound(): void {
    if (!started || stopped) return;
    if (round) {
      // Kicked while a round runs: the job just queued may have been missed by its last claim.
      roundAgain = true;
      return;
    }
    round = oneRound()
      .catch((err) => log(`round failed: ${messageOf(err)}`))
      .finally(() => {
        round = null;
        if (roundAgain) {
          roundAgain = false;
          startRound();
        }
      });
  }

  return {
    id,
    runDue,
    sweepExpired,
    sweep,
    contentTypeOf: (kind, format) => producers[kind]?.contentType(format) ?? "application/octet-stream",
    start(intervalMs = 2000) {
      started = true;
      stopped = false;
      timer = setInterval(startRound, intervalMs);
      timer.unref();
      setImmediate(startRound);
    },
    kick() {
      setImmediate(startRound);
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      current?.abort(new Stopped("shutdown"));
      await round;
      await queue;
    },
  };
}
