import type { ExportJob } from "../../../../shared/schemas/exports";

/** The program of the export tests' jobs. */
export const TEST_PROGRAM = "p1";
/** When the export tests' jobs were created. */
export const TEST_CREATED = "2025-03-02T10:00:00.000Z";

/** A queued data export (CSV) of TEST_PROGRAM, as the server describes it, with `patch` applied. */
export function testJob(id: string, patch: Partial<ExportJob> = {}): ExportJob {
  return {
    _id: id,
    programId: TEST_PROGRAM,
    kind: "data",
    format: "csv",
    submissionId: null,
    includeAnonymized: false,
    status: "queued",
    processed: 0,
    total: null,
    attempts: 1,
    error: null,
    fileName: null,
    size: null,
    createdAt: TEST_CREATED,
    finishedAt: null,
    expiresAt: null,
    downloadUrl: null,
    ...patch,
  };
}
