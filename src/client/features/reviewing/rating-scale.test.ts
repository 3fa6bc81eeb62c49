import { describe, expect, it } from "vitest";
import type { Criterion, Section } from "../../../shared/forms/model";
import {
  formatRating,
  overallScale,
  ratingChoices,
  ratingIncrement,
  ratingOutOf,
  ratingSteps,
  weightLabel,
} from "./rating-scale";
import { REVIEWING_TEXT } from "./reviewing-messages";

function sectionWith(criteria: Pick<Criterion, "type" | "maxScale">[]): Section {
  return {
    _id: "s",
    name: "S",
    description: "",
    rubric: "",
    sectionType: "Decision Criteria",
    deleted: false,
    criteria: criteria.map((c, i) => ({ _id: `c${i}`, description: "", weight: 1, ...c })),
    questions: [],
    nextSection: null,
  };
}

describe("rating steps", () => {
  it("runs 1 to 5 in whole steps by default", () => {
    expect(ratingSteps(5, 1)).toEqual([1, 2, 3, 4, 5]);
  });

  it("runs 1 to 10 for a 10-point criterion", () => {
    expect(ratingSteps(10, 1)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("takes halves when the organization says so, without float drift", () => {
    expect(ratingSteps(5, 0.5)).toEqual([1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5]);
    const ten = ratingSteps(10, 0.5);
    expect(ten).toHaveLength(19);
    expect(ten[17]).toBe(9.5);
    expect(ten.at(-1)).toBe(10);
  });

  it("serves the builder's other scales (3 and 4 points)", () => {
    expect(ratingSteps(3, 1)).toEqual([1, 2, 3]);
    expect(ratingSteps(4, 0.5)).toEqual([1, 1.5, 2, 2.5, 3, 3.5, 4]);
  });

  it("falls back to whole steps and a 5-point scale on nonsense", () => {
    expect(ratingIncrement(0)).toBe(1);
    expect(ratingIncrement(0.25)).toBe(1);
    expect(ratingIncrement(0.5)).toBe(0.5);
    expect(ratingSteps(Number.NaN, 1)).toEqual([1, 2, 3, 4, 5]);
  });

  it("keeps a stored value that is off the steps, so it still shows as chosen", () => {
    expect(ratingChoices(5, 1, 0)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(ratingChoices(5, 1, 3.5)).toEqual([1, 2, 3, 3.5, 4, 5]);
    expect(ratingChoices(5, 1, -1)).toEqual([1, 2, 3, 4, 5]);
    expect(ratingChoices(5, 1, 4)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe("the overall rating's scale", () => {
  it("is 10 when a scale criterion has 10 points (appVersion 3)", () => {
    const sections = [
      sectionWith([{ type: "SCALE", maxScale: 5 }]),
      sectionWith([{ type: "SCALE", maxScale: 10 }]),
    ];
    expect(overallScale(3, sections)).toBe(10);
  });

  it("is 5 otherwise, and always for other versions", () => {
    expect(overallScale(3, [sectionWith([{ type: "SCALE", maxScale: 5 }])])).toBe(5);
    expect(overallScale(3, [sectionWith([{ type: "BOOLEAN", maxScale: 10 }])])).toBe(5);
    expect(overallScale(2, [sectionWith([{ type: "SCALE", maxScale: 10 }])])).toBe(5);
    expect(overallScale(3, [])).toBe(5);
  });
});

describe("showing a rating", () => {
  it("tells not rated (-1) from a rating of 0", () => {
    expect(formatRating(-1)).toBe(REVIEWING_TEXT.notRated);
    expect(formatRating(0)).toBe("0");
  });

  it("shows at most two decimals", () => {
    expect(formatRating(4)).toBe("4");
    expect(formatRating(3.5)).toBe("3.5");
    expect(formatRating(10 / 3)).toBe("3.33");
  });

  it("says what scale it is out of", () => {
    expect(ratingOutOf(3.5, 5)).toBe("3.5 out of 5");
    expect(ratingOutOf(-1, 10)).toBe(REVIEWING_TEXT.notRated);
  });

  it("labels a criterion's weight the spec's way", () => {
    expect(weightLabel(2)).toBe("x 2 weight");
    expect(weightLabel(0.5)).toBe("x 0.5 weight");
  });
});
