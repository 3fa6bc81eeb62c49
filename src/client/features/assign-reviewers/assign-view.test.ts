import { describe, expect, it } from "vitest";
import {
  type AssignView,
  atPage,
  normalizeSearch,
  pageCount,
  paramsWithView,
  viewFromParams,
  withPageSize,
  withSearch,
} from "./assign-view";

const view = (patch: Partial<AssignView> = {}): AssignView => ({
  search: "",
  page: 1,
  pageSize: 10,
  ...patch,
});

describe("the table's view in the address", () => {
  it("defaults to the first page of 10 rows and no search (review-and-administration, '9. Business constants and limits')", () => {
    expect(viewFromParams(new URLSearchParams())).toEqual(view());
  });

  it("reads the search, page and page size", () => {
    const params = new URLSearchParams({ search: "  river  ", page: "3", pageSize: "25" });
    expect(viewFromParams(params)).toEqual(view({ search: "river", page: 3, pageSize: 25 }));
  });

  it("accepts only the spec's page sizes 5, 10, 25 and 50", () => {
    for (const size of [5, 10, 25, 50]) {
      expect(viewFromParams(new URLSearchParams({ pageSize: String(size) })).pageSize).toBe(size);
    }
    for (const size of ["7", "100", "0", "-5", "ten", "10.5"]) {
      expect(viewFromParams(new URLSearchParams({ pageSize: size })).pageSize).toBe(10);
    }
  });

  it("falls back to page 1 for a malformed page", () => {
    for (const page of ["0", "-2", "1.5", "abc", "", "1e400"]) {
      expect(viewFromParams(new URLSearchParams({ page })).page).toBe(1);
    }
  });

  it("writes only what differs from the default and keeps other parameters", () => {
    const params = new URLSearchParams({ other: "x", page: "4" });
    expect(paramsWithView(params, view()).toString()).toBe("other=x");
    expect(paramsWithView(params, view({ search: " Ann ", page: 2, pageSize: 50 })).toString()).toBe(
      "other=x&page=2&search=Ann&pageSize=50",
    );
  });

  it("reads back what it wrote", () => {
    const v = view({ search: "a&b=c", page: 7, pageSize: 5 });
    expect(viewFromParams(paramsWithView(new URLSearchParams(), v))).toEqual(v);
  });
});

describe("changing the search or the page size", () => {
  it("goes back to page 1 when the search changes", () => {
    expect(withSearch(view({ page: 4 }), "ann")).toEqual(view({ search: "ann", page: 1 }));
  });

  it("stays on the page when only spaces around the search changed", () => {
    const current = view({ search: "ann", page: 4 });
    expect(withSearch(current, " ann  ")).toBe(current);
  });

  it("goes back to page 1 when the page size changes, and not otherwise", () => {
    expect(withPageSize(view({ page: 3 }), 25)).toEqual(view({ page: 1, pageSize: 25 }));
    const current = view({ page: 3 });
    expect(withPageSize(current, 10)).toBe(current);
  });

  it("cuts the search to the contract's 200 characters", () => {
    expect(normalizeSearch(` ${"x".repeat(250)}`)).toBe("x".repeat(200));
  });
});

describe("the neighbour a page was reached from (Next and Previous)", () => {
  const ROW = "0b6f4d4e-1c1a-4a57-9a0e-7d3c2b1a0f01";

  it("is kept in the address with the page and read back", () => {
    const v = view({ page: 3, after: ROW });
    const params = paramsWithView(new URLSearchParams(), v);
    expect(params.toString()).toBe(`after=${ROW}&page=3`);
    expect(viewFromParams(params)).toEqual(v);
  });

  it("is dropped by a new search, a new page size and a page reached by its number", () => {
    const anchored = view({ search: "ann", page: 3, before: ROW });
    expect(withSearch(anchored, "bo")).toEqual(view({ search: "bo", page: 1 }));
    expect(withPageSize(anchored, 25)).toEqual(view({ search: "ann", page: 1, pageSize: 25 }));
    expect(atPage(anchored, 7)).toEqual(view({ search: "ann", page: 7 }));
    expect(paramsWithView(new URLSearchParams({ before: ROW }), atPage(anchored, 7)).toString()).toBe(
      "search=ann&page=7",
    );
  });
});

describe("page count from the server's total", () => {
  it("rounds up and never goes below one page", () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(51, 5)).toBe(11);
  });
});
