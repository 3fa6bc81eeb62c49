import { MAX_FORM_BODY_BYTES, MAX_LEGACY_ZIP_BYTES } from "../../../shared/limits";
import type { ImportProblem } from "../../../shared/schemas/legacy-import";
import { CONTENT_TYPE_OF, nameFitsType, sniffFileType } from "../../files/sniff";
import { displayName } from "../../submissions/files";
import type { ImportPlan } from "./validate";
import { openZip, type ZipArchive, type ZipEntry, ZipUnreadable } from "./zip-reader";

/**
 * A program of the earlier system as a zip of JSON files plus the applications' attachments
 * (docs/decisions/032-legacy-program-import.md, "A zip with the attachments"):
 *
 *   program.json                 the program file as the JSON import takes it — whole, or only its `program`
 *   form.json, submissions.json, … one file per collection (`form`, `criteria`, `programUsers`,
 *                                `reviewerGroups`, `submissions`, `reviews`, `rankings`), when not in program.json
 *   files/{fileId}/{file name}   one attachment: `fileId` is what a file answer's `answerArray` names
 *
 * Everything is checked before anything is written: the archive, the JSON (as the JSON import checks it), and
 * every attachment — named by exactly one file answer, present, within the plan's file size, of the type its
 * question takes (judged by the content, as for applicants' uploads).
 */

export const LEGACY_ZIP_LIMITS = {
  /** The whole archive, received as it streams in and stopped past this. */
  maxBytes: MAX_LEGACY_ZIP_BYTES,
  maxEntries: 20_000,
  /** The JSON files together: the JSON import's own body limit. */
  jsonBytes: MAX_FORM_BODY_BYTES,
} as const;

export const LEGACY_ZIP_COLLECTIONS = [
  "form",
  "criteria",
  "programUsers",
  "reviewerGroups",
  "submissions",
  "reviews",
  "rankings",
] as const;

/** One attachment of the archive, by the id the answers name it with. */
export interface ZipAttachment {
  fileId: string;
  /** The file's name as shown and downloaded. */
  name: string;
  path: string;
  entry: ZipEntry;
}

/** An attachment checked and placed: the application (source id) and question it belongs to. */
export interface PlannedAttachment extends ZipAttachment {
  applicationId: string;
  questionId: string;
  contentType: string;
}

export interface LegacyZip {
  archive: ZipArchive;
  /** The program file the JSON files make together (checked by the JSON import's own checks). */
  raw: unknown;
  attachments: Map<string, ZipAttachment>;
}

/** A request body that is a zip (the browser's type for a .zip, or the one the import dialog sends). */
export function isZipBody(contentType: string | undefined): boolean {
  return /^\s*application\/(zip|x-zip-compressed)\s*(;|$)/i.test(contentType ?? "");
}

export const zipTooLarge = (): ImportProblem => ({
  record: "zip",
  field: "",
  reason: `The zip is larger than ${LEGACY_ZIP_LIMITS.maxBytes / 1_048_576} MB.`,
});

const zipProblem = (field: string, reason: string): ImportProblem => ({ record: "zip", field, reason });

/** Files a zip tool adds of its own accord (macOS's resource forks, Finder's folder settings). */
const isToolLitter = (name: string) =>
  name.startsWith("__MACOSX/") || /(^|\/)\.DS_Store$/.test(name) || /(^|\/)Thumbs\.db$/i.test(name);

/** The entries that are files, without a single folder everything was zipped in ("export/program.json"). */
function filesOf(entries: ZipEntry[]): { entry: ZipEntry; path: string }[] {
  const files = entries.filter((e) => !e.name.endsWith("/") && !isToolLitter(e.name));
  const top = files[0]?.name.split("/")[0];
  const inOneFolder =
    top !== undefined &&
    !files.some((f) => f.name === "program.json") &&
    files.some((f) => f.name === `${top}/program.json`) &&
    files.every((f) => f.name.startsWith(`${top}/`));
  return files.map((entry) => ({
    entry,
    path: inOneFolder ? entry.name.slice(top.length + 1) : entry.name,
  }));
}

const UNSAFE_SEGMENT = /^(|\.|\.\.)$/;

/**
 * Opens the zip and reads its JSON files into one program file; the attachments are listed, not yet read.
 * Answers the problems instead when the archive, its layout or its JSON is wrong (the archive closed then).
 */
export async function readLegacyZip(
  path: string,
): Promise<{ zip: LegacyZip } | { problems: ImportProblem[] }> {
  let archive: ZipArchive;
  try {
    archive = await openZip(path, { maxEntries: LEGACY_ZIP_LIMITS.maxEntries });
  } catch (error) {
    if (error instanceof ZipUnreadable) return { problems: [zipProblem("", error.message)] };
    throw error;
  }
  const problems: ImportProblem[] = [];
  const json = new Map<string, ZipEntry>();
  const attachments = new Map<string, ZipAttachment>();
  for (const { entry, path: name } of filesOf(archive.entries)) {
    const segments = name.split("/");
    if (name.startsWith("/") || segments.some((s) => UNSAFE_SEGMENT.test(s))) {
      problems.push(zipProblem(name, 'A path inside the zip may not be absolute nor contain "..".'));
      continue;
    }
    if (segments.length === 1 && /\.json$/i.test(name)) {
      const key = name.slice(0, -".json".length);
      if (key === "program" || (LEGACY_ZIP_COLLECTIONS as readonly string[]).includes(key)) {
        json.set(key, entry);
        continue;
      }
    }
    if (segments.length === 3 && segments[0] === "files") {
      const [, fileId, fileName] = segments as [string, string, string];
      if (attachments.has(fileId)) {
        problems.push(zipProblem(name, `The folder files/${fileId} holds more than one file.`));
        continue;
      }
      attachments.set(fileId, { fileId, name: displayName(fileName), path: name, entry });
      continue;
    }
    problems.push(
      zipProblem(
        name,
        "Not part of an import: the zip holds program.json, one JSON file per collection (submissions.json, …) " +
          "and the attachments as files/{file id}/{file name}.",
      ),
    );
  }
  if (!json.has("program")) problems.push(zipProblem("program.json", "The zip needs its program.json."));
  const jsonBytes = [...json.values()].reduce((sum, e) => sum + e.size, 0);
  if (jsonBytes > LEGACY_ZIP_LIMITS.jsonBytes)
    problems.push(
      zipProblem(
        "",
        `The JSON files together are larger than ${LEGACY_ZIP_LIMITS.jsonBytes / 1_048_576} MB.`,
      ),
    );
  if (problems.length > 0) {
    await archive.close();
    return { problems };
  }
  const parsed = new Map<string, unknown>();
  for (const [key, entry] of json) {
    try {
      parsed.set(key, JSON.parse((await archive.read(entry)).toString("utf8")));
    } catch (error) {
      if (error instanceof SyntaxError) problems.push(zipProblem(`${key}.json`, "The file is not JSON."));
      else if (error instanceof ZipUnreadable) problems.push(zipProblem(`${key}.json`, error.message));
      else throw error;
    }
  }
  const program = parsed.get("program");
  // program.json is the whole file (it has a `program`), or the program record alone.
  const whole =
    program !== null && typeof program === "object" && !Array.isArray(program) && "program" in program;
  const raw: Record<string, unknown> = whole ? { ...(program as Record<string, unknown>) } : { program };
  for (const key of LEGACY_ZIP_COLLECTIONS) {
    if (!parsed.has(key)) continue;
    if (raw[key] !== undefined)
      problems.push(
        zipProblem(`${key}.json`, `The ${key} are given twice: in program.json and in ${key}.json.`),
      );
    raw[key] = parsed.get(key);
  }
  if (problems.length > 0) {
    await archive.close();
    return { problems };
  }
  return { zip: { archive, raw, attachments } };
}

/**
 * The attachments checked against the plan: each named by exactly one file answer (`answerArray`) and each
 * such name present; within the question's count, the plan's file size, and the question's file type (by the
 * name and by the content). Every attachment is read once here (and again when stored): a damaged one is a
 * problem now, not a failure half-way through the import.
 */
export async function checkAttachments(
  plan: ImportPlan,
  zip: LegacyZip,
  maxFileBytes: number,
): Promise<{ planned: PlannedAttachment[] } | { problems: ImportProblem[] }> {
  const problems: ImportProblem[] = [];
  const questions = new Map(
    plan.content.sections.flatMap((s) => s.questions.map((q) => [q._id, q] as const)),
  );
  const claimed = new Map<string, string>();
  const planned: PlannedAttachment[] = [];
  const maxMB = Math.round(maxFileBytes / 1_048_576);
  for (const submission of plan.file.submissions) {
    const record = `application ${submission._id}`;
    for (const [j, answer] of submission.answers.entries()) {
      const question = questions.get(answer.questionId);
      if (question?.type !== "FILE_UPLOAD") continue;
      if (answer.answerArray.length > question.files.maxFiles)
        problems.push({
          record,
          field: `answers.${j}.answerArray`,
          reason: `The question takes at most ${question.files.maxFiles} file(s).`,
        });
      for (const [k, fileId] of answer.answerArray.entries()) {
        const field = `answers.${j}.answerArray.${k}`;
        const attachment = zip.attachments.get(fileId);
        if (attachment === undefined) {
          problems.push({ record, field, reason: `No file files/${fileId}/… in the zip.` });
          continue;
        }
        const owner = claimed.get(fileId);
        if (owner !== undefined) {
          problems.push({ record, field, reason: `The file ${fileId} is also ${owner}'s.` });
          continue;
        }
        claimed.set(fileId, record);
        const reason = await attachmentProblem(zip, attachment, question.files.fileType, maxFileBytes, maxMB);
        if (typeof reason === "string")
          problems.push({ record, field, reason: `${attachment.path}: ${reason}` });
        else
          planned.push({
            ...attachment,
            applicationId: submission._id,
            questionId: question._id,
            contentType: reason.contentType,
          });
      }
    }
  }
  for (const attachment of zip.attachments.values())
    if (!claimed.has(attachment.fileId))
      problems.push(
        zipProblem(attachment.path, "No application's file answer names this file (answerArray)."),
      );
  return problems.length > 0 ? { problems } : { planned };
}

async function attachmentProblem(
  zip: LegacyZip,
  attachment: ZipAttachment,
  fileType: keyof typeof CONTENT_TYPE_OF | "any",
  maxFileBytes: number,
  maxMB: number,
): Promise<string | { contentType: string }> {
  // The declared size first: a file over the limit is never inflated.
  if (attachment.entry.size > maxFileBytes) return `The file is larger than the plan's ${maxMB} MB.`;
  if (!nameFitsType(attachment.name, fileType)) return `The question takes ${fileType.toUpperCase()} files.`;
  let bytes: Buffer;
  try {
    bytes = await zip.archive.read(attachment.entry);
  } catch (error) {
    if (error instanceof ZipUnreadable) return error.message;
    throw error;
  }
  const sniffed = sniffFileType(bytes);
  if (fileType !== "any" && sniffed !== fileType)
    return `The question takes ${fileType.toUpperCase()} files.`;
  return { contentType: sniffed ? CONTENT_TYPE_OF[sniffed] : "application/octet-stream" };
}
