import { createContext, use } from "react";
import type { Answer } from "../../../../shared/forms/answers";
import type { FormSettings, Question } from "../../../../shared/forms/model";
import type { SubmissionFile } from "../../../../shared/schemas/submissions";

/**
 * What every question of the renderer shares: the form's look and limits, and how to change an
 * answer. The value changes only with the form, the mode or what the page offers, never as the
 * applicant types — so typing in one question re-renders that question alone.
 */
export interface RendererContextValue {
  /** The form's theme colour as CSS ("#2261AD"). */
  accent: string;
  settings: FormSettings;
  editable: boolean;
  maxFileSizeMB: number;
  /** Changes one question's answer from its newest value (or an empty answer) and reports it. */
  change: (question: Question, sectionId: string, update: (answer: Answer) => Answer) => void;
  /**
   * One key in a text question (its input shows the text by itself): the page keeps the answer at once, the
   * form re-renders with it once the typing pauses or the question is left (docs/decisions/045-keystrokes.md).
   */
  typeText: (question: Question, sectionId: string, answerString: string) => void;
  /** Whether a question's typed text still waits to be committed (its input holds newer text than its answer). */
  isTyping: (questionId: string) => boolean;
  /** Commits the typed text still waiting, now. */
  commitTyping: () => void;
  /** The applicant left the question: its problems show from now on. */
  touch: (questionId: string) => void;
  upload:
    | ((questionId: string, file: File, onProgress: (fraction: number) => void) => Promise<SubmissionFile>)
    | null;
  removeFile: ((file: SubmissionFile) => Promise<void>) | null;
  downloadFile: ((file: SubmissionFile) => void) | null;
}

export const RendererContext = createContext<RendererContextValue | null>(null);

export function useRenderer(): RendererContextValue {
  const value = use(RendererContext);
  if (!value) throw new Error("useRenderer is used outside the FormRenderer");
  return value;
}
