import type { Answer } from "../../../../shared/forms/answers";

/** Test support: a one-line text answer to `questionId` in section "s1". */
export const textAnswer = (questionId: string, answerString: string): Answer => ({
  questionId,
  sectionId: "s1",
  type: "SHORT_ANSWER",
  answerString,
  answerArray: [],
  answerMatrix: [],
});
