/**
 * How reviewers' entries combine into scores, rankings and a consensus order
 * (design/review-science.md). Pure and isomorphic: the server stores the results and the client can
 * preview them with exactly the same arithmetic.
 */

/** The stored sentinel for "not rated"; a rating of 0 is a real value. */
export const NOT_RATED = -1;

export interface CriterionDefinition {
  _id: string;
  type: "SCALE" | "BOOLEAN";
  maxScale: number;
  weight: number;
}

/** BOOLEAN value: 1 yes, 0 no, -1 unanswered. */
export interface CriterionValue {
  criteriaId: string;
  type: "SCALE" | "BOOLEAN";
  value: number;
}

export interface CandidateRatingStats {
  count: number;
  mean: number | null;
  median: number | null;
  /** Population standard deviation: the reviews are the whole set being summarized, not a sample. */
  standardDeviation: number | null;
  min: number | null;
  max: number | null;
  /** Keys are the rating values as strings ("4", "4.5"). */
  histogram: Record<string, number>;
}

export interface RatingObservation {
  candidateId: string;
  reviewerId: string;
  rating: number;
}

export interface CalibrationOptions {
  /** Ridge penalty on reviewer biases: a reviewer with n reviews keeps about n / (n + lambda) of their apparent bias. */
  lambda?: number;
  /** Upper bound on alternating passes; the fit stops earlier once nothing moves. */
  iterations?: number;
}

export interface PositionalScore {
  score: number;
  rankedBy: number;
}

/**
 * Every rated value is ≥ 0: -1 is the sentinel and no scale goes below 0, so any negative or non-finite
 * number is treated as missing rather than dragging a mean down.
 */
function isRated(value: number): boolean {
  return Number.isFinite(value) && value >= 0;
}

/**
 * Half away from zero, like people round by hand. Going through 15 significant digits first absorbs the
 * binary error in products such as 1.005 * 100 = 100.49999999999999, which would otherwise round down.
 */
function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const scaled = Number((Math.abs(value) * factor).toPrecision(15));
  const rounded = (Math.sign(value) * Math.round(scaled)) / factor;
  // -0 would print as "-0" in some formatters and fail Object.is comparisons.
  return rounded === 0 ? 0 : rounded;
}

function mean(values: readonly number[]): number {
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}

/**
 * Plain code-unit comparison: localeCompare depends on the runtime's locale data, and the consensus order and
 * shuffles must be identical on server and browser.
 */
function compareIds(a: string, b: string): number {
  if (a < b) return -1;
  if (a > b) return 1;
  return 0;
}

/** Keeps each id's first occurrence: a repeated id is a client glitch, not a second vote. */
function withoutDuplicates(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}

/**
 * appVersion 3 overall, on `programScale`. Each counted criterion is normalized to its own maxScale, so a
 * 10-point criterion weighs the same as a 5-point one of equal weight. Definitions are authoritative: a value
 * whose criterion no longer exists, or is BOOLEAN on either side, does not count (booleans are shown in
 * their own column). When every counted weight is 0 the reviewer still rated something, so the plain mean of
 * the normalized values is returned instead of pretending nothing was rated.
 */
export function criteriaOverall(
  criteria: readonly CriterionDefinition[],
  values: readonly CriterionValue[],
  programScale: number,
): number {
  const definitions = new Map(criteria.map((criterion) => [criterion._id, criterion]));
  const counted: { normalized: number; weight: number }[] = [];
  for (const entry of values) {
    const definition = definitions.get(entry.criteriaId);
    if (definition === undefined) continue;
    if (entry.type === "BOOLEAN" || definition.type === "BOOLEAN") continue;
    if (!isRated(entry.value)) continue;
    if (!(Number.isFinite(definition.weight) && definition.weight >= 0)) continue;
    // A non-positive scale would divide by zero; such a definition cannot have been rated meaningfully.
    if (!(Number.isFinite(definition.maxScale) && definition.maxScale > 0)) continue;
    counted.push({ normalized: entry.value / definition.maxScale, weight: definition.weight });
  }
  if (counted.length === 0) return NOT_RATED;

  const totalWeight = counted.reduce((sum, criterion) => sum + criterion.weight, 0);
  const normalizedOverall =
    totalWeight > 0
      ? counted.reduce((sum, criterion) => sum + criterion.normalized * criterion.weight, 0) / totalWeight
      : mean(counted.map((criterion) => criterion.normalized));
  return roundTo(normalizedOverall * programScale, 2);
}

/** A section rating or an overall from section ratings; 0 counts, -1 does not. */
export function meanOfRated(values: readonly number[]): number {
  const rated = values.filter(isRated);
  return rated.length === 0 ? NOT_RATED : roundTo(mean(rated), 2);
}

/** What admins see per candidate, over submitted reviews' overall ratings (the caller drops drafts). */
export function candidateRatingStats(ratings: readonly number[]): CandidateRatingStats {
  const rated = ratings.filter(isRated).sort((a, b) => a - b);
  const histogram: Record<string, number> = {};
  for (const rating of rated) {
    const key = String(rating);
    histogram[key] = (histogram[key] ?? 0) + 1;
  }
  const lowest = rated[0];
  const highest = rated[rated.length - 1];
  if (lowest === undefined || highest === undefined) {
    return { count: 0, mean: null, median: null, standardDeviation: null, min: null, max: null, histogram };
  }

  const average = mean(rated);
  const middle = Math.floor(rated.length / 2);
  const upperMiddle = rated[middle] ?? highest;
  const median = rated.length % 2 === 1 ? upperMiddle : (upperMiddle + (rated[middle - 1] ?? lowest)) / 2;
  const variance = mean(rated.map((rating) => (rating - average) ** 2));
  return {
    count: rated.length,
    mean: roundTo(average, 2),
    median: roundTo(median, 2),
    standardDeviation: roundTo(Math.sqrt(variance), 2),
    min: lowest,
    max: highest,
    histogram,
  };
}

const DEFAULT_BIAS_PENALTY = 1;
const DEFAULT_CALIBRATION_PASSES = 200;
/** Far below the 2-decimal display, so stopping here never changes a shown digit. */
const CALIBRATION_TOLERANCE = 1e-10;

/**
 * Fits `rating = quality(candidate) + bias(reviewer)` minimizing Σ residual² + lambda·Σ bias² by
 * alternating exact block updates (each pass solves qualities given biases, then biases given qualities),
 * which converges to the unique ridge optimum. Qualities are not penalized: shrinking them would pull every
 * candidate toward 0, off the rating scale. Biases are shrunk, so a reviewer seen once keeps only
 * 1 / (1 + lambda) of their apparent harshness, and a lone reviewer's bias is 0 (nothing to compare with).
 *
 * Afterwards one constant is moved from all biases into all qualities so that biases average 0 weighted by
 * review count. Every fitted rating and every gap between candidates stays the same; what it buys is that the
 * review-weighted mean of calibrated scores equals the mean raw rating, so calibrated and raw scores can sit
 * side by side on one scale. Ratings of -1 (and anything negative) are dropped first.
 */
export function calibratedScores(
  observations: readonly RatingObservation[],
  options: CalibrationOptions = {},
): { quality: Map<string, number>; bias: Map<string, number> } {
  const lambda = options.lambda ?? DEFAULT_BIAS_PENALTY;
  const passes = options.iterations ?? DEFAULT_CALIBRATION_PASSES;
  if (!(Number.isFinite(lambda) && lambda >= 0)) throw new RangeError("lambda must be a finite number ≥ 0");
  if (!(Number.isInteger(passes) && passes >= 1)) throw new RangeError("iterations must be an integer ≥ 1");

  const rated = observations.filter((observation) => isRated(observation.rating));
  // Sorted ids give the same floating-point summation order whatever order the reviews arrived in.
  const candidateIds = [...new Set(rated.map((observation) => observation.candidateId))].sort(compareIds);
  const reviewerIds = [...new Set(rated.map((observation) => observation.reviewerId))].sort(compareIds);
  const byCandidate = new Map<string, RatingObservation[]>(candidateIds.map((id) => [id, []]));
  const byReviewer = new Map<string, RatingObservation[]>(reviewerIds.map((id) => [id, []]));
  for (const observation of rated) {
    byCandidate.get(observation.candidateId)?.push(observation);
    byReviewer.get(observation.reviewerId)?.push(observation);
  }

  const quality = new Map<string, number>(candidateIds.map((id) => [id, 0]));
  const bias = new Map<string, number>(reviewerIds.map((id) => [id, 0]));
  for (let pass = 0; pass < passes; pass += 1) {
    let largestChange = 0;
    for (const [candidateId, reviews] of byCandidate) {
      const next = mean(reviews.map((review) => review.rating - (bias.get(review.reviewerId) ?? 0)));
      largestChange = Math.max(largestChange, Math.abs(next - (quality.get(candidateId) ?? 0)));
      quality.set(candidateId, next);
    }
    for (const [reviewerId, reviews] of byReviewer) {
      let residual = 0;
      for (const review of reviews) residual += review.rating - (quality.get(review.candidateId) ?? 0);
      const next = residual / (reviews.length + lambda);
      largestChange = Math.max(largestChange, Math.abs(next - (bias.get(reviewerId) ?? 0)));
      bias.set(reviewerId, next);
    }
    if (largestChange < CALIBRATION_TOLERANCE) break;
  }

  let weightedBias = 0;
  for (const [reviewerId, reviews] of byReviewer)
    weightedBias += (bias.get(reviewerId) ?? 0) * reviews.length;
  const shift = rated.length === 0 ? 0 : weightedBias / rated.length;

  return {
    quality: new Map(candidateIds.map((id) => [id, roundTo((quality.get(id) ?? 0) + shift, 2)])),
    bias: new Map(reviewerIds.map((id) => [id, roundTo((bias.get(id) ?? 0) - shift, 2)])),
  };
}

/**
 * Normalized positional score: position r of n_u scores (n_u − r + 0.5) / n_u, so first of one is 0.5 like
 * the middle of a long list (a list of one says nothing about relative merit), and lists of different
 * lengths share the 0..1 range. `totalLists` counts every list passed, for "ranked by k of n".
 */
export function averageRankings(lists: readonly (readonly string[])[]): {
  scores: Map<string, PositionalScore>;
  totalLists: number;
} {
  const positionalScores = new Map<string, number[]>();
  for (const list of lists) {
    const ranked = withoutDuplicates(list);
    const length = ranked.length;
    ranked.forEach((candidateId, index) => {
      const score = (length - (index + 1) + 0.5) / length;
      const existing = positionalScores.get(candidateId);
      if (existing === undefined) positionalScores.set(candidateId, [score]);
      else existing.push(score);
    });
  }
  const scores = new Map<string, PositionalScore>();
  for (const [candidateId, candidateScores] of positionalScores) {
    scores.set(candidateId, { score: roundTo(mean(candidateScores), 4), rankedBy: candidateScores.length });
  }
  return { scores, totalLists: lists.length };
}

/**
 * Schulze consensus, best tier first, ids sorted inside a tier. A link's strength is its WINNING VOTES (the
 * number of lists preferring the winner), not the margin: with partial lists the number of reviewers who saw
 * both candidates varies, and winning votes weigh a preference held by many reviewers above a lopsided one
 * held by few. Ids in lists that are not in `candidates` are ignored. A candidate that takes part in no
 * pairwise preference (in no list, or alone in its lists) would be unbeaten and land in the top tier by
 * default; it goes in a separate last tier instead, since no evidence is not evidence of merit.
 */
export function schulzeOrder(
  candidates: readonly string[],
  lists: readonly (readonly string[])[],
): string[][] {
  const ids = withoutDuplicates(candidates).sort(compareIds);
  const indexOf = new Map(ids.map((id, index) => [id, index]));
  const count = ids.length;
  const preferences = ids.map(() => new Array<number>(count).fill(0));
  const compared = new Array<boolean>(count).fill(false);

  for (const list of lists) {
    const positions = withoutDuplicates(list)
      .map((id) => indexOf.get(id))
      .filter((index): index is number => index !== undefined);
    for (let earlier = 0; earlier < positions.length; earlier += 1) {
      for (let later = earlier + 1; later < positions.length; later += 1) {
        const winner = positions[earlier]!;
        const loser = positions[later]!;
        preferences[winner]![loser]! += 1;
        compared[winner] = true;
        compared[loser] = true;
      }
    }
  }

  const strength = ids.map((_, i) =>
    ids.map((__, j) => {
      const forward = preferences[i]![j]!;
      return forward > preferences[j]![i]! ? forward : 0;
    }),
  );
  for (let via = 0; via < count; via += 1) {
    for (let from = 0; from < count; from += 1) {
      if (from === via) continue;
      for (let to = 0; to < count; to += 1) {
        if (to === from || to === via) continue;
        const throughVia = Math.min(strength[from]![via]!, strength[via]![to]!);
        if (throughVia > strength[from]![to]!) strength[from]![to] = throughVia;
      }
    }
  }
  const beats = (i: number, j: number) => strength[i]![j]! > strength[j]![i]!;

  // The Schulze relation is a strict partial order, so peeling off the unbeaten set leaves no one stranded.
  const tiers: string[][] = [];
  let remaining = ids.map((_, index) => index).filter((index) => compared[index]);
  while (remaining.length > 0) {
    const unbeaten = remaining.filter((i) => !remaining.some((j) => beats(j, i)));
    tiers.push(unbeaten.map((index) => ids[index]!));
    remaining = remaining.filter((index) => !unbeaten.includes(index));
  }
  const withoutEvidence = ids.filter((_, index) => !compared[index]);
  if (withoutEvidence.length > 0) tiers.push(withoutEvidence);
  return tiers;
}

const FNV_OFFSET_BASIS = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/**
 * 32-bit FNV-1a over UTF-16 code units (identical to the byte version for ASCII ids). Chosen because it is
 * tiny, fast and needs no crypto API, so server and browser agree without platform differences.
 */
export function fnv1a32(text: string): number {
  let hash = FNV_OFFSET_BASIS;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, FNV_PRIME);
  }
  return hash >>> 0;
}

/**
 * murmur3's 32-bit finalizer. FNV-1a alone barely mixes the last character: ids such as "app-8" and "app-9"
 * landed next to each other for 187 of 200 reviewers, so neighbours in a series would share their position
 * bias. After this step they were adjacent for 19 of 200, about what a fair shuffle gives.
 */
function avalanche(hash: number): number {
  let mixed = hash;
  mixed ^= mixed >>> 16;
  mixed = Math.imul(mixed, 0x85ebca6b);
  mixed ^= mixed >>> 13;
  mixed = Math.imul(mixed, 0xc2b2ae35);
  mixed ^= mixed >>> 16;
  return mixed >>> 0;
}

/** The per-reviewer sort key of a candidate in `reviewerOrder`. */
export function reviewerOrderKey(reviewerId: string, candidateId: string): number {
  return avalanche(fnv1a32(`${reviewerId}:${candidateId}`));
}

/**
 * The order to present candidates to one reviewer: stable across visits (so the list does not jump), different
 * between reviewers (so no candidate is always seen first or last), and independent of the input order.
 * Duplicated ids are kept, so the result is always a permutation of the input.
 */
export function reviewerOrder(reviewerId: string, candidateIds: readonly string[]): string[] {
  return candidateIds
    .map((candidateId) => ({ candidateId, hash: reviewerOrderKey(reviewerId, candidateId) }))
    .sort((a, b) => a.hash - b.hash || compareIds(a.candidateId, b.candidateId))
    .map((entry) => entry.candidateId);
}

/**
 * -1 (not rated) or a step of `increment` from 0 to `scale`. 0 is accepted although the form offers 1..scale,
 * because stored data may carry it and the rules treat it as a value.
 */
export function isAllowedRating(value: number, scale: number, increment: number): boolean {
  if (value === NOT_RATED) return true;
  if (!Number.isFinite(value) || !(scale > 0) || !(increment > 0)) return false;
  if (value < 0 || value > scale) return false;
  const steps = value / increment;
  // Tolerance for decimals such as 0.1 increments that are not exact in binary.
  return Math.abs(steps - Math.round(steps)) < 1e-9;
}
