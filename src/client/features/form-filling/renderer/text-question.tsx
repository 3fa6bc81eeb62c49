import { Textarea, TextInput } from "@mantine/core";
import type { ChangeEvent } from "react";
import { ANSWER_LIMITS } from "../../../../shared/forms/answer-rules";
import type { ValidationType } from "../../../../shared/forms/model";
import { problemNode, type QuestionPartProps } from "./question-label";
import { useRenderer } from "./renderer-context";

/** The on-screen keyboard that suits a format (phones show digits for a phone number). */
const INPUT_MODES: Partial<Record<ValidationType, "email" | "tel" | "url" | "decimal">> = {
  EMAIL: "email",
  PHONE: "tel",
  URL: "url",
  NUMBER: "decimal",
};

/** IDENTIFIER and SHORT_ANSWER (one line) and PARAGRAPHS (a growing text area). */
export function TextQuestion({
  question,
  sectionId,
  answer,
  label,
  description,
  messages,
  required,
}: QuestionPartProps) {
  const { change, editable } = useRenderer();
  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const answerString = event.currentTarget.value;
    change(question, sectionId, (previous) => ({ ...previous, answerString }));
  };
  const shared = {
    label,
    description: description || undefined,
    descriptionProps: { style: { whiteSpace: "pre-wrap" as const } },
    error: problemNode(messages),
    value: answer?.answerString ?? "",
    readOnly: !editable,
    "aria-required": required,
    maxLength: ANSWER_LIMITS.text,
  };
  if (question.type === "PARAGRAPHS") {
    return <Textarea {...shared} autosize minRows={3} maxRows={16} onChange={onChange} />;
  }
  const validation = question.validations;
  const inputMode = validation.active && validation.type ? INPUT_MODES[validation.type] : undefined;
  return <TextInput {...shared} inputMode={inputMode} onChange={onChange} />;
}
