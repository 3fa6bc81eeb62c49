import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import { rankings, reviews, submissions } from "../db/schema";
import { isReviewableSql } from "./candidates";

/**
 * A version of each input of the program's statistics (Candidate, Reviewer and funding statistics),
 * read before the inputs themselves: whatever is computed from inputs read afterwards is never older than
 * the versions it is kept under, so a kept figure is either current or not used — never stale.
 *
 * - candidates: the submitted, non-test candidates — who they are, their names, decisions, amounts and
 *   whether they are open to all;
 * - reviews: every review's candidate, reviewer, rating, suggested rating (and, for Reviewer Statistics,
 *   its save time);
 * - rankings: the stacked rankings;
 * - committee: members, roles, names and emails, groups, assignments (Reviewer Statistics only).
 *
 * Two sources, the same meaning:
 *
 * - maintained: counters per program in `statistics_versions`, bumped by triggers in the transaction of
 *   every write to those tables, whoever writes (the route, an import, a hand-written statement), spread
 *   over a few shard rows so that concurrent writers rarely wait on one. A few rows read: the statistics
 *   are then answered from memory while nothing changed. The table comes with a migration proposed in
 *   issue 9; while it is absent —
 * - digests: a count and a sum of 64-bit hashes over the columns Candidate Statistics shows, read from
 *   the program's rows in one statement. Exact too (any change changes it), but it reads the program's share of the
 *   submissions table and an index of its reviews on every request: tens of milliseconds at 10,000
 *   candidates, a few hundred at 100,000. No committee digest: Reviewer Statistics keep nothing then.
 */
export interface StatisticsVersions {
  maintained: boolean;
  candidates: string;
  reviews: string;
  rankings: string;
  /** Only with maintained counters. */
  committee: string | null;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Whether the database has the maintained counters: looked up once per process (migrations run first). */
let maintained: Promise<boolean> | null = null;
export function hasMaintainedVersions(db: Tx): Promise<boolean> {
  maintained ??= db
    .execute(sql`select to_regclass('statistics_versions') is not null as present`)
    .then((result) => rowsOf<{ present: boolean }>(result)[0]?.present === true)
    .catch((error: unknown) => {
      maintained = null;
      throw error;
    });
  return maintained;
}

async function counters(db: Tx, programId: string): Promise<StatisticsVersions> {
  // Each counter is spread over shards: its version is their sum, which grows with every committed bump.
  const [row] = rowsOf<{ candidates: string; reviews: string; rankings: string; committee: string }>(
    await db.execute(sql`select coalesce(sum(candidates), 0)::text as candidates,
        coalesce(sum(reviews), 0)::text as reviews, coalesce(sum(rankings), 0)::text as rankings,
        coalesce(sum(committee), 0)::text as committee
      from statistics_versions where program_id = ${programId}`),
  );
  return {
    maintained: true,
    candidates: row!.candidates,
    reviews: row!.reviews,
    rankings: row!.rankings,
    committee: row!.committee,
  };
}

const hashSum = (hash: SQL) => sql`count(*)::text || ':' || coalesce(sum(${hash}), 0)::text`;

async function digests(db: Tx, programId: string): Promise<StatisticsVersions> {
  const s = submissions;
  const r = reviews;
  const k = rankings;
  const result = await db.execute(sql`select
    (select ${hashSum(sql`uuid_hash_extended(${s.id}, hashtextextended(${s.identifier},
        hashtextextended(${s.status}, coalesce(${s.amountCents}, -1))))`)}
      from ${s} where ${s.programId} = ${programId} and ${isReviewableSql()}) as candidates,
    (select ${hashSum(sql`uuid_hash_extended(${r.submissionId}, hashtextextended(${r.userId},
        hashfloat8extended(${r.rating}, hashfloat8extended(coalesce(${r.suggestedRating}, -2), 0))))`)}
      from ${r} where ${r.programId} = ${programId}) as reviews,
    (select ${hashSum(sql`hashtextextended(${k.userId}, ${k.revision})`)}
        || ':' || coalesce(max(${k.updatedAt})::text, '')
      from ${k} where ${k.programId} = ${programId}) as rankings`);
  const [row] = rowsOf<{ candidates: string; reviews: string; rankings: string }>(result);
  return { maintained: false, ...row!, committee: null };
}

export async function statisticsVersions(db: Tx, programId: string): Promise<StatisticsVersions> {
  return (await hasMaintainedVersions(db)) ? counters(db, programId) : digests(db, programId);
}
