import { randomUUID } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import type { Question } from "../../shared/forms/model";
import { translate } from "../../shared/i18n/catalog";
import type { SubmissionFile } from "../../shared/schemas/submissions";
import type { Db, Tx } from "../db/client";
import { submissionFiles, submissions } from "../db/schema";
import { DIRECTION_CONTROLS } from "../exports/zip/entry-names";
import { CONTENT_TYPE_OF, nameFitsType, sniffFileType } from "../files/sniff";
import type { FileStorage } from "../files/storage";
import type { ReceivedUpload } from "../files/upload-body";
import type { PrivateUploadGrant } from "../files/upload-grants";
import { versionContent } from "../forms/versions";
import { AppError, notFound } from "../http/errors";
import { isUuid } from "../http/ids";
import { formState } from "./form-versions";
import { isEditable, questionNames, recordAdminEdit, type SubmissionRef } from "./service";

/**
 * Applicant files (forms-and-applicants, "5. Validation rules", "Applicant answers"): the question's count
 * and type and the plan's size are checked before the upload address is given and again when the bytes arrive
 * (type by content). Files live in the private bucket under the submission; the database row is what makes a
 * file part of it.
 */
const MB = 1_048_576;
const UPLOAD_MINUTES = 15;
const en = (key: Parameters<typeof translate>[1], vars?: Record<string, string | number>) =>
  translate("en", key, vars);

/** A file name safe for a storage key: letters, digits, dot, dash, underscore; at most 80 characters. */
export function safeName(filename: string, fallback = "file"): string {
  const cleaned = filename.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[.-]+/, "");
  return (cleaned || fallback).slice(-80);
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const CONTROL_OR_QUOTE = /[\u0000-\u001f\u007f"]/g;

/**
 * The name shown and downloaded: the applicant's, without path parts, control characters or
 * direction controls (which would show "invoice\u202Efdp.exe" as "invoiceexe.pdf").
 */
export function displayName(filename: string): string {
  const base = filename.split(/[/\\]/).pop() ?? "";
  const cleaned = base.replace(CONTROL_OR_QUOTE, "").replace(DIRECTION_CONTROLS, "").trim();
  return (cleaned || "file").slice(0, 200);
}

function fileQuestion(sections: readonly { questions: readonly Question[] }[], questionId: string) {
  const question = sections.flatMap((s) => s.questions).find((q) => q._id === questionId);
  if (question?.type !== "FILE_UPLOAD") {
    throw new AppError("VALIDATION", "This question does not take files.", {
      questionId: ["Not a file question"],
    });
  }
  return question;
}

async function fileCount(tx: Tx, submissionId: string, questionId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(submissionFiles)
    .where(and(eq(submissionFiles.submissionId, submissionId), eq(submissionFiles.questionId, questionId)));
  return row?.n ?? 0;
}

function refuseUnlessEditable(editable: boolean) {
  if (!editable) throw new AppError("FORM_CLOSED", "This application cannot be changed now.");
}

/** An upload address for one file, after checking what can be checked before the bytes arrive. */
export async function grantUpload(
  db: Db,
  ref: SubmissionRef,
  access: "owner" | "admin",
  request: { questionId: string; filename: string; size: number },
  userId: string | null,
): Promise<PrivateUploadGrant> {
  const state = await formState(db, ref.formId);
  refuseUnlessEditable(isEditable(ref, state, access));
  const content = await versionContent(db, ref.formId, ref.formVersion);
  const question = fileQuestion(content.sections, request.questionId);
  const maxBytes = state.maxFileSizeMB * MB;
  const name = displayName(request.filename);
  if (request.size > maxBytes) {
    throw new AppError("VALIDATION", en("file.maxSize", { mb: state.maxFileSizeMB }), {
      file: [en("file.maxSize", { mb: state.maxFileSizeMB })],
    });
  }
  if (!nameFitsType(name, question.files.fileType)) {
    const message = en("file.type", { type: question.files.fileType });
    throw new AppError("VALIDATION", message, { file: [message] });
  }
  if ((await fileCount(db, ref.id, question._id)) >= question.files.maxFiles) {
    const message = en("file.maxCount", { count: question.files.maxFiles });
    throw new AppError("VALIDATION", message, { file: [message] });
  }
  return {
    bucket: "private",
    key: `submissions/${ref.id}/${randomUUID()}-${safeName(name)}`,
    userId,
    submissionId: ref.id,
    questionId: question._id,
    name,
    maxBytes,
    expiresAt: Date.now() + UPLOAD_MINUTES * 60_000,
    contentType:
      question.files.fileType === "any" ? ANY_CONTENT_TYPE : CONTENT_TYPE_OF[question.files.fileType],
  };
}

const ANY_CONTENT_TYPE = "application/octet-stream";

/** A file the browser sent to the bucket itself, already at the grant's key: checked where it lies. */
export interface StoredUpload {
  stored: true;
  size: number;
  head: Uint8Array;
}

/**
 * The bytes of a granted upload — in memory, received into a temporary file beside the key
 * (`storage.partialPathFor`, as the upload route streams them), or already at the key in a bucket
 * (`StoredUpload`): the type is judged by the content, the count again under a lock on the submission
 * (two uploads at once cannot both take the last place). The file is put in place before its row, and
 * removed again if the row cannot be added; one the browser stored is removed when it fails a check.
 * Attaching the same stored key twice answers the file attached the first time.
 */
export async function storeUpload(
  db: Db,
  storage: FileStorage,
  grant: PrivateUploadGrant,
  upload: Uint8Array | ReceivedUpload | StoredUpload,
): Promise<SubmissionFile> {
  try {
    return await attachUpload(db, storage, grant, upload);
  } catch (error) {
    if ("stored" in upload) await storage.remove("private", grant.key);
    throw error;
  }
}

async function attachUpload(
  db: Db,
  storage: FileStorage,
  grant: PrivateUploadGrant,
  upload: Uint8Array | ReceivedUpload | StoredUpload,
): Promise<SubmissionFile> {
  const inMemory = upload instanceof Uint8Array;
  const ref = await db.select().from(submissions).where(eq(submissions.id, grant.submissionId));
  const row = ref[0];
  if (!row) throw notFound();
  const content = await versionContent(db, row.formId, row.formVersion);
  const question = fileQuestion(content.sections, grant.questionId);
  const sniffed = sniffFileType(inMemory ? upload : upload.head);
  const wanted = question.files.fileType;
  if (wanted !== "any" && sniffed !== wanted) {
    const message = en("file.type", { type: wanted });
    throw new AppError("VALIDATION", message, { file: [message] });
  }
  const contentType = sniffed ? CONTENT_TYPE_OF[sniffed] : "application/octet-stream";
  if (inMemory) await storage.write("private", grant.key, upload, contentType);
  else if (!("stored" in upload)) await storage.moveIntoPlace(upload.path, "private", grant.key);
  try {
    return await db.transaction(async (tx) => {
      await tx
        .select({ id: submissions.id })
        .from(submissions)
        .where(eq(submissions.id, row.id))
        .for("update");
      const [attached] = await tx.select().from(submissionFiles).where(eq(submissionFiles.key, grant.key));
      if (attached) return presentFile(attached);
      if ((await fileCount(tx, row.id, question._id)) >= question.files.maxFiles) {
        const message = en("file.maxCount", { count: question.files.maxFiles });
        throw new AppError("VALIDATION", message, { file: [message] });
      }
      const [file] = await tx
        .insert(submissionFiles)
        .values({
          submissionId: row.id,
          questionId: question._id,
          key: grant.key,
          name: grant.name,
          size: inMemory ? upload.byteLength : upload.size,
          contentType,
        })
        .returning();
      await tx.update(submissions).set({ lastSaveDate: new Date() }).where(eq(submissions.id, row.id));
      // The address was made for its uploader: someone other than the owner is an admin (admin edit mode).
      if (grant.userId !== null && grant.userId !== row.userId) {
        await recordAdminEdit(tx, row, grant.userId, { question: question.name, fileAdded: grant.name });
      }
      return presentFile(file!);
    });
  } catch (error) {
    await storage.remove("private", grant.key);
    throw error;
  }
}

function presentFile(file: typeof submissionFiles.$inferSelect): SubmissionFile {
  return {
    _id: file.id,
    questionId: file.questionId,
    name: file.name,
    size: file.size,
    contentType: file.contentType,
  };
}

export async function findFile(db: Tx, fileId: string) {
  if (!isUuid(fileId)) throw notFound();
  const [file] = await db.select().from(submissionFiles).where(eq(submissionFiles.id, fileId));
  if (!file) throw notFound();
  return file;
}

/**
 * Removing a file deletes it from storage too (only while the application can change). An admin's
 * removal is recorded in the audit log.
 */
export async function deleteFile(
  db: Db,
  storage: FileStorage,
  ref: SubmissionRef,
  access: "owner" | "admin",
  fileId: string,
  actorUserId: string | null,
): Promise<void> {
  const state = await formState(db, ref.formId);
  refuseUnlessEditable(isEditable(ref, state, access));
  const removed = await db.transaction(async (tx) => {
    const [file] = await tx
      .delete(submissionFiles)
      .where(and(eq(submissionFiles.id, fileId), eq(submissionFiles.submissionId, ref.id)))
      .returning({
        key: submissionFiles.key,
        name: submissionFiles.name,
        questionId: submissionFiles.questionId,
      });
    if (file && access === "admin") {
      const question = (await questionNames(tx, ref)).get(file.questionId) ?? file.questionId;
      await recordAdminEdit(tx, ref, actorUserId, { question, fileRemoved: file.name });
    }
    return file;
  });
  if (!removed) throw notFound();
  await storage.remove("private", removed.key);
}
