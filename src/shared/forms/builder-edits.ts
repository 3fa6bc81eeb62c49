import { emptyValidation, newCriterion, newId, newOption, newQuestion, newTableColumn } from "./defaults";
import type { Criterion, Option, Question, QuestionType, Section, TableColumn } from "./model";
import { liveSections, MAX_TABLE_COLUMNS } from "./model-constants";

/**
 * The builder's edits as pure functions: each returns new objects for what changed and the very same
 * objects for the rest, so memoized section and question components skip what an edit did not touch.
 */

/** Types whose answers may not be anonymized (forms-and-applicants, "5. Validation rules"). */
export const ANONYMIZE_DISABLED: ReadonlySet<QuestionType> = new Set([
  "IDENTIFIER",
  "FILE_UPLOAD",
  "CHECKBOX_GRID",
  "SIMPLE_TABLE",
]);
/** Types without the validation toggle. */
export const VALIDATION_DISABLED: ReadonlySet<QuestionType> = new Set([
  "IDENTIFIER",
  "MULTIPLE_CHOICE",
  "SIMPLE_TABLE",
]);
const CHOICE_TYPES: ReadonlySet<QuestionType> = new Set(["CHECKBOXES", "MULTIPLE_CHOICE"]);

export function hasChoiceOptions(type: QuestionType): boolean {
  return CHOICE_TYPES.has(type);
}

/** `items` with the item at `from` moved to `to` (both clamped); the same array when nothing moves. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(items.length - 1, to));
  if (from < 0 || from >= items.length || from === target) return items as T[];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved as T);
  return next;
}

/** Replaces the item with this id through `change`; the same array when it is missing or unchanged. */
export function updateById<T extends { _id: string }>(
  items: readonly T[],
  id: string,
  change: (item: T) => T,
): T[] {
  let changed = false;
  const next = items.map((item) => {
    if (item._id !== id) return item;
    const updated = change(item);
    if (updated !== item) changed = true;
    return updated;
  });
  return changed ? next : (items as T[]);
}

export function updateQuestionIn(
  sections: readonly Section[],
  sectionId: string,
  questionId: string,
  change: (question: Question) => Question,
): Section[] {
  return updateById(sections, sectionId, (section) => {
    const questions = updateById(section.questions, questionId, change);
    return questions === section.questions ? section : { ...section, questions };
  });
}

/**
 * The new type, keeping the text. Options and validations are cleared unless switching between
 * checkboxes and multiple choice; what the new type cannot have (smart, anonymize, columns) goes too.
 */
export function changeQuestionType(question: Question, type: QuestionType): Question {
  if (question.type === type) return question;
  const keepChoices = hasChoiceOptions(question.type) && hasChoiceOptions(type);
  const fresh = newQuestion(type);
  return {
    ...question,
    type,
    required: type === "IDENTIFIER" || question.required,
    anonymize: ANONYMIZE_DISABLED.has(type) ? false : question.anonymize,
    x_options: keepChoices ? question.x_options : [],
    y_options: [],
    columns: fresh.columns,
    files: fresh.files,
    validations: keepChoices ? question.validations : emptyValidation(),
    smart: false,
    routes: {},
    // A mapping links questions of the same type only.
    mapping: null,
  };
}

/** A smart question is required; turning smart off forgets its routes. */
export function setSmart(question: Question, smart: boolean): Question {
  return smart ? { ...question, smart: true, required: true } : { ...question, smart: false, routes: {} };
}

/** A copy with new ids everywhere (routes follow the options); never a second smart question. */
export function copyQuestion(question: Question): Question {
  const options = question.x_options.map((o) => ({ ...o, _id: newId() }));
  return {
    ...structuredClone(question),
    _id: newId(),
    x_options: options,
    y_options: question.y_options.map((o) => ({ ...o, _id: newId() })),
    columns: question.columns.map((c) => ({ ...structuredClone(c), _id: newId() })),
    smart: false,
    routes: {},
  };
}

/** Inserts a copy right after the question. The Identifier is never duplicated. */
export function duplicateQuestion(section: Section, questionId: string): Section {
  const index = section.questions.findIndex((q) => q._id === questionId);
  const original = section.questions[index];
  if (!original || original.type === "IDENTIFIER") return section;
  const questions = [...section.questions];
  questions.splice(index + 1, 0, copyQuestion(original));
  return { ...section, questions };
}

/** A new short-answer question after `afterQuestionId` (or at the end). */
export function addQuestionAfter(
  section: Section,
  afterQuestionId: string | null,
  question = newQuestion(),
): Section {
  const index = section.questions.findIndex((q) => q._id === afterQuestionId);
  const at = index < 0 ? section.questions.length : index + 1;
  const questions = [...section.questions];
  questions.splice(at, 0, question);
  return { ...section, questions };
}

/** Removes the question. The Identifier stays. */
export function removeQuestion(section: Section, questionId: string): Section {
  const questions = section.questions.filter((q) => q._id !== questionId || q.type === "IDENTIFIER");
  return questions.length === section.questions.length ? section : { ...section, questions };
}

/**
 * Moves a question to `toIndex` of the section `toSectionId` (the same one or another): what a drag
 * does. Moved across sections, a smart question stops being smart (one per section).
 */
export function moveQuestion(
  sections: readonly Section[],
  fromSectionId: string,
  questionId: string,
  toSectionId: string,
  toIndex: number,
): Section[] {
  const from = sections.find((s) => s._id === fromSectionId);
  const question = from?.questions.find((q) => q._id === questionId);
  if (!from || !question) return sections as Section[];
  if (fromSectionId === toSectionId) {
    const index = from.questions.indexOf(question);
    const questions = moveItem(from.questions, index, toIndex);
    if (questions === from.questions) return sections as Section[];
    return updateById(sections, fromSectionId, (s) => ({ ...s, questions }));
  }
  if (!sections.some((s) => s._id === toSectionId)) return sections as Section[];
  const moved = question.smart ? setSmart(question, false) : question;
  return sections.map((section) => {
    if (section._id === fromSectionId) {
      return { ...section, questions: section.questions.filter((q) => q._id !== questionId) };
    }
    if (section._id !== toSectionId) return section;
    const questions = [...section.questions];
    questions.splice(Math.max(0, Math.min(toIndex, questions.length)), 0, moved);
    return { ...section, questions };
  });
}

/** Inserts the section after position `index` of the whole list, deleted sections included (-1: first). */
export function addSectionAfter(sections: readonly Section[], index: number, section: Section): Section[] {
  const next = [...sections];
  next.splice(Math.max(0, Math.min(index + 1, sections.length)), 0, section);
  return next;
}

export function setSectionDeleted(
  sections: readonly Section[],
  sectionId: string,
  deleted: boolean,
): Section[] {
  return updateById(sections, sectionId, (s) => (s.deleted === deleted ? s : { ...s, deleted }));
}

export function holdsIdentifier(section: Section): boolean {
  return section.questions.some((q) => q.type === "IDENTIFIER");
}

/**
 * Swaps the section with the live section before (-1) or after (+1) it; deleted sections keep their
 * places, as nobody sees them.
 */
export function moveLiveSection(sections: readonly Section[], sectionId: string, delta: -1 | 1): Section[] {
  const live = liveSections(sections);
  const at = live.findIndex((s) => s._id === sectionId);
  const other = live[at + delta];
  if (at < 0 || !other) return sections as Section[];
  const a = sections.findIndex((s) => s._id === sectionId);
  const b = sections.indexOf(other);
  const next = [...sections];
  next[a] = other;
  next[b] = sections[a]!;
  return next;
}

/** A live section as the builder names it elsewhere: its id and its title. */
export interface SectionRef {
  id: string;
  name: string;
}

/**
 * A section by its number and title, "section 3 — Budget" (just "section 3" while untitled): the spec's
 * "section N" with the title a reader recognises it by (docs/decisions/039-navigation-and-builder.md).
 */
export function sectionLabel(number: number, name: string): string {
  const title = name.trim();
  return title === "" ? `section ${number}` : `section ${number} — ${title}`;
}

/**
 * The sections a section (or its smart question) may lead to: the live ones after it, as the spec's
 * "Go to section N", followed by the section's title.
 */
export function laterSectionChoices(
  liveSections: readonly SectionRef[],
  sectionIndex: number,
): { value: string; label: string }[] {
  return liveSections.slice(sectionIndex + 1).map((section, i) => ({
    value: section.id,
    label: `Go to ${sectionLabel(sectionIndex + i + 2, section.name)}`,
  }));
}

/* Options of checkboxes and multiple choice. */

export function addOption(question: Question, value = ""): Question {
  return { ...question, x_options: [...question.x_options, newOption(value)] };
}

export function updateOption(question: Question, optionId: string, value: string): Question {
  const x_options = updateById(question.x_options, optionId, (o) =>
    o.value === value ? o : { ...o, value },
  );
  return x_options === question.x_options ? question : { ...question, x_options };
}

function withoutRoutesOf(routes: Record<string, string>, kept: readonly Option[]): Record<string, string> {
  const ids = new Set(kept.map((o) => o._id));
  return Object.fromEntries(Object.entries(routes).filter(([optionId]) => ids.has(optionId)));
}

export function removeOption(question: Question, optionId: string): Question {
  const x_options = question.x_options.filter((o) => o._id !== optionId);
  return { ...question, x_options, routes: withoutRoutesOf(question.routes, x_options) };
}

/** Blank options are removed when the option list loses focus. */
export function removeBlankOptions(question: Question): Question {
  const x_options = question.x_options.filter((o) => o.value.trim() !== "");
  if (x_options.length === question.x_options.length) return question;
  return { ...question, x_options, routes: withoutRoutesOf(question.routes, x_options) };
}

export function moveOption(question: Question, optionId: string, toIndex: number): Question {
  const from = question.x_options.findIndex((o) => o._id === optionId);
  const x_options = moveItem(question.x_options, from, toIndex);
  return x_options === question.x_options ? question : { ...question, x_options };
}

/** Routes the option of a smart question to a section, or (null) to the next section. */
export function setRoute(question: Question, optionId: string, sectionId: string | null): Question {
  const { [optionId]: _previous, ...routes } = question.routes;
  return { ...question, routes: sectionId === null ? routes : { ...routes, [optionId]: sectionId } };
}

/* Columns of simple tables. */

export function canAddColumn(question: Question): boolean {
  return question.columns.length < MAX_TABLE_COLUMNS;
}

export function addColumn(question: Question): Question {
  if (!canAddColumn(question)) return question;
  return {
    ...question,
    columns: [...question.columns, newTableColumn(`Column ${question.columns.length + 1}`)],
  };
}

/** What the add/edit table column dialog edits. */
export interface ColumnDraft {
  value: string;
  required: boolean;
}

/**
 * The add/edit table column dialog's Save: a new column (`columnId` null) or the changed one. Null when
 * it cannot be saved: a column needs a name (forms-and-applicants, "5. Validation rules"), and a table
 * has at most MAX_TABLE_COLUMNS.
 */
export function saveColumn(question: Question, columnId: string | null, draft: ColumnDraft): Question | null {
  const value = draft.value.trim();
  if (value === "") return null;
  if (columnId !== null) return updateColumn(question, columnId, { value, required: draft.required });
  if (!canAddColumn(question)) return null;
  return {
    ...question,
    columns: [...question.columns, { ...newTableColumn(value), required: draft.required }],
  };
}

export function updateColumn(question: Question, columnId: string, change: Partial<TableColumn>): Question {
  return { ...question, columns: updateById(question.columns, columnId, (c) => ({ ...c, ...change })) };
}

/** The last column stays: a table needs one. */
export function removeColumn(question: Question, columnId: string): Question {
  if (question.columns.length <= 1) return question;
  return { ...question, columns: question.columns.filter((c) => c._id !== columnId) };
}

/* Review criteria. */

export function addCriterion(section: Section): Section {
  return { ...section, criteria: [...section.criteria, newCriterion()] };
}

export function updateCriterion(section: Section, criterionId: string, change: Partial<Criterion>): Section {
  return { ...section, criteria: updateById(section.criteria, criterionId, (c) => ({ ...c, ...change })) };
}

export function removeCriterion(section: Section, criterionId: string): Section {
  return { ...section, criteria: section.criteria.filter((c) => c._id !== criterionId) };
}
