import {
  defaultFormContent,
  IDENTIFIER_QUESTION_NAME,
  newCriterion,
  newOption,
  newQuestion,
  newSection,
  newTableColumn,
} from "../../src/shared/forms/defaults";
import { type FormContent, formContentSchema, type Question } from "../../src/shared/forms/model";

/** Issue 5's autosave case: applicants filling in a 40-question form. */
export const APPLICANT_FORM = { sections: 4, questionsPerSection: 10 } as const;

const choices = (count: number) => Array.from({ length: count }, (_, i) => newOption(`Choice ${i + 1}`));

/**
 * The ten questions of a section, in order: what an application form mixes. The first section's
 * first one is replaced by the Identifier. No file upload: a save never carries files (the server
 * keeps them), so they would add nothing to what a save costs.
 */
const QUESTION_KINDS: readonly ((name: string) => Question)[] = [
  (name) => newQuestion("SHORT_ANSWER", name),
  (name) => ({
    ...newQuestion("PARAGRAPHS", name),
    validations: { active: true, type: "WORD", max: 500, min: 0 },
  }),
  (name) => ({ ...newQuestion("MULTIPLE_CHOICE", name), required: true, x_options: choices(4) }),
  (name) => newQuestion("SHORT_ANSWER", name),
  (name) => newQuestion("PARAGRAPHS", name),
  (name) => ({ ...newQuestion("CHECKBOXES", name), x_options: choices(5) }),
  (name) => newQuestion("SHORT_ANSWER", name),
  (name) => ({
    ...newQuestion("PARAGRAPHS", name),
    validations: { active: true, type: "WORD", max: 300, min: 0 },
  }),
  (name) => ({
    ...newQuestion("SIMPLE_TABLE", name),
    columns: ["Item", "Amount", "Notes"].map((column) => newTableColumn(column)),
  }),
  (name) => newQuestion("PARAGRAPHS", name),
];

/**
 * 4 sections × 10 questions built with the shared defaults, valid against the form model and
 * publishable: Admin Info with the Identifier first, then three Decision Criteria sections with two
 * criteria each. Ids are random (the defaults' newId); the applicants read them back from the
 * published version.
 */
export function applicantFormContent(name: string): FormContent {
  const base = defaultFormContent(name);
  const sections = Array.from({ length: APPLICANT_FORM.sections }, (_, s) => {
    const section =
      s === 0 ? newSection("Admin Info", "Admin Info") : newSection(`Section ${s + 1}`, "Decision Criteria");
    section.description = `Part ${s + 1} of your application.`;
    section.questions = Array.from({ length: APPLICANT_FORM.questionsPerSection }, (_, q) => {
      const question = QUESTION_KINDS[q]!(`Question ${s + 1}.${q + 1}: tell us about your project`);
      if (q % 2 === 0) question.description = "Reviewers read this answer with your budget at hand.";
      return question;
    });
    if (s === 0) section.questions[0] = newQuestion("IDENTIFIER", IDENTIFIER_QUESTION_NAME);
    else section.criteria = [newCriterion("Relevance"), newCriterion("Feasibility")];
    return section;
  });
  return formContentSchema.parse({ ...base, description: "The autosave benchmark's form.", sections });
}
