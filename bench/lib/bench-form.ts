import {
  defaultFormContent,
  IDENTIFIER_QUESTION_NAME,
  newCriterion,
  newOption,
  newQuestion,
  newSection,
  newTableColumn,
} from "../../src/shared/forms/defaults";
import {
  type FormContent,
  formContentSchema,
  type Question,
  type ValidationType,
} from "../../src/shared/forms/model";

/** The question kinds a benchmark form mixes, built with the shared defaults. */
export const choices = (count: number) =>
  Array.from({ length: count }, (_, i) => newOption(`Choice ${i + 1}`));
export const limitedParagraphs = (name: string, max: number, type: ValidationType = "WORD"): Question => ({
  ...newQuestion("PARAGRAPHS", name),
  validations: { active: true, type, max, min: 0 },
});
export const budgetTable = (name: string): Question => ({
  ...newQuestion("SIMPLE_TABLE", name),
  columns: ["Item", "Amount", "Notes"].map((column) => newTableColumn(column)),
});

/**
 * A benchmark form, valid against the form model and publishable: the first section is Admin Info
 * with the Identifier question first (as in every form); the others are Decision Criteria with two
 * criteria each. Ids are random (the defaults' newId). Parsed here so a model change that makes the
 * form invalid fails with zod's message, not a 400.
 */
export function benchFormContent(shape: {
  name: string;
  description: string;
  sections: number;
  questionsPerSection: number;
  sectionDescription: (section: number) => string;
  question: (section: number, question: number) => Question;
}): FormContent {
  const base = defaultFormContent(shape.name);
  const sections = Array.from({ length: shape.sections }, (_, s) => {
    const section =
      s === 0 ? newSection("Admin Info", "Admin Info") : newSection(`Section ${s + 1}`, "Decision Criteria");
    section.description = shape.sectionDescription(s);
    section.questions = Array.from({ length: shape.questionsPerSection }, (_, q) => shape.question(s, q));
    if (s === 0) section.questions[0] = newQuestion("IDENTIFIER", IDENTIFIER_QUESTION_NAME);
    else section.criteria = [newCriterion("Relevance"), newCriterion("Feasibility")];
    return section;
  });
  return formContentSchema.parse({ ...base, description: shape.description, sections });
}
