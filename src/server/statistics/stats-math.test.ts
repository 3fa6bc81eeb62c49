import { describe, expect, it } from "vitest";
import { calibratedScores, candidateRatingStats, schulzeOrder } from "../../shared/review/scoring";
import { type CandidateReviews, calibratedQualities, roundTo, schulzeRanks } from "./stats-math";

/** A small seeded PRNG (mulberry32): every run draws the same data sets. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Standard competition ranks from tiers, as candidate-stats used to compute them from schulzeOrder. */
function ranksOfTiers(tiers: readonly (readonly string[])[]): Map<string, number> {
  const ranks = new Map<string, number>();
  let before = 0;
  for (const tier of tiers) {
    for (const id of tier) ranks.set(id, before + 1);
    before += tier.length;
  }
  return ranks;
}

function shuffled<T>(items: readonly T[], next: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

describe("calibratedQualities", () => {
  it("equals calibratedScores(…).quality on random programs, to the last digit", () => {
    for (let seed = 1; seed <= 40; seed += 1) {
      const next = random(seed);
      const candidateCount = 1 + Math.floor(next() * 60);
      const reviewerCount = 1 + Math.floor(next() * 15);
      // Half the programs rate in halves, the other half carry criteria-computed overalls (2 decimals).
      const value = seed % 2 === 0 ? () => Math.round(next() * 10) / 2 : () => Math.round(next() * 500) / 100;
      const candidates: CandidateReviews[] = [];
      for (let c = 0; c < candidateCount; c += 1) {
        const reviewerIds = shuffled(
          Array.from({ length: reviewerCount }, (_, r) => `reviewer-${r}`),
          next,
        ).slice(0, Math.floor(next() * (reviewerCount + 1)));
        candidates.push({ candidateId: `c-${c}`, reviewerIds, ratings: reviewerIds.map(value) });
      }
      const observations = candidates.flatMap((c) =>
        c.reviewerIds.map((reviewerId, i) => ({
          candidateId: c.candidateId,
          reviewerId,
          rating: c.ratings[i]!,
        })),
      );
      expect(calibratedQualities(candidates), `seed ${seed}`).toEqual(calibratedScores(observations).quality);
    }
  });

  it("keeps the golden example: biases are shrunk, a lone review keeps its rating", () => {
    const result = calibratedQualities([
      { candidateId: "a", reviewerIds: ["r1", "r2", "r3"], ratings: [4, 5, 3] },
      { candidateId: "b", reviewerIds: ["r1"], ratings: [2] },
      { candidateId: "none", reviewerIds: [], ratings: [] },
    ]);
    expect(result).toEqual(
      new Map([
        ["a", 4],
        ["b", 2],
      ]),
    );
  });
});

describe("schulzeRanks", () => {
  it("equals the ranks of schulzeOrder's tiers on random rankings (partial lists, repeats, strangers)", () => {
    for (let seed = 1; seed <= 60; seed += 1) {
      const next = random(1000 + seed);
      const candidateCount = 1 + Math.floor(next() * 30);
      const ids = Array.from({ length: candidateCount }, (_, i) => `cand-${i}`);
      const lists = Array.from({ length: Math.floor(next() * 12) }, () => {
        const list = shuffled(ids, next).slice(0, Math.floor(next() * (candidateCount + 1)));
        // A repeated id (kept at its first place) and an id that is no candidate (ignored).
        if (list.length > 0 && next() < 0.3) list.push(list[0]!);
        if (next() < 0.3) list.splice(Math.floor(next() * (list.length + 1)), 0, "stranger");
        return list;
      });
      expect(schulzeRanks(ids, lists), `seed ${seed}`).toEqual(ranksOfTiers(schulzeOrder(ids, lists)));
    }
  });

  it("ties a 1–1 split, puts the beaten below, and candidates without comparison last", () => {
    const ranks = schulzeRanks(
      ["one", "two", "three", "alone"],
      [["one", "two", "three"], ["two", "one"], ["alone"]],
    );
    expect(ranks).toEqual(
      new Map([
        ["one", 1],
        ["two", 1],
        ["three", 3],
        ["alone", 4],
      ]),
    );
    expect(schulzeRanks(["x"], [])).toEqual(new Map([["x", 1]]));
  });
});

describe("roundTo", () => {
  it("rounds as candidateRatingStats does (half away from zero, absorbing binary error)", () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(3.335, 2)).toBe(3.34);
    expect(roundTo(-0.001, 2)).toBe(0);
    expect(candidateRatingStats([3.33, 3.34]).mean).toBe(roundTo((3.33 + 3.34) / 2, 2));
  });
});

describe("roundTo's shortcut", () => {
  it("gives what the string round trip gives, on every kind of figure", () => {
    const reference = (value: number, decimals: number) => {
      const factor = 10 ** decimals;
      const scaled = Number((Math.abs(value) * factor).toPrecision(15));
      const rounded = (Math.sign(value) * Math.round(scaled)) / factor;
      return rounded === 0 ? 0 : rounded;
    };
    const next = random(99);
    const differences: string[] = [];
    for (let i = 0; i < 100_000; i += 1) {
      const kind = i % 4;
      const value =
        kind === 0
          ? next() * 10
          : kind === 1
            ? Math.round(next() * 100_000) / 10_000 + 0.00005 // exact halves of the last digit
            : kind === 2
              ? (Math.round(next() * 1000) + 0.5) / 100
              : (next() - 0.5) * 1e9;
      for (const decimals of [2, 4]) {
        if (roundTo(value, decimals) !== reference(value, decimals))
          differences.push(`${value} to ${decimals}`);
      }
    }
    expect(differences).toEqual([]);
  });
});
