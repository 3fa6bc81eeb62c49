import { describe, expect, it } from "vitest";
import { defaultFormContent, newQuestion, newSection } from "../../../shared/forms/defaults";
import type { FormContent, Question, Section } from "../../../shared/forms/model";
import { questionColumns, uniqueHeaders } from "./question-columns";

const form = (sections: Section[]): FormContent => ({ ...defaultFormContent("F"), sections });
const section = (name: string, questions: Question[], patch: Partial<Section> = {}): Section => ({
  ...newSection(name),
  questions,
  ...patch,
});

describe("the data export's question columns", () => {
  const name = newQuestion("IDENTIFIER", "Name");
  const kept = newQuestion("SHORT_ANSWER", "Kept");
  const dropped = newQuestion("SHORT_ANSWER", "Dropped later");
  const added = newQuestion("PARAGRAPHS", "Added later");
  const grid = newQuestion("CHECKBOX_GRID", "Grid");
  const hidden = newQuestion("SHORT_ANSWER", "In a deleted section");

  it("follow the newest version, then add what only older versions asked", () => {
    const v1 = form([section("A", [name, dropped, kept]), section("Gone", [hidden], { deleted: true })]);
    const v2 = form([section("A", [name, added, kept, grid])]);
    const columns = questionColumns([v2, v1]);
    expect(columns.map((c) => c.header)).toEqual(["Name", "Added later", "Kept", "Dropped later"]);
    expect(columns.map((c) => c.questionId)).toEqual([name._id, added._id, kept._id, dropped._id]);
  });

  it("withhold a question anonymized in any version", () => {
    const v1 = form([section("A", [{ ...kept, anonymize: true }])]);
    const v2 = form([section("A", [kept])]);
    expect(questionColumns([v2, v1])[0]!.anonymized).toBe(true);
    expect(questionColumns([v2])[0]!.anonymized).toBe(false);
  });

  it("tell questions sharing a text apart by section, then by number", () => {
    const columns = questionColumns(
      [
        form([
          section("Year 1", [newQuestion("SHORT_ANSWER", "Budget"), newQuestion("SHORT_ANSWER", "Budget")]),
          section("Year 2", [newQuestion("SHORT_ANSWER", " Budget\n")]),
          section("Other", [newQuestion("SHORT_ANSWER", "Identifier"), newQuestion("SHORT_ANSWER", "")]),
        ]),
      ],
      ["Identifier"],
    );
    expect(columns.map((c) => c.header)).toEqual([
      "Budget (Year 1)",
      "Budget (Year 1) (2)",
      "Budget (Year 2)",
      "Identifier (Other)",
      "Untitled question",
    ]);
  });

  it("are unique whatever the names", () => {
    const headers = uniqueHeaders(
      [
        { text: "A", qualifier: "" },
        { text: "A", qualifier: "" },
        { text: "A (2)", qualifier: "" },
        { text: "B", qualifier: "S" },
      ],
      ["B"],
    );
    expect(headers).toEqual(["A", "A (2)", "A (2) (2)", "B (S)"]);
    expect(new Set(headers).size).toBe(headers.length);
  });
});
