import type { Translate } from "../i18n/catalog";
import type { Answer } from "./answers";
import { isHiddenQuestion, sectionPath } from "./branching";
import type { Question, Section } from "./model";
import { FORM_LIMITS, liveSections } from "./model-constants";

/**
 * An applicant's answers (forms-and-applicants, "3. Entities and their fields", "Answer") and the rules that
 * judge them ("5. Validation rules", "Applicant answers"). The browser and the server run these same
 * functions: the browser to guide the applicant, the server so that a crafted request cannot submit what the
 * browser would refuse.
 * They use no Zod (the schemas are in answers.ts): the applicant form runs them before Zod has loaded
 * (docs/decisions/043-zod-off-the-first-paint.md).
 */

export const ANSWER_LIMITS = {
  /** Characters in one text answer (a long essay is about 60,000). */
  text: 100_000,
  /** Characters in one table cell. */
  cell: 5_000,
  /** Answers in one submission: one per question. */
  answers: FORM_LIMITS.sections * FORM_LIMITS.questionsPerSection,
} as const;

export const TABLE_CELL_KEYS = ["column_0", "column_1", "column_2", "column_3", "column_4"] as const;
export type TableCellKey = (typeof TABLE_CELL_KEYS)[number];

export const TEXT_TYPES = new Set(["IDENTIFIER", "SHORT_ANSWER", "PARAGRAPHS"]);

export function emptyAnswer(question: Question, sectionId: string): Answer {
  return {
    questionId: question._id,
    sectionId,
    type: question.type,
    answerString: "",
    answerArray: [],
    answerMatrix: [],
  };
}

export type AnswerMap = ReadonlyMap<string, Answer>;
export const answerMap = (answers: readonly Answer[]): AnswerMap =>
  new Map(answers.map((a) => [a.questionId, a]));

/** The chosen option of a multiple-choice question, for branching. */
export const choiceOf = (answers: AnswerMap) => (questionId: string) =>
  answers.get(questionId)?.answerArray[0];

// ---------------------------------------------------------------------------------------------
// Formats (forms-and-applicants, "5. Validation rules"): NUMBER, EMAIL, PHONE, URL, DATE.
// ---------------------------------------------------------------------------------------------
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NUMBER = /^[-+]?(\d+([.,]\d+)?|[.,]\d+)$/;
/** A phone (mobile) number: an optional +, then 7 to 15 digits, with spaces, dots, dashes or brackets between. */
const PHONE = /^\+?[\d\s().-]+$/;
const URL_PATTERN = /^(https?:\/\/)?([a-z0-9-]+\.)+[a-z]{2,}(:\d+)?([/?#]\S*)?$/i;
const DATE = /^(\d{4})[/-](\d{2})[/-](\d{2})$/;

function isDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function isPhone(text: string): boolean {
  if (!PHONE.test(text)) return false;
  const digits = text.replace(/\D/g, "").length;
  return digits >= 7 && digits <= 15;
}

export const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;

/**
 * What is wrong with a question's answer, in the applicant's language; empty when nothing is.
 * Formats are checked on any non-empty answer. Word, character and selection limits apply when the
 * question is required (forms-and-applicants, "5. Validation rules") and also to an optional answer that is
 * given: a limit an applicant can bypass by leaving "required" off would be no limit (docs/decisions/007).
 */
export function answerErrors(question: Question, answer: Answer | undefined, t: Translate): string[] {
  const v = question.validations;
  if (!v.active) return [];
  if (TEXT_TYPES.has(question.type)) {
    const text = (answer?.answerString ?? "").trim();
    if (text === "") return [];
    switch (v.type) {
      case "EMAIL":
        return EMAIL.test(text) ? [] : [t("answer.email")];
      case "PHONE":
        return isPhone(text) ? [] : [t("answer.phone")];
      case "DATE":
        return isDate(text) ? [] : [t("answer.date")];
      case "URL":
        return URL_PATTERN.test(text) ? [] : [t("answer.url")];
      case "NUMBER":
        return NUMBER.test(text) ? [] : [t("answer.number")];
      case "WORD":
      case "CHAR": {
        const count = v.type === "WORD" ? countWords(text) : text.length;
        const unit = t(v.type === "WORD" ? "answer.unit.WORD" : "answer.unit.CHAR");
        if (v.max > 0) return count > v.max ? [`${t("answer.maxText")} ${v.max} ${unit}`] : [];
        if (v.min > 0) return count < v.min ? [`${t("answer.minText")} ${v.min} ${unit}`] : [];
        return [];
      }
      default:
        return [];
    }
  }
  if (question.type === "CHECKBOXES") {
    const count = answer?.answerArray.length ?? 0;
    if (count === 0) return [];
    const unit = t("answer.unit.options");
    if (v.max > 0) return count > v.max ? [`${t("answer.maxSelections")} ${v.max} ${unit}`] : [];
    if (v.min > 0) return count < v.min ? [`${t("answer.minSelections")} ${v.min} ${unit}`] : [];
  }
  return [];
}

/**
 * What a required question still lacks (forms-and-applicants, "5. Validation rules": section completeness);
 * empty when answered.
 */
export function missingAnswer(question: Question, answer: Answer | undefined, t: Translate): string[] {
  if (isHiddenQuestion(question) || question.type === "CHECKBOX_GRID") return [];
  const required = question.required || question.type === "IDENTIFIER";
  const problems: string[] = [];
  switch (question.type) {
    case "IDENTIFIER":
    case "SHORT_ANSWER":
    case "PARAGRAPHS":
      if (required && !(answer?.answerString ?? "").trim()) problems.push(t("answer.required"));
      break;
    case "MULTIPLE_CHOICE":
    case "CHECKBOXES":
      if (required && (answer?.answerArray.length ?? 0) === 0) problems.push(t("answer.required"));
      break;
    case "FILE_UPLOAD":
      if (required && (answer?.answerArray.length ?? 0) === 0) problems.push(t("answer.file"));
      break;
    case "SIMPLE_TABLE": {
      const rows = answer?.answerMatrix ?? [];
      if (required && rows.length === 0) problems.push(t("answer.tableRow"));
      question.columns.forEach((column, index) => {
        const key = TABLE_CELL_KEYS[index]!;
        if (column.required && rows.some((row) => !(row[key] ?? "").trim())) {
          problems.push(t("answer.requiredColumn", { column: column.value || `${index + 1}` }));
        }
      });
      break;
    }
  }
  return problems;
}

/** Every problem of one question: what is missing, then what is invalid. */
export function questionProblems(question: Question, answer: Answer | undefined, t: Translate): string[] {
  if (isHiddenQuestion(question)) return [];
  return [...missingAnswer(question, answer, t), ...answerErrors(question, answer, t)];
}

/** A section is complete when none of its questions has a problem (Next and Submit need this). */
export function sectionProblems(section: Section, answers: AnswerMap, t: Translate) {
  const problems: { questionId: string; messages: string[] }[] = [];
  for (const question of section.questions) {
    const messages = questionProblems(question, answers.get(question._id), t);
    if (messages.length > 0) problems.push({ questionId: question._id, messages });
  }
  return problems;
}

/**
 * What stops these answers being submitted: the problems of every section on the applicant's path
 * (branching decides which sections, and so which questions, are required). Keyed `answers.{questionId}`.
 */
export function submissionProblems(
  sections: readonly Section[],
  answers: readonly Answer[],
  t: Translate,
): Record<string, string[]> {
  const byQuestion = answerMap(answers);
  const live = liveSections(sections);
  const path = new Set(sectionPath(live, choiceOf(byQuestion)));
  const fields: Record<string, string[]> = {};
  for (const section of live) {
    if (!path.has(section._id)) continue;
    for (const p of sectionProblems(section, byQuestion, t)) fields[`answers.${p.questionId}`] = p.messages;
  }
  return fields;
}

/** The submission's name: the Identifier question's answer. */
export function identifierOf(sections: readonly Section[], answers: readonly Answer[]): string {
  const identifier = liveSections(sections)
    .flatMap((s) => s.questions)
    .find((q) => q.type === "IDENTIFIER");
  if (!identifier) return "";
  return (answers.find((a) => a.questionId === identifier._id)?.answerString ?? "").trim().slice(0, 500);
}

/**
 * Whether the answers fit the form at all, whatever their state: every answer names a question of
 * this form in its section with its type, picks only that question's options, and fills only its
 * table's columns. Any mismatch is a crafted or stale request: refused, nothing stored.
 * A file question's `answerArray` is not judged here: the server always sets it from the files the
 * submission really has (an upload or a removal is never lost to a save racing it).
 */
export function answerShapeProblems(
  sections: readonly Section[],
  answers: readonly Answer[],
): Record<string, string[]> {
  const questions = new Map<string, { question: Question; sectionId: string }>();
  for (const section of liveSections(sections)) {
    for (const question of section.questions)
      questions.set(question._id, { question, sectionId: section._id });
  }
  const fields: Record<string, string[]> = {};
  const seen = new Set<string>();
  for (const answer of answers) {
    const key = `answers.${answer.questionId}`;
    const found = questions.get(answer.questionId);
    const problem = (message: string) => {
      fields[key] = [...(fields[key] ?? []), message];
    };
    if (seen.has(answer.questionId)) problem("This question is answered twice.");
    seen.add(answer.questionId);
    if (!found) {
      problem("This question is not in the form.");
      continue;
    }
    const { question, sectionId } = found;
    if (answer.sectionId !== sectionId) problem("This question is in another section.");
    if (answer.type !== question.type) problem(`This question's answer must be of type ${question.type}.`);
    const isText = TEXT_TYPES.has(question.type);
    if (!isText && answer.answerString !== "") problem("This question takes no text answer.");
    if (question.type !== "SIMPLE_TABLE" && answer.answerMatrix.length > 0)
      problem("This question takes no table.");
    switch (question.type) {
      case "MULTIPLE_CHOICE":
      case "CHECKBOXES": {
        const options = new Set(question.x_options.map((o) => o._id));
        if (answer.answerArray.some((o) => !options.has(o))) problem("Choose only the question's options.");
        if (new Set(answer.answerArray).size !== answer.answerArray.length)
          problem("An option is chosen twice.");
        if (question.type === "MULTIPLE_CHOICE" && answer.answerArray.length > 1)
          problem("Choose one option.");
        break;
      }
      case "FILE_UPLOAD":
        break;
      case "SIMPLE_TABLE": {
        const allowed = new Set<string>(["id", ...TABLE_CELL_KEYS.slice(0, question.columns.length)]);
        const extra = answer.answerMatrix.some((row) =>
          Object.entries(row).some(([k, v]) => v !== undefined && !allowed.has(k)),
        );
        if (extra) problem("A row fills a column the table does not have.");
        break;
      }
      default:
        if (answer.answerArray.length > 0) problem("This question takes no choices.");
    }
  }
  return fields;
}
