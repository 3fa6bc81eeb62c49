import { describe, expect, it } from "vitest";
import { defaultFormContent, newOption, newQuestion } from "./defaults";
import { formTexts, missingFrench, translatableTexts, withMachineFrench } from "./french-texts";

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
      "",
      "Admin Info",
      "",
      "Unique Identifier - Name",
      "",
      "",
      "",
      "Decision Criteria",
      "",
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

describe("rich text and the French still missing", () => {
  const content = defaultFormContent("Fund");
  content.description = {
    blocks: [
      { type: "heading", children: [{ text: "About " }, { text: "the fund", bold: true }] },
      { type: "bullet", children: [{ text: "Open to all", link: "https://example.org" }] },
    ],
  };
  content.sections[0]!.description = "Tell us who you are.";

  it("lists rich text run by run (its structure is not text) and plain descriptions whole", () => {
    expect(formTexts(content).slice(0, 6)).toEqual([
      "Fund",
      "About ",
      "the fund",
      "Open to all",
      "Admin Info",
      "Tell us who you are.",
    ]);
  });

  it("leaves out texts that have French, but not blank French", () => {
    const settings = { ...content.settings, translations: { Fund: "Fonds", About: "  " } };
    const missing = missingFrench({ ...content, settings });
    expect(missing).not.toContain("Fund");
    expect(missing).toContain("About");
    expect(missing).toEqual(translatableTexts(missing));
  });
});

describe("withMachineFrench", () => {
  const settings = {
    ...defaultFormContent("Fund").settings,
    translations: { Budget: "Budget prévu" },
    machineTranslated: ["Other"],
  };

  it("fills only texts without French and marks them machine-made", () => {
    const french = new Map([
      ["Budget", "Budget (machine)"],
      ["Name", " Nom "],
      ["Email", ""],
    ]);
    const { settings: next, filled } = withMachineFrench(settings, ["Budget", "Name", "Email"], french);
    expect(filled).toBe(1);
    expect(next.translations).toEqual({ Budget: "Budget prévu", Name: "Nom" });
    expect(next.machineTranslated).toEqual(["Other", "Name"]);
    expect(settings.translations).toEqual({ Budget: "Budget prévu" });
  });
});
