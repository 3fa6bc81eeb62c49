import { z } from "zod";
import { hasNoLineBreak } from "../schemas/common";
import { formAddressSchema } from "./address";
import {
  FILE_COUNT_CHOICES,
  FILE_TYPES,
  FORM_LIMITS,
  HEADER_IMAGE_ADDRESS,
  HEADER_IMAGE_MESSAGE,
  MAX_TABLE_COLUMNS,
  QUESTION_TYPES,
  SCALE_CHOICES,
  SECTION_TYPES,
  TABLE_COLUMN_TYPES,
  THEME_COLOURS,
  VALIDATION_TYPES,
} from "./model-constants";

/**
 * The form model: one definition, used by the builder, the applicant renderer and the server
 * (forms-and-applicants, "3. Entities and their fields"). Stored as one JSON document per form, so a
 * 1,000-question form loads and saves in a single row write. Field names follow the spec where it names them;
 * where the spec describes a storage quirk of the old product (file settings in x_options[0]/y_options[0],
 * table columns in y_options), the model has typed fields instead (docs/decisions/006).
 */

/**
 * One of a few numbers. The OpenAPI generator writes only the first value of a many-valued literal
 * (`enum: [3]` for the scale), so the document is told every accepted value.
 */
function oneOfNumbers<const T extends readonly [number, ...number[]]>(values: T) {
  return z.literal(values).meta({ enum: [...values] });
}
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

// The model's constants and its one helper live apart, without Zod, so a page can use them before Zod has
// loaded (docs/decisions/043-zod-off-the-first-paint.md).
export * from "./model-constants";
