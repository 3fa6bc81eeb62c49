import { newQuestion } from "../../src/shared/forms/defaults";
import type { FormContent, Question } from "../../src/shared/forms/model";
import { benchFormContent, budgetTable, choices, limitedParagraphs } from "../lib/bench-form";

/** The autosave case (bench/README.md, "Autosave"): applicants filling in a 40-question form. */
export const APPLICANT_FORM = { sections: 4, questionsPerSection: 10 } as const;

/**
 * The ten questions of a section, in order: what an application form mixes. The first section's
 * first one is replaced by the Identifier. No file upload: a save never carries files (the server
 * keeps them), so they would add nothing to what a save costs.
 */
const QUESTION_KINDS: readonly ((name: string) => Question)[] = [
  (name) => newQuestion("SHORT_ANSWER", name),
  (name) => limitedParagraphs(name, 500),
  (name) => ({ ...newQuestion("MULTIPLE_CHOICE", name), required: true, x_options: choices(4) }),
  (name) => newQuestion("SHORT_ANSWER", name),
  (name) => newQuestion("PARAGRAPHS", name),
  (name) => ({ ...newQuestion("CHECKBOXES", name), x_options: choices(5) }),
  (name) => newQuestion("SHORT_ANSWER", name),
  (name) => limitedParagraphs(name, 300),
  (name) => budgetTable(name),
  (name) => newQuestion("PARAGRAPHS", name),
];

/** 4 sections × 10 questions (see `benchFormContent`); the applicants read the ids back from the published version. */
export function applicantFormContent(name: string): FormContent {
  return benchFormContent({
    name,
    description: "The autosave benchmark's form.",
    ...APPLICANT_FORM,
    sectionDescription: (s) => `Part ${s + 1} of your application.`,
    question: (s, q) => {
      const question = QUESTION_KINDS[q]!(`Question ${s + 1}.${q + 1}: tell us about your project`);
      if (q % 2 === 0) question.description = "Reviewers read this answer with your budget at hand.";
      return question;
    },
  });
}
