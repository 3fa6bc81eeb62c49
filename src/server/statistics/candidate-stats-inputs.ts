import { type Column, type SQL, sql } from "drizzle-orm";
import { conflictedPairs, notConflictedSql, pairKey } from "../conflicts/active";
import type { Tx } from "../db/client";
import { rankings, reviews, submissions } from "../db/schema";
import { isReviewableSql } from "../reviewing/candidates";
import { byId, type StatsCandidate, type StatsReview } from "./candidate-figures";

/**
 * What Candidate Statistics reads from the database: the program's submitted, non-test candidates, its
 * reviews (four columns each: no review's sections leave the database) and its stacked rankings. Each
 * is read only when its version (stats-versions.ts) changed since the figures were kept.
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The submitted, non-test candidates, in id order (what the calibration sums in, see candidate-figures.ts). */
export async function loadCandidates(db: Tx, programId: string): Promise<StatsCandidate[]> {
  const s = submissions;
  // Rows handed over as they come (no copy per row): the amount as a float8, exact for any cents
  // (bigint would come back as a string).
  const result = await db.execute(sql`select ${s.id} as "id", ${s.identifier} as "identifier",
      ${s.status} as "status", ${s.amountCents}::float8 as "amountCents"
    from ${s} where ${s.programId} = ${programId} and ${isReviewableSql()}`);
  // Sorted here rather than in SQL: uuids ordered as code units, whatever the database's collation.
  return rowsOf<StatsCandidate>(result).sort(byId);
}

/** A rating or suggestion that may count (the figures apply candidateRatingStats' exact rule). */
const mayCount = (column: SQL | Column) => sql`${column} >= 0`;

/**
 * The program's reviews with a rating or (appVersion 3) a suggested rating that may count, any
 * candidate's: which of them are listed is the figures' business.
 */
export async function loadReviews(db: Tx, programId: string, withSuggested: boolean): Promise<StatsReview[]> {
  const r = reviews;
  const counted = withSuggested
    ? sql`(${mayCount(r.rating)} or ${mayCount(r.suggestedRating)})`
    : mayCount(r.rating);
  const result = await db.execute(sql`select ${r.submissionId} as "submissionId", ${r.userId} as "userId",
      ${r.rating} as "rating", ${r.suggestedRating} as "suggested"
    from ${r} where ${r.programId} = ${programId} and ${counted}
      and ${notConflictedSql(r.submissionId, r.userId)}`);
  return rowsOf<StatsReview>(result);
}

/**
 * Every stored ranking of the program, by reviewer id, without the candidates each reviewer declared a
 * conflict with (the others keep their order).
 */
export async function loadRankings(db: Tx, programId: string): Promise<string[][]> {
  const [stored, conflicted] = await Promise.all([
    db
      .select({ userId: rankings.userId, applications: rankings.applications })
      .from(rankings)
      .where(sql`${rankings.programId} = ${programId}`)
      .orderBy(rankings.userId),
    conflictedPairs(db, programId),
  ]);
  if (conflicted.size === 0) return stored.map((row) => row.applications);
  return stored.map((row) => row.applications.filter((id) => !conflicted.has(pairKey(row.userId, id))));
}
