import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildOrg, buildProgram, buildPublishedForm, buildUser } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/harness";
import {
  answerOf,
  buildCandidate,
  insertComment,
  insertFile,
  insertReview,
} from "../../test/review-factories";
import { BOM } from "../tabular/csv";
import { MISSING_FILES_ENTRY } from "../zip/attachment-entries";
import {
  checkedPdfText,
  entriesOf,
  exportContext,
  exportTestForm,
  storeFile,
  zipListing,
} from "../zip/test/kit";
import { DOSSIER_MESSAGES, dossierExport } from "./dossier";

/** One candidate's dossier: their PDF, files, reviews and comments, opened with real tools and parsed back. */

let t: TestApp;
type Program = Awaited<ReturnType<typeof buildProgram>>;
let program: Program;
const ids = {} as Record<"harbour" | "other" | "sibling" | "draft" | "test", string>;
let budget: Buffer;
let cv: Buffer;

/** RFC 4180 records (quoted fields with doubled quotes, CRLF or LF line ends). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\r" || c === "\n") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field !== "" || row.length > 0) rows.push([...row, field]);
  return rows;
}

function csvOf(bytes: Uint8Array | undefined): string[][] {
  const text = Buffer.from(bytes ?? []).toString("utf8");
  expect(text.startsWith(BOM)).toBe(true);
  return parseCsv(text.slice(BOM.length));
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  const org = await buildOrg(db);
  program = await buildProgram(db, org.id, { name: "Arts 2026" });
  const sibling = await buildProgram(db, org.id, { name: "Sibling program" });
  const { formId } = await buildPublishedForm(db, program, exportTestForm());
  const answers = (name: string) => [
    answerOf("name", "about", "IDENTIFIER", { answerString: name }),
    answerOf("secret", "about", "SHORT_ANSWER", { answerString: "SECRET-PHONE-555" }),
    answerOf("summary", "about", "PARAGRAPHS", { answerString: `Summary of ${name}` }),
  ];
  const harbour = await buildCandidate(db, {
    program,
    formId,
    identifier: "Harbour Food Bank",
    answers: answers("Harbour Food Bank"),
  });
  ids.harbour = harbour.id;
  ids.other = (
    await buildCandidate(db, { program, formId, identifier: "Other One", answers: answers("Other") })
  ).id;
  ids.draft = (await buildCandidate(db, { program, formId, identifier: "Draft", submitted: false })).id;
  ids.test = (await buildCandidate(db, { program, formId, identifier: "Test", test: true })).id;
  const siblingForm = await buildPublishedForm(db, sibling, exportTestForm());
  ids.sibling = (
    await buildCandidate(db, { program: sibling, formId: siblingForm.formId, identifier: "Sibling Secret" })
  ).id;

  budget = randomBytes(120_000);
  cv = randomBytes(30_000);
  await storeFile(t, {
    submissionId: harbour.id,
    questionId: "budget",
    name: "../budget.pdf",
    bytes: budget,
  });
  await storeFile(t, { submissionId: harbour.id, questionId: "cv", name: "cv.pdf", bytes: cv });
  await insertFile(db, { submissionId: harbour.id, questionId: "budget", name: "lost.pdf" });
  await storeFile(t, {
    submissionId: ids.other,
    questionId: "budget",
    name: "other.pdf",
    bytes: randomBytes(10),
  });

  const rita = await buildUser(db, { name: "Rita Reviewer", email: "rita@example.test" });
  const ada = await buildUser(db, { name: 'Ada, "the" Admin', email: "ada@example.test" });
  const staff = await buildUser(db, { name: "Staff Tester", email: "staff@DecisionHub.test" });
  await insertReview(db, {
    program,
    submissionId: harbour.id,
    userId: rita.id,
    rating: 4.5,
    lastReviewed: new Date("2026-03-14T16:05:09Z"),
    sections: [
      {
        sectionId: "merit",
        rating: -1,
        criteria: [
          { criteriaId: "impact", type: "SCALE", value: 4 },
          { criteriaId: "local", type: "BOOLEAN", value: 1 },
        ],
      },
    ],
  });
  await insertReview(db, {
    program,
    submissionId: harbour.id,
    userId: ada.id,
    rating: -1,
    lastReviewed: new Date("2026-03-15T09:00:00Z"),
  });
  await insertReview(db, { program, submissionId: ids.other, userId: rita.id, rating: 1 });
  await insertComment(db, {
    program,
    submissionId: harbour.id,
    userId: rita.id,
    sectionId: "merit",
    body: 'Strong, "local" impact\nsecond line',
  });
  await insertComment(db, {
    program,
    submissionId: harbour.id,
    userId: staff.id,
    sectionId: "merit",
    body: "INTERNAL-TEST-COMMENT",
  });
  await insertComment(db, {
    program,
    submissionId: ids.other,
    userId: rita.id,
    sectionId: "merit",
    body: "OTHER-CANDIDATE-COMMENT",
  });
});
afterAll(() => t?.close());

async function dossier(submissionId: string, opts: { includeAnonymized?: boolean } = {}) {
  const run = exportContext(t, program, { kind: "dossier", submissionId, ...opts });
  await dossierExport.run(run.ctx);
  return { zip: run.bytes(), reports: run.reports };
}

describe("a candidate's dossier", () => {
  it("holds their PDF, files, reviews and comments — nobody else's", async () => {
    const { zip, reports } = await dossier(ids.harbour);
    const listing = await zipListing(zip);
    expect(listing.map((e) => [e.name, e.method])).toEqual([
      ["Harbour-Food-Bank.pdf", "stor"],
      ["attachments/budget.pdf", "stor"],
      [MISSING_FILES_ENTRY, "defN"],
      ["reviews.csv", "defN"],
      ["comments.csv", "defN"],
    ]);
    const entries = entriesOf(zip);

    const text = await checkedPdfText(entries["Harbour-Food-Bank.pdf"]!);
    expect(text).toContain("Summary of Harbour Food Bank");
    expect(text).toContain("[anonymized]");
    expect(text).not.toContain("SECRET-PHONE");
    expect(Buffer.from(entries["attachments/budget.pdf"]!).equals(budget)).toBe(true);
    expect(Buffer.from(entries[MISSING_FILES_ENTRY]!).toString()).toContain(
      "attachments/lost.pdf (Harbour Food Bank)",
    );

    expect(csvOf(entries["reviews.csv"])).toEqual([
      ["Reviewer", "Reviewer email", "Rating", "Merit: Impact", "Merit: Local", "Last reviewed (UTC)"],
      ['Ada, "the" Admin', "ada@example.test", "", "", "", "2026-03-15 09:00:00"],
      ["Rita Reviewer", "rita@example.test", "4.5", "4", "Yes", "2026-03-14 16:05:09"],
    ]);
    const comments = csvOf(entries["comments.csv"]);
    expect(comments[0]).toEqual(["Author", "Author email", "Section", "Date (UTC)", "Comment"]);
    expect(comments.slice(1).map((r) => [r[0], r[1], r[2], r[4]])).toEqual([
      ["Rita Reviewer", "rita@example.test", "Merit", 'Strong, "local" impact\nsecond line'],
    ]);
    expect(comments[1]![3]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    const all = [text, ...Object.values(entries).map((bytes) => Buffer.from(bytes).toString("utf8"))].join(
      "\n",
    );
    expect(all).toContain("Strong");
    expect(all).not.toContain("INTERNAL-TEST-COMMENT");
    expect(all).not.toContain("OTHER-CANDIDATE-COMMENT");
    // PDF, 3 files (one withheld, one missing), reviews, comments.
    expect(reports[0]).toEqual([0, 6]);
    expect(reports.at(-1)).toEqual([6, 6]);
  });

  it("includes the anonymized answers and files when the admin asks for them", async () => {
    const entries = entriesOf((await dossier(ids.harbour, { includeAnonymized: true })).zip);
    expect(Buffer.from(entries["attachments/cv.pdf"]!).equals(cv)).toBe(true);
    expect(await checkedPdfText(entries["Harbour-Food-Bank.pdf"]!)).toContain("SECRET-PHONE-555");
  });

  it("fails as not found for another program's candidate, a draft, a test, an unknown or malformed id", async () => {
    for (const id of [
      ids.sibling,
      ids.draft,
      ids.test,
      "00000000-0000-4000-8000-000000000000",
      "not-a-uuid",
    ]) {
      const run = exportContext(t, program, { kind: "dossier", submissionId: id });
      await expect(dossierExport.run(run.ctx)).rejects.toThrow(DOSSIER_MESSAGES.notFound);
      expect(run.bytes().length).toBe(0);
    }
  });

  it("stops when the job is aborted", async () => {
    const controller = new AbortController();
    controller.abort(new Error("cancelled"));
    const run = exportContext(t, program, {
      kind: "dossier",
      submissionId: ids.harbour,
      signal: controller.signal,
    });
    await expect(dossierExport.run(run.ctx)).rejects.toThrow("cancelled");
    expect(run.ctx.output.writableEnded).toBe(false);
  });
});
