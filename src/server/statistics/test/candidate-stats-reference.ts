import {
  averageRankings,
  calibratedScores,
  candidateRatingStats,
  meanOfRated,
  type RatingObservation,
  schulzeOrder,
} from "../../../shared/review/scoring";
import type { CandidateStatsPage, CandidateStatsQuery } from "../../../shared/schemas/candidate-statistics";
import type { CandidateStatsRow } from "../../../shared/schemas/reviews";
import type { StatsCandidate, StatsReview } from "../candidate-figures";
import { nameSortKey, searchKey } from "../candidate-stats-page";
import { CONSENSUS_LIMIT } from "../stats-math";

/**
 * The straightforward computation of Candidate Statistics, for tests only: every figure from
 * src/shared/review/scoring.ts's definitions applied candidate by candidate, and the page cut by sorting
 * and filtering every row as the candidate table once did in the browser. The fast path
 * (candidate-figures.ts, candidate-stats-page.ts, cached in candidate-stats.ts) must give exactly this.
 */

export interface ReferenceProgram {
  appVersion: number;
  /** The submitted, non-test candidates. */
  candidates: readonly StatsCandidate[];
  /** Every review of the program, listed candidates' or not. */
  reviews: readonly StatsReview[];
  /** The stored rankings, by reviewer id. */
  rankings: readonly (readonly string[])[];
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** The order the figures are summed in: by rating, then reviewer. */
const inSummationOrder = (reviews: readonly StatsReview[]) =>
  [...reviews].sort((a, b) => a.rating - b.rating || compare(a.userId, b.userId));

/** Standard competition ranks of schulzeOrder's tiers. */
function ranksOfTiers(tiers: readonly (readonly string[])[]): Map<string, number> {
  const ranks = new Map<string, number>();
  let before = 0;
  for (const tier of tiers) {
    for (const id of tier) ranks.set(id, before + 1);
    before += tier.length;
  }
  return ranks;
}

/** Every listed candidate's row, in the order of `program.candidates`, and the number of rankings. */
export function referenceRows(program: ReferenceProgram): {
  rows: CandidateStatsRow[];
  totalRankings: number;
} {
  const listed = new Set(program.candidates.map((c) => c.id));
  const reviewsOf = new Map<string, StatsReview[]>();
  for (const review of program.reviews) {
    reviewsOf.set(review.submissionId, [...(reviewsOf.get(review.submissionId) ?? []), review]);
  }
  const observations: RatingObservation[] = [];
  for (const candidate of [...program.candidates].sort((a, b) => compare(a.id, b.id))) {
    for (const review of inSummationOrder(reviewsOf.get(candidate.id) ?? [])) {
      observations.push({ candidateId: candidate.id, reviewerId: review.userId, rating: review.rating });
    }
  }
  const calibrated = calibratedScores(observations).quality;
  const lists = program.rankings
    .map((list) => list.filter((id) => listed.has(id)))
    .filter((l) => l.length > 0);
  const averages = averageRankings(lists);
  const best = [...averages.scores]
    .sort(([a, x], [b, y]) => y.score - x.score || y.rankedBy - x.rankedBy || compare(a, b))
    .slice(0, CONSENSUS_LIMIT)
    .map(([id]) => id);
  const consensus = ranksOfTiers(schulzeOrder(best, lists));

  const rows = program.candidates.map((candidate): CandidateStatsRow => {
    const reviews = inSummationOrder(reviewsOf.get(candidate.id) ?? []);
    const stats = candidateRatingStats(reviews.map((r) => r.rating));
    const suggested = meanOfRated(reviews.map((r) => r.suggested ?? -1));
    const ranking = averages.scores.get(candidate.id);
    return {
      _id: candidate.id,
      identifier: candidate.identifier,
      status: candidate.status,
      amount: candidate.amountCents === null ? null : candidate.amountCents / 100,
      numReviews: stats.count,
      averageRating: stats.mean,
      medianRating: stats.median,
      standardDeviation: stats.standardDeviation,
      minRating: stats.min,
      maxRating: stats.max,
      histogram: stats.histogram,
      suggestedRating: program.appVersion === 3 && suggested >= 0 ? suggested : null,
      calibratedRating: calibrated.get(candidate.id) ?? null,
      averageRanking: ranking?.score ?? null,
      rankedBy: ranking?.rankedBy ?? 0,
      consensusRank: consensus.get(candidate.id) ?? null,
    };
  });
  return { rows, totalRankings: lists.length };
}

const STATUS_ORDER = { approved: 0, pending: 1, disapproved: 2 } as const;

/** The browser's former sortRows: one comparator over whole rows. */
function sortedRows(
  rows: readonly CandidateStatsRow[],
  query: Pick<CandidateStatsQuery, "sort" | "direction">,
) {
  const sign = query.direction === "ascending" ? 1 : -1;
  const column = query.sort;
  const sortValueOf = (row: CandidateStatsRow): number | null => {
    if (column === "identifier") return null;
    if (column === "status") return STATUS_ORDER[row.status];
    const value = row[column];
    return value === null || Number.isNaN(value) ? null : value;
  };
  return [...rows].sort((a, b) => {
    if (column !== "identifier") {
      const x = sortValueOf(a);
      const y = sortValueOf(b);
      if (x === null || y === null) {
        if (x !== y) return x === null ? 1 : -1;
      } else if (x !== y) {
        return sign * (x - y);
      }
    }
    const byName = compare(nameSortKey(a.identifier), nameSortKey(b.identifier)) || compare(a._id, b._id);
    return column === "identifier" ? sign * byName : byName;
  });
}

/** The page a query asks for, cut from every row sorted and filtered. */
export function referencePage(
  program: ReferenceProgram,
  query: Omit<CandidateStatsQuery, "programId">,
): CandidateStatsPage {
  const { rows, totalRankings } = referenceRows(program);
  const needle = searchKey(query.search.trim());
  const kept = sortedRows(rows, query).filter(
    (row) =>
      (query.status === "all" || row.status === query.status) &&
      row.numReviews >= query.minReviews &&
      (needle === "" || searchKey(row.identifier).includes(needle)),
  );
  const pageCount = Math.ceil(kept.length / query.pageSize);
  const page = Math.min(Math.max(1, query.page), Math.max(1, pageCount));
  const ranks = rows.map((row) => row.consensusRank).filter((rank): rank is number => rank !== null);
  return {
    rows: kept.slice((page - 1) * query.pageSize, page * query.pageSize),
    totalRankings,
    total: kept.length,
    page,
    pageSize: query.pageSize,
    candidates: rows.length,
    approved: rows.filter((row) => row.status === "approved").length,
    tiedRanks: [...new Set(ranks.filter((rank, i) => ranks.indexOf(rank) !== i))].sort((a, b) => a - b),
    ...(query.recipients === "true"
      ? {
          recipients: kept.map((row) => ({
            submissionId: row._id,
            identifier: row.identifier,
            status: row.status,
            amount: row.amount,
          })),
        }
      : {}),
  };
}
