import type { FileType } from "../../../../shared/forms/model";
import type { SubmissionFile } from "../../../../shared/schemas/submissions";

/**
 * The browser's checks before an upload (forms-and-applicants, "5. Validation rules": "File upload"): how
 * many files the question takes, which type, and the plan's size limit. The server checks again (by content).
 */
export const BYTES_PER_MB = 1_048_576;

const TYPE_RULES: Record<Exclude<FileType, "any">, { extensions: string[]; mimeTypes: string[] }> = {
  pdf: { extensions: [".pdf"], mimeTypes: ["application/pdf"] },
  png: { extensions: [".png"], mimeTypes: ["image/png"] },
  jpeg: { extensions: [".jpg", ".jpeg"], mimeTypes: ["image/jpeg"] },
};

/** The file picker's `accept` for a file type (undefined: anything). */
export function acceptFor(fileType: FileType): string | undefined {
  if (fileType === "any") return undefined;
  const rule = TYPE_RULES[fileType];
  return [...rule.extensions, ...rule.mimeTypes].join(",");
}

/** What the checks need of a file (a browser `File` has it). */
export interface PickedFile {
  name: string;
  /** The MIME type the browser reports; empty when it does not know. */
  type: string;
  size: number;
}

/**
 * Whether the file is of the type: its extension must be one of the type's, and the MIME type the
 * browser reports (when it reports one) must be the type's too.
 */
export function matchesFileType(file: PickedFile, fileType: FileType): boolean {
  if (fileType === "any") return true;
  const rule = TYPE_RULES[fileType];
  const name = file.name.toLowerCase();
  const extensionOk = rule.extensions.some((extension) => name.endsWith(extension));
  const mime = file.type.trim().toLowerCase();
  return extensionOk && (mime === "" || rule.mimeTypes.includes(mime));
}

export interface FileLimits {
  maxFiles: number;
  fileType: FileType;
  maxFileSizeMB: number;
}

/**
 * What the question accepts, as the catalog's message and its values: "One file, 50 MB at most" or
 * "Up to 3 files of type pdf, 50 MB at most each" — a plural only for more than one, units as units
 * (docs/decisions/031-admin-and-copy-fixes.md).
 */
export function fileLimitsMessage(
  limits: FileLimits,
):
  | { key: "file.limitsAny" | "file.limitsAnyOne"; vars: { count: number; mb: number } }
  | { key: "file.limits" | "file.limitsOne"; vars: { count: number; type: string; mb: number } } {
  const one = limits.maxFiles === 1;
  const mb = limits.maxFileSizeMB;
  if (limits.fileType === "any") {
    return { key: one ? "file.limitsAnyOne" : "file.limitsAny", vars: { count: limits.maxFiles, mb } };
  }
  return {
    key: one ? "file.limitsOne" : "file.limits",
    vars: { count: limits.maxFiles, type: limits.fileType, mb },
  };
}

/** Why a file cannot be uploaded, as the catalog's message and its values. */
export type FileProblem =
  | { key: "file.maxCount"; vars: { count: number } }
  | { key: "file.type"; vars: { type: string } }
  | { key: "file.maxSize"; vars: { mb: number } }
  | { key: "file.empty"; vars: Record<string, never> };

/** Whether the question can take one more file: the count first, then the type, then the size. */
export function fileProblem(file: PickedFile, count: number, limits: FileLimits): FileProblem | null {
  if (count >= limits.maxFiles) return { key: "file.maxCount", vars: { count: limits.maxFiles } };
  if (!matchesFileType(file, limits.fileType)) return { key: "file.type", vars: { type: limits.fileType } };
  if (file.size > limits.maxFileSizeMB * BYTES_PER_MB) {
    return { key: "file.maxSize", vars: { mb: limits.maxFileSizeMB } };
  }
  if (file.size === 0) return { key: "file.empty", vars: {} };
  return null;
}

/**
 * The files of a pick that can be uploaded, in order, while the question has room; and the first
 * problem met (the one to show), if any.
 */
export function checkFiles<F extends PickedFile>(
  files: readonly F[],
  count: number,
  limits: FileLimits,
): { accepted: F[]; problem: FileProblem | null } {
  const accepted: F[] = [];
  let problem: FileProblem | null = null;
  for (const file of files) {
    const found = fileProblem(file, count + accepted.length, limits);
    if (found) problem ??= found;
    else accepted.push(file);
  }
  return { accepted, problem };
}

/**
 * A file question's uploaded files: in the answer's order (its `answerArray` of file ids), then any
 * other file of the question not listed there yet.
 */
export function questionFiles(
  files: readonly SubmissionFile[],
  questionId: string,
  order: readonly string[],
): SubmissionFile[] {
  const own = files.filter((f) => f.questionId === questionId);
  const rank = new Map(order.map((id, index) => [id, index]));
  return own
    .map((file, index) => ({ file, rank: rank.get(file._id) ?? order.length + index }))
    .sort((a, b) => a.rank - b.rank)
    .map((entry) => entry.file);
}
