import { type Answer, TABLE_CELL_KEYS } from "../../../shared/forms/answers";
import type { Question } from "../../../shared/forms/model";

/**
 * An answer as one readable cell of the data export ("answers flattened readably"):
 * - text answers (identifier, short answer, paragraphs) exactly as typed — dates included, whatever
 *   their format, so nothing is reinterpreted on the way;
 * - choices by their option labels, in the question's order, several joined with "; ";
 * - a table as text: one line per filled row, its filled cells as "column: value" pairs joined with "; ";
 * - files by their names, joined with "; ".
 * The question is the one of the form version the applicant answered (their option labels, their
 * table columns).
 */

export const LIST_SEPARATOR = "; ";
export const ANONYMIZED = "[anonymized]";

/** A file of the submission, as the data export needs it. */
export interface AnswerFile {
  id: string;
  questionId: string;
  name: string;
}

export function answerText(
  question: Question,
  answer: Answer | undefined,
  files: readonly AnswerFile[] = [],
): string {
  switch (question.type) {
    case "IDENTIFIER":
    case "SHORT_ANSWER":
    case "PARAGRAPHS":
      return answer?.answerString ?? "";
    case "MULTIPLE_CHOICE":
    case "CHECKBOXES": {
      const chosen = new Set(answer?.answerArray ?? []);
      return question.x_options
        .filter((option) => chosen.has(option._id))
        .map((option) => option.value)
        .join(LIST_SEPARATOR);
    }
    case "FILE_UPLOAD":
      return filesOf(question, answer, files)
        .map((file) => file.name)
        .join(LIST_SEPARATOR);
    case "SIMPLE_TABLE":
      return tableText(question, answer);
    case "CHECKBOX_GRID":
      return "";
  }
}

/**
 * The question's files in the order the answer lists them (the files table is the truth about which
 * files exist, as for the applicant's PDF; one the answer does not list comes after, by upload).
 */
function filesOf(question: Question, answer: Answer | undefined, files: readonly AnswerFile[]) {
  const order = answer?.answerArray ?? [];
  const rank = (id: string) => {
    const at = order.indexOf(id);
    return at < 0 ? order.length : at;
  };
  return files.filter((f) => f.questionId === question._id).sort((a, b) => rank(a.id) - rank(b.id));
}

function tableText(question: Question, answer: Answer | undefined): string {
  const columns = question.columns.slice(0, TABLE_CELL_KEYS.length).map((column, index) => ({
    key: TABLE_CELL_KEYS[index]!,
    label: column.value.trim() || `Column ${index + 1}`,
  }));
  const lines: string[] = [];
  for (const row of answer?.answerMatrix ?? []) {
    const pairs = columns
      .map(({ key, label }) => ({ label, value: row[key] ?? "" }))
      .filter(({ value }) => value.trim() !== "")
      .map(({ label, value }) => `${label}: ${value}`);
    if (pairs.length > 0) lines.push(pairs.join(LIST_SEPARATOR));
  }
  return lines.join("\n");
}
