import { and, eq, type SQL, sql } from "drizzle-orm";
import { candidateRatingStats } from "../../../shared/review/scoring";
import { notConflictedSql } from "../../conflicts/active";
import type { Tx } from "../../db/client";
import { reviews, submissions } from "../../db/schema";
import { isReviewableSql } from "../../reviewing/candidates";

/**
 * The program's candidates a page at a time, for the exports: submitted, non-test submissions (what the
 * admins' lists show and what reviews count on; drafts are unfinished and tests are not applications), in
 * the lists' order — by name, case-insensitively, then id — read by keyset: each page starts after the
 * last (name, id) of the one before, on the (program, lower(identifier), id) index, so a program of any
 * size is read in pages of the same cost and is never held whole.
 */

/** The lists' order key, the expression of the submissions_program_name_idx index. */
export const nameKey = sql<string>`lower(${submissions.identifier})`;

export interface PageCursor {
  key: string;
  id: string;
}

/** The program's reviewable candidates after `cursor` (all of them from the start when null). */
export function candidatesAfter(programId: string, cursor: PageCursor | null): SQL {
  return and(
    eq(submissions.programId, programId),
    isReviewableSql(),
    cursor === null ? undefined : sql`(${nameKey}, ${submissions.id}) > (${cursor.key}, ${cursor.id}::uuid)`,
  )!;
}

export const LIST_ORDER = [nameKey, submissions.id] as const;

/**
 * Pages of `size` rows, until a page comes back short. `fetchPage` selects `key` (nameKey) and `id` and
 * orders by LIST_ORDER with the limit it is given; the job's signal is checked between pages.
 */
export async function* candidatePages<T extends { id: string; key: string }>(
  fetchPage: (cursor: PageCursor | null, limit: number) => Promise<T[]>,
  size: number,
  signal: AbortSignal,
): AsyncGenerator<T[]> {
  let cursor: PageCursor | null = null;
  for (;;) {
    signal.throwIfAborted();
    const page = await fetchPage(cursor, size);
    if (page.length > 0) yield page;
    if (page.length < size) return;
    const last = page[page.length - 1]!;
    cursor = { key: last.key, id: last.id };
  }
}

export async function countCandidates(db: Tx, programId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(submissions)
    .where(candidatesAfter(programId, null));
  return row?.n ?? 0;
}

export interface RatingFigures {
  averageRating: number | null;
  numReviews: number;
  standardDeviation: number | null;
}

export const NO_RATINGS: RatingFigures = { averageRating: null, numReviews: 0, standardDeviation: null };

/** A candidate's rated reviews: [reviewer id, rating] pairs. */
export type Ratings = [userId: string, rating: number][];

/**
 * A candidate's rated reviews (a rating of 0 or more, finite: -1 is "not rated") as a column of the
 * page's query: a JSON text of [reviewer, rating] pairs read from the (program, submission, rating,
 * user) index, or null when there are none. One query per page instead of two, and one text per
 * candidate instead of a row per review: for 200,000 reviews the driver's row objects were most of
 * the matrix's time.
 */
export function ratingsColumn(programId: string) {
  // ${submissions}.id, not ${submissions.id}: in a one-table select drizzle writes a column unqualified,
  // and inside the subquery a bare "id" would be the review's.
  return sql<string | null>`(select json_agg(json_build_array(r.user_id, r.rating))::text from ${reviews} r
    where r.program_id = ${programId} and r.submission_id = ${submissions}.id
      and r.rating >= 0 and r.rating < 'Infinity'::float8
      and ${notConflictedSql(sql`r.submission_id`, sql`r.user_id`)})`;
}

export function parseRatings(text: string | null): Ratings {
  return text === null ? [] : (JSON.parse(text) as Ratings);
}

/** A candidate's figures from its ratings: scoring.ts's definitions, as Candidate Statistics shows them. */
export function figuresOf(ratings: Ratings): RatingFigures {
  if (ratings.length === 0) return NO_RATINGS;
  const stats = candidateRatingStats(ratings.map(([, rating]) => rating));
  return { averageRating: stats.mean, numReviews: stats.count, standardDeviation: stats.standardDeviation };
}
