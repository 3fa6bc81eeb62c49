import type { FormContent } from "./model";
import { liveSections } from "./model-constants";

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
