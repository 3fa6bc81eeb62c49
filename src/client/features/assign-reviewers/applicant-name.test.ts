import { describe, expect, it } from "vitest";
import { COMMITTEE_LIMITS } from "../../../shared/schemas/committee";
import { applicantLabel, ELLIPSIS, truncateApplicantName } from "./applicant-name";
import { ASSIGN_TEXT } from "./assign-messages";

describe("applicant names in the assign-reviewers table", () => {
  it("keeps a name that fits, whole and without an ellipsis", () => {
    expect(truncateApplicantName("Bright Futures")).toEqual({
      text: "Bright Futures",
      truncated: false,
      full: "Bright Futures",
    });
  });

  it("keeps a name of exactly 60 characters whole", () => {
    const name = "n".repeat(60);
    expect(COMMITTEE_LIMITS.assignNameLength).toBe(60);
    expect(truncateApplicantName(name)).toEqual({ text: name, truncated: false, full: name });
  });

  it("cuts a longer name to 60 characters plus an ellipsis, keeping the whole name", () => {
    const name = "The Northern Community Foundation for the Arts and Sciences of Tomorrow";
    const result = truncateApplicantName(name);
    expect(result.text).toBe(`${name.slice(0, 60)}${ELLIPSIS}`);
    expect(Array.from(result.text)).toHaveLength(61);
    expect(result.truncated).toBe(true);
    expect(result.full).toBe(name);
  });

  it("counts characters, not UTF-16 units, so an emoji is never split", () => {
    const name = `${"a".repeat(59)}😀😀`;
    expect(truncateApplicantName(name).text).toBe(`${"a".repeat(59)}😀${ELLIPSIS}`);
    expect(truncateApplicantName(`${"a".repeat(58)}😀😀`).truncated).toBe(false);
  });

  it("names an application without a name, so its controls still say which row", () => {
    expect(applicantLabel("   ")).toBe(ASSIGN_TEXT.untitled);
    expect(truncateApplicantName("").text).toBe(ASSIGN_TEXT.untitled);
    expect(applicantLabel("  Ann  ")).toBe("Ann");
  });
});
