import type { Writable } from "node:stream";
import type { ExportFormat, ExportKind, ExportParams } from "../../shared/schemas/exports";
import type { Db } from "../db/client";
import type { FileStorage } from "../files/storage";

/** The program an export is about. */
export interface ExportProgram {
  id: string;
  organizationId: string;
  name: string;
  appVersion: number;
}

/**
 * What the job runner hands a producer. The producer writes its whole result to `output` (a file being
 * written; the runner moves it into place only when `run` resolves, so a failed or interrupted export never
 * leaves a half-written file marked ready) and reports progress as it goes.
 */
export interface ExportContext {
  db: Db;
  storage: FileStorage;
  program: ExportProgram;
  params: ExportParams;
  /** The admin who asked (their name for the dossier's cover, nothing more). */
  requestedBy: { userId: string; name: string };
  /** Units done of the total (submissions, files, rows); cheap to call often (the runner throttles). */
  progress(processed: number, total: number): Promise<void>;
  /** The result's bytes. Respect backpressure (await drain / use stream.pipeline). */
  output: Writable;
  /** Aborted when the job must stop (lease lost, shutdown, cancel): stop writing and reject. */
  signal: AbortSignal;
  /**
   * Addresses in these domains are our own test accounts: left out of the comment export
   * (review-and-administration, "6. Roles and permissions").
   */
  internalEmailDomains: readonly string[];
}

export interface ExportProducer {
  kind: ExportKind;
  /** The result's content type for the format. */
  contentType(format: ExportFormat): string;
  run(context: ExportContext): Promise<void>;
}
