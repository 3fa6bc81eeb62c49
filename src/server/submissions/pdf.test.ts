import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Answer } from "../../shared/forms/answers";
import { newQuestion, newSection, newTableColumn } from "../../shared/forms/defaults";
import type { FormSettings, Question, QuestionType, Section } from "../../shared/forms/model";
import { formatSubmissionDate, renderSubmissionPdf, type SubmissionPdfInput } from "./pdf";
import { wrapText } from "./pdf/layout";

/**
 * The PDF is judged by what poppler's `pdftotext` reads back from it (apt-get install poppler-utils),
 * so these tests check the text a reader gets, not pdf-lib's internals.
 */

const run = promisify(execFile);
let dir: string;
let count = 0;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "submission-pdf-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function writePdf(bytes: Uint8Array): Promise<string> {
  const file = join(dir, `${++count}.pdf`);
  await writeFile(file, bytes);
  return file;
}

/** The PDF's text, pages separated by form feeds. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const { stdout } = await run("pdftotext", ["-enc", "UTF-8", await writePdf(bytes), "-"], {
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout;
}

async function pdfInfo(bytes: Uint8Array): Promise<Record<string, string>> {
  const { stdout } = await run("pdfinfo", ["-enc", "UTF-8", await writePdf(bytes)]);
  return Object.fromEntries(
    stdout
      .split("\n")
      .map((line) => /^([^:]+):\s*(.*)$/.exec(line))
      .filter((m) => m !== null)
      .map((m) => [m[1]!, m[2]!]),
  );
}

/** Every word with its position (yMin grows down the page), from `pdftotext -bbox`. */
async function wordBoxes(bytes: Uint8Array): Promise<{ word: string; yMin: number; page: number }[]> {
  const { stdout } = await run("pdftotext", ["-bbox", "-enc", "UTF-8", await writePdf(bytes), "-"]);
  const words: { word: string; yMin: number; page: number }[] = [];
  let page = 0;
  for (const line of stdout.split("\n")) {
    if (line.includes("<page ")) page++;
    const match = /<word [^>]*yMin="([\d.]+)"[^>]*>([^<]*)<\/word>/.exec(line);
    if (match) words.push({ word: match[2]!, yMin: Number(match[1]), page });
  }
  return words;
}

const pageCount = (text: string) => text.split("\f").filter((page) => page.trim() !== "").length;
/** Text with all whitespace removed, to find words the layout broke across lines. */
const squeezed = (text: string) => text.replace(/\s+/g, "");

const question = (type: QuestionType, id: string, name: string, extra: Partial<Question> = {}): Question => ({
  ...newQuestion(type, name),
  _id: id,
  ...extra,
});

const section = (id: string, name: string, questions: Question[], extra: Partial<Section> = {}): Section => ({
  ...newSection(name),
  _id: id,
  questions,
  ...extra,
});

const options = (...pairs: [string, string][]) => pairs.map(([_id, value]) => ({ _id, value }));

function answer(q: Question, sectionId: string, fields: Partial<Answer>): Answer {
  return {
    questionId: q._id,
    sectionId,
    type: q.type,
    answerString: "",
    answerArray: [],
    answerMatrix: [],
    ...fields,
  };
}

const SETTINGS: FormSettings = {
  themeColour: "2261AD",
  headerImage: null,
  confirmationMessage: "",
  frenchTranslationEnabled: false,
  translations: {},
};

// About you (identifier, names, essay, the stream that routes, areas) → [Community: skipped by the
// research stream] → Budget (table, files, an unanswered question, a hidden one, a grid); a deleted section.
const identifierQ = question("IDENTIFIER", "q-id", "Unique Identifier - Name");
const preferredQ = question("SHORT_ANSWER", "q-preferred", "Preferred name");
const coApplicantQ = question("SHORT_ANSWER", "q-co", "Co-applicant");
const essayQ = question("PARAGRAPHS", "q-essay", "Describe your project");
const streamQ = question("MULTIPLE_CHOICE", "q-stream", "Which stream?", {
  smart: true,
  x_options: options(["opt-research", "Research stream"], ["opt-community", "Community stream"]),
  routes: { "opt-research": "s-budget" },
});
const areasQ = question("CHECKBOXES", "q-areas", "Which areas apply?", {
  x_options: options(
    ["opt-health", "Health care"],
    ["opt-education", "Education"],
    ["opt-env", "Environment"],
  ),
});
const skippedQ = question("SHORT_ANSWER", "q-skipped", "Community partner question");
const tableQ = question("SIMPLE_TABLE", "q-table", "Budget lines", {
  columns: [newTableColumn("Expense item"), newTableColumn("Amount requested")],
});
const filesQ = question("FILE_UPLOAD", "q-files", "Supporting documents");
const unansweredQ = question("SHORT_ANSWER", "q-unanswered", "Anything else?");
const hiddenQ = question("CHECKBOXES", "q-hidden", "Hidden question without options");
const gridQ = question("CHECKBOX_GRID", "q-grid", "Checkbox grid question");
const deletedQ = question("SHORT_ANSWER", "q-deleted", "Question of a deleted section");

const SECTIONS: Section[] = [
  section("s-about", "About you", [identifierQ, preferredQ, coApplicantQ, essayQ, streamQ, areasQ]),
  section("s-deleted", "Deleted section", [deletedQ], { deleted: true }),
  section("s-community", "Community section", [skippedQ]),
  section("s-budget", "Budget", [tableQ, filesQ, unansweredQ, hiddenQ, gridQ]),
];

const ANSWERS: Answer[] = [
  answer(identifierQ, "s-about", { answerString: "Élodie Dœuf-Ångström" }),
  answer(preferredQ, "s-about", { answerString: "Ζωή" }),
  answer(coApplicantQ, "s-about", { answerString: "Юлия" }),
  answer(essayQ, "s-about", {
    answerString: "First line of the essay.\n\nSecond paragraph, après la pause.",
  }),
  answer(streamQ, "s-about", { answerArray: ["opt-research"] }),
  answer(areasQ, "s-about", { answerArray: ["opt-env", "opt-health"] }),
  answer(skippedQ, "s-community", { answerString: "Answer left from an earlier path" }),
  answer(tableQ, "s-budget", {
    answerMatrix: [
      { id: "r1", column_0: "Laboratory rent", column_1: "12 000 $" },
      { id: "r2", column_0: "Field trips to Tromsø", column_1: "3 500 $" },
    ],
  }),
  answer(filesQ, "s-budget", { answerArray: ["file-2", "file-1"] }),
  answer(deletedQ, "s-deleted", { answerString: "Answer in a deleted section" }),
];

function input(overrides: Partial<SubmissionPdfInput> = {}): SubmissionPdfInput {
  return {
    formName: "Research Grants 2025",
    formDescription: { blocks: [{ type: "paragraph", children: [{ text: "Funding for bold research." }] }] },
    sections: SECTIONS,
    settings: SETTINGS,
    identifier: "Élodie Dœuf-Ångström",
    submissionDate: "2025-03-14T16:05:33.000Z",
    answers: ANSWERS,
    files: [
      { _id: "file-1", questionId: "q-files", name: "budget-détaillé.pdf", size: 2_621_440 },
      { _id: "file-2", questionId: "q-files", name: "letter_of_support.png", size: 51_200 },
      { _id: "file-3", questionId: "q-other", name: "someone-elses-file.pdf", size: 1000 },
    ],
    language: "en",
    ...overrides,
  };
}

describe("renderSubmissionPdf", () => {
  let text: string;
  beforeAll(async () => {
    text = await pdfText(await renderSubmissionPdf(input()));
  });

  it("is a PDF titled with the form name", async () => {
    const bytes = await renderSubmissionPdf(input());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const info = await pdfInfo(bytes);
    expect(info.Title).toBe("Research Grants 2025");
    expect(info["Page size"]).toContain("595.28 x 841.89");
  });

  it("shows the form name, the identifier, the submission date and the description", () => {
    expect(text).toContain("Research Grants 2025");
    expect(text).toContain("Submitted on 2025-03-14 16:05 UTC");
    expect(text).toContain("Funding for bold research.");
    expect(text).not.toContain("Draft");
  });

  it("shows the questions and their answers, line breaks kept", () => {
    for (const q of [identifierQ, preferredQ, coApplicantQ, essayQ, streamQ, areasQ, tableQ, filesQ]) {
      expect(text).toContain(q.name);
    }
    expect(text).toMatch(/First line of the essay\.\n\s*Second paragraph, après la pause\./);
  });

  it("keeps an answer's blank lines", async () => {
    const answers = ANSWERS.map((a) =>
      a.questionId === "q-essay" ? { ...a, answerString: "Alpha\nBravo\n\nCharlie" } : a,
    );
    const words = await wordBoxes(await renderSubmissionPdf(input({ answers })));
    const top = (word: string) => words.find((w) => w.word === word)!.yMin;
    const line = top("Bravo") - top("Alpha");
    expect(line).toBeGreaterThan(10);
    expect(top("Charlie") - top("Bravo")).toBeCloseTo(2 * line, 1);
  });

  it("renders accents and non-Latin names", () => {
    expect(text).toContain("Élodie Dœuf-Ångström");
    expect(text).toContain("Ζωή");
    expect(text).toContain("Юлия");
    expect(text).toContain("Tromsø");
  });

  it("shows choices by their labels, never their ids, and only the chosen ones", () => {
    expect(text).toContain("Research stream");
    expect(text).toContain("Health care");
    expect(text).toContain("Environment");
    expect(text).not.toContain("Community stream");
    expect(text).not.toContain("Education");
    expect(text).not.toMatch(/opt-/);
    // In the form's order, not the order they were ticked.
    expect(text.indexOf("Health care")).toBeLessThan(text.indexOf("Environment"));
  });

  it("draws tables with the column names as header and every cell", () => {
    for (const cell of ["Expense item", "Amount requested", "Laboratory rent", "12 000 $", "3 500 $"]) {
      expect(text).toContain(cell);
    }
    expect(text.indexOf("Expense item")).toBeLessThan(text.indexOf("Laboratory rent"));
  });

  it("lists the question's file names with their sizes", () => {
    expect(text).toContain("letter_of_support.png (50 KB)");
    expect(text).toContain("budget-détaillé.pdf (2.5 MB)");
    expect(text.indexOf("letter_of_support.png")).toBeLessThan(text.indexOf("budget-détaillé.pdf"));
    expect(text).not.toContain("someone-elses-file.pdf");
  });

  it("shows 'No answer' in place of an empty answer", () => {
    expect(text).toMatch(/Anything else\?\n+No answer/);
  });

  it("leaves out sections the branching skipped, deleted sections, hidden questions and grids", () => {
    for (const absent of [
      "Community section",
      "Community partner question",
      "Answer left from an earlier path",
      "Deleted section",
      "Question of a deleted section",
      "Answer in a deleted section",
      "Hidden question without options",
      "Checkbox grid question",
    ]) {
      expect(text).not.toContain(absent);
    }
  });

  it("shows the skipped section when the answers go through it", async () => {
    const answers = ANSWERS.map((a) =>
      a.questionId === "q-stream" ? { ...a, answerArray: ["opt-community"] } : a,
    );
    const community = await pdfText(await renderSubmissionPdf(input({ answers })));
    expect(community).toContain("Community partner question");
    expect(community).toContain("Answer left from an earlier path");
    expect(community).not.toContain("Question of a deleted section");
  });

  it("numbers the pages", () => {
    expect(text).toMatch(/^1 ?\/ ?1$/m);
  });

  it("writes the footer's program name whole, beside the page number", async () => {
    const bytes = await renderSubmissionPdf(
      input({
        formName: "Community Grants 2026 application",
        identifier: "Riverside Youth Orchestra Society",
      }),
    );
    const words = await wordBoxes(bytes);
    // The footer: every word below the last line of content, on the first page.
    const bottom = Math.max(...words.filter((w) => w.page === 1).map((w) => w.yMin));
    const footer = words.filter((w) => w.page === 1 && w.yMin > bottom - 30).map((w) => w.word);
    expect(footer.join(" ")).toContain(
      "Riverside Youth Orchestra Society — Community Grants 2026 application",
    );
    expect(footer.join(" ")).not.toContain("…");
    expect(await pdfText(bytes)).toMatch(/^1 ?\/ ?1$/m);
  });

  it("wraps a very long footer on two lines at most, shortened at a word with an ellipsis", async () => {
    const long = "Neighbourhood Climate Resilience and Community Food Security Capital Grants Program";
    const bytes = await renderSubmissionPdf(
      input({ formName: `${long} 2026 ${long} ${long}`, identifier: "Ann" }),
    );
    const words = await wordBoxes(bytes);
    const bottom = Math.max(...words.filter((w) => w.page === 1).map((w) => w.yMin));
    const footer = words.filter((w) => w.page === 1 && w.yMin > bottom - 30);
    const lines = new Set(footer.map((w) => Math.round(w.yMin)));
    expect(lines.size).toBeLessThanOrEqual(2);
    const text = footer.map((w) => w.word).join(" ");
    expect(text).toContain("Ann — Neighbourhood Climate Resilience");
    expect(text).toMatch(/[A-Za-z0-9]…/);
    // Cut between words: what comes before the ellipsis is a whole word of the name.
    const beforeEllipsis = /(\S+)…/.exec(text)?.[1] ?? "";
    expect(long.split(" ")).toContain(beforeEllipsis);
    expect(text).toMatch(/1 \/ \d$/);
  });

  it("says a draft is a draft", async () => {
    const draft = await pdfText(await renderSubmissionPdf(input({ submissionDate: null })));
    expect(draft).toContain("Draft — not submitted");
    expect(draft).not.toContain("Submitted on");
  });

  it("continues a long answer over several pages, to its last word", async () => {
    const words = Array.from({ length: 5000 }, (_, i) => `word${i}`);
    const answers = ANSWERS.map((a) =>
      a.questionId === "q-essay" ? { ...a, answerString: `${words.join(" ")} theveryend` } : a,
    );
    const long = await pdfText(await renderSubmissionPdf(input({ answers })));
    const pages = pageCount(long);
    expect(pages).toBeGreaterThan(3);
    expect(long).toMatch(new RegExp(`^1 ?/ ?${pages}$`, "m"));
    expect(long).toMatch(new RegExp(`^${pages} ?/ ?${pages}$`, "m"));
    expect(squeezed(long)).toContain("word4998word4999theveryend");
    expect(long).toContain("word2500");
    // Nothing lost or duplicated at the page breaks.
    const found = long.match(/\bword\d+\b/g) ?? [];
    expect(found).toHaveLength(5000);
    expect(new Set(found).size).toBe(5000);
    // The questions after the essay follow it.
    expect(long.indexOf("theveryend")).toBeLessThan(long.indexOf("Which stream?"));
  });

  it("breaks words longer than a line", async () => {
    const word = `https://example.com/${"abcdefghij".repeat(40)}`;
    const answers = ANSWERS.map((a) => (a.questionId === "q-essay" ? { ...a, answerString: word } : a));
    const result = await pdfText(await renderSubmissionPdf(input({ answers })));
    expect(squeezed(result)).toContain(word);
    const longestLine = Math.max(...result.split("\n").map((line) => line.length));
    expect(longestLine).toBeLessThan(word.length);
  });

  it("splits a long table across pages, repeating its header", async () => {
    const cell = (row: number) =>
      `Row ${row}: ${Array.from({ length: 60 }, (_, i) => `detail${row}x${i}`).join(" ")}`;
    const answerMatrix = Array.from({ length: 15 }, (_, row) => ({
      id: `r${row}`,
      column_0: `Item number ${row}`,
      column_1: cell(row),
    }));
    const answers = ANSWERS.map((a) => (a.questionId === "q-table" ? { ...a, answerMatrix } : a));
    const result = await pdfText(await renderSubmissionPdf(input({ answers })));
    expect(pageCount(result)).toBeGreaterThan(1);
    expect(result.match(/Expense item/g)!.length).toBeGreaterThan(1);
    for (let row = 0; row < 15; row++) {
      expect(result).toContain(`Item number ${row}`);
      expect(result).toContain(`detail${row}x59`);
    }
  });

  it("splits a table row taller than a page", async () => {
    const huge = Array.from({ length: 1500 }, (_, i) => `cell${i}`).join(" ");
    const answers = ANSWERS.map((a) =>
      a.questionId === "q-table"
        ? { ...a, answerMatrix: [{ id: "r1", column_0: "Short", column_1: huge }] }
        : a,
    );
    const result = await pdfText(await renderSubmissionPdf(input({ answers })));
    expect(pageCount(result)).toBeGreaterThan(1);
    const found = result.match(/\bcell\d+\b/g) ?? [];
    expect(new Set(found).size).toBe(1500);
  });

  it("replaces characters the font cannot draw instead of failing", async () => {
    const answers = ANSWERS.map((a) =>
      a.questionId === "q-preferred" ? { ...a, answerString: "Rocket 🚀 名前 end\u0007\u200D\tok" } : a,
    );
    const result = await pdfText(await renderSubmissionPdf(input({ answers, identifier: "Ana 🙂" })));
    expect(result).toContain("Rocket ? ?? end ok");
    expect(result).not.toContain("\u200D");
    expect(result).toContain("Ana ?");
    expect(result).not.toContain("🚀");
  });

  it("writes in French: catalog labels and the form's French text", async () => {
    const settings: FormSettings = {
      ...SETTINGS,
      frenchTranslationEnabled: true,
      translations: {
        "Research Grants 2025": "Subventions de recherche 2025",
        "Which stream?": "Quel volet ?",
        "Research stream": "Volet recherche",
        "Health care": "Soins de santé",
        "Expense item": "Poste de dépense",
        Budget: "Budget prévu",
      },
    };
    const bytes = await renderSubmissionPdf(input({ settings, language: "fr" }));
    const french = await pdfText(bytes);
    for (const expected of [
      "Subventions de recherche 2025",
      "Soumise le 2025-03-14 16:05 UTC",
      "Quel volet ?",
      "Volet recherche",
      "Soins de santé",
      "Poste de dépense",
      "Budget prévu",
      "Aucune réponse",
      "budget-détaillé.pdf (2,5 Mo)",
      "letter_of_support.png (50 Ko)",
    ]) {
      expect(french).toContain(expected);
    }
    // Untranslated text stays as written.
    expect(french).toContain("Describe your project");
    expect(french).not.toContain("No answer");
    expect((await pdfInfo(bytes)).Title).toBe("Subventions de recherche 2025");
  });

  it("ignores French translations while French is off", async () => {
    const settings = { ...SETTINGS, translations: { "Which stream?": "Quel volet ?" } };
    const result = await pdfText(await renderSubmissionPdf(input({ settings, language: "fr" })));
    expect(result).toContain("Which stream?");
    expect(result).toContain("Aucune réponse");
  });

  it("renders an empty submission and a form without answers", async () => {
    const result = await pdfText(
      await renderSubmissionPdf(input({ answers: [], files: [], identifier: "" })),
    );
    expect(result).toContain("Research Grants 2025");
    expect(result.match(/No answer/g)!.length).toBeGreaterThanOrEqual(6);
  });

  it("renders concurrently and repeatedly to the same text", async () => {
    const [a, b, c] = await Promise.all([
      renderSubmissionPdf(input()),
      renderSubmissionPdf(input({ language: "fr" })),
      renderSubmissionPdf(input()),
    ]);
    expect(await pdfText(a)).toBe(text);
    expect(await pdfText(c)).toBe(text);
    expect(await pdfText(b)).toContain("Aucune réponse");
  });

  it("keeps every letter readable after an earlier PDF drew it only inside an accented letter", async () => {
    // A server renders many PDFs with one parsed font. The first one here holds "É" (drawn from the glyphs
    // of "E" and the accent) and no plain "E": a later PDF must still say which character each glyph is.
    vi.resetModules();
    const fresh = await import("./pdf");
    const onlyAccented = {
      formName: "Élan",
      formDescription: "",
      identifier: "",
      sections: [],
      answers: [],
      files: [],
    };
    expect(await pdfText(await fresh.renderSubmissionPdf(input(onlyAccented)))).not.toMatch(/E/);
    expect(await pdfText(await fresh.renderSubmissionPdf(input()))).toBe(text);
  });
});

describe("wrapText", () => {
  // One point per character makes widths easy to reason about.
  const measure = (text: string) => [...text].length;

  it("breaks at spaces within the width", () => {
    expect(wrapText("the quick brown fox jumps", measure, 10)).toEqual(["the quick", "brown fox", "jumps"]);
  });

  it("keeps line breaks and blank lines", () => {
    expect(wrapText("one\n\ntwo three", measure, 20)).toEqual(["one", "", "two three"]);
  });

  it("cuts words longer than a line", () => {
    expect(wrapText("ab abcdefghijkl cd", measure, 5)).toEqual(["ab", "abcde", "fghij", "kl cd"]);
  });

  it("never cuts inside a character", () => {
    expect(wrapText("ÅÅÅ😀😀", measure, 2)).toEqual(["ÅÅ", "Å😀", "😀"]);
  });
});

describe("formatSubmissionDate", () => {
  it("writes UTC to the minute", () => {
    expect(formatSubmissionDate("2025-12-31T23:59:59.999Z")).toBe("2025-12-31 23:59 UTC");
    expect(formatSubmissionDate("2025-06-01T10:00:00+02:00")).toBe("2025-06-01 08:00 UTC");
    expect(formatSubmissionDate("not a date")).toBe("not a date");
  });
});
