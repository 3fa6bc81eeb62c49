import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildOrg, buildProgram, buildPublishedForm } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/harness";
import { answerOf, buildCandidate, insertFile } from "../../test/review-factories";
import { MISSING_FILES_ENTRY } from "../zip/attachment-entries";
import { entriesOf, exportContext, exportTestForm, storeFile, zipListing } from "../zip/test/kit";
import { attachmentsExport } from "./attachments";

/**
 * The attachment zip, judged by Info-ZIP (`unzip -t`, `zipinfo`, a real extraction) and by comparing
 * every file byte for byte with what storage holds.
 */

let t: TestApp;
type Program = Awaited<ReturnType<typeof buildProgram>>;
let program: Program;
/** What each file should be in the zip: entry name → bytes. */
const expected = new Map<string, Buffer>();
let cvBytes: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  const org = await buildOrg(db);
  program = await buildProgram(db, org.id, { name: "Arts 2026" });
  const sibling = await buildProgram(db, org.id, { name: "Sibling program" });
  const { formId } = await buildPublishedForm(db, program, exportTestForm());
  const make = (identifier: string, opts: { submitted?: boolean; test?: boolean } = {}) =>
    buildCandidate(db, {
      program,
      formId,
      identifier,
      answers: [answerOf("name", "about", "IDENTIFIER", { answerString: identifier })],
      ...opts,
    });
  const file = async (submissionId: string, name: string, entry: string | null, questionId = "budget") => {
    const bytes = randomBytes(50_000 + Math.floor(Math.random() * 200_000));
    await storeFile(t, { submissionId, questionId, name, bytes });
    if (entry) expected.set(entry, bytes);
    return bytes;
  };

  const harbour = await make("Harbour Food Bank");
  await file(harbour.id, "budget.pdf", "Harbour-Food-Bank/budget.pdf");
  await file(harbour.id, "budget.pdf", "Harbour-Food-Bank/budget-2.pdf");
  await file(harbour.id, "../../etc/passwd", "Harbour-Food-Bank/passwd");
  await file(harbour.id, "Présentation équipe.docx", "Harbour-Food-Bank/Présentation équipe.docx");
  cvBytes = await file(harbour.id, "cv-of-the-person.pdf", null, "cv");
  // Listed in the database, lost from storage.
  await insertFile(db, { submissionId: harbour.id, questionId: "budget", name: "lost.pdf" });
  // Same slug, two folders; a candidate without files has none.
  const cafe = await make("Café Nord");
  const cafe2 = await make("Cafe Nord");
  const [first, second] = [cafe, cafe2].sort((a, b) => (a.identifier < b.identifier ? -1 : 1));
  await file(first!.id, "notes.txt", "Cafe-Nord/notes.txt");
  await file(second!.id, "notes.txt", "Cafe-Nord-2/notes.txt");
  await make("No Files Inc");
  // Never exported: a draft's, a test's and another program's files.
  await file((await make("Draft Person", { submitted: false })).id, "draft.pdf", null);
  await file((await make("Test Person", { test: true })).id, "test.pdf", null);
  const other = await buildPublishedForm(db, sibling, exportTestForm());
  const stranger = await buildCandidate(db, {
    program: sibling,
    formId: other.formId,
    identifier: "Sibling",
  });
  await file(stranger.id, "sibling-secret.pdf", null);
});
afterAll(() => t?.close());

async function exportAttachments(opts: { includeAnonymized?: boolean; signal?: AbortSignal } = {}) {
  const run = exportContext(t, program, { kind: "attachments", ...opts });
  await attachmentsExport.run(run.ctx);
  return { zip: run.bytes(), reports: run.reports };
}

describe("the attachment zip", () => {
  it("holds every candidate's files in their folder, byte for byte, stored as they are", async () => {
    const read = vi.spyOn(t.deps.files.storage, "read");
    const { zip, reports } = await exportAttachments();
    // Streamed: no file was read whole into memory.
    expect(read).not.toHaveBeenCalled();
    read.mockRestore();

    const listing = await zipListing(zip);
    expect(listing.map((e) => e.name).sort()).toEqual([...expected.keys(), MISSING_FILES_ENTRY].sort());
    for (const entry of listing)
      expect(entry.method).toBe(entry.name === MISSING_FILES_ENTRY ? "defN" : "stor");
    const entries = entriesOf(zip);
    for (const [name, bytes] of expected) expect(Buffer.from(entries[name]!).equals(bytes), name).toBe(true);

    // The lost file is named in MISSING-FILES.txt instead of failing the export.
    const missing = Buffer.from(entries[MISSING_FILES_ENTRY]!).toString("utf8");
    expect(missing).toContain("Harbour-Food-Bank/lost.pdf (Harbour Food Bank)");
    expect(missing.split("\n").filter((l) => l.includes("/"))).toHaveLength(1);

    // Progress counts every file of the candidates: written, withheld or missing.
    expect(reports[0]).toEqual([0, 8]);
    expect(reports.at(-1)).toEqual([8, 8]);
  });

  it("keeps a path-traversal name inside the candidate's folder when unpacked", async () => {
    const { zip } = await exportAttachments();
    const dir = await mkdtemp(path.join(tmpdir(), "attachments-unzip-"));
    try {
      await writeFile(path.join(dir, "result.zip"), zip);
      const out = path.join(dir, "out");
      await promisify(execFile)("unzip", ["-q", path.join(dir, "result.zip"), "-d", out], {
        env: { ...process.env, LC_ALL: "C.UTF-8" },
      });
      const passwd = await readFile(path.join(out, "Harbour-Food-Bank", "passwd"));
      expect(passwd.equals(expected.get("Harbour-Food-Bank/passwd")!)).toBe(true);
      await expect(readFile(path.join(dir, "etc", "passwd"))).rejects.toThrow();
      const names = Object.keys(entriesOf(zip));
      expect(names.some((n) => n.includes("..") || n.startsWith("/") || n.includes("\\"))).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("leaves out files of anonymized questions unless the admin asks for them", async () => {
    const withheld = entriesOf((await exportAttachments()).zip);
    expect(Object.keys(withheld).some((n) => n.includes("cv-of-the-person"))).toBe(false);
    const included = entriesOf((await exportAttachments({ includeAnonymized: true })).zip);
    expect(Buffer.from(included["Harbour-Food-Bank/cv-of-the-person.pdf"]!).equals(cvBytes)).toBe(true);
  });

  it("stops when the job is aborted", async () => {
    const controller = new AbortController();
    const run = exportContext(t, program, { kind: "attachments", signal: controller.signal });
    const progress = run.ctx.progress;
    run.ctx.progress = async (processed, total) => {
      await progress(processed, total);
      if (processed === 2) controller.abort(new Error("shutdown"));
    };
    await expect(attachmentsExport.run(run.ctx)).rejects.toThrow("shutdown");
    expect(run.reports.at(-1)).toEqual([2, 8]);
    expect(run.ctx.output.writableEnded).toBe(false);
  });
});
