import { and, desc, eq } from "drizzle-orm";
import { EXPORT_SLUG_LENGTH, fileSlug, SLUG_LENGTH } from "../../shared/file-names";
import type { ExportFormat, ExportJob, ExportKind, ExportParams } from "../../shared/schemas/exports";
import { recordAudit } from "../audit/record";
import type { Db, Tx } from "../db/client";
import { exportJobs, submissions } from "../db/schema";
import { notFound } from "../http/errors";
import { isUuid } from "../http/ids";
import { isReviewableSql } from "../reviewing/candidates";

/** The export jobs as the routes see them: created, listed, looked up, presented and deleted. */

export type ExportJobRow = typeof exportJobs.$inferSelect;

/** The caller's recent exports: how many the list shows. */
export const RECENT_EXPORTS = 50;

/** Where a job's files live in the private bucket: everything of one job under one folder. */
export const jobFolder = (jobId: string) => `exports/${jobId}`;

/**
 * The result of one attempt: its own folder, so a runner that lost its lease and still finishes writes
 * nowhere near the file of the attempt that owns the job.
 */
export const resultKey = (job: { id: string; attempts: number; kind: ExportKind; format: ExportFormat }) =>
  `${jobFolder(job.id)}/${job.attempts}/${job.kind}.${job.format}`;

/**
 * The name the result is saved under: the program's slug, the kind (and the dossier's candidate), the
 * day it was asked for (UTC) and the extension — `community-grants-2026-data-2026-11-21.csv`. The slug
 * part stays within the export slug length (review-and-administration, "9. Business constants and limits":
 * 200), so the whole name fits every file system's 255.
 */
export function exportFileName(
  programName: string,
  kind: ExportKind,
  format: ExportFormat,
  createdAt: Date,
  candidateIdentifier?: string,
): string {
  const parts =
    candidateIdentifier === undefined
      ? [fileSlug(programName, EXPORT_SLUG_LENGTH, "program"), kind]
      : [
          // A dossier names its candidate: the program's part is kept short to leave them room.
          fileSlug(programName, SLUG_LENGTH, "program"),
          kind,
          fileSlug(candidateIdentifier, EXPORT_SLUG_LENGTH, "candidate"),
        ];
  const base = parts.join("-").toLowerCase().slice(0, EXPORT_SLUG_LENGTH).replace(/-$/, "");
  return `${base}-${createdAt.toISOString().slice(0, 10)}.${format}`;
}

/**
 * The dossier's candidate: a submitted, non-test candidate of this program, else 404 (a draft, a test,
 * another program's candidate or an id that names nothing are all "not found" to the admin).
 */
export async function findDossierCandidate(db: Tx, programId: string, submissionId: string) {
  if (!isUuid(submissionId)) throw notFound();
  const [row] = await db
    .select({ id: submissions.id, identifier: submissions.identifier })
    .from(submissions)
    .where(and(eq(submissions.id, submissionId), eq(submissions.programId, programId), isReviewableSql()));
  if (!row) throw notFound();
  return row;
}

/** Queues an export (recorded in the audit log); the runner picks it up (kick it after this resolves). */
export async function createExportJob(
  db: Db,
  program: { id: string; organizationId: string; name: string },
  requestedBy: string,
  params: ExportParams,
): Promise<ExportJobRow> {
  const candidate =
    params.submissionId === undefined
      ? undefined
      : await findDossierCandidate(db, program.id, params.submissionId);
  const createdAt = new Date();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(exportJobs)
      .values({
        organizationId: program.organizationId,
        programId: program.id,
        requestedBy,
        kind: params.kind,
        format: params.format,
        submissionId: candidate?.id ?? null,
        includeAnonymized: params.includeAnonymized,
        fileName: exportFileName(program.name, params.kind, params.format, createdAt, candidate?.identifier),
        createdAt,
      })
      .returning();
    await recordAudit(tx, {
      ...exportScope(row!, requestedBy),
      action: "export.created",
      details: {
        kind: params.kind,
        format: params.format,
        includeAnonymized: params.includeAnonymized,
        ...(candidate ? { candidate: candidate.identifier } : {}),
      },
    });
    return row!;
  });
}

/** An export as the audit log names it: by its file name. */
const exportScope = (job: ExportJobRow, actorUserId: string) => ({
  organizationId: job.organizationId,
  programId: job.programId,
  actorUserId,
  subject: { type: "export" as const, id: job.id, label: job.fileName },
});

/** The caller's own exports of a program, newest first: one query on (program_id, requested_by, created_at). */
export function listOwnExportJobs(db: Db, programId: string, userId: string): Promise<ExportJobRow[]> {
  return db
    .select()
    .from(exportJobs)
    .where(and(eq(exportJobs.programId, programId), eq(exportJobs.requestedBy, userId)))
    .orderBy(desc(exportJobs.createdAt), desc(exportJobs.id))
    .limit(RECENT_EXPORTS);
}

/**
 * One of the caller's own exports, else 404: another admin's export, even in the same program, is
 * "not found" to them (each admin sees and downloads only what they asked for).
 */
export async function findOwnExportJob(db: Db, jobId: string, userId: string): Promise<ExportJobRow> {
  if (!isUuid(jobId)) throw notFound();
  const [row] = await db
    .select()
    .from(exportJobs)
    .where(and(eq(exportJobs.id, jobId), eq(exportJobs.requestedBy, userId)));
  if (!row) throw notFound();
  return row;
}

/**
 * Deletes the job. A queued one is simply never run; a running one is cancelled: its runner's next
 * lease renewal finds no row and stops the producer (and any file it writes is removed, see the runner).
 */
export async function deleteExportJob(db: Db, job: ExportJobRow, actorUserId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(exportJobs)
      .where(eq(exportJobs.id, job.id))
      .returning({ id: exportJobs.id });
    if (deleted) await recordAudit(tx, { ...exportScope(job, actorUserId), action: "export.deleted" });
  });
}

export function presentExportJob(row: ExportJobRow, downloadUrl: string | null): ExportJob {
  return {
    _id: row.id,
    programId: row.programId,
    kind: row.kind,
    format: row.format,
    submissionId: row.submissionId,
    includeAnonymized: row.includeAnonymized,
    status: row.status,
    processed: row.processed,
    total: row.total,
    attempts: row.attempts,
    error: row.error,
    fileName: row.fileName,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    downloadUrl: row.status === "ready" ? downloadUrl : null,
  };
}
