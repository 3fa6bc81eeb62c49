import type { Section } from "./model";

/**
 * The form model's constants (forms-and-applicants, "3. Entities and their fields") and the one helper every
 * reader of a form uses, apart from the model's Zod schemas (model.ts, which re-exports them): the applicant
 * form renders with these before Zod has loaded (docs/decisions/043-zod-off-the-first-paint.md).
 */

export const QUESTION_TYPES = [
  "IDENTIFIER",
  "SHORT_ANSWER",
  "PARAGRAPHS",
  "CHECKBOXES",
  "MULTIPLE_CHOICE",
  "FILE_UPLOAD",
  "SIMPLE_TABLE",
  "CHECKBOX_GRID",
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** What the builder's type menu offers (CHECKBOX_GRID stays in the model, not answerable). */
export const BUILDER_QUESTION_TYPES: readonly QuestionType[] = QUESTION_TYPES.filter(
  (t) => t !== "CHECKBOX_GRID",
);

export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  IDENTIFIER: "Identifier",
  SHORT_ANSWER: "Short answer",
  PARAGRAPHS: "Paragraphs",
  CHECKBOXES: "Checkboxes",
  MULTIPLE_CHOICE: "Multiple choice",
  FILE_UPLOAD: "File upload",
  SIMPLE_TABLE: "Simple table",
  CHECKBOX_GRID: "Checkbox grid",
};

export const VALIDATION_TYPES = ["WORD", "CHAR", "NUMBER", "EMAIL", "PHONE", "URL", "DATE"] as const;
export type ValidationType = (typeof VALIDATION_TYPES)[number];

export const FILE_COUNT_CHOICES = [1, 2, 3, 4, 5, 10] as const;
export const FILE_TYPES = ["pdf", "png", "jpeg", "any"] as const;
export type FileType = (typeof FILE_TYPES)[number];

export const SCALE_CHOICES = [3, 4, 5, 10] as const;

export const SECTION_TYPES = ["Admin Info", "Decision Criteria"] as const;
export const TABLE_COLUMN_TYPES = ["SHORT_ANSWER", "DROPDOWN", "CHECKBOX"] as const;

export const MAX_TABLE_COLUMNS = 5;
export const MAX_TABLE_ROWS = 15;
export const THEME_COLOURS = [
  "D9463D",
  "673FB4",
  "2261AD",
  "4688F0",
  "1DAAF1",
  "1DBCD2",
  "FD5830",
  "FD9827",
  "139588",
  "4FAE55",
  "617D8A",
  "9E9E9E",
  "FC0D1B",
] as const;
export const DEFAULT_THEME_COLOUR = "2261AD";
export const DEFAULT_CONFIRMATION_MESSAGE = "Your response has been recorded.";
export const DEFAULT_MAX_FILE_SIZE_MB = 20;

/** Generous bounds that keep one form document well under the 1 MB request limit at 1,000 questions. */
export const FORM_LIMITS = {
  sections: 100,
  questionsPerSection: 100,
  options: 200,
  criteria: 30,
  name: 500,
  text: 5000,
  id: 64,
} as const;

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
/**
 * A header image's address as the upload route hands it out (POST /api/files/signedUrl/public/putObject):
 * /api/files/public/programs/{programId}/{uuid}-{safe name}. Group 1 is the program's id; the server
 * checks on save that it is the form's own program (src/server/forms/service.ts).
 */
export const HEADER_IMAGE_ADDRESS = new RegExp(
  `^/api/files/public/programs/(${UUID})/${UUID}-[A-Za-z0-9._-]{1,80}$`,
);
export const HEADER_IMAGE_MESSAGE = "The header image must be an image uploaded for this program.";
/** The program whose public files hold the header image at `address`, or null when it is none. */
export const headerImageProgram = (address: string): string | null =>
  HEADER_IMAGE_ADDRESS.exec(address)?.[1] ?? null;

/** The sections a form shows: those not deleted (a deleted one is kept for the builder's UNDO). */
export const liveSections = (sections: readonly Section[]) => sections.filter((s) => !s.deleted);
