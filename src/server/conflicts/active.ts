import { and, type Column, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import { conflicts } from "../db/schema";

/**
 * What an active conflict of interest does to everything else (docs/decisions/036-conflicts-of-interest.md):
 * the member's pair with the candidate stops existing for the lists, the rankings and every statistic,
 * while the assignment, the review and the ranking row stay as they are (reverting brings them back).
 * Conflicts are few, so each of these is a probe of `conflicts_active_unique` or one small read.
 */

/** True while the member has no active conflict with the candidate: a probe per row. */
export function notConflictedSql(submissionId: SQL | Column, userId: SQL | Column | string): SQL<boolean> {
  return sql<boolean>`not exists (select 1 from ${conflicts} cf
    where cf.submission_id = ${submissionId} and cf.user_id = ${userId} and cf.reverted_at is null)`;
}

/** The key of a (member, candidate) pair in conflictedPairs. */
export const pairKey = (userId: string, submissionId: string) => `${userId} ${submissionId}`;

/** Every active conflict of the program, as pairKey()s. */
export async function conflictedPairs(db: Tx, programId: string): Promise<Set<string>> {
  const rows = await db
    .select({ userId: conflicts.userId, submissionId: conflicts.submissionId })
    .from(conflicts)
    .where(and(eq(conflicts.programId, programId), isNull(conflicts.revertedAt)));
  return new Set(rows.map((r) => pairKey(r.userId, r.submissionId)));
}

/**
 * How many of the member's active conflicts are with candidates their step 1 list would otherwise show
 * (`shown`: reviewable, and open to all or assigned to them) and how many of those they had rated
 * (`rated`), counted as the list's kept counts count them (reviewer_candidates, reviewer_open_ratings), so
 * that subtracting them gives the list without those candidates. Two scalar subqueries over a few rows.
 */
export function conflictedInListSql(programId: string, userId: string) {
  const from = sql`from ${conflicts} c join submissions s on s.id = c.submission_id and s.reviewable
    left join reviewer_candidates rc on rc.submission_id = c.submission_id and rc.user_id = c.user_id
      and rc.reviewable
    left join reviewer_open_ratings o on o.submission_id = c.submission_id and o.user_id = c.user_id
    where c.program_id = ${programId} and c.user_id = ${userId} and c.reverted_at is null`;
  return {
    shown: sql<number>`(select count(*) filter (where s.open_to_all or rc.submission_id is not null) ${from})`,
    rated: sql<number>`(select count(*) filter (where o.submission_id is not null or rc.rated) ${from})`,
    /** Of the reviewable candidates (an admin's list shows them all): how many, how many rated. */
    reviewable: sql<number>`(select count(*) ${from})`,
  };
}

/** The program's active conflicts, as the members conflicted with each candidate. */
export async function conflictsByCandidate(db: Tx, programId: string): Promise<Map<string, string[]>> {
  const rows = await db
    .select({ userId: conflicts.userId, submissionId: conflicts.submissionId })
    .from(conflicts)
    .where(and(eq(conflicts.programId, programId), isNull(conflicts.revertedAt)));
  const byCandidate = new Map<string, string[]>();
  for (const r of rows)
    byCandidate.set(r.submissionId, [...(byCandidate.get(r.submissionId) ?? []), r.userId]);
  return byCandidate;
}
