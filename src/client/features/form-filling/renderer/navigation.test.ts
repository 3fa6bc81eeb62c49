import { describe, expect, it } from "vitest";
import { nextSectionId } from "../../../../shared/forms/branching";
import type { Section } from "../../../../shared/forms/model";
import { sectionsNamed, smartQuestion } from "../../../../shared/forms/test/forms";
import {
  advance,
  canGoBack,
  currentSectionId,
  firstSectionWithProblem,
  historyTo,
  reconcileHistory,
  retreat,
  sectionPosition,
  startHistory,
  type VisitHistory,
} from "./navigation";

/** S1 holds a smart question: "skip" jumps to S4, "stay" continues to S2. */
function branchingForm(): Section[] {
  const sections = sectionsNamed(5);
  sections[0] = { ...sections[0]!, questions: [smartQuestion(["skip", "stay"], { skip: "s4" })] };
  return sections;
}
const smartId = "q-skip-stay";
const choosing =
  (choice: string | undefined) =>
  (questionId: string): string | undefined =>
    questionId === smartId ? choice : undefined;

/** Presses Next as the renderer does. */
function next(history: VisitHistory, sections: Section[], choice: string | undefined): VisitHistory {
  return advance(history, nextSectionId(sections, currentSectionId(history)!, choosing(choice)));
}

describe("section navigation history", () => {
  it("starts on the first live section", () => {
    const sections = sectionsNamed(3);
    sections[0] = { ...sections[0]!, deleted: true };
    expect(startHistory(sections)).toEqual(["s2"]);
    expect(startHistory([])).toEqual([]);
  });

  it("Back after a branch returns to the branching section, not the skipped ones", () => {
    const sections = branchingForm();
    let history = startHistory(sections);
    history = next(history, sections, "skip");
    expect(currentSectionId(history)).toBe("s4");
    history = retreat(history);
    expect(currentSectionId(history)).toBe("s1");
    expect(canGoBack(history)).toBe(false);
  });

  it("follows a changed choice after going back", () => {
    const sections = branchingForm();
    let history = next(startHistory(sections), sections, "skip");
    history = retreat(history);
    history = next(history, sections, "stay");
    expect(history).toEqual(["s1", "s2"]);
    history = next(history, sections, "stay");
    history = next(history, sections, "stay");
    expect(history).toEqual(["s1", "s2", "s3", "s4"]);
    expect(retreat(retreat(history))).toEqual(["s1", "s2"]);
  });

  it("stays on the last section (Submit takes over) and keeps the first section on Back", () => {
    const sections = sectionsNamed(2);
    let history = next(startHistory(sections), sections, undefined);
    expect(history).toEqual(["s1", "s2"]);
    expect(next(history, sections, undefined)).toBe(history);
    history = retreat(retreat(history));
    expect(history).toEqual(["s1"]);
  });

  it("never loops back onto a visited section", () => {
    expect(advance(["s1", "s2", "s3"], "s2")).toEqual(["s1", "s2"]);
  });

  it("drops sections deleted under it", () => {
    const sections = sectionsNamed(3);
    const history = ["s1", "s2", "s3"];
    expect(reconcileHistory(history, sections)).toBe(history);
    sections[2] = { ...sections[2]!, deleted: true };
    expect(reconcileHistory(history, sections)).toEqual(["s1", "s2"]);
    expect(reconcileHistory(["gone"], sections)).toEqual(["s1"]);
  });

  it("jumps to the section of a server problem along the applicant's path", () => {
    const sections = branchingForm();
    sections[4] = { ...sections[4]!, questions: [{ ...sections[4]!.questions[0]!, _id: "q5" }] };
    sections[3] = { ...sections[3]!, questions: [{ ...sections[3]!.questions[0]!, _id: "q4" }] };
    const problems = { "answers.q5": ["This question is required"], "answers.q4": ["Bad"] };
    const target = firstSectionWithProblem(sections, choosing("skip"), problems);
    expect(target).toBe("s4");
    expect(historyTo(["s1", "s4", "s5"], sections, choosing("skip"), "s4")).toEqual(["s1", "s4"]);
    expect(historyTo(["s1"], sections, choosing("skip"), "s5")).toEqual(["s1", "s4", "s5"]);
    expect(historyTo(["s1"], sections, choosing("skip"), "s2")).toEqual(["s1", "s2"]);
    expect(firstSectionWithProblem(sections, choosing("skip"), {})).toBeNull();
    expect(firstSectionWithProblem(sections, choosing("skip"), { "answers.q4": [] })).toBeNull();
  });

  it("numbers sections among the live ones", () => {
    const sections = sectionsNamed(4);
    sections[1] = { ...sections[1]!, deleted: true };
    expect(sectionPosition(sections, "s3")).toEqual({ n: 2, m: 3 });
  });
});
