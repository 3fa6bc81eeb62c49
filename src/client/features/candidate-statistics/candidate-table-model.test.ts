import { describe, expect, it } from "vitest";
import {
  ariaSort,
  DEFAULT_SORT,
  FIRST_PAGE_QUERY,
  isFiltered,
  NO_FILTER,
  nextSort,
  pageQuery,
  SORT_COLUMNS,
} from "./candidate-table-model";

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

describe("the page asked for", () => {
  it("carries the order, the filters and the page, ten rows a page; a blank search is none", () => {
    expect(
      pageQuery(
        { column: "amount", direction: "descending" },
        { search: "  jo ", status: "approved", minReviews: 2 },
        3,
      ),
    ).toEqual({
      page: 3,
      pageSize: 10,
      sort: "amount",
      direction: "descending",
      search: "jo",
      status: "approved",
      minReviews: 2,
    });
    expect(pageQuery(DEFAULT_SORT, { ...NO_FILTER, search: "   " }, 1)).toEqual(FIRST_PAGE_QUERY);
    expect(isFiltered(NO_FILTER)).toBe(false);
    expect(isFiltered({ ...NO_FILTER, search: "   " })).toBe(false);
    expect(isFiltered({ ...NO_FILTER, minReviews: 1 })).toBe(true);
  });
});
