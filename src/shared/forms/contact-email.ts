import { emailSchema } from "../schemas/common";
import type { Answer } from "./answers";
import { type FormContent, liveSections } from "./model";

/**
 * The questions of a form version that ask for an email address (an active EMAIL validation): a guest's
 * contact email is their first answer to one of them (the committee's emails and the applicant's own
 * emails alike, docs/decisions/028).
 */
export function contactQuestionIds(content: Pick<FormContent, "sections">): string[] {
  return liveSections(content.sections).flatMap((section) =>
    section.questions.filter((q) => q.validations.active && q.validations.type === "EMAIL").map((q) => q._id),
  );
}

/** The contact email an applicant gave (the first usable answer to such a question), or null. */
export function contactEmailOf(
  content: Pick<FormContent, "sections">,
  answers: readonly Answer[],
): string | null {
  const questions = new Set(contactQuestionIds(content));
  for (const answer of answers) {
    if (!questions.has(answer.questionId) || answer.answerString.trim() === "") continue;
    const parsed = emailSchema.safeParse(answer.answerString);
    if (parsed.success) return parsed.data;
  }
  return null;
}
