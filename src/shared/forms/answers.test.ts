import { describe, expect, it } from "vitest";
import { translator } from "../i18n/catalog";
import {
  type Answer,
  answerErrors,
  answerMap,
  answerShapeProblems,
  emptyAnswer,
  identifierOf,
  missingAnswer,
  sectionProblems,
  submissionProblems,
} from "./answers";
import { newOption, newQuestion, newTableColumn } from "./defaults";
import type { Question, Validation } from "./model";
import { sectionsNamed, smartQuestion } from "./test/forms";

const t = translator("en");
const fr = translator("fr");

function question(type: Question["type"], patch: Partial<Question> = {}): Question {
  return { ...newQuestion(type, "Q"), _id: `q-${type}`, ...patch };
}
const validation = (patch: Partial<Validation>): Validation => ({
  active: true,
  type: null,
  max: 0,
  min: 0,
  ...patch,
});
function text(q: Question, answerString: string): Answer {
  return { ...emptyAnswer(q, "s1"), answerString };
}
function chosen(q: Question, answerArray: string[]): Answer {
  return { ...emptyAnswer(q, "s1"), answerArray };
}

describe("answer formats (forms-and-applicants, '5. Validation rules')", () => {
  const cases: [Validation["type"], string, string, string][] = [
    ["EMAIL", "ann@example.org", "ann@example", "Answer must be an email (name@example.com)"],
    ["PHONE", "+1 (514) 555-0199", "555-01", "Answer must be a phone number"],
    ["DATE", "2026/02/28", "2026/02/30", "Answer must be a date (YYYY/MM/DD)"],
    [
      "URL",
      "www.example.org/path",
      "not a url",
      "Answer must be a URL (www.example.com OR https://example.com)",
    ],
    ["NUMBER", "-12.5", "12a", "Answer must be a Number"],
  ];
  for (const [type, good, bad, message] of cases) {
    it(`${type}: accepts "${good}", refuses "${bad}"`, () => {
      const q = question("SHORT_ANSWER", { validations: validation({ type }) });
      expect(answerErrors(q, text(q, good), t)).toEqual([]);
      expect(answerErrors(q, text(q, bad), t)).toEqual([message]);
    });
  }

  it("judges nothing when the answer is empty or the validation is off", () => {
    const q = question("SHORT_ANSWER", { validations: validation({ type: "EMAIL" }) });
    expect(answerErrors(q, text(q, "  "), t)).toEqual([]);
    const off = question("SHORT_ANSWER", { validations: validation({ type: "EMAIL", active: false }) });
    expect(answerErrors(off, text(off, "nope"), t)).toEqual([]);
  });

  it("counts space-split words and characters against max, else min, in the applicant's language", () => {
    const words = question("PARAGRAPHS", {
      required: true,
      validations: validation({ type: "WORD", max: 3 }),
    });
    expect(answerErrors(words, text(words, "one two  three"), t)).toEqual([]);
    expect(answerErrors(words, text(words, "one two three four"), t)).toEqual([
      "Answer must have at most 3 words",
    ]);
    expect(answerErrors(words, text(words, "one two three four"), fr)).toEqual([
      "La réponse doit contenir au plus 3 mots",
    ]);
    const chars = question("SHORT_ANSWER", {
      required: true,
      validations: validation({ type: "CHAR", min: 5 }),
    });
    expect(answerErrors(chars, text(chars, "abcd"), t)).toEqual(["Answer must have at least 5 characters"]);
    expect(answerErrors(chars, text(chars, "abcde"), t)).toEqual([]);
  });

  it("limits an optional answer once it is given (a limit cannot be bypassed by leaving required off)", () => {
    const q = question("PARAGRAPHS", { required: false, validations: validation({ type: "WORD", max: 2 }) });
    expect(answerErrors(q, text(q, "a b c"), t)).toEqual(["Answer must have at most 2 words"]);
    expect(answerErrors(q, text(q, ""), t)).toEqual([]);
  });

  it("counts checkbox selections", () => {
    const options = ["a", "b", "c"].map((v) => ({ ...newOption(v), _id: v }));
    const q = question("CHECKBOXES", { x_options: options, validations: validation({ max: 2 }) });
    expect(answerErrors(q, chosen(q, ["a", "b", "c"]), t)).toEqual(["You may select at most 2 options"]);
    expect(answerErrors(q, chosen(q, ["a", "b"]), t)).toEqual([]);
  });
});

describe("section completeness (forms-and-applicants, '5. Validation rules')", () => {
  it("needs required text, the identifier always, a choice, a file, a table row and required columns", () => {
    const options = [{ ...newOption("x"), _id: "x" }];
    const table = question("SIMPLE_TABLE", {
      required: true,
      columns: [{ ...newTableColumn("Budget line"), required: true }, newTableColumn("Note")],
    });
    expect(missingAnswer(question("SHORT_ANSWER", { required: true }), undefined, t)).toEqual([
      "This question is required",
    ]);
    expect(missingAnswer(question("SHORT_ANSWER"), undefined, t)).toEqual([]);
    expect(missingAnswer(question("IDENTIFIER"), undefined, t)).toEqual(["This question is required"]);
    const mc = question("MULTIPLE_CHOICE", { required: true, x_options: options });
    expect(missingAnswer(mc, undefined, t)).toEqual(["This question is required"]);
    expect(missingAnswer(mc, chosen(mc, ["x"]), t)).toEqual([]);
    expect(missingAnswer(question("MULTIPLE_CHOICE", { required: true }), undefined, t)).toEqual([]);
    expect(missingAnswer(question("FILE_UPLOAD", { required: true }), undefined, t)).toEqual([
      "Upload at least one file",
    ]);
    expect(missingAnswer(table, undefined, t)).toEqual(["Add at least one row"]);
    const rows = [
      { id: "r1", column_0: "Rent", column_1: "" },
      { id: "r2", column_0: " ", column_1: "n" },
    ];
    expect(missingAnswer(table, { ...emptyAnswer(table, "s1"), answerMatrix: rows }, t)).toEqual([
      "Fill in Budget line in every row",
    ]);
  });

  it("lists the problems of a section's questions, hidden ones excepted", () => {
    const [section] = sectionsNamed(1);
    section!.questions = [
      question("SHORT_ANSWER", { _id: "a", required: true }),
      question("CHECKBOXES", { _id: "hidden", required: true }),
    ];
    expect(sectionProblems(section!, answerMap([]), t)).toEqual([
      { questionId: "a", messages: ["This question is required"] },
    ]);
  });
});

describe("submitting", () => {
  it("requires only what the applicant's branching path goes through", () => {
    const [s1, s2, s3] = sectionsNamed(3);
    const smart = smartQuestion(["skip", "stay"], { skip: "s3" });
    s1!.questions = [smart];
    s2!.questions = [question("SHORT_ANSWER", { _id: "only-in-s2", required: true })];
    s3!.questions = [question("IDENTIFIER", { _id: "id" })];
    const sections = [s1!, s2!, s3!];
    const answers: Answer[] = [
      { ...emptyAnswer(smart, "s1"), answerArray: ["skip"] },
      { ...emptyAnswer(sections[2]!.questions[0]!, "s3"), answerString: "Ann" },
    ];
    expect(submissionProblems(sections, answers, t)).toEqual({});
    const stay = [{ ...answers[0]!, answerArray: ["stay"] }, answers[1]!];
    expect(submissionProblems(sections, stay, t)).toEqual({
      "answers.only-in-s2": ["This question is required"],
    });
    expect(identifierOf(sections, answers)).toBe("Ann");
  });
});

describe("answers that do not fit the form", () => {
  const [section] = sectionsNamed(1);
  const options = [{ ...newOption("Yes"), _id: "yes" }];
  section!.questions = [
    question("SHORT_ANSWER", { _id: "text" }),
    question("MULTIPLE_CHOICE", { _id: "mc", x_options: options }),
    question("SIMPLE_TABLE", { _id: "table", columns: [newTableColumn("A")] }),
  ];
  const sections = [section!];
  const base = (q: Question) => emptyAnswer(q, "s1");
  const [textQ, mcQ, tableQ] = section!.questions as [Question, Question, Question];

  it("accepts answers that fit", () => {
    const ok = [
      { ...base(textQ), answerString: "hi" },
      { ...base(mcQ), answerArray: ["yes"] },
      { ...base(tableQ), answerMatrix: [{ id: "r", column_0: "a" }] },
    ];
    expect(answerShapeProblems(sections, ok)).toEqual({});
  });

  it("refuses unknown questions, other sections, wrong types, foreign options and extra columns", () => {
    const bad: Answer[] = [
      { ...base(textQ), questionId: "ghost" },
      { ...base(textQ), sectionId: "elsewhere" },
      { ...base(mcQ), type: "SHORT_ANSWER" },
    ];
    expect(Object.keys(answerShapeProblems(sections, bad)).sort()).toEqual([
      "answers.ghost",
      "answers.mc",
      "answers.text",
    ]);
    expect(answerShapeProblems(sections, [{ ...base(mcQ), answerArray: ["yes", "no"] }])).toEqual({
      "answers.mc": ["Choose only the question's options.", "Choose one option."],
    });
    expect(
      answerShapeProblems(sections, [{ ...base(tableQ), answerMatrix: [{ id: "r", column_3: "x" }] }]),
    ).toEqual({ "answers.table": ["A row fills a column the table does not have."] });
    expect(answerShapeProblems(sections, [{ ...base(mcQ), answerString: "free text" }])).toEqual({
      "answers.mc": ["This question takes no text answer."],
    });
    expect(answerShapeProblems(sections, [base(textQ), base(textQ)])).toEqual({
      "answers.text": ["This question is answered twice."],
    });
  });
});
