import { describe, expect, it } from "vitest";
import { emptyAnswer } from "../../../shared/forms/answers";
import { newOption, newQuestion, newTableColumn } from "../../../shared/forms/defaults";
import type { Question } from "../../../shared/forms/model";
import { answerText } from "./answer-text";

const answered = (question: Question, patch: Partial<ReturnType<typeof emptyAnswer>>) => ({
  ...emptyAnswer(question, "section"),
  ...patch,
});

describe("answers flattened for the data export", () => {
  it("gives text answers exactly as typed, dates and spaces included", () => {
    for (const type of ["IDENTIFIER", "SHORT_ANSWER", "PARAGRAPHS"] as const) {
      const question = newQuestion(type, "Q");
      expect(answerText(question, answered(question, { answerString: "  31/12/2025\nnext " }))).toBe(
        "  31/12/2025\nnext ",
      );
      expect(answerText(question, undefined)).toBe("");
    }
  });

  it("gives choices by their labels in the question's order, joined with '; '", () => {
    const [a, b, c] = [newOption("Arts"), newOption("Science, tech"), newOption("Sport")];
    const boxes = { ...newQuestion("CHECKBOXES", "Themes"), x_options: [a, b, c] };
    expect(answerText(boxes, answered(boxes, { answerArray: [c._id, a._id, "gone"] }))).toBe("Arts; Sport");
    expect(answerText(boxes, answered(boxes, { answerArray: [] }))).toBe("");
    const choice = { ...newQuestion("MULTIPLE_CHOICE", "Region"), x_options: [a, b] };
    expect(answerText(choice, answered(choice, { answerArray: [b._id] }))).toBe("Science, tech");
  });

  it("gives a table one line per filled row, filled cells as 'column: value'", () => {
    const table = {
      ...newQuestion("SIMPLE_TABLE", "Budget"),
      columns: [newTableColumn("Item"), newTableColumn(" "), newTableColumn("Cost")],
    };
    const answer = answered(table, {
      answerMatrix: [
        { id: "1", column_0: "Laptop", column_1: "x", column_2: "1200" },
        { id: "2", column_0: " ", column_2: "" },
        { id: "3", column_2: "300", column_3: "not a column" },
      ],
    });
    expect(answerText(table, answer)).toBe("Item: Laptop; Column 2: x; Cost: 1200\nCost: 300");
    expect(answerText(table, undefined)).toBe("");
  });

  it("gives files by name, in the answer's order, then any it does not list", () => {
    const upload = newQuestion("FILE_UPLOAD", "Files");
    const files = [
      { id: "f1", questionId: upload._id, name: "first.pdf" },
      { id: "f2", questionId: upload._id, name: "second.png" },
      { id: "f3", questionId: "another question", name: "elsewhere.pdf" },
      { id: "f4", questionId: upload._id, name: "unlisted.txt" },
    ];
    expect(answerText(upload, answered(upload, { answerArray: ["f2", "f1"] }), files)).toBe(
      "second.png; first.pdf; unlisted.txt",
    );
    expect(answerText(upload, undefined, [])).toBe("");
  });

  it("gives nothing for a checkbox grid, which takes no answers", () => {
    expect(answerText(newQuestion("CHECKBOX_GRID", "Grid"), undefined)).toBe("");
  });
});
