import { describe, expect, it } from "vitest";
import type { Answer } from "../../../shared/forms/answers";
import type { ApplicantForm, SubmissionFile } from "../../../shared/schemas/submissions";
import { hasMappedQuestion, mergeAutofill, upsertAnswer, withFile, withoutFile } from "./answers-state";
import { textAnswer as text } from "./test/answers";

const question = (id: string, type: "SHORT_ANSWER" | "FILE_UPLOAD", mapped = false) => ({
  _id: id,
  type,
  name: id,
  description: "",
  required: false,
  anonymize: false,
  x_options: [],
  y_options: [],
  columns: [],
  files: { maxFiles: 2 as const, fileType: "any" as const },
  validations: { active: false, type: null, max: 0, min: 0 },
  smart: false,
  routes: {},
  mapping: mapped
    ? {
        formMap: { id: "f", name: "F" },
        sectionMap: { id: "s", name: "S" },
        questionMap: { id: "q", name: "Q" },
      }
    : null,
});

const form = (mapped: boolean): ApplicantForm => ({
  _id: "form",
  programId: "p",
  name: "Form",
  description: "",
  sections: [
    {
      _id: "s1",
      name: "One",
      description: "",
      rubric: "",
      sectionType: "Admin Info",
      deleted: false,
      criteria: [],
      questions: [question("q1", "SHORT_ANSWER", mapped), question("f1", "FILE_UPLOAD")],
      nextSection: null,
    },
  ],
  settings: {
    themeColour: "2261AD",
    headerImage: null,
    confirmationMessage: "Thanks",
    frenchTranslationEnabled: false,
    translations: {},
  },
  version: 1,
  allowEdit: false,
  maxFileSizeMB: 20,
  accepting: true,
  closesAt: null,
  organization: { name: "Org", contactEmail: null },
});

const file = (id: string): SubmissionFile => ({
  _id: id,
  questionId: "f1",
  name: `${id}.pdf`,
  size: 10,
  contentType: "application/pdf",
});

describe("answers state", () => {
  it("replaces a question's answer in place or adds it", () => {
    const answers = [text("q1", "a"), text("q2", "b")];
    expect(upsertAnswer(answers, text("q1", "A"))).toEqual([text("q1", "A"), text("q2", "b")]);
    expect(upsertAnswer(answers, text("q3", "c"))).toHaveLength(3);
  });

  it("autofills only unanswered questions and never copies files", () => {
    const current = [text("q1", "mine"), text("q2", "  ")];
    const copied: Answer[] = [
      text("q1", "earlier"),
      text("q2", "earlier 2"),
      text("q3", "earlier 3"),
      text("q4", ""),
      { ...text("f1", ""), type: "FILE_UPLOAD", answerArray: ["x"] },
    ];
    const { answers, filled } = mergeAutofill(current, copied);
    expect(filled).toBe(2);
    expect(answers).toEqual([text("q1", "mine"), text("q2", "earlier 2"), text("q3", "earlier 3")]);
  });

  it("lists a stored file in its question's answer once, and removes it", () => {
    const once = withFile(form(false), [], file("a"));
    expect(once).toEqual([
      {
        questionId: "f1",
        sectionId: "s1",
        type: "FILE_UPLOAD",
        answerString: "",
        answerArray: ["a"],
        answerMatrix: [],
      },
    ]);
    const twice = withFile(form(false), withFile(form(false), once, file("b")), file("b"));
    expect(twice[0]?.answerArray).toEqual(["a", "b"]);
    expect(withoutFile(twice, file("a"))[0]?.answerArray).toEqual(["b"]);
  });

  it("offers autofill only when a question is mapped", () => {
    expect(hasMappedQuestion(form(true))).toBe(true);
    expect(hasMappedQuestion(form(false))).toBe(false);
  });
});
