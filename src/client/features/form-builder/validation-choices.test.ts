import { describe, expect, it } from "vitest";
import { emptyValidation } from "../../../shared/forms/defaults";
import {
  activeValidation,
  boundOf,
  CUSTOM_WORD_LIMIT,
  countOf,
  isCounted,
  parseCount,
  WORD_LIMIT_CHOICES,
  withCount,
  wordLimitChoice,
} from "./validation-choices";

describe("validation choices", () => {
  it("stores one bound at a time and reads it back", () => {
    const v = activeValidation(false);
    expect(v).toMatchObject({ active: true, type: "WORD", max: 0, min: 0 });
    const atLeast = withCount(v, "min", 3);
    expect(atLeast).toMatchObject({ min: 3, max: 0 });
    expect(boundOf(atLeast)).toBe("min");
    expect(countOf(atLeast)).toBe(3);
    const atMost = withCount(atLeast, "max", 5);
    expect(atMost).toMatchObject({ max: 5, min: 0 });
    expect(boundOf(atMost)).toBe("max");
    expect(boundOf(emptyValidation())).toBe("max");
  });

  it("accepts digits only", () => {
    expect(parseCount("12")).toBe(12);
    expect(parseCount("")).toBe(0);
    expect(parseCount("-1")).toBeNull();
    expect(parseCount("1.5")).toBeNull();
    expect(parseCount("a")).toBeNull();
    expect(parseCount("99999999")).toBeNull();
  });

  it("counts words, characters and checkbox selections, not formats", () => {
    expect(isCounted("WORD")).toBe(true);
    expect(isCounted("CHAR")).toBe(true);
    expect(isCounted(null)).toBe(true);
    expect(isCounted("EMAIL")).toBe(false);
    expect(activeValidation(true).type).toBeNull();
  });

  it("offers the spec's word limits, and any other number as a custom one", () => {
    expect(WORD_LIMIT_CHOICES.map((c) => c.value)).toEqual([
      "",
      "25",
      "50",
      "100",
      "150",
      "200",
      "250",
      "300",
      CUSTOM_WORD_LIMIT,
    ]);
    expect(wordLimitChoice("150")).toBe("150");
    expect(wordLimitChoice("")).toBe("");
    expect(wordLimitChoice("0")).toBe("");
    expect(wordLimitChoice("120")).toBe(CUSTOM_WORD_LIMIT);
    expect(wordLimitChoice("12a")).toBe(CUSTOM_WORD_LIMIT);
  });
});
