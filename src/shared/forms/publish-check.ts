import type { Question, Section } from "./model";
import { liveSections } from "./model-constants";

export const FORM_MESSAGES = {
  formError: "There is an error in the form, fix before publishing.",
  duplicateOptions:
    "One or more of your options are a duplicate. Please remove the duplicate options to be able to publish the form.",
  selectionCount: "Please enter a valid number for the number of options.",
  tooManyFiles: (requested: number, allowed: number) =>
    `Error. ${requested}/${allowed} files requested in form. Please reduce to limit or upgrade your plan to be able to publish form.`,
  columnName: "A column needs a name.",
  noColumns: "A table needs at least one column.",
  oneSmartPerSection: "Only one smart question is allowed per section.",
  smartInLastSection: "The last section cannot have a smart question.",
  smartNotChoice: "Only multiple choice questions can be smart.",
  routeBackwards: "A smart question can only lead to a later section.",
  nextSectionBackwards: "A section can only continue to a later section.",
  identifierCount: "The form needs exactly one Identifier question.",
  identifierRules: "The Identifier question must be required and not anonymized.",
  editAfterPublish: "Editing questions after publishing is not allowed",
  moveQuestions: "You may not move questions in a published form",
  moveOptions: "You may not move options in a published form",
  previewDisabled: "Preview Link has been disabled as the form is published",
  customizationNeedsUpgrade: "Form customization is available on upgraded plans",
  restoreFailed: "Something went wrong. Form section could not be restored.",
  staleSave: "Someone else saved this form after you opened it. Reload to see their changes.",
} as const;

export interface FormProblem {
  sectionId?: string;
  questionId?: string;
  message: string;
}

const CHOICE_TYPES = new Set(["CHECKBOXES", "MULTIPLE_CHOICE", "CHECKBOX_GRID"]);

export function hasDuplicateOptions(question: Question): boolean {
  if (!CHOICE_TYPES.has(question.type)) return false;
  const seen = new Set<string>();
  for (const option of [
    ...question.x_options,
    ...(question.type === "CHECKBOX_GRID" ? question.y_options : []),
  ]) {
    const key = option.value.trim().toLowerCase();
    if (!key) continue;
    if (seen.has(key)) return true;
    seen.add(key);
  }
  return false;
}

/**
 * A checkbox question's selection-count validation: "at most N" (max, not 0) or "at least N"
 * (min), N no more than the number of options.
 */
export function selectionCountIsValid(question: Question): boolean {
  const v = question.validations;
  if (question.type !== "CHECKBOXES" || !v.active) return true;
  const options = question.x_options.length;
  if (v.max > 0) return v.min === 0 && v.max <= options;
  return v.min > 0 && v.min <= options;
}

/** Files requested across the form: the sum of every file-upload question's maximum. */
export function filesRequested(sections: readonly Section[]): number {
  return liveSections(sections)
    .flatMap((s) => s.questions)
    .filter((q) => q.type === "FILE_UPLOAD")
    .reduce((sum, q) => sum + q.files.maxFiles, 0);
}

function questionProblems(question: Question): string[] {
  const problems: string[] = [];
  if (hasDuplicateOptions(question)) problems.push(FORM_MESSAGES.duplicateOptions);
  if (!selectionCountIsValid(question)) problems.push(FORM_MESSAGES.selectionCount);
  if (question.type === "SIMPLE_TABLE") {
    if (question.columns.length === 0) problems.push(FORM_MESSAGES.noColumns);
    if (question.columns.some((c) => !c.value.trim())) problems.push(FORM_MESSAGES.columnName);
  }
  if (question.smart && question.type !== "MULTIPLE_CHOICE") problems.push(FORM_MESSAGES.smartNotChoice);
  if (question.type === "IDENTIFIER" && (!question.required || question.anonymize)) {
    problems.push(FORM_MESSAGES.identifierRules);
  }
  return problems;
}

/**
 * Everything that blocks Publish (forms-and-applicants, "5. Validation rules", "Builder"), each tied to where
 * it is. `maxFiles` is the plan's limit (0: none). An empty list means the form may be published.
 */
export function formProblems(allSections: readonly Section[], plan: { maxFiles: number }): FormProblem[] {
  const sections = liveSections(allSections);
  const problems: FormProblem[] = [];
  const identifiers = sections.flatMap((s) => s.questions).filter((q) => q.type === "IDENTIFIER");
  if (identifiers.length !== 1) problems.push({ message: FORM_MESSAGES.identifierCount });
  const requested = filesRequested(sections);
  if (plan.maxFiles > 0 && requested > plan.maxFiles) {
    problems.push({ message: FORM_MESSAGES.tooManyFiles(requested, plan.maxFiles) });
  }
  sections.forEach((section, index) => {
    const later = new Set(sections.slice(index + 1).map((s) => s._id));
    if (section.nextSection !== null && !later.has(section.nextSection)) {
      problems.push({ sectionId: section._id, message: FORM_MESSAGES.nextSectionBackwards });
    }
    const smart = section.questions.filter((q) => q.smart);
    if (smart.length > 1)
      problems.push({ sectionId: section._id, message: FORM_MESSAGES.oneSmartPerSection });
    if (smart.length > 0 && index === sections.length - 1) {
      problems.push({ sectionId: section._id, message: FORM_MESSAGES.smartInLastSection });
    }
    for (const question of section.questions) {
      for (const message of questionProblems(question)) {
        problems.push({ sectionId: section._id, questionId: question._id, message });
      }
      if (question.smart && Object.values(question.routes).some((target) => !later.has(target))) {
        problems.push({
          sectionId: section._id,
          questionId: question._id,
          message: FORM_MESSAGES.routeBackwards,
        });
      }
    }
  });
  return problems;
}
