import { z } from "zod";
import { PROGRAM_ROLES } from "../authz/roles";
import { tableRowSchema } from "../forms/answers";
import {
  FILE_COUNT_CHOICES,
  FILE_TYPES,
  FORM_LIMITS,
  MAX_TABLE_ROWS,
  QUESTION_TYPES,
  SCALE_CHOICES,
  SECTION_TYPES,
} from "../forms/model";
import { MAX_NAME_LENGTH } from "../limits";
import { programNameSchema } from "./programs";

/**
 * A program brought over from the earlier system (review-and-administration, "1. What the product does and for
 * whom", "3. Entities and their fields"; docs/decisions/032-legacy-program-import.md): one JSON file holding
 * the program and its records under the earlier system's own field names. Keys the product does not use are
 * ignored, so an export of the earlier system imports as it is; the `_id`s are the source's, and importing the
 * same file again adds nothing twice.
 */

/** The generations of programs (appVersion): 0 when the source sets none. */
export const LEGACY_APP_VERSIONS = [0, 1, 2, 3] as const;
export const LEGACY_FALLBACK_APP_VERSION = 0;

export const LEGACY_IMPORT_LIMITS = {
  submissions: 5_000,
  reviews: 50_000,
  people: 1_000,
  groups: 500,
  sections: 100,
  questionsPerSection: 100,
  answersPerSubmission: 10_000,
  text: 100_000,
} as const;

const sourceId = z.string().trim().min(1, "An id is required.").max(200);
const text = z.string().max(LEGACY_IMPORT_LIMITS.text);
const date = z.iso
  .datetime({ offset: true, message: "Not a date and time (ISO 8601, e.g. 2019-04-02T10:00:00Z)." })
  // Year 0 is a valid ISO date but not a PostgreSQL one: refused here rather than failing there.
  .refine((iso) => !iso.startsWith("0000"), "Not a date of the earlier system's records.");
/** -1 means not rated, as in the product. */
const rating = z.number().min(-1).max(10);

const legacyProgramSchema = z.object({
  _id: sourceId,
  displayName: programNameSchema,
  /** Absent or null: the fallback generation 0. */
  appVersion: z.union(LEGACY_APP_VERSIONS.map((v) => z.literal(v))).nullish(),
  archived: z.boolean().optional(),
  archivedDate: date.nullish(),
  allowEdit: z.boolean().optional(),
  overrideFinalRating: z.boolean().optional(),
  reviewSettings: z
    .object({
      enableStackedRankings: z.boolean().optional(),
      comments: z.object({ commentText: text.optional() }).optional(),
      showFinalRating: z.boolean().optional(),
      finalReviewText: text.optional(),
    })
    .optional(),
});

/** The form's parts keep the form's own bounds (src/shared/forms/model.ts). */
const formId = sourceId.max(FORM_LIMITS.id);
const formName = z.string().max(FORM_LIMITS.name);

const legacyQuestionSchema = z.object({
  _id: formId,
  name: z.string().max(FORM_LIMITS.text),
  type: z.enum(QUESTION_TYPES).default("PARAGRAPHS"),
  description: z.string().max(FORM_LIMITS.text).optional(),
  /** Choices of CHECKBOXES and MULTIPLE_CHOICE questions. */
  options: z
    .array(z.object({ _id: formId, value: formName }))
    .max(FORM_LIMITS.options)
    .optional(),
  /**
   * FILE_UPLOAD: how many files of which type. Absent: any type, up to the largest count — the earlier
   * system's own limits are not known, and its round is over.
   */
  files: z
    .object({
      maxFiles: z.union(FILE_COUNT_CHOICES.map((n) => z.literal(n))),
      fileType: z.enum(FILE_TYPES),
    })
    .optional(),
});

const legacySectionSchema = z.object({
  _id: formId,
  name: formName,
  sectionType: z.enum(SECTION_TYPES).default("Decision Criteria"),
  questions: z.array(legacyQuestionSchema).max(LEGACY_IMPORT_LIMITS.questionsPerSection).default([]),
});

/** The form the applications answered. For appVersion 1 its Decision Criteria sections are the nine canvases. */
const legacyFormSchema = z.object({
  name: z.string().trim().max(FORM_LIMITS.name).optional(),
  sections: z
    .array(legacySectionSchema)
    .min(1, "The form needs at least one section.")
    .max(LEGACY_IMPORT_LIMITS.sections),
});

const legacyCriterionSchema = z.object({
  _id: formId,
  /** The section the criterion rates (the product keeps criteria per section). */
  sectionId: formId,
  type: z.enum(["SCALE", "BOOLEAN"]),
  description: z.string().max(FORM_LIMITS.text).default(""),
  maxScale: z.union(SCALE_CHOICES.map((v) => z.literal(v))).default(5),
  weight: z.number().min(0).max(1000).default(1),
});

const legacyProgramUserSchema = z.object({
  userId: sourceId,
  name: z.string().trim().max(MAX_NAME_LENGTH).default(""),
  email: z.string().trim().toLowerCase().pipe(z.email("Not an email address.")),
  role: z.enum(PROGRAM_ROLES),
  /** Removed from the program in the earlier system: their reviews come over, their access does not. */
  deleted: z.boolean().optional(),
});

const legacyReviewerGroupSchema = z.object({
  _id: sourceId,
  name: z.string().trim().min(1, "Group name is required").max(MAX_NAME_LENGTH),
  description: text.default(""),
  reviewers: z
    .array(z.object({ id: sourceId, name: z.string().optional() }))
    .max(1_000)
    .default([]),
});

const legacyAnswerSchema = z.object({
  questionId: formId,
  sectionId: formId,
  type: z.enum(QUESTION_TYPES).optional(),
  answerString: text.default(""),
  answerArray: z.array(formId).max(FORM_LIMITS.options).default([]),
  answerMatrix: z.array(tableRowSchema).max(MAX_TABLE_ROWS).default([]),
});

const legacySubmissionSchema = z.object({
  _id: sourceId,
  identifier: text.optional(),
  "Organization Name": text.optional(),
  "Organization Name (legal name)": text.optional(),
  candidateName: text.optional(),
  candidateName2: text.optional(),
  /** Null: a draft. */
  submissionDate: date.nullable(),
  lastSaveDate: date.optional(),
  /** Marks a test. */
  softDeleted: z.boolean().optional(),
  status: z.enum(["approved", "disapproved", "pending"]).default("pending"),
  amount: z.number().min(0).max(1_000_000_000_000).nullish(),
  reviewers: z
    .array(z.object({ id: sourceId }))
    .max(1_000)
    .default([]),
  reviewerGroups: z.array(sourceId).max(500).default([]),
  answers: z.array(legacyAnswerSchema).max(LEGACY_IMPORT_LIMITS.answersPerSubmission).default([]),
});

const legacyCommentSchema = z.object({ value: text, lastReviewed: date.optional() });

const legacyQuestionListEntrySchema = z.object({
  /** A section's id, or canvas_1 … canvas_9 in appVersion 1. */
  id: sourceId.optional(),
  sectionId: sourceId.optional(),
  notes: text.optional(),
  rating: rating.default(-1),
  criteria: z
    .array(z.object({ criteriaId: sourceId, type: z.enum(["SCALE", "BOOLEAN"]), value: rating }))
    .max(30)
    .default([]),
});

const legacyReviewSchema = z.object({
  _id: sourceId.optional(),
  applicationId: sourceId.optional(),
  submissionId: sourceId.optional(),
  userId: sourceId,
  rating: rating.default(-1),
  comments: z.array(legacyCommentSchema).max(200).default([]),
  lastReviewed: date,
  questionList: z.array(legacyQuestionListEntrySchema).max(200).default([]),
});

const legacyRankingSchema = z.object({
  userId: sourceId,
  /** Application ids, best first. */
  applications: z.array(sourceId).max(LEGACY_IMPORT_LIMITS.submissions),
});

export const legacyProgramFileSchema = z.object({
  program: legacyProgramSchema,
  form: legacyFormSchema,
  criteria: z.array(legacyCriterionSchema).max(3_000).default([]),
  programUsers: z.array(legacyProgramUserSchema).max(LEGACY_IMPORT_LIMITS.people).default([]),
  reviewerGroups: z.array(legacyReviewerGroupSchema).max(LEGACY_IMPORT_LIMITS.groups).default([]),
  submissions: z.array(legacySubmissionSchema).max(LEGACY_IMPORT_LIMITS.submissions).default([]),
  reviews: z.array(legacyReviewSchema).max(LEGACY_IMPORT_LIMITS.reviews).default([]),
  rankings: z.array(legacyRankingSchema).max(LEGACY_IMPORT_LIMITS.people).default([]),
});
export type LegacyProgramFile = z.infer<typeof legacyProgramFileSchema>;
export type LegacySubmission = LegacyProgramFile["submissions"][number];
export type LegacyReview = LegacyProgramFile["reviews"][number];

/** One thing wrong with a file: which record, which of its fields, and why. */
export const importProblemSchema = z.object({ record: z.string(), field: z.string(), reason: z.string() });
export type ImportProblem = z.infer<typeof importProblemSchema>;

/** A refused file (400): nothing was imported. */
export const importRefusedBodySchema = z.object({
  error: z.object({
    code: z.literal("VALIDATION"),
    message: z.string(),
    report: z.array(importProblemSchema),
  }),
});

const importCountsSchema = z.object({
  /** Attachments stored from a zip (none from a JSON file). */
  files: z.number().int(),
  submissions: z.number().int(),
  reviews: z.number().int(),
  comments: z.number().int(),
  reviewerGroups: z.number().int(),
  rankings: z.number().int(),
  /** People already in the organization, given their role at once. */
  membersAdded: z.number().int(),
  /** People new to the organization, invited (decision 019). */
  invited: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

/** POST /api/programs/import: what was added this time (a second import of the same file adds nothing). */
export const importResultSchema = z.object({
  programId: z.string(),
  appVersion: z.number().int(),
  /** False when the file's program had been imported before: only records new to it were added. */
  created: z.boolean(),
  added: importCountsSchema,
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const LEGACY_IMPORT_MESSAGES = {
  refused: (n: number) =>
    `The file was not imported: ${n === 1 ? "1 problem" : `${n} problems`} to correct. Nothing was changed.`,
  notJson: "The file is not JSON.",
} as const;
