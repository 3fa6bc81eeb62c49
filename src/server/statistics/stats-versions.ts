import { sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import { statisticsVersions as versionsTable } from "../db/schema";

/**
 * A version of each input of the program's statistics (Candidate, Reviewer and funding statistics),
 * read before the inputs themselves: whatever is computed from inputs read afterwards is never older than
 * the versions it is kept under, so a kept figure is either current or not used — never stale.
 *
 * - candidates: the submitted, non-test candidates — who they are, their names, decisions, amounts and
 *   whether they are open to all;
 * - reviews: every review's candidate, reviewer, rating, suggested rating and save time;
 * - rankings: the stacked rankings;
 * - committee: members, roles, names and emails, groups, group members, assignments.
 *
 * The counters per program in `statistics_versions` (src/server/db/sql/statistics-versions.sql), bumped
 * by triggers in the transaction of every write to those tables, whoever writes (the routes, an import, a
 * hand-written statement), spread over shard rows so that concurrent writers rarely wait on one. A
 * version is the sum of a counter over the shards: it grows with every committed bump, so equal versions
 * mean the same writes. One statement of a few rows: the statistics are then answered from memory while
 * nothing changed.
 */
export interface StatisticsVersions {
  candidates: string;
  reviews: string;
  rankings: string;
  committee: string;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function statisticsVersions(db: Tx, programId: string): Promise<StatisticsVersions> {
  const v = versionsTable;
  // Sums as text: a bigint never loses a digit on its way to JavaScript.
  const [row] = rowsOf<StatisticsVersions>(
    await db.execute(sql`select coalesce(sum(${v.candidates}), 0)::text as candidates,
        coalesce(sum(${v.reviews}), 0)::text as reviews, coalesce(sum(${v.rankings}), 0)::text as rankings,
        coalesce(sum(${v.committee}), 0)::text as committee
      from ${v} where ${v.programId} = ${programId}`),
  );
  return {
    candidates: row!.candidates,
    reviews: row!.reviews,
    rankings: row!.rankings,
    committee: row!.committee,
  };
}
