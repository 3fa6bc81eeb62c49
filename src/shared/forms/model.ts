import { z } from "zod";
import { hasNoLineBreak } from "../schemas/common";
import { formAddressSchema } from "./address";

/**
 * The form model: one definition, used by the builder, the applicant renderer and the server
 * (forms-and-applicants, "3. Entities and their fields"). Stored as one JSON document per form, so a
 * 1,000-question form loads and saves in a single row write. Field names follow the spec where it names them;
 * where the spec describes a storage quirk of the old product (file settings in x_options[0]/y_options[0],
 * table columns in y_options), the model has typed fields instead (docs/decisions/006).
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

/**
 * One of a few numbers. The OpenAPI generator writes only the first value of a many-valued literal
 * (`enum: [3]` for the scale), so the document is told every accepted value.
 */
function oneOfNumbers<const T extends readonly [number, ...number[]]>(values: T) {
  return z.literal(values).meta({ enum: [...values] });
}
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

const id = z.string().min(1).max(FORM_LIMITS.id);
const shortText = z.string().max(FORM_LIMITS.name);
const longText = z.string().max(FORM_LIMITS.text);

/**
 * Rich text: the spec's "JSON containing a blocks key, or plain text". Blocks of styled text runs —
 * enough for the builder's editor, and rendered by the client as React text (never as HTML), so a
 * hostile description cannot inject markup.
 */
export const textRunSchema = z.strictObject({
  text: longText,
  bold: z.boolean().optional(),
  italic: z.boolean().optional(),
  underline: z.boolean().optional(),
  /** http(s) or mailto only. */
  link: z
    .string()
    .max(2000)
    .regex(/^(https?:\/\/|mailto:)/i, "Links must start with http://, https:// or mailto:")
    .optional(),
});
export const richTextBlockSchema = z.strictObject({
  type: z.enum(["paragraph", "heading", "bullet", "number"]),
  children: z.array(textRunSchema).max(200),
});
export const richTextSchema = z.union([
  longText,
  z.strictObject({ blocks: z.array(richTextBlockSchema).max(200) }),
]);
export type RichText = z.infer<typeof richTextSchema>;

export const optionSchema = z.strictObject({ _id: id, value: shortText });
export type Option = z.infer<typeof optionSchema>;

/**
 * A question's validation. For text questions: WORD/CHAR with a max (at most) or min (at least),
 * or a format (NUMBER, EMAIL, PHONE, URL, DATE). For checkboxes: max/min selections (type null).
 */
export const validationSchema = z.strictObject({
  active: z.boolean(),
  type: z.enum(VALIDATION_TYPES).nullable(),
  max: z.number().int().min(0).max(1_000_000),
  min: z.number().int().min(0).max(1_000_000),
  expression: z.string().max(500).optional(),
});
export type Validation = z.infer<typeof validationSchema>;

export const tableColumnSchema = z.strictObject({
  _id: id,
  value: shortText,
  type: z.enum(TABLE_COLUMN_TYPES),
  required: z.boolean(),
  validations: validationSchema,
});
export type TableColumn = z.infer<typeof tableColumnSchema>;

export const mappingSchema = z.strictObject({
  formMap: z.strictObject({ id, name: shortText }),
  sectionMap: z.strictObject({ id, name: shortText }),
  questionMap: z.strictObject({ id, name: shortText }),
});
export type Mapping = z.infer<typeof mappingSchema>;

export const questionSchema = z.strictObject({
  _id: id,
  type: z.enum(QUESTION_TYPES),
  /** The question text. */
  name: longText,
  description: longText,
  required: z.boolean(),
  anonymize: z.boolean(),
  /** Choices of CHECKBOXES and MULTIPLE_CHOICE (rows of CHECKBOX_GRID). */
  x_options: z.array(optionSchema).max(FORM_LIMITS.options),
  /** Columns of CHECKBOX_GRID. */
  y_options: z.array(optionSchema).max(FORM_LIMITS.options),
  /** Columns of SIMPLE_TABLE. */
  columns: z.array(tableColumnSchema).max(MAX_TABLE_COLUMNS),
  /** FILE_UPLOAD: how many files and of which type. */
  files: z.strictObject({
    maxFiles: oneOfNumbers(FILE_COUNT_CHOICES),
    fileType: z.enum(FILE_TYPES),
  }),
  validations: validationSchema,
  /**
   * A smart (branching) MULTIPLE_CHOICE question: each option may send the applicant to a later
   * section (by section id); options without a route continue to the next section.
   */
  smart: z.boolean(),
  routes: z.record(id, id),
  mapping: mappingSchema.nullable(),
});
export type Question = z.infer<typeof questionSchema>;

export const criterionSchema = z.strictObject({
  _id: id,
  description: longText,
  type: z.enum(["SCALE", "BOOLEAN"]),
  maxScale: oneOfNumbers(SCALE_CHOICES),
  weight: z.number().min(0).max(1000),
});
export type Criterion = z.infer<typeof criterionSchema>;

export const sectionSchema = z.strictObject({
  _id: id,
  name: shortText,
  description: richTextSchema,
  /** Guidance for the reviewers ("for the reviewers"). */
  rubric: longText,
  sectionType: z.enum(SECTION_TYPES),
  /** Soft delete, so UNDO restores the section as it was. */
  deleted: z.boolean(),
  criteria: z.array(criterionSchema).max(FORM_LIMITS.criteria),
  questions: z.array(questionSchema).max(FORM_LIMITS.questionsPerSection),
  /** Where the section leads by default: a later section's id, or null to continue to the next one. */
  nextSection: id.nullable(),
});
export type Section = z.infer<typeof sectionSchema>;

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

export const formSettingsSchema = z.strictObject({
  themeColour: z.enum(THEME_COLOURS),
  /**
   * Null (or empty: none), or one of the program's uploaded images — never another site's address or
   * a javascript: one, which every applicant page would render as <img src>.
   */
  headerImage: z
    .string()
    .max(2000)
    .refine((address) => address === "" || HEADER_IMAGE_ADDRESS.test(address), HEADER_IMAGE_MESSAGE)
    .nullable(),
  confirmationMessage: longText,
  frenchTranslationEnabled: z.boolean(),
  /** French text by English text (labels, questions, options). */
  translations: z.record(z.string().max(FORM_LIMITS.text), z.string().max(FORM_LIMITS.text)),
  /**
   * The English texts whose French text a machine made and no administrator has edited since (the builder
   * marks them). Absent on forms saved before machine translation existed: none.
   */
  machineTranslated: z.array(z.string().max(FORM_LIMITS.text)).optional(),
});
export type FormSettings = z.infer<typeof formSettingsSchema>;

const linkSchema = z.strictObject({
  _id: id,
  open: z.iso.datetime(),
  close: z.iso.datetime().nullable(),
  /**
   * An applicant link closed early ("Close now"): the close that had been scheduled, which a reopening keeps
   * (docs/decisions/027-stable-form-address.md).
   */
  scheduledClose: z.iso.datetime().optional(),
});
export type FormLink = z.infer<typeof linkSchema>;

/** What an administrator edits: the whole form body sent on save. */
export const formContentSchema = z.strictObject({
  /** On one line: it is the title of the applicant's pages and the subject of their receipt. */
  name: shortText.refine(hasNoLineBreak, "Form name must be on one line"),
  description: richTextSchema,
  sections: z.array(sectionSchema).min(1).max(FORM_LIMITS.sections),
  settings: formSettingsSchema,
});
export type FormContent = z.infer<typeof formContentSchema>;

/** A form as the API returns it to its administrators. */
export const formSchema = formContentSchema.extend({
  _id: z.string(),
  programId: z.string(),
  organizationId: z.string(),
  draft: z.boolean(),
  allowEdit: z.boolean(),
  previewLink: linkSchema,
  submissionLinks: z.array(linkSchema),
  /** Bumped on every save: a save based on an older revision is refused (409). */
  revision: z.number().int(),
  lastEditedAt: z.string(),
  /** The frozen version applicants answer; null while never published. */
  publishedVersion: z.number().int().nullable(),
  planSettings: z.object({
    maxFileSizeMB: z.number().int(),
    maxFiles: z.number().int(),
    logoBranding: z.boolean(),
  }),
  /** The stable public address's parts, once the form has one (docs/decisions/027-stable-form-address.md). */
  address: formAddressSchema.optional(),
});
export type Form = z.infer<typeof formSchema>;

export const liveSections = (sections: readonly Section[]) => sections.filter((s) => !s.deleted);
