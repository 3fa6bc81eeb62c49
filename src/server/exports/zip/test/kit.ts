import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { promisify } from "node:util";
import { unzipSync } from "fflate";
import { defaultFormContent, newQuestion, newSection } from "../../../../shared/forms/defaults";
import type { FormContent, Question, Section } from "../../../../shared/forms/model";
import type { ExportKind, ExportParams } from "../../../../shared/schemas/exports";
import { submissionFiles } from "../../../db/schema";
import type { TestApp } from "../../../test/harness";
import type { ExportContext } from "../../types";

/**
 * Test helpers of the zip exports (used by *.test.ts only): an output that keeps what it is given (slowly,
 * if asked, to exercise backpressure), an export context, and the real tools the results are judged by —
 * `unzip -t` and `zipinfo` (Info-ZIP), `qpdf --check`, poppler's `pdftotext`.
 */

const run = promisify(execFile);

/** A Writable keeping every byte; `slow` makes each write take a tick, so the writer must wait for drains. */
export function memoryOutput(opts: { highWaterMark?: number; slow?: boolean } = {}) {
  const chunks: Buffer[] = [];
  let maxBuffered = 0;
  let drains = 0;
  const output = new Writable({
    highWaterMark: opts.highWaterMark ?? 16 * 1024,
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(Buffer.from(chunk));
      if (opts.slow) setImmediate(callback);
      else callback();
    },
  });
  const write = output.write.bind(output);
  output.write = ((...args: Parameters<Writable["write"]>) => {
    const ok = write(...args);
    maxBuffered = Math.max(maxBuffered, output.writableLength);
    return ok;
  }) as Writable["write"];
  output.on("drain", () => {
    drains += 1;
  });
  return {
    output,
    bytes: () => Buffer.concat(chunks),
    get maxBuffered() {
      return maxBuffered;
    },
    get drains() {
      return drains;
    },
  };
}

export interface ContextOptions {
  kind: ExportKind;
  includeAnonymized?: boolean;
  submissionId?: string;
  signal?: AbortSignal;
  internalEmailDomains?: readonly string[];
  output?: Writable;
}

/** A producer's context on the test app's database and storage; `progress` records every report. */
export function exportContext(
  t: TestApp,
  program: { id: string; organizationId: string; name: string; appVersion: number },
  opts: ContextOptions,
) {
  const memory = memoryOutput();
  const reports: [number, number][] = [];
  const params: ExportParams = {
    programId: program.id,
    kind: opts.kind,
    format: "zip",
    includeAnonymized: opts.includeAnonymized ?? false,
    ...(opts.submissionId === undefined ? {} : { submissionId: opts.submissionId }),
  };
  const ctx: ExportContext = {
    db: t.deps.db,
    storage: t.deps.files.storage,
    program: {
      id: program.id,
      organizationId: program.organizationId,
      name: program.name,
      appVersion: program.appVersion,
    },
    params,
    requestedBy: { userId: "test-admin", name: "Test Admin" },
    progress: async (processed, total) => {
      reports.push([processed, total]);
    },
    output: opts.output ?? memory.output,
    signal: opts.signal ?? new AbortController().signal,
    internalEmailDomains: opts.internalEmailDomains ?? ["decisionhub.test"],
  };
  return { ctx, reports, bytes: memory.bytes };
}

/** Every entry of a zip, by name (fflate's own reader; the CLI checks below are the independent ones). */
export function entriesOf(zip: Uint8Array): Record<string, Uint8Array> {
  return unzipSync(zip);
}

async function withTempFile<T>(
  bytes: Uint8Array,
  name: string,
  use: (file: string) => Promise<T>,
): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), "zip-export-test-"));
  try {
    const file = path.join(dir, name);
    await writeFile(file, bytes);
    return await use(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The zip as Info-ZIP sees it: `unzip -t` tests every entry's CRC (throws if any fails), and `zipinfo`
 * lists each entry with its method ("stor" stored, "defN" deflated). Names come back as UTF-8.
 */
export async function zipListing(zip: Uint8Array): Promise<{ name: string; method: string; size: number }[]> {
  return withTempFile(zip, "result.zip", async (file) => {
    // An empty zip is only its 22-byte end record, which unzip reports as "empty" with exit code 1.
    if (zip.length === 22) return [];
    const env = { ...process.env, LC_ALL: "C.UTF-8" };
    const tested = await run("unzip", ["-tq", file], { env, maxBuffer: 64 * 1024 * 1024 });
    if (!/No errors detected/.test(tested.stdout)) throw new Error(`unzip -t: ${tested.stdout}`);
    const { stdout } = await run("zipinfo", ["-l", "--h-t", file], { env, maxBuffer: 64 * 1024 * 1024 });
    // -rw-r--r--  2.0 unx     1234 b-     1200 stor 24-Nov-21 23:00 folder/name.pdf
    return stdout
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => {
        const match = /^\S+\s+\S+\s+\S+\s+(\d+)\s+\S+\s+\d+\s+(\S+)\s+\S+\s+\S+\s(.*)$/.exec(line);
        if (!match) throw new Error(`zipinfo line not understood: ${line}`);
        return { size: Number(match[1]), method: match[2]!, name: match[3]! };
      });
  });
}

/** `qpdf --check` passes (throws otherwise) and `pdftotext` gives this text. */
export async function checkedPdfText(pdf: Uint8Array): Promise<string> {
  return withTempFile(pdf, "file.pdf", async (file) => {
    const check = await run("qpdf", ["--check", file]);
    if (!/No syntax or stream encoding errors found/.test(check.stdout)) {
      throw new Error(`qpdf --check: ${check.stdout}`);
    }
    const { stdout } = await run("pdftotext", ["-enc", "UTF-8", file, "-"], { maxBuffer: 16 * 1024 * 1024 });
    return stdout;
  });
}

/** Bytes in storage and their row, as an upload leaves them (storeUpload in submissions/files.ts). */
export async function storeFile(
  t: TestApp,
  opts: { submissionId: string; questionId: string; name: string; bytes: Uint8Array; key?: string },
) {
  const key = opts.key ?? `submissions/${opts.submissionId}/${crypto.randomUUID()}-file`;
  await t.deps.files.storage.write("private", key, opts.bytes);
  const [row] = await t.deps.db
    .insert(submissionFiles)
    .values({
      submissionId: opts.submissionId,
      questionId: opts.questionId,
      key,
      name: opts.name,
      size: opts.bytes.length,
      contentType: "application/octet-stream",
    })
    .returning();
  return row!;
}

/**
 * About: the identifier, an anonymized answer and an anonymized file question, a summary, a budget
 * upload; Merit: two 5-point criteria and a yes/no one.
 */
export function exportTestForm(): FormContent {
  const question = (id: string, type: Question["type"], patch: Partial<Question> = {}): Question => ({
    ...newQuestion(type, id),
    _id: id,
    name: patch.name ?? id,
    ...patch,
  });
  const about: Section = {
    ...newSection("About", "Admin Info"),
    _id: "about",
    questions: [
      question("name", "IDENTIFIER", { name: "Name", required: true }),
      question("secret", "SHORT_ANSWER", { name: "Private phone", anonymize: true }),
      question("summary", "PARAGRAPHS", { name: "Summary" }),
      question("cv", "FILE_UPLOAD", { name: "CV", anonymize: true, files: { maxFiles: 3, fileType: "any" } }),
      question("budget", "FILE_UPLOAD", { name: "Budget", files: { maxFiles: 3, fileType: "any" } }),
    ],
  };
  const merit: Section = {
    ...newSection("Merit"),
    _id: "merit",
    criteria: [
      { _id: "impact", description: "Impact", type: "SCALE", maxScale: 5, weight: 2 },
      { _id: "local", description: "Local", type: "BOOLEAN", maxScale: 5, weight: 1 },
    ],
  };
  return { ...defaultFormContent("Export form"), sections: [about, merit] };
}
