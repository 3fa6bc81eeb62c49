import { and, asc, eq, sql } from "drizzle-orm";
import { reviewerOrderKey } from "../../shared/review/scoring";
import {
  NOT_RATED,
  type RankingResult,
  REVIEW_MESSAGES,
  type SaveRankingBody,
  type SaveRankingResult,
} from "../../shared/schemas/reviews";
import { conflictedPairs, notConflictedSql, pairKey } from "../conflicts/active";
import type { Tx } from "../db/client";
import { rankings, reviews, submissions } from "../db/schema";
import { AppError } from "../http/errors";
import { KeptFigures } from "../statistics/kept-figures";
import { statisticsVersions } from "../statistics/stats-versions";
import { assignedToReviewerSql, isReviewableSql } from "./candidates";

/**
 * Stacked rankings (review-and-administration, "4. States and transitions", step 2): each committee member's
 * candidates, best first. `revision` makes a save from a stale tab fail (409) instead of overwriting a newer
 * order.
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
 *
 * Visible: open to all, or among the few assigned to them or their groups (candidates.ts), read once
 * from the assignment indexes — not `visibleToReviewerSql`'s two probes per candidate, whose cost
 * estimate at 100,000 candidates (millions) had PostgreSQL compile the statement (JIT) for a second
 * before running it for half of one.
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
        // Never a candidate the member declared a conflict with, admin-reviewers included.
        notConflictedSql(submissions.id, userId),
        seesAll
          ? undefined
          : sql`(${submissions.openToAll} or ${submissions.id} in (${assignedToReviewerSql(programId, userId)}))`,
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
  // Ties in `reviewerOrder`'s order (its key, then the id), sorted once with the rating: one sort of
  // precomputed keys rather than a shuffle then a second sort looking each position up.
  const unranked = [...byId.values()]
    .map((candidate) => ({ candidate, key: reviewerOrderKey(userId, candidate._id) }))
    .sort(
      (a, b) =>
        b.candidate.rating - a.candidate.rating ||
        a.key - b.key ||
        (a.candidate._id < b.candidate._id ? -1 : a.candidate._id > b.candidate._id ? 1 : 0),
    )
    .map((entry) => entry.candidate);
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
    savedAt: stored ? stored.updatedAt.toISOString() : null,
    confirmedAt: stored?.confirmedAt ? stored.confirmedAt.toISOString() : null,
  };
}

/** Rows of a raw statement, whichever driver ran it. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Every saved ranking of a program, for its admins: each in its stored order, kept to the candidates
 * still under review and not in conflict with that member (docs/decisions/036-conflicts-of-interest.md),
 * with that member's rating. Four statements, whatever the number of members.
 *
 * The answer is every member's whole list (members × their candidates), so reading it is linear in what
 * it holds, not in the program: the candidates' names and the ranking members' ratings come back as one
 * JSON object each (`json_object_agg`) instead of a row per candidate and per review — turning 300,000
 * rows into objects is most of the cost in the driver, PGlite's above all — and are joined in memory.
 */
export async function listProgramRankings(db: Tx, program: ProgramRef): Promise<RankingResult[]> {
  const [stored, names, ratings, conflicted] = await Promise.all([
    db
      .select({
        userId: rankings.userId,
        applications: rankings.applications,
        revision: rankings.revision,
        topFiveChanged: rankings.topFiveChanged,
      })
      .from(rankings)
      .where(eq(rankings.programId, program.id))
      .orderBy(asc(rankings.userId)),
    db.execute(
      sql`select coalesce(json_object_agg(${submissions.id}, ${submissions.identifier}), '{}')::text as names
        from ${submissions} where ${submissions.programId} = ${program.id} and ${isReviewableSql()}`,
    ),
    // Only the members who ranked, and only ratings given: no review is the same "not rated" as -1.
    db.execute(
      sql`select ${reviews.userId} as user_id, json_object_agg(${reviews.submissionId}, ${reviews.rating})::text as ratings
        from ${reviews}
        where ${reviews.programId} = ${program.id} and ${reviews.rating} <> ${NOT_RATED}
          and ${reviews.userId} in (select ${rankings.userId} from ${rankings} where ${rankings.programId} = ${program.id})
        group by ${reviews.userId}`,
    ),
    conflictedPairs(db, program.id),
  ]);
  const identifiers = new Map(
    Object.entries(JSON.parse(rowsOf<{ names: string }>(names)[0]!.names) as Record<string, string>),
  );
  const ratingsOf = new Map(
    rowsOf<{ user_id: string; ratings: string }>(ratings).map((r) => [
      r.user_id,
      new Map(Object.entries(JSON.parse(r.ratings) as Record<string, number>)),
    ]),
  );
  return stored.map((row) => {
    const rated = ratingsOf.get(row.userId);
    return {
      programId: program.id,
      userId: row.userId,
      applications: [...new Set(row.applications)].flatMap((id) => {
        const identifier = identifiers.get(id);
        if (identifier === undefined || conflicted.has(pairKey(row.userId, id))) return [];
        return [{ _id: id, identifier, rating: rated?.get(id) ?? NOT_RATED }];
      }),
      revision: row.revision,
      topFiveChanged: row.topFiveChanged,
    };
  });
}

/**
 * Programs whose rankings answer is kept: at 200 members ranking 500 candidates each it is 12 MB of JSON,
 * so a few, the least recently read going first.
 */
const KEPT_PROGRAMS = 4;
const keptRankings = new KeptFigures<string>(KEPT_PROGRAMS);

/**
 * GET /api/rankings/{programId}'s answer as JSON text, kept per program under the versions of what it
 * shows (statistics/stats-versions.ts): the stacked rankings, the candidates (who is under review, their names) and
 * the reviews (the ratings). One statement of a few rows while none of them changed. After a change, the
 * first request reads everything again (`listProgramRankings`: every candidate's name and every rating of
 * the members who ranked, so linear in the program — about 0.1 s at 1,000 candidates, 0.5–1 s at
 * 100,000) and the next ones are answered from memory. The versions are read before the data, so what is
 * kept is never older than its key: a saved ranking, review or candidate shows at the next request.
 */
export async function programRankingsJson(db: Tx, program: ProgramRef): Promise<string> {
  const v = await statisticsVersions(db, program.id);
  return keptRankings.get(program.id, `${v.rankings}/${v.candidates}/${v.reviews}`, async () =>
    JSON.stringify(await listProgramRankings(db, program)),
  );
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
  program: ProgramRef & { reviewSettings: { enableStackedRankings?: boolean } },
  userId: string,
  seesAll: boolean,
  body: SaveRankingBody,
): Promise<SaveRankingResult> {
  // review-and-administration, "Two-step bar": a program may turn stacked rankings off.
  if (program.reviewSettings.enableStackedRankings === false) {
    throw new AppError("CONFLICT", REVIEW_MESSAGES.stackedRankingsOff);
  }
  const candidates = await rankingCandidates(db, program.id, userId, seesAll);
  // review-and-administration, "9. Business constants and limits": stacked rankings need at least one rated
  // application.
  if (!candidates.some((c) => c.rating > NOT_RATED)) throw new AppError("CONFLICT", NOTHING_RATED_MESSAGE);
  if (!isPermutationOf(body.rankings, candidates)) throw stale();

  const movedIntoTopFive = body.movedIntoTopFive ?? false;
  const now = new Date();
  // A confirmation records when; a move keeps the last confirmation (the page shows both dates).
  const confirmedAt = body.confirm === true ? now : undefined;
  const returning = {
    revision: rankings.revision,
    topFiveChanged: rankings.topFiveChanged,
    updatedAt: rankings.updatedAt,
    confirmedAt: rankings.confirmedAt,
  };
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
            confirmedAt: confirmedAt ?? null,
            updatedAt: now,
          })
          .onConflictDoUpdate({
            target: [rankings.programId, rankings.userId],
            set: {
              applications: body.rankings,
              revision: sql`${rankings.revision} + 1`,
              topFiveChanged: sql`${rankings.topFiveChanged} or ${movedIntoTopFive}`,
              updatedAt: now,
              ...(confirmedAt ? { confirmedAt } : {}),
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
            updatedAt: now,
            ...(confirmedAt ? { confirmedAt } : {}),
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
  return {
    revision: saved.revision,
    topFiveChanged: saved.topFiveChanged,
    savedAt: saved.updatedAt.toISOString(),
    confirmedAt: saved.confirmedAt ? saved.confirmedAt.toISOString() : null,
  };
}
