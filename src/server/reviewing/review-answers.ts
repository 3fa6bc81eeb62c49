import type { Answer } from "../../shared/forms/answers";
import { type FormContent, liveSections } from "../../shared/forms/model";
import type { ReviewAnswer } from "../../shared/schemas/reviews";
import type { SubmissionFile } from "../../shared/schemas/submissions";

/**
 * What the submission view withholds from reviewers, in pure code (no database, no framework): the
 * server's view and the benchmark's bare baseline server share it.
 */

/** Questions whose answers (and files) only the program's admins receive. */
export function anonymizedQuestionIds(content: FormContent): Set<string> {
  return new Set(content.sections.flatMap((s) => s.questions.filter((q) => q.anonymize).map((q) => q._id)));
}

/**
 * The answers a reader of the submission view receives, in form order: an anonymized answer withheld
 * (its text and files) from everyone but the program's admins, a file answer listing the files the
 * submission has. The benchmark's baseline (bench/scenarios/candidate-view.ts) calls it too.
 */
export function reviewAnswers(
  content: FormContent,
  answers: readonly Answer[],
  files: readonly Pick<SubmissionFile, "_id" | "questionId">[],
  isAdmin: boolean,
): ReviewAnswer[] {
  const filesByQuestion = new Map<string, string[]>();
  for (const file of files) {
    filesByQuestion.set(file.questionId, [...(filesByQuestion.get(file.questionId) ?? []), file._id]);
  }
  const given = new Map(answers.map((a) => [a.questionId, a]));
  const result: ReviewAnswer[] = [];
  // In form order; an answer to no live question of its version has nothing to be shown beside.
  for (const section of liveSections(content.sections)) {
    for (const question of section.questions) {
      const answer = given.get(question._id);
      const fileIds = question.type === "FILE_UPLOAD" ? (filesByQuestion.get(question._id) ?? []) : [];
      if (!answer && fileIds.length === 0) continue;
      const { _id: questionId, type } = question;
      const sectionId = answer?.sectionId ?? section._id;
      if (question.anonymize && !isAdmin) {
        result.push({ questionId, sectionId, type, anonymized: true, withheld: true });
        continue;
      }
      const base = answer ?? {
        questionId,
        sectionId,
        type,
        answerString: "",
        answerArray: [],
        answerMatrix: [],
      };
      // File answers list the files the submission really has (the table is the truth, as for applicants).
      result.push({
        ...base,
        ...(type === "FILE_UPLOAD" ? { answerArray: fileIds } : {}),
        ...(question.anonymize ? { anonymized: true } : {}),
      });
    }
  }
  return result;
}
