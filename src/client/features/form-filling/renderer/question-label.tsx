import { VisuallyHidden } from "@mantine/core";
import type { ReactNode } from "react";
import type { Answer } from "../../../../shared/forms/answers";
import { localize } from "../../../../shared/forms/localize";
import type { FormSettings, Question } from "../../../../shared/forms/model";
import type { Language, Translate } from "../../../../shared/i18n/catalog";
import { useTranslate } from "../../../lib/i18n";

/** A question's text as the applicant reads it; "Question N" (its place in the section) when it has none. */
export function questionText(
  question: Question,
  number: number,
  language: Language,
  settings: FormSettings,
  t: Translate,
): string {
  return localize(question.name, language, settings).trim() || t("form.question", { n: number });
}

/** What each question type's part gets from the question around it. */
export interface QuestionPartProps {
  question: Question;
  sectionId: string;
  answer: Answer | undefined;
  /** The question text (localized), with its required mark. */
  label: ReactNode;
  /** The localized description; empty when none. */
  description: string;
  /** The problems shown under the question. */
  messages: readonly string[];
  required: boolean;
  /** A base for the ids of the question's label, description and problems. */
  fieldId: string;
}

/** A question's text with, when required, an asterisk and "Required" for screen readers. */
export function RequiredLabel({ text, required }: { text: string; required: boolean }) {
  const t = useTranslate();
  return (
    <>
      <span style={{ whiteSpace: "pre-wrap" }}>{text}</span>
      {required && (
        <>
          <span aria-hidden="true" style={{ color: "var(--mantine-color-error)" }}>
            {" *"}
          </span>
          <VisuallyHidden>{` (${t("form.required")})`}</VisuallyHidden>
        </>
      )}
    </>
  );
}

/** The problems of a question, one per line, for an input's `error` (null when there are none). */
export function problemNode(messages: readonly string[]): ReactNode {
  if (messages.length === 0) return null;
  return messages.map((message) => (
    <span key={message} style={{ display: "block" }}>
      {message}
    </span>
  ));
}

/** The ids a group of controls (a table, a file list) is described by: its problems and description. */
export function describedBy(fieldId: string, messages: readonly string[], description: string) {
  const ids = [
    messages.length > 0 ? `${fieldId}-error` : null,
    description ? `${fieldId}-description` : null,
  ].filter(Boolean);
  return ids.length > 0 ? ids.join(" ") : undefined;
}
