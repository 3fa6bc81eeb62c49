import {
  type CreateExportBody,
  EXPORT_LABELS,
  type ExportFormat,
  type ExportJob,
  type ExportKind,
  FORMATS_OF,
} from "../../../shared/schemas/exports";
import { formatDateTime } from "../../lib/date-format";

/**
 * Export Options' rules (docs/decisions/011-exports.md; review-and-administration, "Export Options",
 * "8. Error catalogue"), apart from the screen. The server runs the jobs and decides what is in them; these
 * only choose what to ask for and present the answers.
 */

export const FORMAT_LABELS: Record<ExportFormat, string> = {
  csv: "CSV",
  xlsx: "XLSX",
  zip: "ZIP",
};

/** The formats the kind offers, the default first: a choice is shown only when there are several. */
export function formatsOf(kind: ExportKind): readonly ExportFormat[] {
  return FORMATS_OF[kind];
}

/**
 * Only these exports carry the applicants' answers, so only they can reveal what the form anonymizes
 * (the matrix and comments hold ratings and reviewers' words, the attachments are files as uploaded).
 */
const WITH_ANSWERS: ReadonlySet<ExportKind> = new Set(["data", "pdfs", "dossier"]);

export function offersAnonymizedAnswers(kind: ExportKind): boolean {
  return WITH_ANSWERS.has(kind);
}

/** A dossier is about one candidate, who must be chosen first. */
export function needsCandidate(kind: ExportKind): boolean {
  return kind === "dossier";
}

/** What the admin has chosen on one export's card (besides a dossier's candidate). */
export interface ExportChoice {
  format: ExportFormat;
  includeAnonymized: boolean;
}

export function defaultChoice(kind: ExportKind): ExportChoice {
  return { format: formatsOf(kind)[0] ?? "zip", includeAnonymized: false };
}

/**
 * The body of POST /api/exports, or null while it cannot be sent (a dossier without its candidate).
 * Options the kind does not offer are left out: the contract refuses a candidate for other kinds.
 */
export function exportRequest(
  programId: string,
  kind: ExportKind,
  choice: ExportChoice,
  submissionId: string | null,
): CreateExportBody | null {
  if (needsCandidate(kind) && submissionId === null) return null;
  return {
    programId,
    kind,
    format: formatsOf(kind).includes(choice.format) ? choice.format : formatsOf(kind)[0],
    includeAnonymized: offersAnonymizedAnswers(kind) && choice.includeAnonymized,
    ...(needsCandidate(kind) && submissionId !== null ? { submissionId } : {}),
  };
}

/** "Data (CSV)": how an export is named in the list, the announcements and the controls' labels. */
export function exportName(job: Pick<ExportJob, "kind" | "format">): string {
  return `${EXPORT_LABELS[job.kind].title} (${FORMAT_LABELS[job.format]})`;
}

type JobState = Pick<ExportJob, "status" | "processed" | "total">;

/** Still to finish: the list is read again every second while any job is. */
export function isActive(job: Pick<ExportJob, "status">): boolean {
  return job.status === "queued" || job.status === "running";
}

/** Ready or failed: nothing more will happen to it, so it may be deleted. */
export function isFinished(job: Pick<ExportJob, "status">): boolean {
  return !isActive(job);
}

export const POLL_INTERVAL_MS = 1000;

/**
 * How often to read the list again: every second while a job is queued or running, not at all once none
 * is (nor before the first answer, nor after a failed read — the page offers to try again instead of
 * hammering a server that is failing).
 */
export function pollInterval(
  jobs: readonly Pick<ExportJob, "status">[] | undefined,
  failed = false,
): number | false {
  if (failed || jobs === undefined) return false;
  return jobs.some(isActive) ? POLL_INTERVAL_MS : false;
}

export const STATUS_LABELS: Record<ExportJob["status"], string> = {
  queued: "Waiting to start",
  running: "In progress",
  ready: "Ready",
  failed: "Failed",
};

/** Above one attempt the job was interrupted (a restart of the server) and started again. */
export function wasRestarted(job: Pick<ExportJob, "attempts">): boolean {
  return job.attempts > 1;
}

export const RESTARTED_TEXT = "Restarted after an interruption";

/**
 * The share done as a whole percentage rounded down (100 only once every unit is done), or null while
 * it cannot be told: the total is not known yet, or there is nothing to count. A ready job is 100.
 */
export function progressPercent({ status, processed, total }: JobState): number | null {
  if (status === "ready") return 100;
  if (total === null || total <= 0) return null;
  return Math.min(100, Math.max(0, Math.floor((processed / total) * 100)));
}

/** What the progress bar shows beside it and says to a screen reader. */
export function progressText(job: JobState): string {
  if (job.status === "ready") return "Done";
  if (job.status === "queued") return "Waiting to start";
  const percent = progressPercent(job);
  if (percent === null) return job.status === "failed" ? "Stopped" : "Preparing…";
  const counted = `${job.processed} of ${job.total} (${percent}%)`;
  return job.status === "failed" ? `Stopped at ${counted}` : counted;
}

const SIZE_UNITS = ["KB", "MB", "GB", "TB"] as const;

/**
 * A file size as people read it, in binary units (as the plan's file size limit in MB): "0 B", "999 B",
 * "1.5 KB", "12 MB". One decimal below 10 of a unit, whole numbers above.
 */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "0 B";
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  let value = bytes;
  let unit = 0;
  do {
    value /= 1024;
    unit += 1;
  } while (value >= 1024 && unit < SIZE_UNITS.length);
  // 9.96 KB would round to "10.0 KB": round first, then decide on the decimal.
  const rounded = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  if (rounded >= 1024 && unit < SIZE_UNITS.length) return `1 ${SIZE_UNITS[unit]}`;
  return `${rounded < 10 ? rounded.toFixed(1).replace(/\.0$/, "") : String(rounded)} ${SIZE_UNITS[unit - 1]}`;
}

/** A new export at the head of the list (newest first), in place of an older copy of itself. */
export function withJob(jobs: readonly ExportJob[], job: ExportJob): ExportJob[] {
  return [job, ...jobs.filter((j) => j._id !== job._id)];
}

export function withoutJob(jobs: readonly ExportJob[], jobId: string): ExportJob[] {
  return jobs.filter((j) => j._id !== jobId);
}

/**
 * The exports that finished between two readings of the list: queued or running before, ready or failed
 * now. The first reading (nothing before) finishes nothing: coming back to the page announces no news.
 */
export function newlyFinished(
  before: readonly ExportJob[] | undefined,
  after: readonly ExportJob[] | undefined,
): ExportJob[] {
  if (before === undefined || after === undefined) return [];
  const wasActive = new Set(before.filter(isActive).map((j) => j._id));
  return after.filter((j) => wasActive.has(j._id) && isFinished(j));
}

/** What the live region says when an export finishes while the admin is on the page. */
export function finishedAnnouncement(job: Pick<ExportJob, "kind" | "format" | "status" | "error">): string {
  if (job.status === "ready") return `The ${exportName(job)} export is ready to download.`;
  return `The ${exportName(job)} export failed: ${failureMessage(job)}`;
}

/**
 * The server's message (review-and-administration, "8. Error catalogue": "alert with the message"), or a
 * plain one when it gave none.
 */
export function failureMessage(job: Pick<ExportJob, "error">): string {
  const message = job.error?.trim() ?? "";
  return message === "" ? "The export could not be completed." : message;
}

/** A moment of the job (asked for, kept until), in the admin's own way of writing dates. */
export function timeText(iso: string): string {
  return formatDateTime(iso);
}
