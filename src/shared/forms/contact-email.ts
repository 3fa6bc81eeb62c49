import { emailSchema } from "../schemas/common";
import type { Answer } from "./answers";
import { contactQuestionIds } from "./contact-questions";
import type { FormContent } from "./model";

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

// Apart, without Zod: the applicant form asks it before Zod has loaded (docs/decisions/043-zod-off-the-first-paint.md).
export { contactQuestionIds } from "./contact-questions";
