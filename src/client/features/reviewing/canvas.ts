import { TABLE_CELL_KEYS } from "../../../shared/forms/answer-rules";
import { isHiddenQuestion } from "../../../shared/forms/branching";
import type { Question, Section } from "../../../shared/forms/model";
import type { ReviewAnswer } from "../../../shared/schemas/reviews";
import type { SubmissionFile } from "../../../shared/schemas/submissions";

/** Sections of this type hold the administrative answers (the accordion), not the Decision Canvas. */
export const ADMIN_INFO_SECTION = "Admin Info";

export interface SubmissionSections {
  /** "Administrative Categories" → Admin information. */
  adminInfo: Section[];
  /** The Decision Canvas: every other section, rated and commented on. */
  canvas: Section[];
}

/** The form's live sections, split between the administrative answers and the Decision Canvas. */
export function splitSections(sections: readonly Section[]): SubmissionSections {
  const live = sections.filter((section) => !section.deleted);
  return {
    adminInfo: live.filter((section) => section.sectionType === ADMIN_INFO_SECTION),
    canvas: live.filter((section) => section.sectionType !== ADMIN_INFO_SECTION),
  };
}

/** The questions a reader sees: a choice question without options is hidden (as on the form). */
export function shownQuestions(section: Section): Question[] {
  return section.questions.filter((question) => !isHiddenQuestion(question));
}

type WithheldAnswer = Extract<ReviewAnswer, { withheld: true }>;
type GivenAnswer = Exclude<ReviewAnswer, WithheldAnswer>;

export function isWithheld(answer: ReviewAnswer): answer is WithheldAnswer {
  return "withheld" in answer && answer.withheld === true;
}

/** Answers by question id (an answer names its question; at most one each). */
export function answersByQuestion(answers: readonly ReviewAnswer[]): ReadonlyMap<string, ReviewAnswer> {
  return new Map(answers.map((answer) => [answer.questionId, answer]));
}

/** How one answer reads on the submission view, whatever its question's type. */
export type AnswerContent =
  | { kind: "empty" }
  | { kind: "text"; text: string }
  | { kind: "choices"; labels: string[]; multiple: boolean }
  | { kind: "table"; columns: string[]; rows: { id: string; cells: string[] }[] }
  | { kind: "files"; files: SubmissionFile[] }
  | { kind: "grid"; rows: string[]; columns: string[]; checked: boolean[][] };

export type AnswerDisplay =
  /** Anonymized, and the server sent nothing (reviewers): only the starred placeholder can show. */
  | { kind: "withheld" }
  /** Anonymized but sent (the program's admins): blurred until an admin chooses to read it. */
  | { kind: "anonymized"; content: AnswerContent }
  | AnswerContent;

const columnName = (value: string, index: number) => value.trim() || `Column ${index + 1}`;

/**
 * A CHECKBOX_GRID answer lists its ticked cells as "rowId:columnId" (the model keeps grids but the form
 * no longer asks them; older answers may carry them).
 */
export function gridCellKey(rowId: string, columnId: string): string {
  return `${rowId}:${columnId}`;
}

function contentOf(question: Question, answer: GivenAnswer | undefined, files: readonly SubmissionFile[]) {
  const chosen = answer?.answerArray ?? [];
  switch (question.type) {
    case "IDENTIFIER":
    case "SHORT_ANSWER":
    case "PARAGRAPHS": {
      const text = answer?.answerString ?? "";
      return text.trim() === "" ? ({ kind: "empty" } as const) : ({ kind: "text", text } as const);
    }
    case "MULTIPLE_CHOICE":
    case "CHECKBOXES": {
      const picked = new Set(chosen);
      // In the options' order, whatever order they were ticked in.
      const labels = question.x_options.filter((o) => picked.has(o._id)).map((o) => o.value);
      return labels.length === 0
        ? ({ kind: "empty" } as const)
        : ({ kind: "choices", labels, multiple: question.type === "CHECKBOXES" } as const);
    }
    case "FILE_UPLOAD": {
      const own = files.filter((file) => file.questionId === question._id);
      // The answer's order first (the order they were uploaded in), then any it does not list.
      const order = new Map(chosen.map((id, index) => [id, index]));
      const sorted = [...own].sort(
        (a, b) =>
          (order.get(a._id) ?? Number.MAX_SAFE_INTEGER) - (order.get(b._id) ?? Number.MAX_SAFE_INTEGER),
      );
      return sorted.length === 0 ? ({ kind: "empty" } as const) : ({ kind: "files", files: sorted } as const);
    }
    case "SIMPLE_TABLE": {
      const columns = question.columns.slice(0, TABLE_CELL_KEYS.length);
      const rows = (answer?.answerMatrix ?? [])
        .map((row) => ({ id: row.id, cells: columns.map((_, c) => row[TABLE_CELL_KEYS[c]!] ?? "") }))
        .filter((row) => row.cells.some((cell) => cell.trim() !== ""));
      if (columns.length === 0 || rows.length === 0) return { kind: "empty" } as const;
      return { kind: "table", columns: columns.map((c, i) => columnName(c.value, i)), rows } as const;
    }
    case "CHECKBOX_GRID": {
      const ticked = new Set(chosen);
      if (ticked.size === 0 || question.x_options.length === 0 || question.y_options.length === 0)
        return { kind: "empty" } as const;
      return {
        kind: "grid",
        rows: question.x_options.map((o, i) => columnName(o.value, i)),
        columns: question.y_options.map((o, i) => columnName(o.value, i)),
        checked: question.x_options.map((row) =>
          question.y_options.map((column) => ticked.has(gridCellKey(row._id, column._id))),
        ),
      } as const;
    }
  }
}

/**
 * What the page shows for a question. An answer is anonymized when the server says so or the question
 * asks for it: reviewers get no content at all (the server withholds it), admins get it blurred.
 */
export function answerDisplay(
  question: Question,
  answer: ReviewAnswer | undefined,
  files: readonly SubmissionFile[],
): AnswerDisplay {
  if (answer !== undefined && isWithheld(answer)) return { kind: "withheld" };
  const content: AnswerContent = contentOf(question, answer, files);
  const anonymized = question.anonymize || answer?.anonymized === true;
  if (anonymized && content.kind !== "empty") return { kind: "anonymized", content };
  return content;
}

/** The collapsed sections of the Decision Canvas: none at first, all after "Collapse all". */
export function toggleSection(collapsed: ReadonlySet<string>, sectionId: string): Set<string> {
  const next = new Set(collapsed);
  if (next.has(sectionId)) next.delete(sectionId);
  else next.add(sectionId);
  return next;
}
