import { z } from "zod";
import { ANSWER_LIMITS } from "./answer-rules";
import { FORM_LIMITS, MAX_TABLE_ROWS, QUESTION_TYPES } from "./model-constants";

/**
 * An applicant's answer as the API carries it (forms-and-applicants, "3. Entities and their fields", "Answer"):
 * its Zod schemas. The rules that judge answers are in answer-rules.ts (re-exported here), without Zod, so the
 * applicant form runs them before Zod has loaded (docs/decisions/043-zod-off-the-first-paint.md).
 */

const id = z.string().min(1).max(FORM_LIMITS.id);
const cell = z.string().max(ANSWER_LIMITS.cell).optional();

export const tableRowSchema = z.strictObject({
  id,
  column_0: cell,
  column_1: cell,
  column_2: cell,
  column_3: cell,
  column_4: cell,
});
export type TableRow = z.infer<typeof tableRowSchema>;

export const answerSchema = z.strictObject({
  questionId: id,
  sectionId: id,
  type: z.enum(QUESTION_TYPES),
  answerString: z.string().max(ANSWER_LIMITS.text),
  /** Chosen option ids (CHECKBOXES, MULTIPLE_CHOICE) or file ids (FILE_UPLOAD). */
  answerArray: z.array(id).max(FORM_LIMITS.options),
  /** SIMPLE_TABLE rows. */
  answerMatrix: z.array(tableRowSchema).max(MAX_TABLE_ROWS),
});
export type Answer = z.infer<typeof answerSchema>;

export const answersSchema = z.array(answerSchema).max(ANSWER_LIMITS.answers);

export type { AnswerMap, TableCellKey } from "./answer-rules";
export {
  ANSWER_LIMITS,
  answerErrors,
  answerMap,
  answerShapeProblems,
  choiceOf,
  countWords,
  emptyAnswer,
  identifierOf,
  missingAnswer,
  questionProblems,
  sectionProblems,
  submissionProblems,
  TABLE_CELL_KEYS,
  TEXT_TYPES,
} from "./answer-rules";
