import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { defaultFormContent } from "../../../shared/forms/defaults";
import type { SubmissionPdfInput } from "../../submissions/pdf";
import { PdfRenderer } from "./pdf-renderer";

const content = defaultFormContent("Community Grants");

function input(overrides: Partial<SubmissionPdfInput> = {}): SubmissionPdfInput {
  return {
    formName: content.name,
    formDescription: content.description,
    sections: content.sections,
    settings: content.settings,
    identifier: "Harbour Food Bank",
    submissionDate: "2025-03-14T16:05:33.000Z",
    answers: [],
    files: [],
    language: "en",
    ...overrides,
  };
}

/** The PDF's text as poppler's `pdftotext` reads it (as in submissions/pdf.test.ts). */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "pdf-renderer-"));
  try {
    const file = join(dir, "out.pdf");
    await writeFile(file, bytes);
    const { stdout } = await promisify(execFile)("pdftotext", ["-enc", "UTF-8", file, "-"]);
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const pdfHeader = (bytes: Uint8Array) => new TextDecoder().decode(bytes.subarray(0, 5));

describe("PdfRenderer (the PDF export's worker thread)", () => {
  let renderer: PdfRenderer;
  afterEach(async () => {
    await renderer.close();
  });

  it("renders PDFs in its worker, several in flight, each answered to its own request", async () => {
    renderer = new PdfRenderer();
    const names = ["Harbour Food Bank", "Élodie Dœuf-Ångström", "Northside Youth Club"];
    const pdfs = await Promise.all(names.map((identifier) => renderer.render(input({ identifier }))));
    for (const pdf of pdfs) expect(pdfHeader(pdf)).toBe("%PDF-");
    // Each PDF is its own request's: its text (as poppler's pdftotext reads it) has that identifier.
    const texts = await Promise.all(pdfs.map(pdfText));
    texts.forEach((text, i) => {
      expect(text).toContain(names[i]);
      for (const other of names.filter((_, j) => j !== i)) expect(text).not.toContain(other);
    });
  });

  it("fails a render that throws in the worker with its message, and keeps rendering the next ones", async () => {
    renderer = new PdfRenderer();
    const broken = input({ sections: null as unknown as SubmissionPdfInput["sections"] });
    await expect(renderer.render(broken)).rejects.toThrow(/null|undefined/);
    expect(pdfHeader(await renderer.render(input()))).toBe("%PDF-");
  });

  it("fails renders in flight and after close", async () => {
    renderer = new PdfRenderer();
    const inFlight = expect(renderer.render(input())).rejects.toThrow("The PDF renderer is closed.");
    await renderer.close();
    await inFlight;
    await expect(renderer.render(input())).rejects.toThrow("The PDF renderer is closed.");
  });
});
