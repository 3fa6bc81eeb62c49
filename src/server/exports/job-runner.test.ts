import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ExportKind } from "../../shared/schemas/exports";
import type { Database } from "../db/client";
import { exportJobs } from "../db/schema";
import { DiskStorage } from "../files/storage";
import { ensureReferenceData } from "../plans/reference-data";
import { createTestDatabase } from "../test/database";
import { buildOrg, buildProgram, buildUser } from "../test/factories";
import {
  createExportRunner,
  EXPORT_RUNNER_MESSAGES,
  type ExportRunnerOptions,
  MAX_ATTEMPTS,
} from "./job-runner";
import { jobFolder } from "./job-store";
import type { ExportContext, ExportProducer } from "./types";

let database: Database;
let root: string;
let storage: DiskStorage;
let program: { id: string; organizationId: string; name: string };
let requester: { id: string };

beforeAll(async () => {
  database = await createTestDatabase();
  await database.migrate();
  await ensureReferenceData(database.db);
  const org = await buildOrg(database.db);
  program = await buildProgram(database.db, org.id, { name: "Community Grants 2026" });
  requester = await buildUser(database.db, { name: "Ada Admin" });
  root = mkdtempSync(path.join(tmpdir(), "decisionhub-exports-"));
  storage = new DiskStorage(root);
});
afterAll(async () => {
  await database.close();
  rmSync(root, { recursive: true, force: true });
});
beforeEach(async () => {
  await database.db.delete(exportJobs);
});

const RETENTION_HOURS = 24;

/** A runner over the test database with these fake producers (for "data" unless told). */
function runner(
  run: ExportProducer["run"],
  more: Partial<ExportRunnerOptions> = {},
  kind: ExportKind = "data",
) {
  return createExportRunner({
    db: database.db,
    storage,
    retentionHours: RETENTION_HOURS,
    internalEmailDomains: ["decisionhub.example"],
    producers: { [kind]: { kind, contentType: () => "text/csv; charset=utf-8", run } },
    ...more,
  });
}

async function queueJob(patch: Partial<typeof exportJobs.$inferInsert> = {}) {
  const [row] = await database.db
    .insert(exportJobs)
    .values({
      organizationId: program.organizationId,
      programId: program.id,
      requestedBy: requester.id,
      kind: "data",
      format: "csv",
      fileName: "community-grants-2026-data-2026-11-21.csv",
      ...patch,
    })
    .returning();
  return row!;
}

const rowOf = async (id: string) =>
  (await database.db.select().from(exportJobs).where(eq(exportJobs.id, id)))[0]!;

/** Every file under the job's folder, partial ones included, relative to it. */
function filesOf(jobId: string): string[] {
  try {
    return readdirSync(path.join(root, "private", jobFolder(jobId)), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) =>
        path.relative(path.join(root, "private", jobFolder(jobId)), path.join(e.parentPath, e.name)),
      )
      .sort();
  } catch {
    return [];
  }
}

const bytesOf = (key: string) => readFileSync(path.join(root, "private", ...key.split("/")));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => Promise<boolean> | boolean, what: string, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

/** A promise and its resolve, to hold a producer until the test lets it go. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open: () => open() };
}

/** As if the runner holding the job had crashed: its lease is over. */
const expireLease = (id: string) =>
  database.db
    .update(exportJobs)
    .set({ lockedUntil: sql`now() - interval '1 second'` })
    .where(eq(exportJobs.id, id));

describe("a job that succeeds", () => {
  it("is ready with the producer's bytes moved into place, its size, and the retention's expiry", async () => {
    const job = await queueJob();
    const seen: ExportContext[] = [];
    const r = runner(async (ctx) => {
      seen.push(ctx);
      await ctx.progress(0, 2);
      await pipeline(Readable.from(["identifier,amount\r\n", "Café Ünïcode 🎉,150\r\n"]), ctx.output);
      await ctx.progress(2, 2);
    });
    expect(await r.runDue()).toBe(1);

    const row = await rowOf(job.id);
    const expected = Buffer.from("identifier,amount\r\nCafé Ünïcode 🎉,150\r\n", "utf8");
    expect(row).toMatchObject({
      status: "ready",
      attempts: 1,
      processed: 2,
      total: 2,
      error: null,
      size: expected.length,
      fileKey: `exports/${job.id}/1/data.csv`,
      lockedBy: null,
      lockedUntil: null,
    });
    expect(bytesOf(row.fileKey!).equals(expected)).toBe(true);
    // Nothing but the result: the partial file became it.
    expect(filesOf(job.id)).toEqual(["1/data.csv"]);
    expect(row.expiresAt!.getTime() - row.finishedAt!.getTime()).toBe(RETENTION_HOURS * 3600_000);
    expect(row.startedAt).not.toBeNull();

    // The context the producer was handed: the job's program, parameters and requester.
    expect(seen[0]).toMatchObject({
      program: { id: program.id, organizationId: program.organizationId, name: "Community Grants 2026" },
      params: { programId: program.id, kind: "data", format: "csv", includeAnonymized: false },
      requestedBy: { userId: requester.id, name: "Ada Admin" },
      internalEmailDomains: ["decisionhub.example"],
    });
    expect(seen[0]!.params).not.toHaveProperty("submissionId");
    expect(seen[0]!.signal.aborted).toBe(false);
  });

  it("ends the output for a producer that only writes, and passes a dossier's candidate on", async () => {
    const job = await queueJob({ kind: "dossier", format: "zip", includeAnonymized: true });
    let params: ExportContext["params"] | undefined;
    const r = runner(
      async (ctx) => {
        params = ctx.params;
        ctx.output.write("PK-not-really");
      },
      {},
      "dossier",
    );
    await r.runDue();
    const row = await rowOf(job.id);
    expect(row.status).toBe("ready");
    expect(bytesOf(row.fileKey!).toString()).toBe("PK-not-really");
    expect(params).toMatchObject({ kind: "dossier", format: "zip", includeAnonymized: true });
  });

  it("runs every due job, oldest first, one at a time", async () => {
    const first = await queueJob({ createdAt: new Date(Date.now() - 2000) });
    const second = await queueJob({ createdAt: new Date(Date.now() - 1000) });
    const order: string[] = [];
    let active = 0;
    const r = runner(async (ctx) => {
      active++;
      expect(active).toBe(1);
      const [row] = await ctx.db
        .select({ id: exportJobs.id })
        .from(exportJobs)
        .where(eq(exportJobs.status, "running"));
      order.push(row!.id);
      await sleep(20);
      ctx.output.write("x");
      active--;
    });
    expect(await r.runDue()).toBe(2);
    expect(order).toEqual([first.id, second.id]);
    expect(await r.runDue()).toBe(0);
  });
});

describe("progress", () => {
  it("reaches the row at once, then at most every 500 ms, and the last figures with the result", async () => {
    const job = await queueJob();
    const rows: { processed: number; total: number | null }[] = [];
    const look = async () => {
      const row = await rowOf(job.id);
      rows.push({ processed: row.processed, total: row.total });
    };
    const r = runner(async (ctx) => {
      await ctx.progress(1, 4);
      await look();
      await ctx.progress(2, 4); // within 500 ms of the first: not written
      await look();
      await sleep(550);
      await ctx.progress(3, 4);
      await look();
      await ctx.progress(4, 4); // throttled again, but the result carries it
      ctx.output.end("done");
    });
    await r.runDue();
    expect(rows).toEqual([
      { processed: 1, total: 4 },
      { processed: 1, total: 4 },
      { processed: 3, total: 4 },
    ]);
    expect(await rowOf(job.id)).toMatchObject({ status: "ready", processed: 4, total: 4 });
  });

  it("renews the lease while the producer runs, even without progress", async () => {
    const job = await queueJob();
    const leases: number[] = [];
    const r = runner(
      async (ctx) => {
        leases.push((await rowOf(job.id)).lockedUntil!.getTime());
        await sleep(200);
        leases.push((await rowOf(job.id)).lockedUntil!.getTime());
        ctx.output.end("x");
      },
      { heartbeatMs: 50 },
    );
    await r.runDue();
    expect(leases[1]!).toBeGreaterThan(leases[0]!);
  });
});

describe("a job that fails", () => {
  it("is failed with the producer's message, and leaves no file at all", async () => {
    const job = await queueJob();
    const r = runner(async (ctx) => {
      ctx.output.write("half of a row,");
      await ctx.progress(10, 100);
      throw new Error("Submission 17 could not be rendered: the font is missing");
    });
    expect(await r.runDue()).toBe(1);
    const row = await rowOf(job.id);
    expect(row).toMatchObject({
      status: "failed",
      error: "Submission 17 could not be rendered: the font is missing",
      fileKey: null,
      size: null,
      attempts: 1,
      lockedBy: null,
    });
    expect(row.expiresAt!.getTime() - row.finishedAt!.getTime()).toBe(RETENTION_HOURS * 3600_000);
    expect(filesOf(job.id)).toEqual([]);
  });

  it("is failed when the output cannot be written (the producer's stream breaks)", async () => {
    const job = await queueJob();
    const r = runner(async (ctx) => {
      ctx.output.destroy(new Error("No space left on device"));
    });
    await r.runDue();
    expect(await rowOf(job.id)).toMatchObject({ status: "failed", error: "No space left on device" });
    expect(filesOf(job.id)).toEqual([]);
  });

  it("is failed with a clear message when no producer makes its kind", async () => {
    const job = await queueJob({ kind: "matrix" });
    await runner(async () => {}).runDue();
    expect(await rowOf(job.id)).toMatchObject({
      status: "failed",
      error: EXPORT_RUNNER_MESSAGES.unavailable,
    });
  });

  it("is not retried: a failure is the producer's answer, not an interruption", async () => {
    const job = await queueJob();
    let runs = 0;
    const r = runner(async () => {
      runs++;
      throw new Error("no");
    });
    await r.runDue();
    await r.runDue();
    expect(runs).toBe(1);
    expect((await rowOf(job.id)).attempts).toBe(1);
  });
});

describe("a crash or restart mid-export", () => {
  it("is claimed again once the lease is over, started over as attempt 2; the stale runner can mark nothing", async () => {
    const job = await queueJob();
    const stuck = gate();
    const started = gate();
    let staleProgress: unknown = null;
    // Runner A starts the job, then hangs (a process frozen or cut off from the database).
    const a = runner(
      async (ctx) => {
        ctx.output.write("A's half");
        started.open();
        await stuck.opened;
        staleProgress = await ctx.progress(9, 9).then(
          () => "accepted",
          (err: Error) => err.message,
        );
        ctx.output.end("A's end");
      },
      { heartbeatMs: 600_000, progressIntervalMs: 0 },
    );
    const aDone = a.runDue();
    await started.opened;
    expect(await rowOf(job.id)).toMatchObject({ status: "running", attempts: 1, lockedBy: a.id });

    await expireLease(job.id);
    const b = runner(async (ctx) => {
      await ctx.progress(1, 1);
      ctx.output.end("B's result");
    });
    expect(await b.runDue()).toBe(1);
    const ready = await rowOf(job.id);
    // What the admin sees: ready, after a restart (attempts 2).
    expect(ready).toMatchObject({ status: "ready", attempts: 2, processed: 1, total: 1 });
    expect(bytesOf(ready.fileKey!).toString()).toBe("B's result");

    // A wakes up: its progress is refused (and it is told to stop), its result is not the job's.
    stuck.open();
    await aDone;
    expect(staleProgress).toBe("This runner lost the job's lease.");
    const after = await rowOf(job.id);
    expect(after).toEqual(ready);
    expect(bytesOf(after.fileKey!).toString()).toBe("B's result");
    expect(filesOf(job.id)).toEqual(["2/data.csv"]);
  });

  it("a stale runner that finishes cannot mark the job ready or failed, and its file is removed", async () => {
    for (const outcome of ["ready", "failed"] as const) {
      await database.db.delete(exportJobs);
      const job = await queueJob();
      const stuck = gate();
      const started = gate();
      const a = runner(
        async (ctx) => {
          started.open();
          await stuck.opened;
          if (outcome === "failed") throw new Error("A failed late");
          ctx.output.end("A's late result");
        },
        { heartbeatMs: 600_000 },
      );
      const aDone = a.runDue();
      await started.opened;
      await expireLease(job.id);
      // B claims it and is still at work when A finishes.
      const bStuck = gate();
      const bStarted = gate();
      const b = runner(async (ctx) => {
        bStarted.open();
        await bStuck.opened;
        ctx.output.end("B's result");
      });
      const bDone = b.runDue();
      await bStarted.opened;
      stuck.open();
      await aDone;
      expect(await rowOf(job.id)).toMatchObject({
        status: "running",
        attempts: 2,
        lockedBy: b.id,
        error: null,
        fileKey: null,
      });
      expect(filesOf(job.id).filter((f) => !f.endsWith(".partial"))).toEqual([]);
      bStuck.open();
      await bDone;
      const row = await rowOf(job.id);
      expect(row).toMatchObject({ status: "ready", attempts: 2 });
      expect(bytesOf(row.fileKey!).toString()).toBe("B's result");
      expect(filesOf(job.id)).toEqual(["2/data.csv"]);
    }
  });

  it("a stale runner whose result is already in place still cannot mark the job ready: its file goes", async () => {
    const job = await queueJob();
    const stuck = gate();
    const started = gate();
    const a = runner(
      async (ctx) => {
        started.open();
        await stuck.opened;
        ctx.output.end("A's late result");
      },
      { heartbeatMs: 600_000 },
    );
    const aDone = a.runDue();
    await started.opened;
    // Another runner's claim, as the claim writes it (its files not started yet).
    await database.db
      .update(exportJobs)
      .set({ attempts: 2, lockedBy: "runner-elsewhere" })
      .where(eq(exportJobs.id, job.id));
    stuck.open();
    await aDone;
    expect(await rowOf(job.id)).toMatchObject({
      status: "running",
      attempts: 2,
      lockedBy: "runner-elsewhere",
      fileKey: null,
      size: null,
    });
    expect(filesOf(job.id)).toEqual([]);
  });

  it("the heartbeat notices the job was taken over and stops the producer", async () => {
    const job = await queueJob();
    const started = gate();
    let reason: unknown = null;
    const a = runner(
      async (ctx) => {
        started.open();
        await new Promise<void>((_resolve, reject) => {
          ctx.signal.addEventListener("abort", () => {
            reason = ctx.signal.reason;
            reject(ctx.signal.reason);
          });
        });
      },
      { heartbeatMs: 30 },
    );
    const aDone = a.runDue();
    await started.opened;
    // Another runner's claim, as the claim writes it.
    await database.db
      .update(exportJobs)
      .set({ attempts: 2, lockedBy: "runner-elsewhere" })
      .where(eq(exportJobs.id, job.id));
    await aDone;
    expect((reason as Error).message).toBe("This runner lost the job's lease.");
    expect(await rowOf(job.id)).toMatchObject({
      status: "running",
      attempts: 2,
      lockedBy: "runner-elsewhere",
    });
    expect(filesOf(job.id)).toEqual([]);
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts with a clear message`, async () => {
    const exhausted = await queueJob({
      status: "running",
      attempts: MAX_ATTEMPTS,
      lockedBy: "runner-gone",
      lockedUntil: new Date(Date.now() - 1000),
    });
    const lastChance = await queueJob({
      status: "running",
      attempts: MAX_ATTEMPTS - 1,
      lockedBy: "runner-gone",
      lockedUntil: new Date(Date.now() - 1000),
    });
    const stillHeld = await queueJob({
      status: "running",
      attempts: MAX_ATTEMPTS,
      lockedBy: "runner-alive",
      lockedUntil: new Date(Date.now() + 60_000),
    });
    const r = runner(async (ctx) => {
      ctx.output.end("third time lucky");
    });
    expect(await r.runDue()).toBe(1);
    expect(await rowOf(exhausted.id)).toMatchObject({
      status: "failed",
      error: EXPORT_RUNNER_MESSAGES.interrupted,
      attempts: MAX_ATTEMPTS,
      lockedBy: null,
    });
    expect(EXPORT_RUNNER_MESSAGES.interrupted).toBe(
      "This export was interrupted 3 times (the server restarted or stopped responding), so it was stopped. Please start it again.",
    );
    expect(await rowOf(lastChance.id)).toMatchObject({ status: "ready", attempts: MAX_ATTEMPTS });
    // Its runner still holds the lease: left alone.
    expect(await rowOf(stillHeld.id)).toMatchObject({ status: "running", lockedBy: "runner-alive" });
  });

  it("on shutdown, the running job is stopped, its partial file removed, and handed back to be started over", async () => {
    const job = await queueJob();
    const started = gate();
    const r = runner(async (ctx) => {
      ctx.output.write("half");
      started.open();
      await new Promise<void>((_resolve, reject) => {
        ctx.signal.addEventListener("abort", () => reject(ctx.signal.reason));
      });
    });
    const done = r.runDue();
    await started.opened;
    await r.stop();
    await done;
    expect(await rowOf(job.id)).toMatchObject({
      status: "queued",
      attempts: 1,
      lockedBy: null,
      lockedUntil: null,
    });
    expect(filesOf(job.id)).toEqual([]);
    // After the restart: started over, and the admin sees it was (attempts 2).
    await runner(async (ctx) => {
      ctx.output.end("whole");
    }).runDue();
    expect(await rowOf(job.id)).toMatchObject({ status: "ready", attempts: 2 });
  });

  it("on shutdown, a producer slow to notice its signal is not waited for", async () => {
    const job = await queueJob();
    const started = gate();
    const never = gate();
    const r = runner(async (ctx) => {
      ctx.output.write("half");
      started.open();
      await never.opened;
      ctx.output.write("written after the stop: goes nowhere");
    });
    const done = r.runDue();
    await started.opened;
    await r.stop();
    await done;
    expect(await rowOf(job.id)).toMatchObject({ status: "queued", attempts: 1, lockedBy: null });
    expect(filesOf(job.id)).toEqual([]);
    never.open();
    await sleep(20);
    expect(filesOf(job.id)).toEqual([]);
  });

  it("a job deleted while running (cancelled) stops its producer and leaves no file", async () => {
    const job = await queueJob();
    const started = gate();
    let aborted = false;
    const r = runner(
      async (ctx) => {
        ctx.output.write("half");
        started.open();
        await new Promise<void>((_resolve, reject) => {
          ctx.signal.addEventListener("abort", () => {
            aborted = true;
            reject(ctx.signal.reason);
          });
        });
      },
      { heartbeatMs: 30 },
    );
    const done = r.runDue();
    await started.opened;
    await database.db.delete(exportJobs).where(eq(exportJobs.id, job.id));
    await done;
    expect(aborted).toBe(true);
    expect(filesOf(job.id)).toEqual([]);
  });
});

describe("several runners (app instances) on one table", () => {
  it("never run the same job at once: one job, two runners, one run", async () => {
    const job = await queueJob();
    let runs = 0;
    let active = 0;
    let mostAtOnce = 0;
    const produce: ExportProducer["run"] = async (ctx) => {
      runs++;
      active++;
      mostAtOnce = Math.max(mostAtOnce, active);
      await sleep(100);
      ctx.output.end("once");
      active--;
    };
    const [a, b] = await Promise.all([runner(produce).runDue(), runner(produce).runDue()]);
    expect(a + b).toBe(1);
    expect(runs).toBe(1);
    expect(mostAtOnce).toBe(1);
    expect(await rowOf(job.id)).toMatchObject({ status: "ready", attempts: 1 });
  });

  it("share many jobs: each is run exactly once", async () => {
    const jobs = await Promise.all(Array.from({ length: 8 }, () => queueJob()));
    let runs = 0;
    const produce: ExportProducer["run"] = async (ctx) => {
      runs++;
      await sleep(10);
      ctx.output.end("x");
    };
    const runners = [runner(produce), runner(produce), runner(produce)];
    const counts = await Promise.all(runners.map((r) => r.runDue()));
    expect(counts.reduce((s, n) => s + n, 0)).toBe(jobs.length);
    expect(runs).toBe(jobs.length);
    const rows = await database.db.select().from(exportJobs);
    expect(rows.map((row) => [row.status, row.attempts])).toEqual(jobs.map(() => ["ready", 1]));
  });
});

describe("the sweep", () => {
  it("deletes the files and rows of finished jobs past their retention, and nothing else", async () => {
    const r = runner(async (ctx) => {
      ctx.output.end("result");
    });
    const old = await queueJob();
    const fresh = await queueJob();
    await r.runDue();
    const failedLongAgo = await queueJob({
      status: "failed",
      error: "no",
      expiresAt: new Date(Date.now() - 1000),
    });
    const queued = await queueJob();
    await database.db
      .update(exportJobs)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(exportJobs.id, old.id));
    expect(filesOf(old.id)).toEqual(["1/data.csv"]);

    expect(await r.sweepExpired()).toBe(2);
    const left = (await database.db.select({ id: exportJobs.id }).from(exportJobs)).map((x) => x.id).sort();
    expect(left).toEqual([fresh.id, queued.id].sort());
    expect(filesOf(old.id)).toEqual([]);
    expect(filesOf(failedLongAgo.id)).toEqual([]);
    expect(filesOf(fresh.id)).toEqual(["1/data.csv"]);
    expect(await r.sweepExpired()).toBe(0);
  });
});

describe("start, kick and stop", () => {
  it("a started runner runs a job soon after it is kicked, without waiting for its interval", async () => {
    const r = runner(async (ctx) => {
      ctx.output.end("kicked");
    });
    r.start(600_000);
    try {
      await sleep(50);
      const job = await queueJob();
      r.kick();
      await until(async () => (await rowOf(job.id)).status === "ready", "the kicked job");
    } finally {
      await r.stop();
    }
  });

  it("a runner that was not started ignores kicks (tests run it by hand)", async () => {
    const job = await queueJob();
    const r = runner(async (ctx) => {
      ctx.output.end("x");
    });
    r.kick();
    await sleep(100);
    expect((await rowOf(job.id)).status).toBe("queued");
  });
});
