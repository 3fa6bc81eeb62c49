import { describe, expect, it } from "vitest";
import type { Answer } from "../../../shared/forms/answers";
import { newQuestion, newSection, newTableColumn } from "../../../shared/forms/defaults";
import type { Question, QuestionType } from "../../../shared/forms/model";
import type { ReviewAnswer } from "../../../shared/schemas/reviews";
import type { SubmissionFile } from "../../../shared/schemas/submissions";
import {
  answerDisplay,
  answersByQuestion,
  gridCellKey,
  isWithheld,
  shownQuestions,
  splitSections,
  toggleSection,
} from "./canvas";

function question(type: QuestionType, id: string, extra: Partial<Question> = {}): Question {
  return { ...newQuestion(type, id), _id: id, ...extra };
}

function answer(q: Question, extra: Partial<Answer> = {}): Answer {
  return {
    questionId: q._id,
    sectionId: "s",
    type: q.type,
    answerString: "",
    answerArray: [],
    answerMatrix: [],
    ...extra,
  };
}

const options = (...values: string[]) => values.map((value) => ({ _id: `o-${value}`, value }));

describe("splitting the form's sections", () => {
  it("puts Admin Info sections in the accordion and the rest on the canvas, in order, without deleted ones", () => {
    const admin = { ...newSection("Contact", "Admin Info"), _id: "admin" };
    const one = { ...newSection("Impact"), _id: "one" };
    const gone = { ...newSection("Old"), _id: "gone", deleted: true };
    const two = { ...newSection("Budget"), _id: "two" };
    const { adminInfo, canvas } = splitSections([admin, one, gone, two]);
    expect(adminInfo.map((s) => s._id)).toEqual(["admin"]);
    expect(canvas.map((s) => s._id)).toEqual(["one", "two"]);
  });

  it("hides choice questions that have no options", () => {
    const section = {
      ...newSection("S"),
      questions: [question("MULTIPLE_CHOICE", "empty"), question("SHORT_ANSWER", "text")],
    };
    expect(shownQuestions(section).map((q) => q._id)).toEqual(["text"]);
  });
});

describe("reading an answer", () => {
  it("shows text, or no answer when blank", () => {
    const q = question("PARAGRAPHS", "p");
    expect(answerDisplay(q, answer(q, { answerString: "Line one\nLine two" }), [])).toEqual({
      kind: "text",
      text: "Line one\nLine two",
    });
    expect(answerDisplay(q, answer(q, { answerString: "   " }), [])).toEqual({ kind: "empty" });
    expect(answerDisplay(q, undefined, [])).toEqual({ kind: "empty" });
  });

  it("shows choices by their labels, in the options' order", () => {
    const q = question("CHECKBOXES", "c", { x_options: options("Red", "Green", "Blue") });
    expect(answerDisplay(q, answer(q, { answerArray: ["o-Blue", "o-Red", "o-unknown"] }), [])).toEqual({
      kind: "choices",
      labels: ["Red", "Blue"],
      multiple: true,
    });
    const single = question("MULTIPLE_CHOICE", "m", { x_options: options("Yes", "No") });
    expect(answerDisplay(single, answer(single, { answerArray: ["o-No"] }), [])).toEqual({
      kind: "choices",
      labels: ["No"],
      multiple: false,
    });
  });

  it("shows a table's filled rows under its column names", () => {
    const q = question("SIMPLE_TABLE", "t", {
      columns: [
        { ...newTableColumn("Item"), _id: "c1" },
        { ...newTableColumn(""), _id: "c2" },
      ],
    });
    const display = answerDisplay(
      q,
      answer(q, {
        answerMatrix: [
          { id: "r1", column_0: "Paint", column_1: "120" },
          { id: "r2", column_0: " ", column_1: "" },
          { id: "r3", column_0: "Brushes" },
        ],
      }),
      [],
    );
    expect(display).toEqual({
      kind: "table",
      columns: ["Item", "Column 2"],
      rows: [
        { id: "r1", cells: ["Paint", "120"] },
        { id: "r3", cells: ["Brushes", ""] },
      ],
    });
  });

  it("lists a file question's files by name, in the answer's order", () => {
    const q = question("FILE_UPLOAD", "f");
    const file = (id: string, questionId = "f"): SubmissionFile => ({
      _id: id,
      questionId,
      name: `${id}.pdf`,
      size: 10,
      contentType: "application/pdf",
    });
    const files = [file("b"), file("other", "elsewhere"), file("a")];
    const display = answerDisplay(q, answer(q, { answerArray: ["a", "b"] }), files);
    expect(display.kind === "files" && display.files.map((f) => f.name)).toEqual(["a.pdf", "b.pdf"]);
    expect(answerDisplay(q, answer(q), [])).toEqual({ kind: "empty" });
  });

  it("shows a checkbox grid's ticked cells", () => {
    const q = question("CHECKBOX_GRID", "g", {
      x_options: options("Row A", "Row B"),
      y_options: options("Yes", "No"),
    });
    const display = answerDisplay(
      q,
      answer(q, { answerArray: [gridCellKey("o-Row A", "o-No"), gridCellKey("o-Row B", "o-Yes")] }),
      [],
    );
    expect(display).toEqual({
      kind: "grid",
      rows: ["Row A", "Row B"],
      columns: ["Yes", "No"],
      checked: [
        [false, true],
        [true, false],
      ],
    });
  });
});

describe("anonymized answers", () => {
  const q = question("SHORT_ANSWER", "email", { anonymize: true });

  it("show only a placeholder when the server withheld them (reviewers)", () => {
    const withheld: ReviewAnswer = {
      questionId: "email",
      sectionId: "s",
      type: "SHORT_ANSWER",
      anonymized: true,
      withheld: true,
    };
    expect(isWithheld(withheld)).toBe(true);
    expect(answerDisplay(q, withheld, [])).toEqual({ kind: "withheld" });
    expect(answersByQuestion([withheld]).get("email")).toBe(withheld);
  });

  it("are marked anonymized when sent (admins), by the server's flag or the question's", () => {
    const sent = { ...answer(q, { answerString: "jo@example.test" }), anonymized: true };
    expect(answerDisplay(q, sent, [])).toEqual({
      kind: "anonymized",
      content: { kind: "text", text: "jo@example.test" },
    });
    const plain = question("SHORT_ANSWER", "name");
    expect(answerDisplay(plain, { ...answer(plain, { answerString: "Jo" }), anonymized: true }, [])).toEqual({
      kind: "anonymized",
      content: { kind: "text", text: "Jo" },
    });
  });

  it("show as unanswered when there is nothing to hide", () => {
    expect(answerDisplay(q, answer(q), [])).toEqual({ kind: "empty" });
  });
});

describe("collapsing canvas sections", () => {
  it("toggles one section without touching the others", () => {
    const collapsed = toggleSection(new Set(["a"]), "b");
    expect([...collapsed].sort()).toEqual(["a", "b"]);
    expect([...toggleSection(collapsed, "a")]).toEqual(["b"]);
  });
});
