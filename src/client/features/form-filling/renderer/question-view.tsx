import { Loader, Paper } from "@mantine/core";
import { type FocusEvent, memo, Suspense, useMemo } from "react";
import { questionProblems } from "../../../../shared/forms/answer-rules";
import type { Answer } from "../../../../shared/forms/answers";
import { isHiddenQuestion } from "../../../../shared/forms/branching";
import { localize } from "../../../../shared/forms/localize";
import type { Question } from "../../../../shared/forms/model";
import type { SubmissionFile } from "../../../../shared/schemas/submissions";
import { useLanguage, useTranslate } from "../../../lib/i18n";
import { CheckboxesQuestion, MultipleChoiceQuestion } from "./choice-questions";
import { FileQuestion } from "./file-question";
import { TableQuestion } from "./lazy-parts";
import { shownProblems } from "./problem-display";
import { type QuestionPartProps, questionText, RequiredLabel } from "./question-label";
import { useRenderer } from "./renderer-context";
import { TextQuestion } from "./text-question";

export interface QuestionViewProps {
  question: Question;
  sectionId: string;
  /** Its place in the section (for an untitled question's name). */
  number: number;
  answer: Answer | undefined;
  /** Whether its own problems show (left once, or Next/Submit tried on its section). */
  revealed: boolean;
  /** The server's problems for it (a stable empty list when none). */
  serverMessages: readonly string[];
  /** Its uploaded files (FILE_UPLOAD; a stable empty list otherwise). */
  files: readonly SubmissionFile[];
}

/** The DOM id of a question's card (to focus its first problem). */
export const questionElementId = (questionId: string) => `question-${questionId}`;

/**
 * One question as the applicant sees it. Memoized on its props (its own answer among them): typing in
 * one question of a 1,000-question form re-renders that question only.
 */
export const QuestionView = memo(function QuestionView({
  question,
  sectionId,
  number,
  answer,
  revealed,
  serverMessages,
  files,
}: QuestionViewProps) {
  const { settings, touch, commitTyping } = useRenderer();
  const language = useLanguage();
  const t = useTranslate();
  const own = useMemo(() => questionProblems(question, answer, t), [question, answer, t]);
  if (isHiddenQuestion(question) || question.type === "CHECKBOX_GRID") return null;

  const required = question.required || question.type === "IDENTIFIER";
  const text = questionText(question, number, language, settings, t);
  const part: QuestionPartProps = {
    question,
    sectionId,
    answer,
    label: <RequiredLabel text={text} required={required} />,
    description: localize(question.description, language, settings).trim(),
    messages: shownProblems(own, revealed, serverMessages),
    required,
    fieldId: `field-${question._id}`,
  };
  // Leaving the question (focus going outside it) reveals its problems. Not for files: the file
  // picker takes the focus away while the applicant is choosing.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    // What was typed is the answer its problems are judged on.
    commitTyping();
    if (question.type === "FILE_UPLOAD") return;
    const next = event.relatedTarget;
    if (!(next instanceof Node && event.currentTarget.contains(next))) touch(question._id);
  };

  return (
    <Paper
      withBorder
      p="md"
      id={questionElementId(question._id)}
      data-question-type={question.type}
      data-invalid={part.messages.length > 0 || undefined}
      style={part.messages.length > 0 ? { borderColor: "var(--mantine-color-error)" } : undefined}
      onBlur={onBlur}
    >
      {question.type === "MULTIPLE_CHOICE" ? (
        <MultipleChoiceQuestion {...part} />
      ) : question.type === "CHECKBOXES" ? (
        <CheckboxesQuestion {...part} />
      ) : question.type === "SIMPLE_TABLE" ? (
        <Suspense fallback={<Loader size="sm" role="status" aria-label={t("page.loading")} />}>
          <TableQuestion {...part} />
        </Suspense>
      ) : question.type === "FILE_UPLOAD" ? (
        <FileQuestion {...part} files={files} />
      ) : (
        <TextQuestion {...part} />
      )}
    </Paper>
  );
});
