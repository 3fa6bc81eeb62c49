import { z } from "zod";

/**
 * Exports as background jobs (docs/decisions/011-exports.md; review-and-administration, "Export Options",
 * "6. Roles and permissions", "8. Error catalogue", "9. Business constants and limits"): an admin starts one,
 * watches its progress, and downloads the result through a signed, expiring link that works only for them —
 * or finds it later in the list of their recent exports.
 */

export const EXPORT_KINDS = ["data", "pdfs", "attachments", "matrix", "comments", "dossier"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export const EXPORT_FORMATS = ["csv", "xlsx", "zip"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The formats each kind offers, the first being the default. */
export const FORMATS_OF: Record<ExportKind, readonly ExportFormat[]> = {
  data: ["csv", "xlsx"],
  pdfs: ["zip"],
  attachments: ["zip"],
  matrix: ["csv", "xlsx"],
  comments: ["csv", "xlsx"],
  dossier: ["zip"],
};

export const EXPORT_LABELS: Record<ExportKind, { title: string; description: string }> = {
  data: {
    title: "Data",
    description:
      "One row per submission, one column per question, with identifier, dates, status, amount, average rating and number of reviews.",
  },
  pdfs: { title: "PDFs of submissions", description: "One PDF per submission, in a zip." },
  attachments: {
    title: "Attachments",
    description: "Every uploaded file, in a folder per submission, in a zip.",
  },
  matrix: {
    title: "Matrix",
    description:
      "Candidates × reviewers with each reviewer's rating and ranking, plus each candidate's figures.",
  },
  comments: {
    title: "Comments",
    description: "Every comment with its author, section, candidate and date (internal accounts excluded).",
  },
  dossier: {
    title: "Everything for one candidate",
    description: "Their PDF, attachments, reviews and comments in one zip.",
  },
};

export const EXPORT_STATUSES = ["queued", "running", "ready", "failed"] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

const id = z.string().min(1).max(64);

/** POST /api/exports. */
export const createExportBodySchema = z
  .strictObject({
    programId: id,
    kind: z.enum(EXPORT_KINDS),
    /** Defaults to the kind's first format; must be one the kind offers. */
    format: z.enum(EXPORT_FORMATS).optional(),
    /** The candidate of a dossier (required for "dossier", refused otherwise). */
    submissionId: id.optional(),
    /** Anonymized answers stay anonymized ("[anonymized]") unless the admin explicitly asks for them. */
    includeAnonymized: z.boolean().default(false),
  })
  .refine((b) => b.format === undefined || FORMATS_OF[b.kind].includes(b.format), {
    message: "This export does not come in that format",
    path: ["format"],
  })
  .refine((b) => (b.kind === "dossier") === (b.submissionId !== undefined), {
    message: "Choose the candidate of the dossier (and only for a dossier)",
    path: ["submissionId"],
  });
export type CreateExportBody = z.input<typeof createExportBodySchema>;
export type ExportParams = z.output<typeof createExportBodySchema> & { format: ExportFormat };

export const exportJobSchema = z.object({
  _id: z.string(),
  programId: z.string(),
  kind: z.enum(EXPORT_KINDS),
  format: z.enum(EXPORT_FORMATS),
  submissionId: z.string().nullable(),
  includeAnonymized: z.boolean(),
  status: z.enum(EXPORT_STATUSES),
  /** Units done of total (submissions, files, rows): total is null until the job knows it. */
  processed: z.number().int(),
  total: z.number().int().nullable(),
  /** How many times the job was started: above 1 it was interrupted (a restart) and started again. */
  attempts: z.number().int(),
  /**
   * The failure shown to the admin (review-and-administration, "8. Error catalogue":
   * "alert with the message").
   */
  error: z.string().nullable(),
  fileName: z.string().nullable(),
  size: z.number().int().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** When the result is deleted (configurable retention). */
  expiresAt: z.string().nullable(),
  /** A signed, expiring address that works only for the admin who asked; null until ready. */
  downloadUrl: z.string().nullable(),
});
export type ExportJob = z.infer<typeof exportJobSchema>;

/** GET /api/exports?programId=…: the caller's recent exports of the program, newest first. */
export const exportListQuerySchema = z.strictObject({ programId: id });
export const exportListSchema = z.object({ exports: z.array(exportJobSchema) });
export type ExportList = z.infer<typeof exportListSchema>;

/** GET /api/exports/{id}/download?expires=…&signature=…. */
export const exportDownloadQuerySchema = z.strictObject({
  expires: z.coerce.number().int().positive(),
  signature: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/),
});
