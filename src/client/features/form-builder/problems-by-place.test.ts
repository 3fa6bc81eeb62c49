import { describe, expect, it } from "vitest";
import { messagesByPlace } from "./problems-by-place";

describe("messages by place", () => {
  it("puts each message where it belongs, once", () => {
    const placed = messagesByPlace(
      [
        { message: "form-wide" },
        { sectionId: "s1", message: "about the section" },
        { sectionId: "s1", questionId: "q1", message: "about the question" },
        { sectionId: "s1", questionId: "q1", message: "about the question" },
      ],
      [{ sectionId: "s2", questionId: "q9", message: "never answered" }],
    );
    expect(placed.form).toEqual(["form-wide"]);
    expect(placed.sections.get("s1")).toEqual({
      problems: ["about the section"],
      warnings: [],
      questionProblems: { q1: ["about the question"] },
      questionWarnings: {},
    });
    expect(placed.sections.get("s2")?.questionWarnings).toEqual({ q9: ["never answered"] });
  });

  it("keeps a section's previous object when its messages did not change", () => {
    const first = messagesByPlace(
      [
        { sectionId: "s1", message: "a" },
        { sectionId: "s2", message: "b" },
      ],
      [],
    );
    const second = messagesByPlace(
      [
        { sectionId: "s1", message: "a" },
        { sectionId: "s2", message: "c" },
      ],
      [],
      first.sections,
    );
    expect(second.sections.get("s1")).toBe(first.sections.get("s1"));
    expect(second.sections.get("s2")).not.toBe(first.sections.get("s2"));
  });
});
