import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildOrg, buildProgram, buildPublishedForm } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/harness";
import { answerOf, buildCandidate } from "../../test/review-factories";
import { checkedPdfText, entriesOf, exportContext, exportTestForm, zipListing } from "../zip/test/kit";
import { pdfsExport } from "./pdfs";

/**
 * The PDF export, judged by the real tools: the zip by Info-ZIP (`unzip -t`, `zipinfo`), every PDF by
 * `qpdf --check` and poppler's `pdftotext`.
 */

let t: TestApp;
type Program = Awaited<ReturnType<typeof buildProgram>>;
let program: Program;
let sibling: Program;
let empty: Program;

const answersFor = (name: string) => [
  answerOf("name", "about", "IDENTIFIER", { answerString: name }),
  answerOf("secret", "about", "SHORT_ANSWER", { answerString: `SECRET-PHONE-${name.length}` }),
  answerOf("summary", "about", "PARAGRAPHS", { answerString: `Summary of ${name}` }),
];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  const org = await buildOrg(db);
  program = await buildProgram(db, org.id, { name: "Arts 2026" });
  sibling = await buildProgram(db, org.id, { name: "Sibling program" });
  empty = await buildProgram(db, org.id, { name: "Nobody applied" });
  const { formId } = await buildPublishedForm(db, program, exportTestForm());
  const make = (identifier: string, opts: { submitted?: boolean; test?: boolean } = {}) =>
    buildCandidate(db, { program, formId, identifier, answers: answersFor(identifier), ...opts });
  // "Café Nord" and "Cafe Nord" have the same slug: their PDFs must still be two files.
  await make("Café Nord");
  await make("Cafe Nord");
  await make("Harbour Food Bank");
  await make("Draft Person", { submitted: false });
  await make("Test Person", { test: true });
  const other = await buildPublishedForm(db, sibling, exportTestForm());
  await buildCandidate(db, {
    program: sibling,
    formId: other.formId,
    identifier: "Sibling Secret",
    answers: answersFor("Sibling Secret"),
  });
});
afterAll(() => t?.close());

async function exportPdfs(target: Program, opts: { includeAnonymized?: boolean; signal?: AbortSignal } = {}) {
  const run = exportContext(t, target, { kind: "pdfs", ...opts });
  await pdfsExport.run(run.ctx);
  return { zip: run.bytes(), reports: run.reports };
}

describe("the PDF export", () => {
  it("holds one checked PDF per candidate, named from the slug, distinct when identifiers collide", async () => {
    const { zip, reports } = await exportPdfs(program);
    const listing = await zipListing(zip);
    expect(listing.map((e) => e.name).sort()).toEqual([
      "Cafe-Nord-2.pdf",
      "Cafe-Nord.pdf",
      "Harbour-Food-Bank.pdf",
    ]);
    // PDFs are compressed already: stored as they are.
    expect(listing.every((e) => e.method === "stor")).toBe(true);

    const entries = entriesOf(zip);
    const texts = new Map<string, string>();
    for (const [name, pdf] of Object.entries(entries)) texts.set(name, await checkedPdfText(pdf));
    expect(texts.get("Harbour-Food-Bank.pdf")).toContain("Harbour Food Bank");
    expect(texts.get("Harbour-Food-Bank.pdf")).toContain("Summary of Harbour Food Bank");
    // The two colliding names hold the two candidates, one each.
    const cafes = ["Cafe-Nord.pdf", "Cafe-Nord-2.pdf"].map((n) => texts.get(n)!);
    expect(cafes.filter((text) => text.includes("Summary of Café Nord"))).toHaveLength(1);
    expect(cafes.filter((text) => text.includes("Summary of Cafe Nord"))).toHaveLength(1);

    // Anonymized answers are withheld unless asked for; drafts, tests and the sibling program are absent.
    for (const text of texts.values()) {
      expect(text).toContain("[anonymized]");
      expect(text).not.toContain("SECRET-PHONE");
    }
    const all = [...texts.values()].join("\n");
    for (const absent of ["Draft Person", "Test Person", "Sibling Secret"]) expect(all).not.toContain(absent);

    expect(reports[0]).toEqual([0, 3]);
    expect(reports.at(-1)).toEqual([3, 3]);
    expect(pdfsExport.contentType("zip")).toBe("application/zip");
  });

  it("includes anonymized answers when the admin asks for them", async () => {
    const { zip } = await exportPdfs(program, { includeAnonymized: true });
    const text = await checkedPdfText(entriesOf(zip)["Harbour-Food-Bank.pdf"]!);
    expect(text).toContain(`SECRET-PHONE-${"Harbour Food Bank".length}`);
    expect(text).not.toContain("[anonymized]");
  });

  it("gives an empty, valid zip for a program without candidates", async () => {
    const { zip, reports } = await exportPdfs(empty);
    expect(await zipListing(zip)).toEqual([]);
    expect(reports).toEqual([[0, 0]]);
  });

  it("stops when the job is aborted, with the abort's reason", async () => {
    const controller = new AbortController();
    const run = exportContext(t, program, { kind: "pdfs", signal: controller.signal });
    const progress = run.ctx.progress;
    run.ctx.progress = async (processed, total) => {
      await progress(processed, total);
      if (processed === 1) controller.abort(new Error("lease lost"));
    };
    await expect(pdfsExport.run(run.ctx)).rejects.toThrow("lease lost");
    expect(run.reports.at(-1)).toEqual([1, 3]);
    expect(run.ctx.output.writableEnded).toBe(false);
  });
});
