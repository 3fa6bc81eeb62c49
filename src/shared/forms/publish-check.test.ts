import { describe, expect, it } from "vitest";
import { defaultFormContent, newOption, newQuestion, newTableColumn } from "./defaults";
import type { Question } from "./model";
import { FORM_MESSAGES, formProblems, selectionCountIsValid } from "./publish-check";
import { sectionsNamed, smartQuestion } from "./test/forms";

const plan = { maxFiles: 0 };
const withQuestion = (question: Question) => {
  const content = defaultFormContent("F");
  content.sections[1]!.questions = [question];
  return content.sections;
};
const messages = (sections: ReturnType<typeof withQuestion>, p = plan) =>
  formProblems(sections, p).map((x) => x.message);

describe("what blocks publishing", () => {
  it("lets the default form publish", () => {
    expect(formProblems(defaultFormContent("F").sections, plan)).toEqual([]);
  });

  it("blocks duplicate options (case and spaces ignored) with the spec's message", () => {
    const q = { ...newQuestion("MULTIPLE_CHOICE"), x_options: [newOption("Yes"), newOption(" yes ")] };
    expect(messages(withQuestion(q))).toEqual([FORM_MESSAGES.duplicateOptions]);
  });

  it("checks the checkbox selection count: at most N (not 0), at least N, never above the option count", () => {
    const q = (max: number, min: number) => ({
      ...newQuestion("CHECKBOXES"),
      x_options: [newOption("a"), newOption("b"), newOption("c")],
      validations: { active: true, type: null, max, min },
    });
    expect(selectionCountIsValid(q(2, 0))).toBe(true);
    expect(selectionCountIsValid(q(0, 3))).toBe(true);
    expect(selectionCountIsValid(q(4, 0))).toBe(false);
    expect(selectionCountIsValid(q(0, 4))).toBe(false);
    expect(selectionCountIsValid(q(0, 0))).toBe(false);
    expect(messages(withQuestion(q(4, 0)))).toEqual([FORM_MESSAGES.selectionCount]);
  });

  it("counts the files requested across the form against the plan", () => {
    const content = defaultFormContent("F");
    const upload = (maxFiles: 1 | 2 | 3 | 4 | 5 | 10) => ({
      ...newQuestion("FILE_UPLOAD"),
      files: { maxFiles, fileType: "any" as const },
    });
    content.sections[1]!.questions = [upload(3), upload(4)];
    expect(messages(content.sections, { maxFiles: 5 })).toEqual([
      "Error. 7/5 files requested in form. Please reduce to limit or upgrade your plan to be able to publish form.",
    ]);
    expect(messages(content.sections, { maxFiles: 0 })).toEqual([]);
    expect(messages(content.sections, { maxFiles: 7 })).toEqual([]);
  });

  it("needs named table columns", () => {
    const q = { ...newQuestion("SIMPLE_TABLE"), columns: [newTableColumn("Item"), newTableColumn("  ")] };
    expect(messages(withQuestion(q))).toEqual([FORM_MESSAGES.columnName]);
  });

  it("keeps one smart question per section, none in the last section, routes forward only", () => {
    const sections = sectionsNamed(3);
    sections[0]!.questions = [
      { ...newQuestion("IDENTIFIER", "Id") },
      smartQuestion(["a"], { a: "s3" }),
      { ...smartQuestion(["b"]), _id: "second" },
    ];
    sections[1]!.questions = [smartQuestion(["c"], { c: "s1" })];
    sections[2]!.questions = [{ ...smartQuestion(["d"]), _id: "last" }];
    expect(messages(sections)).toEqual([
      FORM_MESSAGES.oneSmartPerSection,
      FORM_MESSAGES.routeBackwards,
      FORM_MESSAGES.smartInLastSection,
    ]);
  });

  it("needs exactly one identifier, required and not anonymized", () => {
    const content = defaultFormContent("F");
    content.sections[0]!.questions[0]!.anonymize = true;
    expect(messages(content.sections)).toEqual([FORM_MESSAGES.identifierRules]);
    content.sections[0]!.questions.splice(0, 1);
    expect(messages(content.sections)).toEqual([FORM_MESSAGES.identifierCount]);
  });
});
