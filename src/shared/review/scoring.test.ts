import { describe, expect, it } from "vitest";
import {
  averageRankings,
  type CriterionDefinition,
  type CriterionValue,
  calibratedScores,
  candidateRatingStats,
  criteriaOverall,
  fnv1a32,
  isAllowedRating,
  meanOfRated,
  NOT_RATED,
  reviewerOrder,
  reviewerOrderKey,
  schulzeOrder,
} from "./scoring";

function scale(_id: string, maxScale: number, weight: number): CriterionDefinition {
  return { _id, type: "SCALE", maxScale, weight };
}

function rated(criteriaId: string, value: number): CriterionValue {
  return { criteriaId, type: "SCALE", value };
}

describe("criteriaOverall", () => {
  const sameScale = [scale("impact", 5, 2), scale("team", 5, 1), scale("budget", 5, 1)];

  it("is the plain weighted average when every criterion shares the program's scale", () => {
    // (4·2 + 3·1 + 2·1) / (2 + 1 + 1) = 13 / 4 = 3.25
    const values = [rated("impact", 4), rated("team", 3), rated("budget", 2)];
    expect(criteriaOverall(sameScale, values, 5)).toBe(3.25);
  });

  it("normalizes each criterion to its own scale before weighting", () => {
    const mixed = [scale("five", 5, 1), scale("ten", 10, 1)];
    // 4/5 = 0.8 and 7/10 = 0.7 → mean 0.75 → 3.75 on 5, 7.5 on 10
    expect(criteriaOverall(mixed, [rated("five", 4), rated("ten", 7)], 5)).toBe(3.75);
    expect(criteriaOverall(mixed, [rated("five", 4), rated("ten", 7)], 10)).toBe(7.5);

    const weighted = [scale("five", 5, 3), scale("ten", 10, 1)];
    // (0.6·3 + 0.9·1) / 4 = 0.675 → 6.75 on 10; 3.375 on 5 rounds half up to 3.38
    expect(criteriaOverall(weighted, [rated("five", 3), rated("ten", 9)], 10)).toBe(6.75);
    expect(criteriaOverall(weighted, [rated("five", 3), rated("ten", 9)], 5)).toBe(3.38);
  });

  it("leaves booleans, unrated values, negative weights and unknown criteria out", () => {
    const criteria = [
      ...sameScale,
      { _id: "eligible", type: "BOOLEAN" as const, maxScale: 1, weight: 5 },
      scale("negative", 5, -1),
    ];
    const values: CriterionValue[] = [
      rated("impact", 4),
      rated("team", 3),
      rated("budget", NOT_RATED),
      { criteriaId: "eligible", type: "BOOLEAN", value: 1 },
      rated("negative", 5),
      rated("deleted-criterion", 5),
    ];
    // Only impact and team count: (4·2 + 3·1) / 3 = 11/3 = 3.666… → 3.67
    expect(criteriaOverall(criteria, values, 5)).toBe(3.67);
  });

  it("ignores a value typed BOOLEAN even when its definition says SCALE", () => {
    const values: CriterionValue[] = [rated("impact", 4), { criteriaId: "team", type: "BOOLEAN", value: 1 }];
    // Only impact counts: 4·2 / 2 = 4
    expect(criteriaOverall(sameScale, values, 5)).toBe(4);
  });

  it("gives a weight-0 criterion no influence while others carry weight", () => {
    const criteria = [scale("main", 5, 1), scale("note", 5, 0)];
    // (4·1 + 1·0) / 1 = 4
    expect(criteriaOverall(criteria, [rated("main", 4), rated("note", 1)], 5)).toBe(4);
  });

  it("falls back to the unweighted mean when every counted weight is 0", () => {
    const criteria = [scale("a", 5, 0), scale("b", 10, 0)];
    // 4/5 = 0.8 and 6/10 = 0.6 → mean 0.7 → 3.5 on 5
    expect(criteriaOverall(criteria, [rated("a", 4), rated("b", 6)], 5)).toBe(3.5);
  });

  it("counts a rating of 0", () => {
    // (0·2 + 4·1) / 3 = 1.333… → 1.33
    expect(criteriaOverall(sameScale, [rated("impact", 0), rated("team", 4)], 5)).toBe(1.33);
  });

  it("is NOT_RATED when nothing counts", () => {
    expect(criteriaOverall(sameScale, [], 5)).toBe(NOT_RATED);
    expect(criteriaOverall([], [rated("impact", 4)], 5)).toBe(NOT_RATED);
    expect(criteriaOverall(sameScale, [rated("impact", NOT_RATED), rated("team", NOT_RATED)], 5)).toBe(
      NOT_RATED,
    );
  });
});

describe("meanOfRated", () => {
  it("averages values that are rated, with 0 counting and -1 skipped", () => {
    // (4 + 0 + 5) / 3 = 3
    expect(meanOfRated([4, NOT_RATED, 0, 5])).toBe(3);
    // 11 / 3 = 3.666… → 3.67
    expect(meanOfRated([3, 4, 4])).toBe(3.67);
  });

  it("is NOT_RATED when nothing is rated", () => {
    expect(meanOfRated([])).toBe(NOT_RATED);
    expect(meanOfRated([NOT_RATED, NOT_RATED])).toBe(NOT_RATED);
  });
});

describe("candidateRatingStats", () => {
  it("summarizes an odd count with 0 as a value and -1 ignored", () => {
    // Rated: 0, 4, 4, 4.5, 5 → mean 17.5/5 = 3.5, median 4.
    // Deviations −3.5, 0.5, 0.5, 1, 1.5 → squares 12.25 + 0.25 + 0.25 + 1 + 2.25 = 16 → 16/5 = 3.2 → √3.2 = 1.788… → 1.79
    expect(candidateRatingStats([4, NOT_RATED, 0, 5, 4.5, 4])).toEqual({
      count: 5,
      mean: 3.5,
      median: 4,
      standardDeviation: 1.79,
      min: 0,
      max: 5,
      histogram: { "0": 1, "4": 2, "4.5": 1, "5": 1 },
    });
  });

  it("takes the middle pair's mean as the median of an even count", () => {
    // 2, 3, 4, 5: mean 3.5, median (3 + 4)/2 = 3.5; squares 2.25 + 0.25 + 0.25 + 2.25 = 5 → 5/4 → √1.25 = 1.118… → 1.12
    expect(candidateRatingStats([5, 2, 4, 3])).toEqual({
      count: 4,
      mean: 3.5,
      median: 3.5,
      standardDeviation: 1.12,
      min: 2,
      max: 5,
      histogram: { "2": 1, "3": 1, "4": 1, "5": 1 },
    });
  });

  it("gives a single review no disagreement", () => {
    expect(candidateRatingStats([3])).toEqual({
      count: 1,
      mean: 3,
      median: 3,
      standardDeviation: 0,
      min: 3,
      max: 3,
      histogram: { "3": 1 },
    });
  });

  it("has null fields without reviews", () => {
    const empty = {
      count: 0,
      mean: null,
      median: null,
      standardDeviation: null,
      min: null,
      max: null,
      histogram: {},
    };
    expect(candidateRatingStats([])).toEqual(empty);
    expect(candidateRatingStats([NOT_RATED, NOT_RATED])).toEqual(empty);
  });
});

describe("calibratedScores", () => {
  // A and B agree; H rates the same two candidates exactly 1 lower, and is the only one to see c3 and c4,
  // which are as good as c1 and c2. Raw means: c1 11/3 = 3.67, c2 8/3 = 2.67, c3 3, c4 2.
  const harshReviewer = [
    { candidateId: "c1", reviewerId: "A", rating: 4 },
    { candidateId: "c2", reviewerId: "A", rating: 3 },
    { candidateId: "c1", reviewerId: "B", rating: 4 },
    { candidateId: "c2", reviewerId: "B", rating: 3 },
    { candidateId: "c1", reviewerId: "H", rating: 3 },
    { candidateId: "c2", reviewerId: "H", rating: 2 },
    { candidateId: "c3", reviewerId: "H", rating: 3 },
    { candidateId: "c4", reviewerId: "H", rating: 2 },
  ];

  it("recovers a harsh reviewer's bias exactly without shrinkage", () => {
    // λ = 0: the fit is exact with bias(A) = bias(B) = bias(H) + 1. Centring 2·a + 2·a + 4·h = 0 gives
    // h = −0.5, a = 0.5; then c1 = 4 − 0.5 = 3.5, c2 = 2.5, c3 = 3 + 0.5 = 3.5, c4 = 2.5.
    const { quality, bias } = calibratedScores(harshReviewer, { lambda: 0 });
    expect(quality).toEqual(
      new Map([
        ["c1", 3.5],
        ["c2", 2.5],
        ["c3", 3.5],
        ["c4", 2.5],
      ]),
    );
    expect(bias).toEqual(
      new Map([
        ["A", 0.5],
        ["B", 0.5],
        ["H", -0.5],
      ]),
    );
  });

  it("corrects most of the gap with the default shrinkage", () => {
    // λ = 1, a = bias(A) = bias(B), h = bias(H):
    //   q1 = (11 − 2a − h)/3, q2 = (8 − 2a − h)/3, q3 = 3 − h, q4 = 2 − h
    //   a = (7 − q1 − q2)/(2 + 1)  → 5a = 2 + 2h
    //   h = (10 − q1 − q2 − q3 − q4)/(4 + 1) → 7h = 4a − 4
    //   → h = −4/9, a = 2/9 (unweighted sum 0, as ridge implies)
    // Centring by count: (2·2/9 + 2·2/9 + 4·(−4/9)) / 8 = −1/9 moves into qualities:
    //   a = 1/3, h = −1/3; q1 = 11/3 − 1/9 = 32/9 = 3.56, q2 = 23/9 = 2.56, q3 = 30/9 = 3.33, q4 = 21/9 = 2.33
    // Gap c1 − c3 shrinks from 0.67 raw to 0.22; the review-weighted mean of qualities stays the raw mean:
    //   (3·32/9 + 3·23/9 + 30/9 + 21/9)/8 = 216/72 = 3 = (4+3+4+3+3+2+3+2)/8
    const { quality, bias } = calibratedScores(harshReviewer);
    expect(quality).toEqual(
      new Map([
        ["c1", 3.56],
        ["c2", 2.56],
        ["c3", 3.33],
        ["c4", 2.33],
      ]),
    );
    expect(bias).toEqual(
      new Map([
        ["A", 0.33],
        ["B", 0.33],
        ["H", -0.33],
      ]),
    );
  });

  it("shrinks the bias of reviewers seen once toward 0", () => {
    // q = (6 − a − b)/2, a = (4 − q)/(1 + λ), b = (2 − q)/(1 + λ) → a + b = 0, q = 3, a = 1/(1 + λ)
    const single = [
      { candidateId: "c1", reviewerId: "A", rating: 4 },
      { candidateId: "c1", reviewerId: "B", rating: 2 },
    ];
    expect(calibratedScores(single).bias).toEqual(
      new Map([
        ["A", 0.5],
        ["B", -0.5],
      ]),
    );
    expect(calibratedScores(single, { lambda: 3 }).bias).toEqual(
      new Map([
        ["A", 0.25],
        ["B", -0.25],
      ]),
    );
    expect(calibratedScores(single).quality).toEqual(new Map([["c1", 3]]));
  });

  it("leaves a lone reviewer's scores raw, drops unrated reviews and keeps 0", () => {
    // One reviewer: b·(n + λ) = Σ(r − q) = n·b → b = 0, so quality = raw rating.
    const { quality, bias } = calibratedScores([
      { candidateId: "c1", reviewerId: "U", rating: 4 },
      { candidateId: "c2", reviewerId: "U", rating: 0 },
      { candidateId: "c3", reviewerId: "U", rating: NOT_RATED },
    ]);
    expect(quality).toEqual(
      new Map([
        ["c1", 4],
        ["c2", 0],
      ]),
    );
    expect(bias).toEqual(new Map([["U", 0]]));
  });

  it("does not depend on the order of the observations", () => {
    const reversed = calibratedScores([...harshReviewer].reverse());
    expect(reversed).toEqual(calibratedScores(harshReviewer));
  });

  it("returns empty maps without reviews", () => {
    expect(calibratedScores([])).toEqual({ quality: new Map(), bias: new Map() });
  });

  it("refuses a negative penalty", () => {
    expect(() => calibratedScores(harshReviewer, { lambda: -1 })).toThrow(RangeError);
  });
});

describe("averageRankings", () => {
  it("averages normalized positions over the lists that contain a candidate", () => {
    // [a, b, c]: a = 2.5/3, b = 1.5/3 = 0.5, c = 0.5/3; [b, a]: b = 1.5/2 = 0.75, a = 0.5/2 = 0.25
    // a = (5/6 + 1/4)/2 = 13/24 = 0.541666… → 0.5417; b = (0.5 + 0.75)/2 = 0.625; c = 1/6 → 0.1667
    const { scores, totalLists } = averageRankings([["a", "b", "c"], ["b", "a"], []]);
    expect(scores).toEqual(
      new Map([
        ["a", { score: 0.5417, rankedBy: 2 }],
        ["b", { score: 0.625, rankedBy: 2 }],
        ["c", { score: 0.1667, rankedBy: 1 }],
      ]),
    );
    expect(totalLists).toBe(3);
  });

  it("counts only the first occurrence of a duplicated id", () => {
    // [a, b, a] is [a, b]: a = 1.5/2 = 0.75, b = 0.5/2 = 0.25
    const { scores } = averageRankings([["a", "b", "a"]]);
    expect(scores).toEqual(
      new Map([
        ["a", { score: 0.75, rankedBy: 1 }],
        ["b", { score: 0.25, rankedBy: 1 }],
      ]),
    );
  });

  it("is empty without lists", () => {
    expect(averageRankings([])).toEqual({ scores: new Map(), totalLists: 0 });
  });
});

describe("schulzeOrder", () => {
  it("orders a clear Condorcet winner first", () => {
    // A>B in 2 of 3 lists, A>C in 3, B>C in 2 → A, B, C
    const lists = [
      ["A", "B", "C"],
      ["A", "C", "B"],
      ["B", "A", "C"],
    ];
    expect(schulzeOrder(["C", "B", "A"], lists)).toEqual([["A"], ["B"], ["C"]]);
  });

  it("ties a Condorcet cycle in one tier", () => {
    // A>B, B>C and C>A each 2 to 1: every strongest path is 2
    const lists = [
      ["A", "B", "C"],
      ["B", "C", "A"],
      ["C", "A", "B"],
    ];
    expect(schulzeOrder(["A", "B", "C"], lists)).toEqual([["A", "B", "C"]]);
  });

  it("uses winning votes rather than margins", () => {
    // d(A,B) = 3 vs 2, d(B,C) = 2 vs 0, d(C,A) = 3 vs 1.
    // Winning votes: links 3, 2, 3 → the weakest is B→C → C, A, B.
    // (Margins 1, 2, 2 would drop A→B instead and give B, C, A.)
    const lists = [
      ["B", "C", "A"],
      ["A", "B", "C"],
      ["A", "B"],
      ["A", "B"],
      ["B", "A"],
      ["C", "A"],
      ["C", "A"],
    ];
    expect(schulzeOrder(["A", "B", "C"], lists)).toEqual([["C"], ["A"], ["B"]]);
  });

  it("ties opposite preferences and puts candidates without any comparison last", () => {
    // A>B once and B>A once: no link. D is in no list; E is alone in its list; "X" is not a candidate.
    const lists = [["A", "B", "X"], ["B", "A"], ["E"]];
    expect(schulzeOrder(["D", "E", "B", "A"], lists)).toEqual([
      ["A", "B"],
      ["D", "E"],
    ]);
  });

  it("uses partial lists and ignores duplicates within a list", () => {
    // [A, B, A] is A>B; [B, C] is B>C; C was never compared with A, but A→B→C is a path of strength 1.
    expect(
      schulzeOrder(
        ["A", "B", "C"],
        [
          ["A", "B", "A"],
          ["B", "C"],
        ],
      ),
    ).toEqual([["A"], ["B"], ["C"]]);
  });

  it("handles empty inputs", () => {
    expect(schulzeOrder([], [])).toEqual([]);
    expect(schulzeOrder([], [["A", "B"]])).toEqual([]);
    expect(schulzeOrder(["B", "A"], [])).toEqual([["A", "B"]]);
  });
});

describe("reviewerOrder", () => {
  const candidates = ["app-1", "app-2", "app-3", "app-4", "app-5"];

  it("hashes with standard 32-bit FNV-1a", () => {
    // Published test vectors
    expect(fnv1a32("")).toBe(0x811c9dc5);
    expect(fnv1a32("a")).toBe(0xe40c292c);
    expect(fnv1a32("foobar")).toBe(0xbf9cf968);
  });

  it("gives each reviewer a fixed order", () => {
    // alice keys: app-4 4b8aef59 < app-1 4d4023d6 < app-3 517fde7a < app-2 67daff69 < app-5 81c301de
    expect(reviewerOrderKey("alice", "app-4")).toBe(0x4b8aef59);
    expect(reviewerOrder("alice", candidates)).toEqual(["app-4", "app-1", "app-3", "app-2", "app-5"]);
    // bob keys: app-5 241db924 < app-3 40e5c7fd < app-1 905d44e3 < app-2 b208c3fc < app-4 dbc0b291
    expect(reviewerOrder("bob", candidates)).toEqual(["app-5", "app-3", "app-1", "app-2", "app-4"]);
  });

  it("does not depend on the input order and returns a permutation", () => {
    const shuffled = ["app-3", "app-5", "app-1", "app-4", "app-2"];
    expect(reviewerOrder("alice", shuffled)).toEqual(reviewerOrder("alice", candidates));
    const withDuplicate = [...candidates, "app-2"];
    expect([...reviewerOrder("carol", withDuplicate)].sort()).toEqual([...withDuplicate].sort());
    expect(reviewerOrder("alice", [])).toEqual([]);
  });
});

describe("isAllowedRating", () => {
  it("accepts -1, 0 and whole steps up to the scale with increment 1", () => {
    expect([NOT_RATED, 0, 1, 5].map((value) => isAllowedRating(value, 5, 1))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect([4.5, 6, -0.5, -2, Number.NaN].map((value) => isAllowedRating(value, 5, 1))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it("accepts half steps with increment 0.5 and a 10-point scale", () => {
    expect([4.5, 9.5, 10].map((value) => isAllowedRating(value, 10, 0.5))).toEqual([true, true, true]);
    expect([4.25, 10.5].map((value) => isAllowedRating(value, 10, 0.5))).toEqual([false, false]);
  });
});
