import type { CandidateStatsRow, DecisionStatus } from "../../shared/schemas/reviews";
import { amountOf } from "../reviewing/amounts";
import { type CandidateReviews, calibratedQualities, type RankingFigures, roundTo } from "./stats-math";

/**
 * Candidate Statistics' figures (review-science.md, "Per candidate") computed in Node from the compact
 * rows the database hands over (candidate-stats-inputs.ts), for a whole program at once: the table is
 * then kept and pages are cut from it (candidate-stats.ts). Pure, so that a randomized test compares it
 * with the straightforward computation of src/shared/review/scoring.ts (candidate-figures.test.ts):
 *
 * - count, mean, median, standard deviation, min, max and histogram are candidateRatingStats' figures,
 *   to the bit: the same sums in the same order (ascending ratings) and the same rounding. (They were
 *   SQL aggregates: PostgreSQL's one-pass stddev_pop could differ from candidateRatingStats' two-pass
 *   figure in the last binary digit; this is scoring.ts's own arithmetic.) candidateRatingStats itself
 *   is not called: its filter, sort and maps cost about a second over 100,000 candidates;
 * - the suggested rating is the mean of the reviews' stored suggestions (reviewing/suggested-rating.ts) that count;
 * - the calibrated rating is calibratedScores' quality, fitted over the listed candidates' rated reviews
 *   by stats-math.ts in the order calibratedScores itself sums (candidates by id, each candidate's
 *   reviews by rating then reviewer), so the figures are calibratedScores' own;
 * - the average ranking and the consensus come from rankingFiguresOf (stats-math.ts).
 *
 * Loads neither drizzle nor zod (its imports are pure, or types): the benchmark's baseline server
 * (bench/scenarios/candidate-stats.ts) computes its figures with this very code.
 */

/** A submitted, non-test candidate of the program. */
export interface StatsCandidate {
  id: string;
  identifier: string;
  status: DecisionStatus;
  amountCents: number | null;
}

/** A review of one of the program's submissions (drafts' and tests' too: they are simply never listed). */
export interface StatsReview {
  submissionId: string;
  userId: string;
  rating: number;
  suggested: number | null;
}

/** The figures of a row that come from the reviews (and the calibration over them). */
export type RatingPart = Pick<
  CandidateStatsRow,
  | "numReviews"
  | "averageRating"
  | "medianRating"
  | "standardDeviation"
  | "minRating"
  | "maxRating"
  | "histogram"
  | "suggestedRating"
  | "calibratedRating"
>;
/** The figures of a row that come from the stacked rankings. */
export type RankingPart = Pick<CandidateStatsRow, "averageRanking" | "rankedBy" | "consensusRank">;

/** One submission's reviews summarized, under the names of a row: copied into it as they are. */
export interface ReviewFigures extends RatingPart {
  /** The rated reviews, by rating then reviewer id (code units): the calibration's input. */
  raters: string[];
  ratings: number[];
}

/** candidateRatingStats' isRated: -1 is "not rated", and a negative or non-finite number is no rating. */
const isRated = (value: number | null): value is number =>
  value !== null && Number.isFinite(value) && value >= 0;

const byRatingThenReviewer = (a: StatsReview, b: StatsReview) =>
  a.rating - b.rating || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0);

const NO_REVIEWS: RatingPart = Object.freeze({
  numReviews: 0,
  averageRating: null,
  medianRating: null,
  standardDeviation: null,
  minRating: null,
  maxRating: null,
  histogram: Object.freeze({}),
  suggestedRating: null,
  calibratedRating: null,
});

/**
 * candidateRatingStats over ratings already rated and sorted ascending, with the same arithmetic: the
 * mean and the variance are sums in this order divided by the count, the median is the same one or two
 * numbers, and every figure goes through the same rounding.
 */
export function sortedRatingStats(sorted: readonly number[]) {
  const count = sorted.length;
  const histogram: Record<string, number> = {};
  for (const rating of sorted) {
    const key = String(rating);
    histogram[key] = (histogram[key] ?? 0) + 1;
  }
  if (count === 0) {
    return { count, mean: null, median: null, standardDeviation: null, min: null, max: null, histogram };
  }
  let sum = 0;
  for (const rating of sorted) sum += rating;
  const average = sum / count;
  const middle = Math.floor(count / 2);
  const median = count % 2 === 1 ? sorted[middle]! : (sorted[middle]! + sorted[middle - 1]!) / 2;
  let squares = 0;
  for (const rating of sorted) squares += (rating - average) ** 2;
  return {
    count,
    mean: roundTo(average, 2),
    median: roundTo(median, 2),
    standardDeviation: roundTo(Math.sqrt(squares / count), 2),
    min: sorted[0]!,
    max: sorted[count - 1]!,
    histogram,
  };
}

/** One submission's figures from all its reviews (any order), or null when none counts. */
function figuresOf(reviews: StatsReview[], withSuggested: boolean): ReviewFigures | null {
  reviews.sort(byRatingThenReviewer);
  const raters: string[] = [];
  const ratings: number[] = [];
  let suggestedSum = 0;
  let suggestedCount = 0;
  for (const review of reviews) {
    if (isRated(review.rating)) {
      raters.push(review.userId);
      ratings.push(review.rating);
    }
    if (withSuggested && isRated(review.suggested)) {
      suggestedSum += review.suggested;
      suggestedCount += 1;
    }
  }
  if (ratings.length === 0 && suggestedCount === 0) return null;
  const stats = sortedRatingStats(ratings);
  return {
    numReviews: stats.count,
    averageRating: stats.mean,
    medianRating: stats.median,
    standardDeviation: stats.standardDeviation,
    minRating: stats.min,
    maxRating: stats.max,
    histogram: stats.histogram,
    suggestedRating: suggestedCount === 0 ? null : roundTo(suggestedSum / suggestedCount, 2),
    // Filled in by calibrationOf, over the listed candidates.
    calibratedRating: null,
    raters,
    ratings,
  };
}

/**
 * Every reviewed submission's figures, by submission id. `withSuggested`: the program rates weighted
 * criteria (appVersion 3); otherwise no review has a suggested rating to show.
 */
export function reviewFiguresOf(
  reviews: readonly StatsReview[],
  withSuggested: boolean,
): Map<string, ReviewFigures> {
  const bySubmission = new Map<string, StatsReview[]>();
  for (const review of reviews) {
    const list = bySubmission.get(review.submissionId);
    if (list === undefined) bySubmission.set(review.submissionId, [review]);
    else list.push(review);
  }
  const figures = new Map<string, ReviewFigures>();
  for (const [submissionId, list] of bySubmission) {
    const summary = figuresOf(list, withSuggested);
    if (summary !== null) figures.set(submissionId, summary);
  }
  return figures;
}

/** Candidates in id order (code units, as calibratedScores sorts them): the order the figures need. */
export const byId = (a: StatsCandidate, b: StatsCandidate) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Sets the calibrated rating of every listed candidate with a rated review: calibratedScores' quality
 * over their rated reviews, which it sums candidate by candidate in id order — the order `candidates`
 * must be in. Each submission's figures then carry every rating figure of its row.
 */
export function calibrate(
  candidates: readonly StatsCandidate[],
  figures: ReadonlyMap<string, ReviewFigures>,
) {
  const input: CandidateReviews[] = [];
  for (const candidate of candidates) {
    const summary = figures.get(candidate.id);
    if (summary === undefined || summary.numReviews === 0) continue;
    input.push({ candidateId: candidate.id, reviewerIds: summary.raters, ratings: summary.ratings });
  }
  for (const [id, quality] of calibratedQualities(input)) figures.get(id)!.calibratedRating = quality;
}

/** Each candidate's rating figures, from its reviews' figures once calibrated. */
export function ratingParts(figures: ReadonlyMap<string, ReviewFigures>): (id: string) => RatingPart {
  return (id) => figures.get(id) ?? NO_REVIEWS;
}

const NOT_RANKED: RankingPart = Object.freeze({ averageRanking: null, rankedBy: 0, consensusRank: null });

/** Each candidate's ranking figures. */
export function rankingParts(ranked: RankingFigures): (id: string) => RankingPart {
  return (id) => {
    const ranking = ranked.scores.get(id);
    if (ranking === undefined) return NOT_RANKED;
    return {
      averageRanking: ranking.score,
      rankedBy: ranking.rankedBy,
      consensusRank: ranked.consensus.get(id) ?? null,
    };
  };
}

/** Every listed candidate's row, in the order of `candidates`. */
export function candidateRows(
  candidates: readonly StatsCandidate[],
  ratingOf: (id: string) => RatingPart,
  rankingOf: (id: string) => RankingPart,
): CandidateStatsRow[] {
  return candidates.map((candidate): CandidateStatsRow => {
    const rating = ratingOf(candidate.id);
    const ranking = rankingOf(candidate.id);
    return {
      _id: candidate.id,
      identifier: candidate.identifier,
      status: candidate.status,
      amount: amountOf(candidate.amountCents),
      numReviews: rating.numReviews,
      averageRating: rating.averageRating,
      medianRating: rating.medianRating,
      standardDeviation: rating.standardDeviation,
      minRating: rating.minRating,
      maxRating: rating.maxRating,
      // Shared by the rows of one program's tables: nothing mutates a row after it is built.
      histogram: rating.histogram,
      suggestedRating: rating.suggestedRating,
      calibratedRating: rating.calibratedRating,
      averageRanking: ranking.averageRanking,
      rankedBy: ranking.rankedBy,
      consensusRank: ranking.consensusRank,
    };
  });
}
