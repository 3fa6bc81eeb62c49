import { asc, eq, sql } from "drizzle-orm";
import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { createTestDatabase } from "../test/database";
import { backoffSeconds, type Claim, type JobQueueSpec, jobQueue } from "./claiming";

/**
 * The rules of src/server/jobs/claiming.ts on a table of its own (created here, not in the app's
 * migrations), with both optional columns: the worker's id and the retry time. On PGlite and, with
 * DATABASE_URL, on PostgreSQL, where the workers claim over separate connections at the same time.
 */
const jobs = pgTable("claiming_test_jobs", {
  id: text("id").primaryKey(),
  status: text("status").notNull().default("waiting"),
  attempts: integer("attempts").notNull().default(0),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
  lockedBy: text("locked_by"),
  nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  note: text("note"),
});

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`
    create table claiming_test_jobs (
      id text primary key,
      status text not null default 'waiting',
      attempts integer not null default 0,
      locked_until timestamptz,
      locked_by text,
      next_attempt_at timestamptz not null default now(),
      created_at timestamptz not null default now(),
      note text)`);
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(jobs);
});

const SPEC: JobQueueSpec<typeof jobs> = {
  table: jobs,
  statuses: { waiting: "waiting", running: "running", failed: "failed" },
  leaseSeconds: 60,
  maxAttempts: 3,
  interruptionsCount: false,
};
const worker = (owner: string, spec: Partial<JobQueueSpec<typeof jobs>> = {}) =>
  jobQueue(database.db, { ...SPEC, owner, ...spec });
const RETRY = { firstSeconds: 30, capSeconds: 3600 };
const withRetry = (owner: string) => worker(owner, { retry: RETRY });

/** Jobs queued a second apart, oldest first, whatever the clock's resolution. */
async function queue(...ids: string[]) {
  await database.db.insert(jobs).values(
    ids.map((id, i) => ({
      id,
      createdAt: sql`now() - make_interval(secs => ${ids.length - i})`,
    })),
  );
}
const rowOf = async (id: string) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
const claimOf = (row: Record<string, unknown>): Claim => ({
  id: row.id as string,
  attempts: row.attempts as number,
});
/** As if every lease had run out (its worker crashed, froze or was cut off). */
const expireLeases = () => database.db.update(jobs).set({ lockedUntil: sql`now() - interval '1 second'` });
/** Seconds from the database's now to a timestamp of the row. */
const secondsAhead = async (id: string, column: "locked_until" | "next_attempt_at") => {
  const result = await database.db.execute(
    sql`select extract(epoch from ${sql.identifier(column)} - now())::float as s from claiming_test_jobs where id = ${id}`,
  );
  return Math.round((result as unknown as { rows: { s: number }[] }).rows[0]!.s);
};

describe("claiming", () => {
  it("claims due jobs oldest first, up to the limit: running, attempt 1, a lease, the worker's id and what it sets", async () => {
    await queue("a", "b", "c");
    const rows = await worker("w1").claim(2, { note: "started" });
    expect(rows.map((r) => [r.id, r.attempts, r.locked_by, r.note])).toEqual([
      ["a", 1, "w1", "started"],
      ["b", 1, "w1", "started"],
    ]);
    expect(await rowOf("a")).toMatchObject({ status: "running", attempts: 1, lockedBy: "w1" });
    expect(await secondsAhead("a", "locked_until")).toBe(60);
    expect(await rowOf("c")).toMatchObject({ status: "waiting", attempts: 0, lockedBy: null });
  });

  it("hands each job to one worker only when many claim at the same time", async () => {
    const ids = Array.from({ length: 30 }, (_, i) => `job-${String(i).padStart(2, "0")}`);
    await queue(...ids);
    const workers = ["w1", "w2", "w3", "w4", "w5"].map((owner) => worker(owner));
    const claimed = await Promise.all(
      workers.map(async (w) => {
        const mine: string[] = [];
        for (let rows = await w.claim(2); rows.length > 0; rows = await w.claim(2)) {
          mine.push(...rows.map((r) => r.id as string));
        }
        return mine;
      }),
    );
    expect(claimed.flat().sort()).toEqual(ids);
    const rows = await database.db.select().from(jobs).orderBy(asc(jobs.id));
    expect(rows.every((r) => r.status === "running" && r.attempts === 1)).toBe(true);
    // Each row names the worker that answered it.
    for (const [i, mine] of claimed.entries()) {
      for (const id of mine) expect(rows.find((r) => r.id === id)!.lockedBy).toBe(`w${i + 1}`);
    }
  });

  it("leaves a leased job alone until the lease runs out; then another worker claims it as attempt 2", async () => {
    await queue("a");
    await worker("w1").claim(1);
    expect(await worker("w2").claim(1)).toEqual([]);
    await expireLeases();
    const [row] = await worker("w2").claim(1);
    expect(claimOf(row!)).toEqual({ id: "a", attempts: 2 });
    expect(await rowOf("a")).toMatchObject({ status: "running", attempts: 2, lockedBy: "w2" });
  });

  it("does not claim a waiting job before its retry time", async () => {
    await queue("a");
    await database.db.update(jobs).set({ nextAttemptAt: sql`now() + interval '1 minute'` });
    expect(await withRetry("w1").claim(1)).toEqual([]);
    await database.db.update(jobs).set({ nextAttemptAt: sql`now() - interval '1 second'` });
    expect((await withRetry("w1").claim(1)).map((r) => r.id)).toEqual(["a"]);
  });
});

describe("the fence", () => {
  it("lets the claim's worker renew its lease and finish the job", async () => {
    await queue("a");
    const w1 = worker("w1");
    const claim = claimOf((await w1.claim(1))[0]!);
    await database.db.update(jobs).set({ lockedUntil: sql`now() + interval '5 seconds'` });
    expect(await w1.renew(claim, { note: "half way" })).toBe(true);
    expect(await secondsAhead("a", "locked_until")).toBe(60);
    expect(await w1.finish(claim, { status: "done", note: "done" })).toBe(true);
    expect(await rowOf("a")).toMatchObject({
      status: "done",
      note: "done",
      attempts: 1,
      lockedUntil: null,
      lockedBy: null,
    });
  });

  it("refuses every write of a worker whose lease ran out and whose job another worker claimed", async () => {
    await queue("a");
    const stale = withRetry("w1");
    const staleClaim = claimOf((await stale.claim(1))[0]!);
    await expireLeases();
    await withRetry("w2").claim(1);
    const taken = await rowOf("a");
    expect(await stale.renew(staleClaim, { note: "stale progress" })).toBe(false);
    expect(await stale.finish(staleClaim, { status: "done" })).toBe(false);
    await stale.retryOrGiveUp(staleClaim, { note: "stale failure" });
    expect(await rowOf("a")).toEqual(taken);
    expect(taken).toMatchObject({ status: "running", attempts: 2, lockedBy: "w2" });
  });

  it("refuses a worker that claims the same attempt number under another id, and a job no longer running", async () => {
    await queue("a");
    const claim = claimOf((await worker("w1").claim(1))[0]!);
    expect(await worker("w2").finish(claim, { status: "done" })).toBe(false);
    await database.db.update(jobs).set({ status: "waiting" });
    expect(await worker("w1").renew(claim)).toBe(false);
    expect(await rowOf("a")).toMatchObject({ status: "waiting", lockedBy: "w1" });
  });

  it("without a worker's id, knows a claim by its attempt number alone", async () => {
    await queue("a");
    const anonymous = jobQueue(database.db, SPEC);
    const first = claimOf((await anonymous.claim(1))[0]!);
    await expireLeases();
    const second = claimOf((await anonymous.claim(1))[0]!);
    expect(await anonymous.finish(first, { status: "done" })).toBe(false);
    expect(await anonymous.finish(second, { status: "done" })).toBe(true);
  });
});

describe("retry and give up", () => {
  it("backs off exponentially from the first delay, up to the cap", () => {
    expect([1, 2, 3, 4, 5].map((n) => backoffSeconds(n, RETRY))).toEqual([30, 60, 120, 240, 480]);
    expect(backoffSeconds(8, RETRY)).toBe(3600);
    expect(backoffSeconds(0, RETRY)).toBe(30);
  });

  it("puts a reported failure back to wait for its backoff, then gives up at the last attempt", async () => {
    await queue("a");
    const w = withRetry("w1");
    for (const attempt of [1, 2]) {
      const [row] = await w.claim(1);
      expect(await w.retryOrGiveUp(claimOf(row!), { note: `failure ${attempt}` })).toEqual({ gaveUp: false });
      expect(await rowOf("a")).toMatchObject({
        status: "waiting",
        attempts: attempt,
        note: `failure ${attempt}`,
        lockedUntil: null,
        lockedBy: null,
      });
      expect(await secondsAhead("a", "next_attempt_at")).toBe(backoffSeconds(attempt, RETRY));
      expect(await w.claim(1)).toEqual([]);
      await database.db.update(jobs).set({ nextAttemptAt: sql`now() - interval '1 second'` });
    }
    const [last] = await w.claim(1);
    expect(await w.retryOrGiveUp(claimOf(last!), { note: "failure 3" })).toEqual({ gaveUp: true });
    expect(await rowOf("a")).toMatchObject({ status: "failed", attempts: 3, note: "failure 3" });
    await database.db.update(jobs).set({ nextAttemptAt: sql`now() - interval '1 second'` });
    expect(await w.claim(1)).toEqual([]);
  });

  it("claims a job whose lease ran out again whatever its attempts, where interruptions do not count", async () => {
    await queue("a");
    await database.db
      .update(jobs)
      .set({ status: "running", attempts: 3, lockedUntil: sql`now() - interval '1 second'` });
    expect(claimOf((await worker("w1").claim(1))[0]!)).toEqual({ id: "a", attempts: 4 });
  });

  it("where interruptions count, never claims a job a fourth time and fails those due with what it sets", async () => {
    await queue("exhausted", "interrupted", "last-chance", "still-held");
    await database.db.update(jobs).set({ attempts: 3 }).where(eq(jobs.id, "exhausted"));
    const expired = { status: "running", lockedBy: "gone", lockedUntil: sql`now() - interval '1 second'` };
    await database.db
      .update(jobs)
      .set({ ...expired, attempts: 3 })
      .where(eq(jobs.id, "interrupted"));
    await database.db
      .update(jobs)
      .set({ ...expired, attempts: 2 })
      .where(eq(jobs.id, "last-chance"));
    await database.db
      .update(jobs)
      .set({
        status: "running",
        attempts: 3,
        lockedBy: "alive",
        lockedUntil: sql`now() + interval '1 minute'`,
      })
      .where(eq(jobs.id, "still-held"));
    const w = worker("w1", { interruptionsCount: true });
    await w.giveUpExhausted({ note: "interrupted too often" });
    const gaveUp = { status: "failed", note: "interrupted too often", lockedUntil: null, lockedBy: null };
    expect(await rowOf("exhausted")).toMatchObject({ ...gaveUp, attempts: 3 });
    expect(await rowOf("interrupted")).toMatchObject({ ...gaveUp, attempts: 3 });
    expect(await rowOf("still-held")).toMatchObject({ status: "running", lockedBy: "alive", note: null });
    // The last attempt is still claimed; nothing else is.
    expect((await w.claim(10)).map(claimOf)).toEqual([{ id: "last-chance", attempts: 3 }]);
  });
});
