import type { Answer } from "../../../../shared/forms/answers";
import {
  defaultFormContent,
  newCriterion,
  newOption,
  newQuestion,
  newSection,
  newTableColumn,
} from "../../../../shared/forms/defaults";
import type { FormContent, Question } from "../../../../shared/forms/model";

/**
 * A form and an application with hostile text everywhere text goes, for the API suites and the
 * browser suite alike (shared code only: no server or database here).
 */

/** The form's questions, by what they ask. */
export type QuestionIds = Record<
  "identifier" | "short" | "paragraphs" | "choice" | "boxes" | "table" | "file",
  string
>;

const paragraph = (text: string) => ({ type: "paragraph" as const, children: [{ text }] });

/**
 * The form, every text in it the payload (the name `name`, the payload unless told): two sections,
 * every question type applicants answer.
 */
export function hostileForm(text: string, name = text): { content: FormContent; ids: QuestionIds } {
  const content = defaultFormContent(name);
  const q = (type: Question["type"], patch: Partial<Question> = {}): Question => ({
    ...newQuestion(type, text),
    description: text,
    ...patch,
  });
  const questions = {
    identifier: q("IDENTIFIER", { required: true }),
    short: q("SHORT_ANSWER"),
    paragraphs: q("PARAGRAPHS"),
    choice: q("MULTIPLE_CHOICE", { x_options: [newOption(text), newOption("Other")] }),
    boxes: q("CHECKBOXES", { x_options: [newOption(text), newOption("Second")] }),
    table: q("SIMPLE_TABLE", { columns: [newTableColumn(text), newTableColumn("Amount")] }),
    file: q("FILE_UPLOAD", { files: { maxFiles: 1, fileType: "any" } }),
  };
  const admin = {
    ...newSection(text, "Admin Info"),
    description: text,
    rubric: text,
    questions: Object.values(questions),
  };
  const decision = {
    ...newSection(text, "Decision Criteria"),
    description: { blocks: [paragraph(text), { type: "bullet" as const, children: [{ text, bold: true }] }] },
    rubric: text,
    criteria: [newCriterion(text)],
    questions: [q("SHORT_ANSWER")],
  };
  return {
    content: {
      ...content,
      description: { blocks: [{ type: "heading", children: [{ text, italic: true }] }, paragraph(text)] },
      sections: [admin, decision],
      settings: { ...content.settings, confirmationMessage: text },
    },
    ids: Object.fromEntries(
      Object.entries(questions).map(([key, question]) => [key, question._id]),
    ) as QuestionIds,
  };
}

/** The application's answers: every text the payload, the payload's option chosen, one table row. */
export function hostileAnswers(content: FormContent, text: string): Answer[] {
  return content.sections.flatMap((section) =>
    section.questions
      .filter((question) => question.type !== "FILE_UPLOAD")
      .map((question) => ({
        questionId: question._id,
        sectionId: section._id,
        type: question.type,
        answerString: ["IDENTIFIER", "SHORT_ANSWER", "PARAGRAPHS"].includes(question.type) ? text : "",
        answerArray: question.x_options.length > 0 ? [question.x_options[0]!._id] : [],
        answerMatrix:
          question.type === "SIMPLE_TABLE" ? [{ id: "row-1", column_0: text, column_1: text }] : [],
      })),
  );
}
