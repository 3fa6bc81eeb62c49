import { and, asc, eq, sql } from "drizzle-orm";
import { reviewerOrder } from "../../shared/review/scoring";
import {
  NOT_RATED,
  type RankingResult,
  REVIEW_MESSAGES,
  type SaveRankingBody,
} from "../../shared/schemas/reviews";
import type { Tx } from "../db/client";
import { rankings, reviews, submissions } from "../db/schema";
import { AppError } from "../http/errors";
import { isReviewableSql, visibleToReviewerSql } from "./candidates";

/**
 * Stacked rankings (review-and-administration §4, step 2): each committee member's candidates, best
 * first. `revision` makes a save from a stale tab fail (409) instead of overwriting a newer order.
 */

interface ProgramRef {
  id: string;
  organizationId: string;
}
interface RankedCandidate {
  _id: string;
  identifier: string;
  rating: number;
}

export const NOTHING_RATED_MESSAGE = "Rate at least one application before ranking your candidates.";

/**
 * The candidates a member ranks, with their own rating: submitted, non-test candidates visible to them
 * (every one of them when `seesAll`: the program's admins). One query, whatever the program's size.
 */
export async function rankingCandidates(
  db: Tx,
  programId: string,
  userId: string,
  seesAll: boolean,
): Promise<RankedCandidate[]> {
  return db
    .select({
      _id: submissions.id,
      identifier: submissions.identifier,
      rating: sql<number>`coalesce(${reviews.rating}, ${NOT_RATED})`.mapWith(Number),
    })
    .from(submissions)
    .leftJoin(
      reviews,
      and(
        eq(reviews.submissionId, submissions.id),
        eq(reviews.programId, submissions.programId),
        eq(reviews.userId, userId),
      ),
    )
    .where(
      and(
        eq(submissions.programId, programId),
        isReviewableSql(),
        seesAll ? undefined : visibleToReviewerSql(userId),
      ),
    );
}

/**
 * The stored order first (ids no longer among the candidates dropped), then candidates not yet ranked
 * by the member's rating, best first; equal ratings in the member's own stable shuffle, so no candidate
 * is always shown first (design/review-science.md, order bias).
 */
export function orderRanking(
  userId: string,
  candidates: readonly RankedCandidate[],
  stored: readonly string[],
): RankedCandidate[] {
  const byId = new Map(candidates.map((c) => [c._id, c]));
  const ranked: RankedCandidate[] = [];
  for (const id of new Set(stored)) {
    const candidate = byId.get(id);
    if (candidate === undefined) continue;
    ranked.push(candidate);
    byId.delete(id);
  }
  const shuffle = new Map(reviewerOrder(userId, [...byId.keys()]).map((id, i) => [id, i]));
  const unranked = [...byId.values()].sort(
    (a, b) => b.rating - a.rating || shuffle.get(a._id)! - shuffle.get(b._id)!,
  );
  return [...ranked, ...unranked];
}

/** A member's ranking as step 2 shows it (revision 0 and no flag until the first save). */
export async function loadRanking(
  db: Tx,
  program: ProgramRef,
  userId: string,
  seesAll: boolean,
): Promise<RankingResult> {
  const [candidates, [stored]] = await Promise.all([
    rankingCandidates(db, program.id, userId, seesAll),
    db
      .select()
      .from(rankings)
      .where(and(eq(rankings.programId, program.id), eq(rankings.userId, userId))),
  ]);
  return {
    programId: program.id,
    userId,
    applications: orderRanking(userId, candidates, stored?.applications ?? []),
    revision: stored?.revision ?? 0,
    topFiveChanged: stored?.topFiveChanged ?? false,
  };
}

/**
 * Every saved ranking of a program, for its admins: each in its stored order, kept to the candidates
 * still under review, with that member's rating. Three queries, whatever the number of members.
 */
export async function listProgramRankings(db: Tx, program: ProgramRef): Promise<RankingResult[]> {
  const [stored, candidates, ratings] = await Promise.all([
    db.select().from(rankings).where(eq(rankings.programId, program.id)).orderBy(asc(rankings.userId)),
    db
      .select({ id: submissions.id, identifier: submissions.identifier })
      .from(submissions)
      .where(and(eq(submissions.programId, program.id), isReviewableSql())),
    db
      .select({ submissionId: reviews.submissionId, userId: reviews.userId, rating: reviews.rating })
      .from(reviews)
      .where(eq(reviews.programId, program.id)),
  ]);
  const identifiers = new Map(candidates.map((c) => [c.id, c.identifier]));
  const ratingOf = new Map(ratings.map((r) => [`${r.userId}/${r.submissionId}`, r.rating]));
  return stored.map((row) => ({
    programId: program.id,
    userId: row.userId,
    applications: [...new Set(row.applications)].flatMap((id) => {
      const identifier = identifiers.get(id);
      if (identifier === undefined) return [];
      return [{ _id: id, identifier, rating: ratingOf.get(`${row.userId}/${id}`) ?? NOT_RATED }];
    }),
    revision: row.revision,
    topFiveChanged: row.topFiveChanged,
  }));
}

const stale = () => new AppError("STALE_REVISION", REVIEW_MESSAGES.staleRanking);

/** Exactly the member's current candidates, each once: a tab that missed a new candidate is stale. */
function isPermutationOf(order: readonly string[], candidates: readonly RankedCandidate[]): boolean {
  if (order.length !== candidates.length) return false;
  const ids = new Set(candidates.map((c) => c._id));
  const seen = new Set<string>();
  for (const id of order) {
    if (!ids.has(id) || seen.has(id)) return false;
    seen.add(id);
  }
  return true;
}

/**
 * Saves a member's order (already authorized): the candidate query, then ONE statement that checks the
 * revision and writes. Revision 0 inserts (a concurrent first save loses the ON CONFLICT's revision
 * check); later revisions update only the row still at that revision. Whoever loses gets 409.
 */
export async function saveRanking(
  db: Tx,
  program: ProgramRef,
  userId: string,
  seesAll: boolean,
  body: SaveRankingBody,
): Promise<{ revision: number; topFiveChanged: boolean }> {
  const candidates = await rankingCandidates(db, program.id, userId, seesAll);
  // Spec §9: stacked rankings need at least one rated application.
  if (!candidates.some((c) => c.rating > NOT_RATED)) throw new AppError("CONFLICT", NOTHING_RATED_MESSAGE);
  if (!isPermutationOf(body.rankings, candidates)) throw stale();

  const movedIntoTopFive = body.movedIntoTopFive ?? false;
  const returning = { revision: rankings.revision, topFiveChanged: rankings.topFiveChanged };
  const [saved] =
    body.revision === 0
      ? await db
          .insert(rankings)
          .values({
            programId: program.id,
            userId,
            organizationId: program.organizationId,
            applications: body.rankings,
            topFiveChanged: movedIntoTopFive,
            revision: 1,
          })
          .onConflictDoUpdate({
            target: [rankings.programId, rankings.userId],
            set: {
              applications: body.rankings,
              revision: sql`${rankings.revision} + 1`,
              topFiveChanged: sql`${rankings.topFiveChanged} or ${movedIntoTopFive}`,
              updatedAt: new Date(),
            },
            setWhere: eq(rankings.revision, 0),
          })
          .returning(returning)
      : await db
          .update(rankings)
          .set({
            applications: body.rankings,
            revision: sql`${rankings.revision} + 1`,
            topFiveChanged: sql`${rankings.topFiveChanged} or ${movedIntoTopFive}`,
            updatedAt: new Date(),
          })
          .where(
            and(
              eq(rankings.programId, program.id),
              eq(rankings.userId, userId),
              eq(rankings.revision, body.revision),
            ),
          )
          .returning(returning);
  if (!saved) throw stale();
  return saved;
}
