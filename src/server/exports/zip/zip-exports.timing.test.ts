import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { submissionFiles, submissions } from "../../db/schema";
import { buildOrg, buildProgram, buildPublishedForm } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/harness";
import { answerOf } from "../../test/review-factories";
import { attachmentsExport } from "../producers/attachments";
import { pdfsExport } from "../producers/pdfs";
import type { ExportProducer } from "../types";
import { exportContext, exportTestForm } from "./test/kit";

/**
 * A local measurement, not part of the suite (it writes gigabytes): EXPORT_TIMING=1 runs it, with
 * EXPORT_TIMING_SUBMISSIONS candidates (default 200), each with 3 files of 1 MB, on the test database
 * (PGlite, or PostgreSQL with DATABASE_URL). Prints the time and the process's peak memory per export.
 *
 *   EXPORT_TIMING=1 npx vitest run --project server src/server/exports/zip/zip-exports.timing.test.ts
 */

const enabled = process.env.EXPORT_TIMING === "1";
const COUNT = Number(process.env.EXPORT_TIMING_SUBMISSIONS ?? 200);
const FILES_EACH = 3;
const MB = 1024 * 1024;

let t: TestApp;
let program: Awaited<ReturnType<typeof buildProgram>>;
let dir: string;

describe.skipIf(!enabled)("zip export timings", () => {
  beforeAll(async () => {
    t = await createTestApp();
    dir = await mkdtemp(path.join(tmpdir(), "zip-timing-"));
    const db = t.deps.db;
    program = await buildProgram(db, (await buildOrg(db)).id);
    const { formId } = await buildPublishedForm(db, program, exportTestForm());
    const paragraph =
      "A year of free activities for our neighbourhood, with volunteers and partners. ".repeat(25);
    for (let start = 0; start < COUNT; start += 100) {
      const rows = await db
        .insert(submissions)
        .values(
          Array.from({ length: Math.min(100, COUNT - start) }, (_, i) => {
            const identifier = `Candidate ${String(start + i).padStart(5, "0")}`;
            return {
              organizationId: program.organizationId,
              programId: program.id,
              formId,
              formVersion: 1,
              identifier,
              submissionDate: new Date(),
              answers: [
                answerOf("name", "about", "IDENTIFIER", { answerString: identifier }),
                answerOf("secret", "about", "SHORT_ANSWER", { answerString: "555-0100" }),
                answerOf("summary", "about", "PARAGRAPHS", { answerString: paragraph }),
              ],
            };
          }),
        )
        .returning({ id: submissions.id });
      const files = [];
      for (const row of rows) {
        for (let f = 0; f < FILES_EACH; f++) {
          const key = `submissions/${row.id}/${f}-document.pdf`;
          await t.deps.files.storage.write("private", key, randomBytes(MB));
          files.push({
            submissionId: row.id,
            questionId: "budget",
            key,
            name: `document-${f}.pdf`,
            size: MB,
            contentType: "application/pdf",
          });
        }
      }
      await db.insert(submissionFiles).values(files);
    }
  }, 600_000);
  afterAll(async () => {
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function measure(producer: ExportProducer, file: string) {
    const output = createWriteStream(path.join(dir, file));
    const run = exportContext(t, program, { kind: producer.kind, output });
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const started = performance.now();
    await producer.run(run.ctx);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const size = (await stat(path.join(dir, file))).size;
    console.log(
      `${producer.kind}: ${COUNT} candidates in ${seconds.toFixed(2)} s, ${(size / MB).toFixed(1)} MB zip, ` +
        `RSS ${(before / MB).toFixed(0)} → peak ${(peak / MB).toFixed(0)} MB`,
    );
    return { seconds, size, peak };
  }

  it("PDFs of every candidate", async () => {
    const { size } = await measure(pdfsExport, "pdfs.zip");
    const { stdout } = await promisify(execFile)("zipinfo", ["-1", path.join(dir, "pdfs.zip")], {
      maxBuffer: 64 * MB,
    });
    expect(stdout.trim().split("\n")).toHaveLength(COUNT);
    expect(size).toBeGreaterThan(COUNT * 1000);
  }, 600_000);

  it("the attachment zip", async () => {
    const { size } = await measure(attachmentsExport, "attachments.zip");
    expect(size).toBeGreaterThan(COUNT * FILES_EACH * MB);
    const zip = path.join(dir, "attachments.zip");
    const { stdout } = await promisify(execFile)("unzip", ["-tq", zip], { maxBuffer: 64 * MB });
    expect(stdout).toContain("No errors detected");
    const { stdout: names } = await promisify(execFile)("zipinfo", ["-1", zip], { maxBuffer: 64 * MB });
    expect(names.trim().split("\n")).toHaveLength(COUNT * FILES_EACH);
    // One file compared byte for byte with storage (the small tests compare them all).
    const [first] = await t.deps.db
      .select({ key: submissionFiles.key })
      .from(submissionFiles)
      .innerJoin(submissions, eq(submissions.id, submissionFiles.submissionId))
      .where(eq(submissions.identifier, "Candidate 00000"))
      .orderBy(submissionFiles.key);
    const unpacked = await promisify(execFile)("unzip", ["-p", zip, "Candidate-00000/document-0.pdf"], {
      encoding: "buffer",
      maxBuffer: 2 * MB,
    });
    const stored = await t.deps.files.storage.read("private", first!.key);
    expect(Buffer.compare(unpacked.stdout, stored!)).toBe(0);
  }, 600_000);
});
