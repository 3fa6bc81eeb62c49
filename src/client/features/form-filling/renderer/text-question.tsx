import { TextInput } from "@mantine/core";
import { type ChangeEvent, useLayoutEffect, useRef } from "react";
import { ANSWER_LIMITS } from "../../../../shared/forms/answer-rules";
import type { ValidationType } from "../../../../shared/forms/model";
import { GrowingTextarea } from "../../../components/growing-textarea";
import { problemNode, type QuestionPartProps } from "./question-label";
import { useRenderer } from "./renderer-context";

/** The on-screen keyboard that suits a format (phones show digits for a phone number). */
const INPUT_MODES: Partial<Record<ValidationType, "email" | "tel" | "url" | "decimal">> = {
  EMAIL: "email",
  PHONE: "tel",
  URL: "url",
  NUMBER: "decimal",
};

/**
 * IDENTIFIER and SHORT_ANSWER (one line) and PARAGRAPHS (a growing text area). The input is uncontrolled:
 * it shows each key by itself, without re-rendering anything, and the answer follows once the typing pauses
 * (docs/decisions/045-keystrokes.md).
 */
export function TextQuestion({
  question,
  sectionId,
  answer,
  label,
  description,
  messages,
  required,
}: QuestionPartProps) {
  const { typeText, isTyping, editable } = useRenderer();
  const answerString = answer?.answerString ?? "";
  const inputRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  // An answer changed from elsewhere (autofill, a restored copy) shows; never over text still being typed.
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (input && input.value !== answerString && !isTyping(question._id)) input.value = answerString;
  }, [answerString, isTyping, question._id]);
  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    typeText(question, sectionId, event.currentTarget.value);
  const shared = {
    ref: inputRef,
    label,
    description: description || undefined,
    descriptionProps: { style: { whiteSpace: "pre-wrap" as const } },
    error: problemNode(messages),
    defaultValue: answerString,
    readOnly: !editable,
    "aria-required": required,
    maxLength: ANSWER_LIMITS.text,
  };
  if (question.type === "PARAGRAPHS") {
    return <GrowingTextarea {...shared} minRows={3} maxRows={16} onChange={onChange} />;
  }
  const validation = question.validations;
  const inputMode = validation.active && validation.type ? INPUT_MODES[validation.type] : undefined;
  return <TextInput {...shared} inputMode={inputMode} onChange={onChange} />;
}
