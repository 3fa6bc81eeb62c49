import { describe, expect, it } from "vitest";
import { submissionPath } from "./submission-path";

describe("where a candidate is reviewed", () => {
  it("is the submission view, with the ids encoded", () => {
    expect(submissionPath({ _id: "p1", appVersion: 3 }, "s/1")).toBe("/submissions/p1/s%2F1");
    expect(submissionPath({ _id: "p1", appVersion: 0 }, "s1")).toBe("/submissions/p1/s1");
  });

  it("is the legacy page for legacy programs (appVersion 1)", () => {
    expect(submissionPath({ _id: "p1", appVersion: 1 }, "a1")).toBe("/submissions/legacy/p1/a1");
  });
});
