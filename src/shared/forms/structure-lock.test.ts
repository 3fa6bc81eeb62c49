import { describe, expect, it } from "vitest";
import { defaultFormContent, newCriterion, newOption, newQuestion } from "./defaults";
import { FORM_MESSAGES } from "./publish-check";
import { publishedEditProblem } from "./structure-lock";

function publishedForm() {
  const content = defaultFormContent("Grants");
  content.sections[1]!.questions = [
    { ...newQuestion("MULTIPLE_CHOICE", "Region"), x_options: [newOption("North"), newOption("South")] },
    newQuestion("PARAGRAPHS", "Why?"),
  ];
  return content;
}

describe("editing a published form", () => {
  it("allows titles, descriptions, rubric, criteria and the look", () => {
    const before = publishedForm();
    const after = structuredClone(before);
    after.name = "Grants 2027";
    after.description = { blocks: [{ type: "paragraph", children: [{ text: "New intro", bold: true }] }] };
    after.sections[1]!.name = "Decision";
    after.sections[1]!.rubric = "Score the budget first";
    after.sections[1]!.criteria = [newCriterion("Impact")];
    after.sections[1]!.questions[1]!.name = "Why now?";
    after.sections[1]!.questions[1]!.description = "Two paragraphs";
    after.settings.themeColour = "D9463D";
    expect(publishedEditProblem(before, after)).toBeNull();
  });

  it("does not mistake a reordering of object keys (as jsonb stores them) for a change", () => {
    const before = publishedForm();
    const reordered = JSON.parse(
      JSON.stringify(before, (_key, value) =>
        value && typeof value === "object" && !Array.isArray(value)
          ? Object.fromEntries(Object.entries(value).reverse())
          : value,
      ),
    );
    expect(publishedEditProblem(before, reordered)).toBeNull();
  });

  it("refuses moving questions or options with the spec's messages", () => {
    const before = publishedForm();
    const moved = structuredClone(before);
    moved.sections[1]!.questions.reverse();
    expect(publishedEditProblem(before, moved)).toBe(FORM_MESSAGES.moveQuestions);
    const options = structuredClone(before);
    options.sections[1]!.questions[0]!.x_options.reverse();
    expect(publishedEditProblem(before, options)).toBe(FORM_MESSAGES.moveOptions);
  });

  it("refuses any other change to questions and sections", () => {
    const before = publishedForm();
    const edits: ((f: ReturnType<typeof publishedForm>) => void)[] = [
      (f) => f.sections[1]!.questions.push(newQuestion()),
      (f) => f.sections[1]!.questions.pop(),
      (f) => {
        f.sections[1]!.questions[1]!.required = true;
      },
      (f) => {
        f.sections[1]!.questions[1]!.type = "SHORT_ANSWER";
      },
      (f) => {
        f.sections[1]!.questions[0]!.x_options[0]!.value = "East";
      },
      (f) => f.sections[1]!.questions[0]!.x_options.push(newOption("West")),
      (f) => {
        f.sections[1]!.deleted = true;
      },
      (f) => f.sections.reverse(),
    ];
    for (const edit of edits) {
      const after = structuredClone(before);
      edit(after);
      expect(publishedEditProblem(before, after)).toBe(FORM_MESSAGES.editAfterPublish);
    }
  });
});
