import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { candidateRatingStats } from "../../shared/review/scoring";
import {
  byId,
  calibrate,
  candidateRows,
  rankingParts,
  ratingParts,
  reviewFiguresOf,
  sortedRatingStats,
} from "./candidate-figures";
import { CandidateTable, type PageQuery } from "./candidate-stats-page";
import { rankingFiguresOf } from "./stats-math";
import { programArbitrary, queryArbitrary, rating } from "./test/candidate-stats-arbitraries";
import { type ReferenceProgram, referencePage } from "./test/candidate-stats-reference";

/**
 * The fast path of Candidate Statistics against the straightforward computation
 * (test/candidate-stats-reference.ts: scoring.ts's definitions, and the browser's old sort and filter) on
 * randomized programs: every figure of every row, and the page, must be identical.
 */

/** The fast path, without the database and the caches: what candidate-stats.ts assembles. */
function fastTable(program: ReferenceProgram): CandidateTable {
  // In id order, as loadCandidates hands them over.
  const candidates = [...program.candidates].sort(byId);
  const figures = reviewFiguresOf(program.reviews, program.appVersion === 3);
  const ranked = rankingFiguresOf(
    program.rankings.map((list) => [...list]),
    new Set(candidates.map((c) => c.id)),
  );
  calibrate(candidates, figures);
  const rows = candidateRows(candidates, ratingParts(figures), rankingParts(ranked));
  return new CandidateTable(rows, ranked.totalLists);
}

describe("Candidate Statistics' fast path", () => {
  it("gives the straightforward figures and page on random programs", () => {
    fc.assert(
      fc.property(
        programArbitrary,
        fc.array(queryArbitrary, { minLength: 1, maxLength: 4 }),
        (program, queries) => {
          const table = fastTable(program);
          for (const query of queries) expect(table.page(query)).toEqual(referencePage(program, query));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("gives candidateRatingStats' figures for any sorted ratings, to the bit", () => {
    fc.assert(
      fc.property(fc.array(rating.filter((r) => r >= 0)), (ratings) => {
        const sorted = [...ratings].sort((a, b) => a - b);
        const { count, mean, median, standardDeviation, min, max, histogram } = candidateRatingStats(ratings);
        expect(sortedRatingStats(sorted)).toEqual({
          count,
          mean,
          median,
          standardDeviation,
          min,
          max,
          histogram,
        });
      }),
      { numRuns: 2_000 },
    );
  });

  it("keeps the orders it sorted: a second page of the same order is a slice", () => {
    const rows = Array.from({ length: 30 }, (_, i) => ({
      _id: `id-${i}`,
      identifier: `App ${30 - i}`,
      status: "pending" as const,
      amount: null,
      numReviews: i % 3,
      averageRating: i % 4 === 0 ? null : i / 10,
      medianRating: null,
      standardDeviation: null,
      minRating: null,
      maxRating: null,
      histogram: {},
      suggestedRating: null,
      calibratedRating: null,
      averageRanking: null,
      rankedBy: 0,
      consensusRank: null,
    }));
    const table = new CandidateTable(rows, 0);
    expect(table.order("averageRating", "descending")).toBe(table.order("averageRating", "descending"));
    const query: PageQuery = {
      page: 1,
      pageSize: 10,
      sort: "identifier",
      direction: "ascending",
      search: "",
      status: "all",
      minReviews: 0,
      recipients: "false",
    };
    // Numbers in numeric order: "App 1" … "App 9", then "App 10".
    expect(
      table
        .page(query)
        .rows.map((r) => r.identifier)
        .slice(0, 10),
    ).toEqual(["App 1", "App 2", "App 3", "App 4", "App 5", "App 6", "App 7", "App 8", "App 9", "App 10"]);
    // Past the end: the last page.
    expect(table.page({ ...query, page: 9 })).toMatchObject({ page: 3, total: 30 });
  });
});
