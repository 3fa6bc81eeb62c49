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

/** Issue 4's performance case: a form this size must load and save without visible lag. */
export const LARGE_FORM = { sections: 40, questionsPerSection: 25 } as const;

const choices = (count: number) => Array.from({ length: count }, (_, i) => newOption(`Choice ${i + 1}`));

/**
 * The question kinds a real application form mixes, cycled through each section, so the document
 * has the options, table columns and file settings the builder sends, not 1,000 bare short answers.
 */
const QUESTION_KINDS: readonly ((name: string) => Question)[] = [
  (name) => newQuestion("SHORT_ANSWER", name),
  (name) => ({
    ...newQuestion("PARAGRAPHS", name),
    validations: { active: true, type: "WORD", max: 500, min: 0 },
  }),
  (name) => ({ ...newQuestion("MULTIPLE_CHOICE", name), required: true, x_options: choices(4) }),
  (name) => ({ ...newQuestion("CHECKBOXES", name), x_options: choices(4) }),
  (name) => ({
    ...newQuestion("SIMPLE_TABLE", name),
    columns: ["Item", "Amount", "Notes"].map((column) => newTableColumn(column)),
  }),
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

/**
 * 40 sections × 25 questions built with the shared defaults, valid against the form model. The first
 * section is Admin Info with the Identifier question first (as in every form); the others are
 * Decision Criteria with two criteria each. Ids are random (the defaults' newId): the measurement
 * does not depend on them.
 */
export function largeFormContent(name: string): FormContent {
  const base = defaultFormContent(name);
  const sections = Array.from({ length: LARGE_FORM.sections }, (_, s) => {
    const section =
      s === 0 ? newSection("Admin Info", "Admin Info") : newSection(`Section ${s + 1}`, "Decision Criteria");
    section.description = `Section ${s + 1} of the application.`;
    section.questions = Array.from({ length: LARGE_FORM.questionsPerSection }, (_, q) => mixedQuestion(s, q));
    if (s === 0) section.questions[0] = newQuestion("IDENTIFIER", IDENTIFIER_QUESTION_NAME);
    else section.criteria = [newCriterion("Relevance"), newCriterion("Feasibility")];
    return section;
  });
  // Parsed here so a model change that makes this form invalid fails with zod's message, not a 400.
  return formContentSchema.parse({ ...base, description: "A large form for the benchmark.", sections });
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
