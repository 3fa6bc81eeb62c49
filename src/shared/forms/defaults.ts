import type {
  Criterion,
  FormContent,
  Option,
  Question,
  QuestionType,
  Section,
  TableColumn,
  Validation,
} from "./model";
import { DEFAULT_CONFIRMATION_MESSAGE, DEFAULT_THEME_COLOUR } from "./model-constants";

/** A new id for a section, question, option, criterion or link (browser and server alike). */
export function newId(): string {
  return globalThis.crypto.randomUUID();
}

export const IDENTIFIER_QUESTION_NAME = "Unique Identifier - Name";

export function emptyValidation(): Validation {
  return { active: false, type: null, max: 0, min: 0 };
}

export function newOption(value = ""): Option {
  return { _id: newId(), value };
}

export function newTableColumn(value = ""): TableColumn {
  return { _id: newId(), value, type: "SHORT_ANSWER", required: false, validations: emptyValidation() };
}

/** The spec's new question: SHORT_ANSWER, not required, not anonymized. */
export function newQuestion(type: QuestionType = "SHORT_ANSWER", name = ""): Question {
  return {
    _id: newId(),
    type,
    name,
    description: "",
    required: type === "IDENTIFIER",
    anonymize: false,
    x_options: [],
    y_options: [],
    columns: type === "SIMPLE_TABLE" ? [newTableColumn("Column 1")] : [],
    files: { maxFiles: 1, fileType: "any" },
    validations: emptyValidation(),
    smart: false,
    routes: {},
    mapping: null,
  };
}

/** New criteria: SCALE out of 5, weight 1. */
export function newCriterion(description = ""): Criterion {
  return { _id: newId(), description, type: "SCALE", maxScale: 5, weight: 1 };
}

export function newSection(name = "", sectionType: Section["sectionType"] = "Decision Criteria"): Section {
  return {
    _id: newId(),
    name,
    description: "",
    rubric: "",
    sectionType,
    deleted: false,
    criteria: [],
    questions: [newQuestion()],
    nextSection: null,
  };
}

/**
 * A new form's content: Admin Info (the required Identifier "Unique Identifier - Name" and a short
 * answer) and Decision Criteria (one question).
 */
export function defaultFormContent(name: string): FormContent {
  const adminInfo = newSection("Admin Info", "Admin Info");
  adminInfo.questions = [newQuestion("IDENTIFIER", IDENTIFIER_QUESTION_NAME), newQuestion()];
  const decision = newSection("Decision Criteria", "Decision Criteria");
  return {
    name,
    description: "",
    sections: [adminInfo, decision],
    settings: {
      themeColour: DEFAULT_THEME_COLOUR,
      headerImage: null,
      confirmationMessage: DEFAULT_CONFIRMATION_MESSAGE,
      frenchTranslationEnabled: false,
      translations: {},
    },
  };
}

/** Deep copy with fresh ids everywhere, routes and next sections re-pointed (duplicating a program's form). */
export function copyWithNewIds(content: FormContent): FormContent {
  const sectionIds = new Map(content.sections.map((s) => [s._id, newId()]));
  const sections = content.sections.map((section) => ({
    ...structuredClone(section),
    _id: sectionIds.get(section._id)!,
    nextSection: section.nextSection === null ? null : (sectionIds.get(section.nextSection) ?? null),
    criteria: section.criteria.map((c) => ({ ...c, _id: newId() })),
    questions: section.questions.map((question) => {
      const optionIds = new Map(question.x_options.map((o) => [o._id, newId()]));
      const routes: Record<string, string> = {};
      for (const [optionId, target] of Object.entries(question.routes)) {
        const newOptionId = optionIds.get(optionId);
        const newTarget = sectionIds.get(target);
        if (newOptionId && newTarget) routes[newOptionId] = newTarget;
      }
      return {
        ...structuredClone(question),
        _id: newId(),
        x_options: question.x_options.map((o) => ({ ...o, _id: optionIds.get(o._id)! })),
        y_options: question.y_options.map((o) => ({ ...o, _id: newId() })),
        columns: question.columns.map((c) => ({ ...structuredClone(c), _id: newId() })),
        routes,
      };
    }),
  }));
  return { ...structuredClone(content), sections };
}
