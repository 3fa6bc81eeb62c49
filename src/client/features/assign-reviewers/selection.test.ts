import { describe, expect, it } from "vitest";
import { pageSelectionState, togglePage, toggleRow } from "./selection";

describe("choosing rows for a bulk assignment", () => {
  it("adds and removes one row", () => {
    const one = toggleRow(new Set(), "a", true);
    expect([...one]).toEqual(["a"]);
    expect([...toggleRow(one, "a", false)]).toEqual([]);
  });

  it("returns the same selection when nothing changes (no needless re-render)", () => {
    const one = new Set(["a"]);
    expect(toggleRow(one, "a", true)).toBe(one);
    expect(toggleRow(one, "b", false)).toBe(one);
  });

  it("selects every row of the page and keeps rows chosen on other pages", () => {
    const fromPage1 = new Set(["x"]);
    const all = togglePage(fromPage1, ["a", "b"], true);
    expect([...all].sort()).toEqual(["a", "b", "x"]);
    expect([...togglePage(all, ["a", "b"], false)]).toEqual(["x"]);
  });

  it("shows the header checkbox checked, indeterminate or empty", () => {
    expect(pageSelectionState(new Set(), ["a", "b"])).toBe("none");
    expect(pageSelectionState(new Set(["a", "x"]), ["a", "b"])).toBe("some");
    expect(pageSelectionState(new Set(["a", "b"]), ["a", "b"])).toBe("all");
    expect(pageSelectionState(new Set(["x"]), [])).toBe("none");
  });
});
