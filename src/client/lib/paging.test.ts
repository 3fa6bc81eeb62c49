import { describe, expect, it } from "vitest";
import { pageOf } from "./paging";

const rows = Array.from({ length: 23 }, (_, i) => i + 1);

describe("table pages", () => {
  it("cuts the rows into pages", () => {
    expect(pageOf(rows, 1, 10)).toEqual({ rows: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], page: 1, pageCount: 3 });
    expect(pageOf(rows, 3, 10)).toEqual({ rows: [21, 22, 23], page: 3, pageCount: 3 });
  });

  it("falls back to the last page when rows vanished under the one shown", () => {
    expect(pageOf(rows.slice(0, 20), 3, 10).page).toBe(2);
  });

  it("shows an empty first page when there are no rows", () => {
    expect(pageOf([], 2, 10)).toEqual({ rows: [], page: 1, pageCount: 0 });
  });
});
