import { describe, expect, it } from "vitest";
import { REVIEW_MESSAGES } from "../../../shared/schemas/reviews-constants";
import {
  canForceSubmit,
  canMarkAsTest,
  formatAmount,
  lastReviewedLabel,
  pageCount,
  pageFromSearch,
  rowKind,
} from "./candidate-rows";

describe("Admin Mode rows", () => {
  it("tells tests, drafts and submitted applications apart (a test is a draft too)", () => {
    expect(rowKind({ draft: false, test: false })).toBe("submitted");
    expect(rowKind({ draft: true, test: false })).toBe("draft");
    expect(rowKind({ draft: true, test: true })).toBe("test");
  });

  it("offers Force submit for drafts only", () => {
    expect(canForceSubmit({ draft: true })).toBe(true);
    expect(canForceSubmit({ draft: false })).toBe(false);
  });

  it("offers Mark as test only for drafts that are not tests yet", () => {
    expect(canMarkAsTest({ draft: true, test: false })).toBe(true);
    expect(canMarkAsTest({ draft: true, test: true })).toBe(false);
    expect(canMarkAsTest({ draft: false, test: false })).toBe(false);
  });
});

describe("cells", () => {
  it("shows amounts with a $ prefix", () => {
    expect(formatAmount(1500)).toBe("$1,500");
    expect(formatAmount(1500.5)).toBe("$1,500.50");
    expect(formatAmount(0)).toBe("$0");
    expect(formatAmount(null)).toBe("Not set");
    expect(formatAmount(undefined)).toBe("Not set");
  });

  it("says Never for a review never edited", () => {
    expect(lastReviewedLabel(null)).toBe(REVIEW_MESSAGES.never);
    expect(lastReviewedLabel("not a date")).toBe(REVIEW_MESSAGES.never);
    const utc = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
    expect(lastReviewedLabel("2025-03-04T10:00:00.000Z", utc)).toBe("Mar 4, 2025");
  });
});

describe("paging", () => {
  it("counts at least one page", () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });

  it("reads the page from the address bar, defaulting to the first", () => {
    expect(pageFromSearch("3")).toBe(3);
    expect(pageFromSearch(null)).toBe(1);
    expect(pageFromSearch("0")).toBe(1);
    expect(pageFromSearch("2.5")).toBe(1);
    expect(pageFromSearch("abc")).toBe(1);
  });
});
