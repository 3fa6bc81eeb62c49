import { describe, expect, it } from "vitest";
import {
  formatConsensusRank,
  formatDecimal,
  fundingFacts,
  histogramBars,
  rankedByLabel,
  reviewCountLabel,
} from "./statistics-format";

describe("numbers of the candidate table", () => {
  it("shows ratings, suggested ratings and disagreement to 2 decimals (review-and-administration, '9. Business constants and limits')", () => {
    expect(formatDecimal(3.456)).toBe("3.46");
    expect(formatDecimal(4)).toBe("4.00");
    expect(formatDecimal(0)).toBe("0.00");
    expect(formatDecimal(0.005)).toBe("0.01");
  });

  it("has no text for a missing value", () => {
    expect(formatDecimal(null)).toBeNull();
    expect(formatDecimal(Number.NaN)).toBeNull();
  });

  it('says "ranked by k of n" with n the number of stacked rankings', () => {
    expect(rankedByLabel(3, 5)).toBe("ranked by 3 of 5");
    expect(rankedByLabel(0, 5)).toBe("ranked by 0 of 5");
    expect(rankedByLabel(0, 0)).toBe("no stacked rankings yet");
  });

  it("marks a consensus rank shared with another candidate", () => {
    expect(formatConsensusRank(2, new Set([2]))).toBe("2 (tie)");
    expect(formatConsensusRank(1, new Set([2]))).toBe("1");
    expect(formatConsensusRank(null, new Set())).toBeNull();
  });

  it("counts reviews in words", () => {
    expect(reviewCountLabel(1)).toBe("1 review");
    expect(reviewCountLabel(0)).toBe("0 reviews");
    expect(reviewCountLabel(12)).toBe("12 reviews");
  });
});

describe("a candidate's histogram", () => {
  it("lists the ratings given, highest first, bars relative to the most common", () => {
    expect(histogramBars({ "3": 1, "4.5": 2, "5": 4, "2": 0 })).toEqual([
      { rating: "5", count: 4, share: 1 },
      { rating: "4.5", count: 2, share: 0.5 },
      { rating: "3", count: 1, share: 0.25 },
    ]);
  });

  it("shows a rating of 0 (a value) and drops keys that are not ratings", () => {
    expect(histogramBars({ "0": 1, "1.0": 1, oops: 3 })).toEqual([
      { rating: "1", count: 1, share: 1 },
      { rating: "0", count: 1, share: 1 },
    ]);
    expect(histogramBars({})).toEqual([]);
  });
});

describe("funding statistics", () => {
  it("shows amounts with a $ prefix and two decimals, and the three counts", () => {
    expect(
      fundingFacts({
        totalFunding: 12500.5,
        averageFunding: 4166.83,
        approved: 3,
        disapproved: 1,
        pending: 6,
      }),
    ).toEqual([
      { label: "Total funding", value: "$12,500.50" },
      { label: "Average funding (approved)", value: "$4,166.83" },
      { label: "Approved", value: "3" },
      { label: "Disapproved", value: "1" },
      { label: "Pending", value: "6" },
    ]);
  });

  it("shows $0.00 when nobody is approved", () => {
    const facts = fundingFacts({
      totalFunding: 0,
      averageFunding: 0,
      approved: 0,
      disapproved: 0,
      pending: 2,
    });
    expect(facts.slice(0, 2).map((fact) => fact.value)).toEqual(["$0.00", "$0.00"]);
  });
});
