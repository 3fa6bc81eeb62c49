import { describe, expect, it } from "vitest";
import { CANDIDATE_SORT_COLUMNS } from "../../shared/schemas/candidate-statistics";
import type { CandidateStatsRow } from "../../shared/schemas/reviews";
import { CandidateTable, type PageQuery, searchKey } from "./candidate-stats-page";

/**
 * The order and the filters of Candidate Statistics, now applied by the server to the kept table (they
 * were the browser's, candidate-table-model.ts, before; these are its cases).
 */

function row(id: string, patch: Partial<CandidateStatsRow> = {}): CandidateStatsRow {
  return {
    _id: id,
    identifier: `Applicant ${id}`,
    status: "pending",
    amount: null,
    numReviews: 0,
    averageRating: null,
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
    ...patch,
  };
}

const ALL: PageQuery = {
  page: 1,
  pageSize: 100,
  sort: "identifier",
  direction: "ascending",
  search: "",
  status: "all",
  minReviews: 0,
  recipients: "false",
};
const ids = (rows: readonly CandidateStatsRow[], query: Partial<PageQuery> = {}) =>
  new CandidateTable(rows, 0).page({ ...ALL, ...query }).rows.map((r) => r._id);

describe("the order", () => {
  const rows = [
    row("b", { identifier: "beta", averageRating: 3, amount: 500, status: "approved", consensusRank: 2 }),
    row("a", { identifier: "Alpha", averageRating: 4.5, status: "disapproved", consensusRank: 1 }),
    row("c", { identifier: "Ćapek", averageRating: null, amount: 1500, status: "pending" }),
    row("d", { identifier: "delta", averageRating: 3, amount: 0, status: "approved", consensusRank: 2 }),
  ];

  it("sorts names case- and accent-insensitively, numbers in them by value", () => {
    expect(ids(rows)).toEqual(["a", "b", "c", "d"]);
    expect(ids(rows, { direction: "descending" })).toEqual(["d", "c", "b", "a"]);
    const numbered = [row("x", { identifier: "App 10" }), row("y", { identifier: "App 9" })];
    expect(ids(numbered)).toEqual(["y", "x"]);
  });

  it("keeps candidates without a value last in both directions, ties by name", () => {
    expect(ids(rows, { sort: "averageRating", direction: "descending" })).toEqual(["a", "b", "d", "c"]);
    expect(ids(rows, { sort: "averageRating", direction: "ascending" })).toEqual(["b", "d", "a", "c"]);
    expect(ids(rows, { sort: "amount", direction: "descending" })).toEqual(["c", "b", "d", "a"]);
    expect(ids(rows, { sort: "amount", direction: "ascending" })).toEqual(["d", "b", "c", "a"]);
    expect(ids(rows, { sort: "consensusRank", direction: "ascending" })).toEqual(["a", "b", "d", "c"]);
  });

  it("orders statuses approved, pending, disapproved", () => {
    expect(ids(rows, { sort: "status", direction: "ascending" })).toEqual(["b", "d", "c", "a"]);
    expect(ids(rows, { sort: "status", direction: "descending" })).toEqual(["a", "c", "b", "d"]);
  });

  it("treats 0 as a value, not as missing", () => {
    const zero = [row("z", { averageRating: 0 }), row("n", { averageRating: null })];
    expect(ids(zero, { sort: "averageRating", direction: "ascending" })).toEqual(["z", "n"]);
  });

  it("sorts a hundred thousand rows once per order, then pages them by slicing", () => {
    const many = Array.from({ length: 100_000 }, (_, i) =>
      row(String(i), {
        identifier: `Applicant ${(i * 7919) % 100_000}`,
        averageRating: ((i * 31) % 50) / 10,
      }),
    );
    const table = new CandidateTable(many, 0);
    const started = performance.now();
    for (const sort of CANDIDATE_SORT_COLUMNS)
      table.page({ ...ALL, sort, direction: "descending", pageSize: 10 });
    const sorted = performance.now() - started;
    const again = performance.now();
    for (const sort of CANDIDATE_SORT_COLUMNS)
      table.page({ ...ALL, sort, direction: "descending", page: 500 });
    // Generous for a shared 2-core machine: a sort takes tens of milliseconds, a kept order's page none.
    expect(sorted).toBeLessThan(10_000);
    expect(performance.now() - again).toBeLessThan(sorted);
  });
});

describe("the filters", () => {
  const rows = [
    row("1", { identifier: "José's Bakery", status: "approved", numReviews: 3 }),
    row("2", { identifier: "Community Garden", status: "pending", numReviews: 1 }),
    row("3", { identifier: "JOSEPHINE trust", status: "disapproved", numReviews: 0 }),
  ];

  it("keep every row when nothing is filtered (a blank search is none)", () => {
    expect(ids(rows)).toEqual(["2", "1", "3"]);
    expect(ids(rows, { search: "   " })).toEqual(["2", "1", "3"]);
  });

  it("find a part of the name in any case, with or without accents", () => {
    expect(ids(rows, { search: "jose" })).toEqual(["1", "3"]);
    expect(ids(rows, { search: " GARD " })).toEqual(["2"]);
    expect(ids(rows, { search: "josé's" })).toEqual(["1"]);
    expect(searchKey("Ćapek")).toBe("capek");
  });

  it("filter by status and by a minimum number of reviews, combined", () => {
    expect(ids(rows, { status: "pending" })).toEqual(["2"]);
    expect(ids(rows, { minReviews: 1 })).toEqual(["2", "1"]);
    expect(ids(rows, { search: "jose", minReviews: 1 })).toEqual(["1"]);
    expect(ids(rows, { search: "jose", status: "pending" })).toEqual([]);
  });

  it("count what they keep, page it, and list every kept candidate as a recipient when asked", () => {
    const table = new CandidateTable(rows, 0);
    const page = table.page({ ...ALL, search: "jose", pageSize: 1, page: 2, recipients: "true" });
    expect(page).toMatchObject({ total: 2, page: 2, candidates: 3, approved: 1 });
    expect(page.rows.map((r) => r._id)).toEqual(["3"]);
    expect(page.recipients).toEqual([
      { submissionId: "1", identifier: "José's Bakery", status: "approved", amount: null },
      { submissionId: "3", identifier: "JOSEPHINE trust", status: "disapproved", amount: null },
    ]);
    expect(table.page(ALL).recipients).toBeUndefined();
  });
});

describe("consensus ties", () => {
  it("lists the ranks that more than one candidate holds", () => {
    const rows = [
      row("a", { consensusRank: 1 }),
      row("b", { consensusRank: 2 }),
      row("c", { consensusRank: 2 }),
      row("d", { consensusRank: null }),
      row("e", { consensusRank: null }),
    ];
    expect(new CandidateTable(rows, 0).tiedRanks).toEqual([2]);
  });
});
