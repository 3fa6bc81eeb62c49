import { newQuestion } from "../../src/shared/forms/defaults";
import type { FormContent, Question } from "../../src/shared/forms/model";
import { benchFormContent, budgetTable, choices, limitedParagraphs } from "../lib/bench-form";

/**
 * The builder's performance case (bench/README.md, "Round trips"): a form this size must load and save
 * without visible lag.
 */
export const LARGE_FORM = { sections: 40, questionsPerSection: 25 } as const;

/**
 * The question kinds a real application form mixes, cycled through each section, so the document
 * has the options, table columns and file settings the builder sends, not 1,000 bare short answers.
 */
const QUESTION_KINDS: readonly ((name: string) => Question)[] = [
  (name) => newQuestion("SHORT_ANSWER", name),
  (name) => limitedParagraphs(name, 500),
  (name) => ({ ...newQuestion("MULTIPLE_CHOICE", name), required: true, x_options: choices(4) }),
  (name) => ({ ...newQuestion("CHECKBOXES", name), x_options: choices(4) }),
  (name) => budgetTable(name),
  (name) => ({ ...newQuestion("FILE_UPLOAD", name), files: { maxFiles: 3, fileType: "pdf" } }),
];

function mixedQuestion(section: number, question: number): Question {
  const kind = QUESTION_KINDS[(section + question) % QUESTION_KINDS.length]!;
  const made = kind(`Question ${section + 1}.${question + 1}: tell us about this part of your project`);
  // Every other question carries help text, as builders' forms usually do.
  if (question % 2 === 0)
    made.description = "Be specific; reviewers read this answer with the budget at hand.";
  return made;
}

/** 40 sections × 25 questions (see `benchFormContent`): the measurement does not depend on the ids. */
export function largeFormContent(name: string): FormContent {
  return benchFormContent({
    name,
    description: "A large form for the benchmark.",
    ...LARGE_FORM,
    sectionDescription: (s) => `Section ${s + 1} of the application.`,
    question: mixedQuestion,
  });
}

/**
 * Changes the text of one question (never the Identifier), a different one for each `n`: what an
 * autosave after one edit sends. Mutates `content`, which the measurement owns.
 */
export function editOneQuestion(content: FormContent, n: number): void {
  const section = content.sections[n % content.sections.length]!;
  const question = section.questions[1 + (n % (section.questions.length - 1))]!;
  question.name = `${question.name.replace(/ \(edit \d+\)$/, "")} (edit ${n})`;
}

export function questionCount(content: Pick<FormContent, "sections">): number {
  return content.sections.reduce((sum, section) => sum + section.questions.length, 0);
}
