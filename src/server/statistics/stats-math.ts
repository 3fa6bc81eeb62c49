import { averageRankings, type PositionalScore } from "../../shared/review/scoring";

/**
 * The two figures of Candidate Statistics that SQL cannot aggregate row by row — the calibrated rating
 * (an alternating ridge fit over every review) and the Schulze consensus (a widest-path closure over
 * pairs of candidates) — on flat typed arrays, for a program of 10,000 candidates and 50,000 reviews.
 *
 * Both give exactly what `calibratedScores` and `schulzeOrder` of src/shared/review/scoring.ts give on
 * the same input (stats-math.test.ts compares them on random data): scoring.ts stays the definition, and
 * these are only its fast, allocation-free form.
 */

/**
 * scoring.ts's rounding (half away from zero, through 15 significant digits), repeated: it is not
 * exported. Going through toPrecision(15) only matters near a half: below 10¹³ it moves a number by at
 * most 0.05, so anywhere else Math.round gives the same integer without the string round trip (a
 * statistics page rounds some 40,000 figures).
 */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const magnified = Math.abs(value) * factor;
  const fraction = magnified - Math.floor(magnified);
  const scaled =
    magnified < 1e13 && Math.abs(fraction - 0.5) > 0.1 ? magnified : Number(magnified.toPrecision(15));
  const rounded = (Math.sign(value) * Math.round(scaled)) / factor;
  return rounded === 0 ? 0 : rounded;
}

/** The same code-unit order as scoring.ts's compareIds (what a plain string sort gives). */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** One candidate's rated reviews (ratings ≥ 0 only), reviewer by reviewer. */
export interface CandidateReviews {
  candidateId: string;
  reviewerIds: readonly string[];
  ratings: readonly number[];
}

const BIAS_PENALTY = 1;
const MAX_PASSES = 200;
const TOLERANCE = 1e-10;

/**
 * calibratedScores(observations).quality for the observations listed candidate by candidate, in this
 * order. Every sum runs in the order scoring.ts runs it (a candidate's reviews and a reviewer's reviews
 * in observation order, the final shift over reviewers in id order), so the results are identical to the
 * last bit, not merely close: each pass is the same arithmetic on the same numbers.
 */
export function calibratedQualities(candidates: readonly CandidateReviews[]): Map<string, number> {
  let total = 0;
  for (const c of candidates) total += c.ratings.length;
  const reviewerIndex = new Map<string, number>();
  const candidateOf = new Int32Array(total);
  const reviewerOf = new Int32Array(total);
  const rating = new Float64Array(total);
  // Observations are grouped by candidate: candidate c owns [start[c], start[c + 1]).
  const rated = candidates.filter((c) => c.ratings.length > 0);
  const start = new Int32Array(rated.length + 1);
  let k = 0;
  rated.forEach((c, index) => {
    start[index] = k;
    c.ratings.forEach((value, j) => {
      const reviewerId = c.reviewerIds[j]!;
      let r = reviewerIndex.get(reviewerId);
      if (r === undefined) {
        r = reviewerIndex.size;
        reviewerIndex.set(reviewerId, r);
      }
      candidateOf[k] = index;
      reviewerOf[k] = r;
      rating[k] = value;
      k += 1;
    });
  });
  start[rated.length] = k;

  const reviewers = reviewerIndex.size;
  const reviewCount = new Int32Array(reviewers);
  for (let i = 0; i < total; i += 1) reviewCount[reviewerOf[i]!]! += 1;
  const reviewerStart = new Int32Array(reviewers + 1);
  for (let r = 0; r < reviewers; r += 1) reviewerStart[r + 1] = reviewerStart[r]! + reviewCount[r]!;
  // Each reviewer's observations in observation order (a stable counting sort), copied out so that the
  // bias pass reads them sequentially: 200 passes over 50,000 reviews are memory-bound.
  const fill = reviewerStart.slice(0, reviewers);
  const reviewedCandidate = new Int32Array(total);
  const reviewedRating = new Float64Array(total);
  for (let i = 0; i < total; i += 1) {
    const at = fill[reviewerOf[i]!]!++;
    reviewedCandidate[at] = candidateOf[i]!;
    reviewedRating[at] = rating[i]!;
  }

  const quality = new Float64Array(rated.length);
  const bias = new Float64Array(reviewers);
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    let largestChange = 0;
    for (let c = 0; c < rated.length; c += 1) {
      const from = start[c]!;
      const to = start[c + 1]!;
      let sum = 0;
      for (let i = from; i < to; i += 1) sum += rating[i]! - bias[reviewerOf[i]!]!;
      const next = sum / (to - from);
      const change = next > quality[c]! ? next - quality[c]! : quality[c]! - next;
      if (change > largestChange) largestChange = change;
      quality[c] = next;
    }
    for (let r = 0; r < reviewers; r += 1) {
      const to = reviewerStart[r + 1]!;
      let residual = 0;
      for (let j = reviewerStart[r]!; j < to; j += 1)
        residual += reviewedRating[j]! - quality[reviewedCandidate[j]!]!;
      const next = residual / (reviewCount[r]! + BIAS_PENALTY);
      const change = next > bias[r]! ? next - bias[r]! : bias[r]! - next;
      if (change > largestChange) largestChange = change;
      bias[r] = next;
    }
    if (largestChange < TOLERANCE) break;
  }

  let weightedBias = 0;
  for (const reviewerId of [...reviewerIndex.keys()].sort(byCodeUnits)) {
    const r = reviewerIndex.get(reviewerId)!;
    weightedBias += bias[r]! * reviewCount[r]!;
  }
  const shift = total === 0 ? 0 : weightedBias / total;
  return new Map(rated.map((c, index) => [c.candidateId, roundTo(quality[index]! + shift, 2)]));
}

/**
 * Each candidate's 1-based place in the Schulze consensus (standard competition ranking over
 * schulzeOrder's tiers), for `candidates` over the `lists` (ids outside `candidates` are ignored, a
 * repeated id counts at its first place). Strength is winning votes, as in scoring.ts; candidates in no
 * pairwise preference share the last place. O(n³) time and two n×n Int32Arrays: the caller caps n.
 */
export function schulzeRanks(
  candidates: readonly string[],
  lists: readonly (readonly string[])[],
): Map<string, number> {
  const ids = [...new Set(candidates)];
  const n = ids.length;
  const indexOf = new Map(ids.map((id, index) => [id, index]));
  const preferences = new Int32Array(n * n);
  const compared = new Uint8Array(n);
  const seen = new Int32Array(n).fill(-1);
  const positions = new Int32Array(n);
  lists.forEach((list, listIndex) => {
    let length = 0;
    for (const id of list) {
      const index = indexOf.get(id);
      if (index === undefined || seen[index] === listIndex) continue;
      seen[index] = listIndex;
      positions[length++] = index;
    }
    for (let earlier = 0; earlier < length; earlier += 1) {
      const winner = positions[earlier]!;
      const row = winner * n;
      for (let later = earlier + 1; later < length; later += 1) preferences[row + positions[later]!]! += 1;
    }
    if (length > 1) for (let p = 0; p < length; p += 1) compared[positions[p]!] = 1;
  });

  // Widest paths (Floyd–Warshall on min/max). A zero link carries nothing, so its row is skipped; the
  // diagonal and the via column are not skipped inside the loop: a path through its own end is never
  // wider than the link it starts with, so those cells cannot change anything that is read.
  const strength = new Int32Array(n * n);
  for (let i = 0; i < n; i += 1) {
    for (let j = 0; j < n; j += 1) {
      const forward = preferences[i * n + j]!;
      if (forward > preferences[j * n + i]!) strength[i * n + j] = forward;
    }
  }
  for (let via = 0; via < n; via += 1) {
    const viaRow = via * n;
    for (let from = 0; from < n; from += 1) {
      const fromRow = from * n;
      const toVia = from === via ? 0 : strength[fromRow + via]!;
      if (toVia === 0) continue;
      for (let to = 0; to < n; to += 1) {
        const onward = strength[viaRow + to]!;
        const through = toVia < onward ? toVia : onward;
        if (through > strength[fromRow + to]!) strength[fromRow + to] = through;
      }
    }
  }

  // The beats relation is a strict partial order, so schulzeOrder's tier (peeling off the unbeaten) is
  // 1 + the deepest tier among a candidate's beaters, and everyone who beats a candidate is beaten by
  // fewer: taking candidates by how many beat them, their beaters' tiers are always known already.
  const inOrder: number[] = [];
  const beatenBy = new Int32Array(n);
  for (let i = 0; i < n; i += 1) {
    if (!compared[i]) continue;
    inOrder.push(i);
    for (let j = 0; j < n; j += 1) {
      if (compared[j] && strength[j * n + i]! > strength[i * n + j]!) beatenBy[i]! += 1;
    }
  }
  inOrder.sort((a, b) => beatenBy[a]! - beatenBy[b]!);
  const tier = new Int32Array(n);
  let tiers = 0;
  for (const i of inOrder) {
    let deepest = 0;
    for (const j of inOrder) {
      if (beatenBy[j]! >= beatenBy[i]!) break;
      if (strength[j * n + i]! > strength[i * n + j]! && tier[j]! > deepest) deepest = tier[j]!;
    }
    tier[i] = deepest + 1;
    if (tier[i]! > tiers) tiers = tier[i]!;
  }
  // Standard competition ranking: a tier's rank is 1 + the candidates in the tiers before it.
  const tierSize = new Int32Array(tiers + 2);
  for (const i of inOrder) tierSize[tier[i]!]! += 1;
  const rankOfTier = new Int32Array(tiers + 2);
  rankOfTier[1] = 1;
  for (let t = 2; t <= tiers + 1; t += 1) rankOfTier[t] = rankOfTier[t - 1]! + tierSize[t - 1]!;
  const last = rankOfTier[tiers + 1]!;
  return new Map(ids.map((id, i) => [id, compared[i] ? rankOfTier[tier[i]!]! : last]));
}

/**
 * The consensus is restricted to the candidates with the best average ranking. Schulze compares every
 * pair (an n×n matrix, O(n³) for the widest paths): over a program's 10,000 candidates that is 100
 * million cells and 10¹² steps. The committee reads the consensus for the top of the list, where the
 * money goes; the others keep their average ranking and have no consensus rank (null).
 */
export const CONSENSUS_LIMIT = 300;

export interface RankingFigures {
  scores: Map<string, PositionalScore>;
  consensus: Map<string, number>;
  totalLists: number;
}

/**
 * The average ranking of every ranked candidate and the consensus of the `limit` best by it (then by
 * how many lists rank them, then by id), over the stored lists reduced to the reviewable candidates.
 */
export function rankingFiguresOf(
  stored: readonly (readonly string[])[],
  reviewable: ReadonlySet<string>,
  limit = CONSENSUS_LIMIT,
): RankingFigures {
  // A ranking only speaks about candidates that still exist and are reviewable; an empty one says nothing.
  const lists = stored
    .map((list) => list.filter((id) => reviewable.has(id)))
    .filter((list) => list.length > 0);
  const averages = averageRankings(lists);
  const best = [...averages.scores]
    .sort(([a, x], [b, y]) => y.score - x.score || y.rankedBy - x.rankedBy || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, limit)
    .map(([id]) => id);
  return { scores: averages.scores, consensus: schulzeRanks(best, lists), totalLists: lists.length };
}
