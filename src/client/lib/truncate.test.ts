import { describe, expect, it } from "vitest";
import { REVIEW_LIMITS } from "../../shared/schemas/reviews-constants";
import { truncateName, UNTITLED_APPLICATION } from "./truncate";

describe("truncating applicant names", () => {
  it("keeps a name that fits, whole", () => {
    expect(truncateName("Bright Futures", REVIEW_LIMITS.listNameLength)).toEqual({
      text: "Bright Futures",
      truncated: false,
      full: "Bright Futures",
    });
  });

  it("keeps exactly the limit", () => {
    const name = "x".repeat(50);
    expect(truncateName(name, 50)).toEqual({ text: name, truncated: false, full: name });
  });

  it("cuts to 50 characters in the list and 35 on ranking cards", () => {
    const name = "The Northern Community Foundation for the Arts and Sciences of Tomorrow";
    const list = truncateName(name, REVIEW_LIMITS.listNameLength);
    expect(list.text).toBe(name.slice(0, 50));
    expect(list.truncated).toBe(true);
    expect(list.full).toBe(name);
    expect(truncateName(name, REVIEW_LIMITS.rankingNameLength).text).toBe(name.slice(0, 35));
  });

  it("counts characters, not UTF-16 units, so a surrogate pair is never split", () => {
    const name = `${"é".repeat(3)}😀😀😀`;
    const cut = truncateName(name, 4);
    expect(cut.text).toBe("ééé😀");
    expect(Array.from(cut.text)).toHaveLength(4);
  });

  it("names an application without an identifier", () => {
    expect(truncateName("   ", 50)).toEqual({
      text: UNTITLED_APPLICATION,
      truncated: false,
      full: UNTITLED_APPLICATION,
    });
  });
});
