import { describe, expect, it } from "vitest";
import { COMMITTEE_LIMITS } from "../../../shared/schemas/committee";
import { ASSIGN_TEXT } from "./assign-messages";
import { bulkRequest } from "./bulk-rules";

describe("the bulk assignment request", () => {
  it("carries the selected rows and the chosen reviewers and groups", () => {
    expect(bulkRequest("p1", new Set(["s1", "s2"]), ["u1"], ["g1"])).toEqual({
      ok: true,
      body: { programId: "p1", submissionIds: ["s1", "s2"], reviewers: ["u1"], reviewerGroups: ["g1"] },
    });
  });

  it("may carry only reviewers or only groups", () => {
    expect(bulkRequest("p1", new Set(["s1"]), [], ["g1"]).ok).toBe(true);
    expect(bulkRequest("p1", new Set(["s1"]), ["u1"], []).ok).toBe(true);
  });

  it("needs a reviewer or a group", () => {
    expect(bulkRequest("p1", new Set(["s1"]), [], [])).toEqual({
      ok: false,
      message: "Choose a reviewer or a group to assign",
    });
  });

  it("needs at least one row, and no more than one request may carry", () => {
    expect(bulkRequest("p1", new Set(), ["u1"], []).ok).toBe(false);
    const tooMany = new Set(Array.from({ length: COMMITTEE_LIMITS.bulkRows + 1 }, (_, i) => `s${i}`));
    expect(bulkRequest("p1", tooMany, ["u1"], []).ok).toBe(false);
  });
});

describe("the bulk result", () => {
  it("says how many applications were updated", () => {
    expect(ASSIGN_TEXT.bulkUpdated(1)).toBe("1 application updated.");
    expect(ASSIGN_TEXT.bulkUpdated(12)).toBe("12 applications updated.");
    expect(ASSIGN_TEXT.bulkUpdated(0)).toMatch(/^Nothing changed/);
  });
});
