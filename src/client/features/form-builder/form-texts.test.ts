import { describe, expect, it } from "vitest";
import { defaultFormContent, newOption, newQuestion } from "../../../shared/forms/defaults";
import { formTexts } from "./form-texts";

describe("the texts to translate", () => {
  it("lists what applicants read, in order, and skips deleted sections", () => {
    const content = defaultFormContent("Fund");
    const choice = {
      ...newQuestion("CHECKBOXES", "Colours"),
      description: "Pick any",
      x_options: [newOption("Red")],
    };
    const table = { ...newQuestion("SIMPLE_TABLE", "Costs") };
    content.sections[1]!.questions = [choice, table];
    content.sections.push({ ...content.sections[1]!, _id: "gone", name: "Deleted", deleted: true });
    expect(formTexts(content)).toEqual([
      "Fund",
      "Admin Info",
      "Unique Identifier - Name",
      "",
      "",
      "",
      "Decision Criteria",
      "Colours",
      "Pick any",
      "Red",
      "Costs",
      "",
      "Column 1",
      "Your response has been recorded.",
    ]);
  });
});
