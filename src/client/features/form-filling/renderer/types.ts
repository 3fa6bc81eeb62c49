import type { ReactNode } from "react";
import type { Answer } from "../../../../shared/forms/answers";
import type { Language } from "../../../../shared/i18n/catalog";
import type { ApplicantForm, SubmissionFile } from "../../../../shared/schemas/submissions";

/**
 * The contract between the form renderer (renderer/**: sections, questions, navigation, validation
 * display, tables, file questions) and the pages that load and save (form-filling/*.tsx).
 * The renderer holds no server state: answers and files come in, changes go out.
 */
export type RendererMode =
  /** An applicant answering: Next and Submit are disabled while the section is invalid. */
  | "applicant"
  /** The preview of a draft form: nothing is saved, nothing blocks advancing (the red note says so). */
  | "preview"
  /** ADMIN EDIT MODE: always open, saved automatically, no Submit. */
  | "admin";

export interface FormRendererProps {
  form: ApplicantForm;
  mode: RendererMode;
  language: Language;
  onLanguageChange: (language: Language) => void;
  /** Every answer the applicant has given (at most one per question). */
  answers: readonly Answer[];
  /**
   * Called with the question's whole new answer on every change (the page debounces the saving); for text
   * typed in a question, once the typing pauses or the question is left, with the answer last passed to
   * `onAnswerTyping` (the same object).
   */
  onAnswerChange: (answer: Answer) => void;
  /**
   * Called on every key typed in a text question, with its whole new answer, before the form re-renders with
   * it (`onAnswerChange` follows): a page that saves keeps it at once, without re-rendering the form, so that
   * no typed character waits on the pause (docs/decisions/045-keystrokes.md).
   */
  onAnswerTyping?: (answer: Answer) => void;
  /** The submission's uploaded files (FILE_UPLOAD answers list their ids). */
  files: readonly SubmissionFile[];
  /** Uploads one file for a question; resolves with the stored file, rejects with a message to show. */
  onUpload?: (
    questionId: string,
    file: File,
    onProgress: (fraction: number) => void,
  ) => Promise<SubmissionFile>;
  onRemoveFile?: (file: SubmissionFile) => Promise<void>;
  onDownloadFile?: (file: SubmissionFile) => void;
  /** The header's save state ("Saved", "Saving…", "Offline — will retry", last-saved time), rendered by the page. */
  saveStatus?: ReactNode;
  onSave?: () => void;
  /** Submit after the applicant confirms; resolves when submitted (the page then shows the confirmation). */
  onSubmit?: () => Promise<void>;
  /** Shown above the sections: banners (admin edit mode, stale tab, session ended), autofill button. */
  notices?: ReactNode;
  /** The header's back link (to the applicant list). */
  backLink?: ReactNode;
  /** Server-side problems after a refused submit, keyed `answers.{questionId}`. */
  serverProblems?: Record<string, string[]>;
  /** Whether the answers can change (false: read-only, e.g. a closed form's saved draft). */
  editable: boolean;
}
