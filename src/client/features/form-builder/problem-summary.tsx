import { List } from "@mantine/core";
import type { Section } from "../../../shared/forms/model";
import { liveSections } from "../../../shared/forms/model-constants";
import { FORM_MESSAGES, type FormProblem } from "../../../shared/forms/publish-check";
import { Notice } from "./notice";

/** "Section 2, question 3": where a problem is, as the builder numbers things. */
function placeOf(problem: FormProblem, sections: readonly Section[]): string {
  const index = sections.findIndex((s) => s._id === problem.sectionId);
  if (index < 0) return "";
  const question = sections[index]!.questions.findIndex((q) => q._id === problem.questionId);
  return question < 0 ? `Section ${index + 1}: ` : `Section ${index + 1}, question ${question + 1}: `;
}

/** Everything that blocks publishing, in one list above the sections (each is also shown where it is). */
export function ProblemSummary({
  problems,
  sections,
}: {
  problems: readonly FormProblem[];
  sections: readonly Section[];
}) {
  if (problems.length === 0) return null;
  const live = liveSections(sections);
  return (
    <Notice color="red" title={FORM_MESSAGES.formError}>
      <List size="sm">
        {problems.map((problem) => (
          <List.Item key={`${problem.sectionId ?? ""}:${problem.questionId ?? ""}:${problem.message}`}>
            {placeOf(problem, live) + problem.message}
          </List.Item>
        ))}
      </List>
    </Notice>
  );
}
