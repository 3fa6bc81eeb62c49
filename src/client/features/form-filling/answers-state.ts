import type { Answer } from "../../../shared/forms/answers";
import type { ApplicantForm, SubmissionFile } from "../../../shared/schemas/submissions";

/** Pure changes to the page's answers (one per question). */

/** The answers with `answer` in place of the question's previous one (or added). */
export function upsertAnswer(answers: readonly Answer[], answer: Answer): Answer[] {
  const index = answers.findIndex((a) => a.questionId === answer.questionId);
  if (index === -1) return [...answers, answer];
  return answers.map((a, i) => (i === index ? answer : a));
}

const isEmpty = (answer: Answer | undefined) =>
  answer === undefined ||
  (answer.answerString.trim() === "" && answer.answerArray.length === 0 && answer.answerMatrix.length === 0);

/**
 * Autofill: answers copied from earlier submissions fill only the questions still unanswered here
 * (what the applicant typed is never replaced). Files are never copied. Returns the merged answers
 * and how many questions were filled.
 */
export function mergeAutofill(
  current: readonly Answer[],
  copied: readonly Answer[],
): { answers: Answer[]; filled: number } {
  let answers = [...current];
  let filled = 0;
  for (const answer of copied) {
    if (answer.type === "FILE_UPLOAD" || isEmpty(answer)) continue;
    if (!isEmpty(answers.find((a) => a.questionId === answer.questionId))) continue;
    answers = upsertAnswer(answers, answer);
    filled += 1;
  }
  return { answers, filled };
}

/** The section a question is in (for an answer created by the page, e.g. a file). */
export function sectionOf(form: ApplicantForm, questionId: string): string | null {
  return form.sections.find((s) => s.questions.some((q) => q._id === questionId))?._id ?? null;
}

/** The answers once a file is stored for its question (its id listed in the file answer). */
export function withFile(form: ApplicantForm, answers: readonly Answer[], file: SubmissionFile): Answer[] {
  const previous = answers.find((a) => a.questionId === file.questionId);
  if (previous?.answerArray.includes(file._id)) return [...answers];
  const sectionId = previous?.sectionId ?? sectionOf(form, file.questionId);
  if (sectionId === null) return [...answers];
  return upsertAnswer(answers, {
    questionId: file.questionId,
    sectionId,
    type: "FILE_UPLOAD",
    answerString: "",
    answerArray: [...(previous?.answerArray ?? []), file._id],
    answerMatrix: [],
  });
}

/** The answers once a file is removed. */
export function withoutFile(answers: readonly Answer[], file: SubmissionFile): Answer[] {
  return answers.map((a) =>
    a.questionId === file.questionId && a.answerArray.includes(file._id)
      ? { ...a, answerArray: a.answerArray.filter((id) => id !== file._id) }
      : a,
  );
}

/** Whether the form has a question mapped to an earlier form's (the autofill button shows). */
export function hasMappedQuestion(form: ApplicantForm): boolean {
  return form.sections.some((s) => !s.deleted && s.questions.some((q) => q.mapping !== null));
}
