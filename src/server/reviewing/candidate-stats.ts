import { and, eq } from "drizzle-orm";
import { type FormContent, liveSections } from "../../shared/forms/model";
import {
  averageRankings,
  type CriterionDefinition,
  type CriterionValue,
  calibratedScores,
  candidateRatingStats,
  criteriaOverall,
  meanOfRated,
  schulzeOrder,
} from "../../shared/review/scoring";
import type { CandidateStatsResult, CandidateStatsRow, ReviewSection } from "../../shared/schemas/reviews";
import type { Tx } from "../db/client";
import { rankings, reviews, submissions } from "../db/schema";
import { versionContent } from "../submissions/form-versions";
import { listOrderKey } from "./candidate-list";
import { isReviewableSql } from "./candidates";
import { amountOf } from "./present";

/**
 * What admins see per candidate (review-science.md): three queries — the candidates, every review of
 * the program, every stacked ranking — then all figures in memory, so the cost does not grow with the
 * number of candidates in round trips.
 */

type ProgramRef = { id: string; organizationId: string; appVersion: number };

/** The scale an appVersion 3 overall is shown on: 10 when any criterion uses a 10-point scale. */
export function criteriaScale(content: FormContent): number {
  const tenPoint = liveSections(content.sections).some((s) => s.criteria.some((c) => c.maxScale === 10));
  return tenPoint ? 10 : 5;
}

/**
 * A review's overall computed from its criteria alone. Criteria are matched within their section (the
 * key carries both ids), so a criterion copied into two sections is never confused with its twin.
 */
export function criteriaRating(content: FormContent, sections: readonly ReviewSection[]): number {
  const definitions: CriterionDefinition[] = liveSections(content.sections).flatMap((s) =>
    s.criteria.map((c) => ({ ...c, _id: `${s._id}\u0000${c._id}` })),
  );
  const values: CriterionValue[] = sections.flatMap((s) =>
    s.criteria.map((c) => ({ ...c, criteriaId: `${s.sectionId}\u0000${c.criteriaId}` })),
  );
  return criteriaOverall(definitions, values, criteriaScale(content));
}

/** Standard competition ranking from tiers: a tier's rank is 1 + the candidates in earlier tiers. */
function consensusRanks(tiers: readonly (readonly string[])[]): Map<string, number> {
  const ranks = new Map<string, number>();
  let before = 0;
  for (const tier of tiers) {
    for (const id of tier) ranks.set(id, before + 1);
    before += tier.length;
  }
  return ranks;
}

function append(map: Map<string, number[]>, key: string, value: number) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export async function candidateStats(db: Tx, program: ProgramRef): Promise<CandidateStatsResult> {
  const inProgram = and(
    eq(submissions.organizationId, program.organizationId),
    eq(submissions.programId, program.id),
  );
  const [candidates, reviewRows, rankingRows] = await Promise.all([
    db
      .select({
        id: submissions.id,
        identifier: submissions.identifier,
        status: submissions.status,
        amountCents: submissions.amountCents,
        formId: submissions.formId,
        formVersion: submissions.formVersion,
      })
      .from(submissions)
      .where(and(inProgram, isReviewableSql()))
      .orderBy(listOrderKey, submissions.id),
    db
      .select({
        submissionId: reviews.submissionId,
        userId: reviews.userId,
        rating: reviews.rating,
        sections: reviews.sections,
      })
      .from(reviews)
      .innerJoin(submissions, eq(submissions.id, reviews.submissionId))
      .where(
        and(
          eq(reviews.organizationId, program.organizationId),
          eq(reviews.programId, program.id),
          isReviewableSql(),
        ),
      ),
    db
      .select({ applications: rankings.applications })
      .from(rankings)
      .where(and(eq(rankings.organizationId, program.organizationId), eq(rankings.programId, program.id))),
  ]);

  const candidateById = new Map(candidates.map((c) => [c.id, c]));
  const contents = new Map<string, FormContent>();
  if (program.appVersion === 3) {
    // Usually one version per program; each is read once (and cached across requests).
    for (const { formId, formVersion } of candidates) {
      const key = `${formId}:${formVersion}`;
      if (!contents.has(key)) contents.set(key, await versionContent(db, formId, formVersion));
    }
  }

  const ratingsOf = new Map<string, number[]>();
  const suggestedOf = new Map<string, number[]>();
  for (const review of reviewRows) {
    const candidate = candidateById.get(review.submissionId);
    if (!candidate) continue;
    append(ratingsOf, review.submissionId, review.rating);
    const content = contents.get(`${candidate.formId}:${candidate.formVersion}`);
    if (content) append(suggestedOf, review.submissionId, criteriaRating(content, review.sections));
  }
  const calibrated = calibratedScores(
    reviewRows.map((r) => ({ candidateId: r.submissionId, reviewerId: r.userId, rating: r.rating })),
  ).quality;

  // A ranking only speaks about candidates that still exist and are reviewable; an empty one says nothing.
  const lists = rankingRows
    .map((r) => r.applications.filter((id) => candidateById.has(id)))
    .filter((list) => list.length > 0);
  const averages = averageRankings(lists);
  const ranks = consensusRanks(schulzeOrder([...candidateById.keys()], lists));

  const rows = candidates.map((candidate): CandidateStatsRow => {
    const stats = candidateRatingStats(ratingsOf.get(candidate.id) ?? []);
    const suggested = meanOfRated(suggestedOf.get(candidate.id) ?? []);
    const ranking = averages.scores.get(candidate.id);
    return {
      _id: candidate.id,
      identifier: candidate.identifier,
      status: candidate.status,
      amount: amountOf(candidate.amountCents),
      numReviews: stats.count,
      averageRating: stats.mean,
      medianRating: stats.median,
      standardDeviation: stats.standardDeviation,
      minRating: stats.min,
      maxRating: stats.max,
      histogram: stats.histogram,
      suggestedRating: suggested < 0 ? null : suggested,
      calibratedRating: calibrated.get(candidate.id) ?? null,
      averageRanking: ranking?.score ?? null,
      rankedBy: ranking?.rankedBy ?? 0,
      // A candidate no one ranked has no place in the consensus.
      consensusRank: ranking === undefined ? null : (ranks.get(candidate.id) ?? null),
    };
  });
  return { rows, totalRankings: averages.totalLists };
}
