import { describe, expect, it } from "vitest";
import type { CandidateStatsRow } from "../../../shared/schemas/reviews";
import {
  ariaSort,
  DEFAULT_SORT,
  filterRows,
  isFiltered,
  NO_FILTER,
  nextSort,
  SORT_COLUMNS,
  searchKey,
  sortRows,
  tiedRanks,
} from "./candidate-table-model";

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

const ids = (rows: readonly CandidateStatsRow[]) => rows.map((r) => r._id);

describe("the header clicks", () => {
  it("starts names from A, ranks from 1 and numbers from the highest", () => {
    expect(nextSort(DEFAULT_SORT, "averageRating")).toEqual({
      column: "averageRating",
      direction: "descending",
    });
    expect(nextSort(DEFAULT_SORT, "consensusRank")).toEqual({
      column: "consensusRank",
      direction: "ascending",
    });
    expect(nextSort({ column: "amount", direction: "ascending" }, "identifier")).toEqual({
      column: "identifier",
      direction: "ascending",
    });
  });

  it("turns the sorted column around on a second click", () => {
    expect(nextSort(DEFAULT_SORT, "identifier")).toEqual({ column: "identifier", direction: "descending" });
    expect(nextSort({ column: "amount", direction: "descending" }, "amount")).toEqual({
      column: "amount",
      direction: "ascending",
    });
  });

  it("puts aria-sort on the sorted column only", () => {
    const sort = { column: "numReviews", direction: "descending" } as const;
    expect(SORT_COLUMNS.filter((column) => ariaSort(sort, column) !== undefined)).toEqual(["numReviews"]);
    expect(ariaSort(sort, "numReviews")).toBe("descending");
  });
});

describe("sorting", () => {
  const rows = [
    row("b", { identifier: "beta", averageRating: 3, amount: 500, status: "approved", consensusRank: 2 }),
    row("a", {
      identifier: "Alpha",
      averageRating: 4.5,
      amount: null,
      status: "disapproved",
      consensusRank: 1,
    }),
    row("c", {
      identifier: "Ćapek",
      averageRating: null,
      amount: 1500,
      status: "pending",
      consensusRank: null,
    }),
    row("d", { identifier: "delta", averageRating: 3, amount: 0, status: "approved", consensusRank: 2 }),
  ];

  it("sorts names case- and accent-insensitively, numbers in them by value", () => {
    expect(ids(sortRows(rows, { column: "identifier", direction: "ascending" }))).toEqual([
      "a",
      "b",
      "c",
      "d",
    ]);
    expect(ids(sortRows(rows, { column: "identifier", direction: "descending" }))).toEqual([
      "d",
      "c",
      "b",
      "a",
    ]);
    const numbered = [row("x", { identifier: "App 10" }), row("y", { identifier: "App 9" })];
    expect(ids(sortRows(numbered, DEFAULT_SORT))).toEqual(["y", "x"]);
  });

  it("keeps candidates without a value last in both directions, ties by name", () => {
    expect(ids(sortRows(rows, { column: "averageRating", direction: "descending" }))).toEqual([
      "a",
      "b",
      "d",
      "c",
    ]);
    expect(ids(sortRows(rows, { column: "averageRating", direction: "ascending" }))).toEqual([
      "b",
      "d",
      "a",
      "c",
    ]);
    expect(ids(sortRows(rows, { column: "amount", direction: "descending" }))).toEqual(["c", "b", "d", "a"]);
    expect(ids(sortRows(rows, { column: "amount", direction: "ascending" }))).toEqual(["d", "b", "c", "a"]);
    expect(ids(sortRows(rows, { column: "consensusRank", direction: "ascending" }))).toEqual([
      "a",
      "b",
      "d",
      "c",
    ]);
  });

  it("orders statuses approved, pending, disapproved", () => {
    expect(ids(sortRows(rows, { column: "status", direction: "ascending" }))).toEqual(["b", "d", "c", "a"]);
    expect(ids(sortRows(rows, { column: "status", direction: "descending" }))).toEqual(["a", "c", "b", "d"]);
  });

  it("treats 0 as a value, not as missing", () => {
    const zero = [row("z", { averageRating: 0 }), row("n", { averageRating: null })];
    expect(ids(sortRows(zero, { column: "averageRating", direction: "ascending" }))).toEqual(["z", "n"]);
  });

  it("leaves the rows given untouched and returns the same rows", () => {
    const copy = [...rows];
    const sorted = sortRows(rows, { column: "amount", direction: "descending" });
    expect(rows).toEqual(copy);
    expect(new Set(sorted)).toEqual(new Set(rows));
  });

  it("sorts ten thousand rows quickly", () => {
    const many = Array.from({ length: 10_000 }, (_, i) =>
      row(String(i), { identifier: `Applicant ${(i * 7919) % 10_000}`, averageRating: ((i * 31) % 50) / 10 }),
    );
    const started = performance.now();
    for (const column of SORT_COLUMNS) sortRows(many, { column, direction: "descending" });
    // Generous for a shared 2-core machine: it takes a few milliseconds per column.
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe("filtering", () => {
  const rows = [
    row("1", { identifier: "José's Bakery", status: "approved", numReviews: 3 }),
    row("2", { identifier: "Community Garden", status: "pending", numReviews: 1 }),
    row("3", { identifier: "JOSEPHINE trust", status: "disapproved", numReviews: 0 }),
  ];

  it("keeps every row when nothing is filtered", () => {
    expect(isFiltered(NO_FILTER)).toBe(false);
    expect(filterRows(rows, NO_FILTER)).toBe(rows);
    expect(isFiltered({ ...NO_FILTER, search: "   " })).toBe(false);
  });

  it("finds a part of the name in any case, with or without accents", () => {
    expect(ids(filterRows(rows, { ...NO_FILTER, search: "jose" }))).toEqual(["1", "3"]);
    expect(ids(filterRows(rows, { ...NO_FILTER, search: " GARD " }))).toEqual(["2"]);
    expect(ids(filterRows(rows, { ...NO_FILTER, search: "josé's" }))).toEqual(["1"]);
    expect(searchKey("Ćapek")).toBe("capek");
  });

  it("filters by status and by a minimum number of reviews, combined", () => {
    expect(ids(filterRows(rows, { ...NO_FILTER, status: "pending" }))).toEqual(["2"]);
    expect(ids(filterRows(rows, { ...NO_FILTER, minReviews: 1 }))).toEqual(["1", "2"]);
    expect(ids(filterRows(rows, { search: "jose", status: "all", minReviews: 1 }))).toEqual(["1"]);
    expect(filterRows(rows, { search: "jose", status: "pending", minReviews: 0 })).toEqual([]);
  });

  it("finds a row renamed by a newer response (the search key follows the row)", () => {
    const before = [row("1", { identifier: "Old name" })];
    expect(ids(filterRows(before, { ...NO_FILTER, search: "old" }))).toEqual(["1"]);
    const after = [{ ...before[0], identifier: "New name" } as CandidateStatsRow];
    expect(ids(filterRows(after, { ...NO_FILTER, search: "new" }))).toEqual(["1"]);
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
    expect([...tiedRanks(rows)]).toEqual([2]);
  });
});
