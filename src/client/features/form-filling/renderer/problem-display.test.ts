import { describe, expect, it } from "vitest";
import { isRevealed, NONE, shownProblems, withMember } from "./problem-display";

describe("which problems a question shows", () => {
  it("shows nothing of its own until revealed", () => {
    expect(shownProblems(["This question is required"], false, NONE)).toEqual([]);
    expect(shownProblems(["This question is required"], true, NONE)).toEqual(["This question is required"]);
  });

  it("always shows the server's problems, without repeating its own", () => {
    expect(shownProblems(["A"], false, ["B"])).toEqual(["B"]);
    expect(shownProblems(["A"], true, ["A", "B"])).toEqual(["A", "B"]);
  });

  it("reveals a question once left or once its section's Next was tried", () => {
    const none = new Set<string>();
    expect(isRevealed("q1", "s1", none, none)).toBe(false);
    expect(isRevealed("q1", "s1", new Set(["q1"]), none)).toBe(true);
    expect(isRevealed("q1", "s1", none, new Set(["s1"]))).toBe(true);
    expect(isRevealed("q1", "s1", none, new Set(["s2"]))).toBe(false);
  });

  it("keeps the same set when the member is already there", () => {
    const set = new Set(["a"]);
    expect(withMember(set, "a")).toBe(set);
    expect([...withMember(set, "b")]).toEqual(["a", "b"]);
  });
});
