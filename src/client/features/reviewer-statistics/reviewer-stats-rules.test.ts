import { describe, expect, it } from "vitest";
import type { ReviewerStatsRow } from "../../../shared/schemas/committee";
import {
  DEFAULT_REVIEWER_SORT,
  isBehind,
  nextSort,
  observersText,
  progressPercent,
  progressValueText,
  reviewedText,
  sortReviewerRows,
  splitObservers,
  summarize,
  summaryText,
} from "./reviewer-stats-rules";

function row(
  id: string,
  reviewed: number,
  assigned: number,
  patch: Partial<ReviewerStatsRow> = {},
): ReviewerStatsRow {
  return {
    _id: id,
    name: `Member ${id}`,
    email: `${id}@example.test`,
    role: "REVIEWER",
    assigned,
    reviewed,
    lastReviewed: null,
    ...patch,
  };
}

describe("progress", () => {
  it("is the share reviewed, rounded down so 100% means every application is done", () => {
    expect(progressPercent(row("a", 0, 4))).toBe(0);
    expect(progressPercent(row("a", 1, 4))).toBe(25);
    expect(progressPercent(row("a", 1, 3))).toBe(33);
    expect(progressPercent(row("a", 2, 3))).toBe(66);
    expect(progressPercent(row("a", 199, 200))).toBe(99);
    expect(progressPercent(row("a", 200, 200))).toBe(100);
  });

  it("is none when nothing is assigned", () => {
    expect(progressPercent(row("a", 0, 0))).toBeNull();
    expect(progressValueText(row("a", 0, 0))).toBe("No applications assigned");
  });

  it("never leaves 0–100, whatever the counts", () => {
    expect(progressPercent(row("a", 5, 3))).toBe(100);
    expect(progressPercent(row("a", -1, 3))).toBe(0);
  });

  it("reads as k of n, and with the percentage for a screen reader", () => {
    expect(reviewedText(row("a", 3, 8))).toBe("3 of 8");
    expect(progressValueText(row("a", 3, 8))).toBe("3 of 8 reviewed (37%)");
  });
});

describe("who is behind (and may be reminded)", () => {
  it("is a member with an assigned application not reviewed yet", () => {
    expect(isBehind(row("a", 0, 1))).toBe(true);
    expect(isBehind(row("a", 9, 10))).toBe(true);
  });

  it("is never a member who is done or has nothing assigned", () => {
    expect(isBehind(row("a", 10, 10))).toBe(false);
    expect(isBehind(row("a", 0, 0))).toBe(false);
  });

  it("is never a guest, who reads without rating", () => {
    expect(isBehind(row("a", 0, 3, { role: "GUEST" }))).toBe(false);
  });
});

describe("the summary line", () => {
  it("counts a guest as a member but not in the reviews to do", () => {
    expect(summarize([row("a", 1, 2), row("g", 0, 5, { role: "GUEST" })])).toEqual({
      members: 2,
      reviewed: 1,
      assigned: 2,
      behind: 1,
    });
  });

  it("counts members, reviews done of assigned, and who is behind", () => {
    const summary = summarize([row("a", 2, 5), row("b", 5, 5), row("c", 0, 0), row("d", 0, 3)]);
    expect(summary).toEqual({ members: 4, reviewed: 7, assigned: 13, behind: 2 });
    expect(summaryText(summary)).toBe("4 members · 7 of 13 reviews done · 2 behind");
  });

  it("reads well for one member and for none", () => {
    expect(summaryText(summarize([row("a", 1, 1)]))).toBe("1 member · 1 of 1 reviews done · 0 behind");
    expect(summaryText(summarize([]))).toBe("0 members · 0 of 0 reviews done · 0 behind");
  });
});

describe("ordering", () => {
  const ids = (rows: ReviewerStatsRow[]) => rows.map((r) => r._id);

  it("starts by name, as the server sends it, ignoring case and then by email", () => {
    const rows = [
      row("1", 0, 1, { name: "bob" }),
      row("2", 0, 1, { name: "Alice", email: "z@example.test" }),
      row("3", 0, 1, { name: "alice", email: "a@example.test" }),
    ];
    expect(ids(sortReviewerRows(rows, DEFAULT_REVIEWER_SORT))).toEqual(["3", "2", "1"]);
    expect(ids(sortReviewerRows(rows, { key: "name", direction: "descending" }))).toEqual(["1", "2", "3"]);
  });

  it("by progress puts the least advanced first, nothing-assigned last either way, ties by name", () => {
    const rows = [
      row("done", 4, 4, { name: "A" }),
      row("none", 0, 0, { name: "B" }),
      row("half", 1, 2, { name: "C" }),
      row("zero", 0, 7, { name: "D" }),
      row("half2", 3, 6, { name: "E" }),
    ];
    expect(ids(sortReviewerRows(rows, { key: "progress", direction: "ascending" }))).toEqual([
      "zero",
      "half",
      "half2",
      "done",
      "none",
    ]);
    expect(ids(sortReviewerRows(rows, { key: "progress", direction: "descending" }))).toEqual([
      "done",
      "half",
      "half2",
      "zero",
      "none",
    ]);
  });

  it("by last review counts Never as the oldest", () => {
    const rows = [
      row("recent", 1, 1, { name: "A", lastReviewed: "2025-03-02T10:00:00.000Z" }),
      row("never", 0, 1, { name: "B" }),
      row("old", 1, 1, { name: "C", lastReviewed: "2024-12-31T23:59:00.000Z" }),
    ];
    expect(ids(sortReviewerRows(rows, { key: "lastReviewed", direction: "ascending" }))).toEqual([
      "never",
      "old",
      "recent",
    ]);
    expect(ids(sortReviewerRows(rows, { key: "lastReviewed", direction: "descending" }))).toEqual([
      "recent",
      "old",
      "never",
    ]);
  });

  it("leaves the rows given untouched", () => {
    const rows = [row("b", 0, 1, { name: "B" }), row("a", 0, 1, { name: "A" })];
    sortReviewerRows(rows, DEFAULT_REVIEWER_SORT);
    expect(ids(rows)).toEqual(["b", "a"]);
  });

  it("turns a column around when clicked again, and starts another ascending", () => {
    const byProgress = nextSort(DEFAULT_REVIEWER_SORT, "progress");
    expect(byProgress).toEqual({ key: "progress", direction: "ascending" });
    expect(nextSort(byProgress, "progress")).toEqual({ key: "progress", direction: "descending" });
    expect(nextSort(nextSort(byProgress, "progress"), "progress")).toEqual(byProgress);
    expect(nextSort({ key: "name", direction: "descending" }, "lastReviewed")).toEqual({
      key: "lastReviewed",
      direction: "ascending",
    });
  });
});

describe("guests, listed apart as observers", () => {
  it("keeps guests out of the committee's rows and figures", () => {
    const rows = [
      row("a", 1, 2),
      row("g", 0, 5, { role: "GUEST" }),
      row("b", 2, 2, { role: "ADMIN_REVIEWER" }),
    ];
    const { committee, observers } = splitObservers(rows);
    expect(committee.map((r) => r._id)).toEqual(["a", "b"]);
    expect(observers.map((r) => r._id)).toEqual(["g"]);
    expect(summaryText(summarize(committee))).toBe("2 members · 3 of 4 reviews done · 1 behind");
  });

  it("says how many guests read without rating", () => {
    expect(observersText(1)).toBe("1 guest reads the applications without rating them.");
    expect(observersText(3)).toBe("3 guests read the applications without rating them.");
  });
});
