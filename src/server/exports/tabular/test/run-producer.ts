import type { ExportFormat } from "../../../../shared/schemas/exports";
import type { Db } from "../../../db/client";
import type { FileStorage } from "../../../files/storage";
import type { ExportContext, ExportProducer, ExportProgram } from "../../types";
import { BOM } from "../csv";
import { collectingOutput } from "./collect";
import { parseCsv, readXlsx, type XlsxValue } from "./read-back";

/**
 * Runs a producer the way the job runner does — a hand-made context whose output is collected — for
 * the producers' tests (the runner has its own).
 */

export interface ProducerRun {
  bytes: Buffer;
  /** Every progress report, in order. */
  progress: [processed: number, total: number][];
}

export async function runProducer(
  producer: ExportProducer,
  opts: {
    db: Db;
    storage: FileStorage;
    program: ExportProgram;
    format: ExportFormat;
    includeAnonymized?: boolean;
    internalEmailDomains?: readonly string[];
    signal?: AbortSignal;
  },
): Promise<ProducerRun> {
  const { output, bytes } = collectingOutput();
  const progress: [number, number][] = [];
  const context: ExportContext = {
    db: opts.db,
    storage: opts.storage,
    program: opts.program,
    params: {
      programId: opts.program.id,
      kind: producer.kind,
      format: opts.format,
      includeAnonymized: opts.includeAnonymized ?? false,
    },
    requestedBy: { userId: "test", name: "Test Admin" },
    progress: async (processed, total) => {
      progress.push([processed, total]);
    },
    output,
    signal: opts.signal ?? new AbortController().signal,
    internalEmailDomains: opts.internalEmailDomains ?? [],
  };
  await producer.run(context);
  // The runner ends the output when a producer has not; the tabular producers always have.
  if (!output.writableEnded) throw new Error("The producer left its output open.");
  return { bytes: await bytes(), progress };
}

/** A CSV export's records, after checking and removing its byte order mark. */
export function csvRows(bytes: Buffer): string[][] {
  const text = bytes.toString("utf8");
  if (!text.startsWith(BOM)) throw new Error("The CSV has no byte order mark.");
  return parseCsv(text.slice(BOM.length));
}

/** An XLSX export's rows (missing cells null). */
export function xlsxRows(bytes: Buffer): (XlsxValue | null)[][] {
  return readXlsx(bytes).rows;
}
