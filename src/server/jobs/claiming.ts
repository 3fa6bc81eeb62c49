import { and, eq, getTableColumns, SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";

/**
 * Jobs kept as rows and claimed under a lease: the mail outbox (docs/decisions/002-email-outbox.md) and the
 * export jobs (docs/decisions/011-exports.md) both run on this. The rules, the same for every table:
 *
 * - **Claim.** A due job — waiting (and past its retry time, when the table has one), or running with its
 *   lease past — is taken in one statement, `FOR UPDATE SKIP LOCKED`, oldest first: running, attempts + 1,
 *   a lease. Workers in several app instances share the table and no two hold one job.
 * - **Lease.** A worker that crashed or froze holds its job only until `locked_until`; then anyone claims it.
 * - **Fence.** A claim is known by its attempt number (and the worker's id, where the table records one):
 *   every later claim increments it, so a write conditional on it — renewing the lease, finishing, handing
 *   back — finds no row once another worker took the job over, and a late worker can undo nothing.
 * - **Retry and give up.** A failure the worker reports waits with exponential backoff and is given up
 *   (`failed`) at the last attempt. Where interruptions use up attempts too (exports: a job that crashed its
 *   worker three times would crash the next), a job is claimed at most maxAttempts times and then given up.
 */

/** The columns a job table has, under these names (both tables in src/server/db/schema.ts have them). */
export type JobTable = PgTable & {
  id: PgColumn;
  status: PgColumn;
  attempts: PgColumn;
  lockedUntil: PgColumn;
  createdAt: PgColumn;
  /** Who holds the lease (a worker's id): part of the fence where the table has it. */
  lockedBy?: PgColumn;
  /** When a waiting job is due again (a retry's backoff). */
  nextAttemptAt?: PgColumn;
};

/** Exponential backoff: `firstSeconds`, then doubling with each attempt, never more than `capSeconds`. */
export interface Backoff {
  firstSeconds: number;
  capSeconds: number;
}

export interface JobQueueSpec<T extends JobTable> {
  table: T;
  /** The status of a job waiting to be claimed, of one claimed (leased), and of one given up. */
  statuses: { waiting: string; running: string; failed: string };
  leaseSeconds: number;
  maxAttempts: number;
  /**
   * True: a job is claimed at most maxAttempts times, whatever ended the earlier claims (giveUpExhausted
   * fails the rest). False: a job whose lease ran out is always claimed again, and only failures the worker
   * reports (retryOrGiveUp) use the attempts up.
   */
  interruptionsCount: boolean;
  /** With a retry: reported failures wait in the table's `nextAttemptAt` (which claims respect). */
  retry?: Backoff;
  /** This worker's id, written to `lockedBy` with each claim and part of the fence. */
  owner?: string;
}

/** What a claim is known by: the row and its attempt number (the fencing token). */
export interface Claim {
  id: string;
  attempts: number;
}

export type JobUpdate<T extends JobTable> = PgUpdateSetSource<T>;

/** The delay before the retry that follows failed attempt number `attempts` (1 for the first). */
export function backoffSeconds(attempts: number, backoff: Backoff): number {
  return Math.min(backoff.capSeconds, backoff.firstSeconds * 2 ** Math.max(0, attempts - 1));
}

const secondsFromNow = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

export interface JobQueue<T extends JobTable> {
  /**
   * Claims up to `limit` due jobs for this worker, with `set` written in the same statement; answers the
   * claimed rows as the database names their columns, oldest first (ordered in SQL, to the microsecond).
   */
  claim(limit: number, set?: JobUpdate<T>): Promise<Record<string, unknown>[]>;
  /** Extends the lease (writing `set` with it) if the job is still this claim's; false when it is not. */
  renew(claim: Claim, set?: JobUpdate<T>): Promise<boolean>;
  /** Ends the claim with `set` (a status, an outcome), if the job is still this claim's; false when not. */
  finish(claim: Claim, set: JobUpdate<T>): Promise<boolean>;
  /** A reported failure: waiting again after the backoff, or given up at the last attempt (fenced). */
  retryOrGiveUp(claim: Claim, set: JobUpdate<T>): Promise<{ gaveUp: boolean }>;
  /** Fails, with `set`, every due job that has had its maxAttempts claims (interruptionsCount only). */
  giveUpExhausted(set: JobUpdate<T>): Promise<void>;
}

export function jobQueue<T extends JobTable>(db: Db, spec: JobQueueSpec<T>): JobQueue<T> {
  const { table, statuses, leaseSeconds, maxAttempts, owner } = spec;
  const dueAt = spec.retry ? table.nextAttemptAt : undefined;
  if (spec.retry && !dueAt) throw new Error("A job table with retries needs a nextAttemptAt column.");
  if (owner !== undefined && !table.lockedBy)
    throw new Error("A job table with owners needs a lockedBy column.");
  const columns = getTableColumns(table);
  const name = (column: PgColumn) => sql.identifier(column.name);
  const [id, status, attempts, lockedUntil, createdAt] = [
    table.id,
    table.status,
    table.attempts,
    table.lockedUntil,
    table.createdAt,
  ].map(name);
  /** The lease's columns, released: nobody holds the job. */
  const released = { lockedUntil: null, ...(table.lockedBy ? { lockedBy: null } : {}) } as JobUpdate<T>;

  /** `set` as the assignments of a hand-written UPDATE, each value encoded as its column's. */
  const assignments = (set: JobUpdate<T>) =>
    Object.entries(set)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => {
        const column = columns[key];
        if (!column) throw new Error(`The job table has no column ${key}.`);
        return sql`, ${name(column)} = ${value instanceof SQL ? value : sql.param(value, column)}`;
      });

  /** Waiting and past its retry time, or running with its lease past. */
  const waitingAndDue = dueAt
    ? sql`(${status} = ${statuses.waiting} and ${name(dueAt)} <= now())`
    : sql`${status} = ${statuses.waiting}`;
  const dueNow = sql`(${waitingAndDue} or (${status} = ${statuses.running} and ${lockedUntil} < now()))`;
  /** What a claim takes: with interruptionsCount, only jobs with attempts left. */
  const claimable = spec.interruptionsCount ? sql`${dueNow} and ${attempts} < ${maxAttempts}` : dueNow;

  /** The job is still this claim's: running, the same attempt, the same worker. */
  const fence = (claim: Claim) =>
    and(
      eq(table.id, claim.id),
      eq(table.status, statuses.running),
      eq(table.attempts, claim.attempts),
      table.lockedBy && owner !== undefined ? eq(table.lockedBy, owner) : undefined,
    ) as SQL;

  async function fencedUpdate(claim: Claim, set: JobUpdate<T>): Promise<boolean> {
    const rows = await db
      .update(table as PgTable)
      .set(set as PgUpdateSetSource<PgTable>)
      .where(fence(claim))
      .returning({ id: table.id });
    return rows.length > 0;
  }

  return {
    async claim(limit, set = {}) {
      const claimedBy = owner !== undefined ? sql`, ${name(table.lockedBy!)} = ${owner}` : sql``;
      const result = await db.execute(sql`
        with due as (
          select ${id} from ${table}
          where ${claimable}
          order by ${createdAt}, ${id}
          limit ${limit}
          for update skip locked),
        claimed as (
          update ${table} set ${status} = ${statuses.running}, ${attempts} = ${attempts} + 1,
            ${lockedUntil} = ${secondsFromNow(leaseSeconds)}${claimedBy}${sql.join(assignments(set))}
          where ${id} in (select ${id} from due)
          returning *)
        select * from claimed order by ${createdAt}, ${id}`);
      return rowsOf(result);
    },
    renew: (claim, set = {}) => fencedUpdate(claim, { ...set, lockedUntil: secondsFromNow(leaseSeconds) }),
    finish: (claim, set) => fencedUpdate(claim, { ...set, ...released }),
    async retryOrGiveUp(claim, set) {
      if (!spec.retry) throw new Error("This job table has no retries: finish the job instead.");
      const gaveUp = claim.attempts >= maxAttempts;
      await fencedUpdate(claim, {
        ...set,
        ...released,
        status: gaveUp ? statuses.failed : statuses.waiting,
        nextAttemptAt: secondsFromNow(backoffSeconds(claim.attempts, spec.retry)),
      } as JobUpdate<T>);
      return { gaveUp };
    },
    async giveUpExhausted(set) {
      await db
        .update(table as PgTable)
        .set({ ...set, ...released, status: statuses.failed } as PgUpdateSetSource<PgTable>)
        .where(sql`${dueNow} and ${attempts} >= ${maxAttempts}`);
    },
  };
}
