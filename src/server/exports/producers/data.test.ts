import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  defaultFormContent,
  newOption,
  newQuestion,
  newSection,
  newTableColumn,
} from "../../../shared/forms/defaults";
import type { FormContent, Question, QuestionType, Section } from "../../../shared/forms/model";
import type { Db } from "../../db/client";
import { formVersions, submissions } from "../../db/schema";
import { buildCast, buildProgram, buildPublishedForm, buildUser, type Cast } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/harness";
import {
  answerOf,
  buildCandidate,
  countQueries,
  insertFile,
  insertReview,
} from "../../test/review-factories";
import { csvRows, runProducer, xlsxRows } from "../tabular/test/run-producer";
import { excelSerial } from "../tabular/xlsx";
import type { ExportProgram } from "../types";
import { DATA_FIXED_HEADERS, dataExport } from "./data";

/**
 * The data export read back with real parsers: one row per submitted, non-test submission of the
 * program in list order, the fixed columns, one column per question of every form version, answers
 * flattened, anonymized answers withheld unless asked for.
 */

let t: TestApp;
let db: Db;
let cast: Cast;
let program: ExportProgram;

const question = (type: QuestionType, name: string, patch: Partial<Question> = {}): Question => ({
  ...newQuestion(type, name),
  ...patch,
});
const section = (name: string, questions: Question[], patch: Partial<Section> = {}): Section => ({
  ...newSection(name),
  questions,
  ...patch,
});

// The form, version 1.
const north = newOption("North");
const south = newOption("South");
const [arts, science, sport] = [newOption("Arts"), newOption("Science"), newOption("Sport")];
const q = {
  ident: question("IDENTIFIER", "Organisation name"),
  email: question("SHORT_ANSWER", "Contact email", { anonymize: true }),
  start: question("SHORT_ANSWER", "Start date"),
  summary: question("PARAGRAPHS", "Summary"),
  region: question("MULTIPLE_CHOICE", "Region", { x_options: [north, south] }),
  themes: question("CHECKBOXES", "Themes", { x_options: [arts, science, sport] }),
  budget: question("SIMPLE_TABLE", "Budget", { columns: [newTableColumn("Item"), newTableColumn("Cost")] }),
  files: question("FILE_UPLOAD", "Attachments", { files: { maxFiles: 2, fileType: "any" } }),
  grid: question("CHECKBOX_GRID", "Grid", { x_options: [newOption("r")], y_options: [newOption("c")] }),
  teamBudget: question("SHORT_ANSWER", "Budget"),
  status: question("SHORT_ANSWER", "Status"),
  old: question("SHORT_ANSWER", "Old question"),
  website: question("SHORT_ANSWER", "Website"),
};
const adminInfo = section("Admin Info", [q.ident, q.email, q.start], { sectionType: "Admin Info" });
const project = section("Project", [q.summary, q.region, q.themes, q.budget, q.files, q.grid]);
const team = section("Team", [q.teamBudget, q.status]);
const old = section("Old", [q.old], { deleted: true });
const version1: FormContent = {
  ...defaultFormContent("Grants 2026"),
  sections: [adminInfo, project, team, old],
};
// Version 2: "Start date" gone, "North" renamed, "Website" new at the top of Project.
const version2: FormContent = {
  ...version1,
  sections: [
    { ...adminInfo, questions: [q.ident, q.email] },
    {
      ...project,
      questions: [
        q.website,
        q.summary,
        { ...q.region, x_options: [{ ...north, value: "Northern region" }, south] },
        q.themes,
        q.budget,
        q.files,
        q.grid,
      ],
    },
    team,
    old,
  ],
};

const HEADER = [
  ...DATA_FIXED_HEADERS,
  "Organisation name",
  "Contact email",
  "Website",
  "Summary",
  "Region",
  "Themes",
  "Budget (Project)",
  "Attachments",
  "Budget (Team)",
  "Status (Team)",
  "Start date",
];

const dates = {
  zetaSubmitted: new Date("2026-01-10T09:30:00Z"),
  zetaSaved: new Date("2026-01-11T10:00:00Z"),
  alphaSubmitted: new Date("2026-01-12T08:00:00Z"),
  alphaSaved: new Date("2026-01-12T08:05:30Z"),
};

const answer = (question: Question, sectionOf: Section, patch: Parameters<typeof answerOf>[3]) =>
  answerOf(question._id, sectionOf._id, question.type, patch);

beforeAll(async () => {
  t = await createTestApp();
  db = t.deps.db;
  cast = await buildCast(db);
  program = { ...cast.program };
  const { formId } = await buildPublishedForm(db, cast.program, version1);
  await db.insert(formVersions).values({ formId, version: 2, content: version2 });

  const zeta = await buildCandidate(db, {
    program,
    formId,
    identifier: "Zeta Org",
    status: "approved",
    amountCents: 150_050,
    submissionDate: dates.zetaSubmitted,
    answers: [
      answer(q.ident, adminInfo, { answerString: "Zeta Org" }),
      answer(q.email, adminInfo, { answerString: "zeta@example.org" }),
      answer(q.start, adminInfo, { answerString: "30/02/2024" }),
      answer(q.summary, project, { answerString: 'We build "things", daily.\nSecond line' }),
      answer(q.region, project, { answerArray: [north._id] }),
      answer(q.themes, project, { answerArray: [sport._id, arts._id] }),
      answer(q.budget, project, {
        answerMatrix: [
          { id: "r1", column_0: "Laptop", column_1: "1200" },
          { id: "r2", column_0: "", column_1: " " },
          { id: "r3", column_0: "Desk" },
        ],
      }),
      answer(q.teamBudget, team, { answerString: "=SUM(A1:A3)" }),
      answer(q.old, old, { answerString: "never shown" }),
    ],
  });
  const plan = await insertFile(db, { submissionId: zeta.id, questionId: q.files._id, name: "plan.pdf" });
  const sheet = await insertFile(db, { submissionId: zeta.id, questionId: q.files._id, name: "budget.xlsx" });
  await db
    .update(submissions)
    .set({
      lastSaveDate: dates.zetaSaved,
      answers: [...zeta.answers, answer(q.files, project, { answerArray: [sheet.id, plan.id] })],
    })
    .where(eq(submissions.id, zeta.id));

  const alpha = await buildCandidate(db, {
    program,
    formId,
    formVersion: 2,
    identifier: "alpha org",
    submissionDate: dates.alphaSubmitted,
    answers: [
      answer(q.ident, adminInfo, { answerString: "alpha org" }),
      answer(q.website, project, { answerString: "+https://alpha.example" }),
      answer(q.summary, project, { answerString: 'مرحبا 😀, "quoted"' }),
      answer(q.region, project, { answerArray: [north._id] }),
    ],
  });
  await db.update(submissions).set({ lastSaveDate: dates.alphaSaved }).where(eq(submissions.id, alpha.id));

  // Ratings of Zeta: 4 and 5 count, -1 (not rated) does not.
  const [ann, bob, cy] = [
    cast.members.REVIEWER,
    cast.members.ADMIN_REVIEWER,
    await buildUser(db, { name: "Cy Unrated" }),
  ];
  await insertReview(db, { program, submissionId: zeta.id, userId: ann.id, rating: 4 });
  await insertReview(db, { program, submissionId: zeta.id, userId: bob.id, rating: 5 });
  await insertReview(db, { program, submissionId: zeta.id, userId: cy.id, rating: -1 });

  // Never exported: a draft, a test, another program's submission.
  await buildCandidate(db, { program, formId, identifier: "Draft Org", submitted: false });
  await buildCandidate(db, { program, formId, identifier: "Test Org", test: true });
  const other = await buildPublishedForm(db, cast.otherProgram, defaultFormContent("Secret"));
  await buildCandidate(db, {
    program: cast.otherProgram,
    formId: other.formId,
    identifier: "Secret Other Co",
  });
});
afterAll(() => t?.close());

const run = (format: "csv" | "xlsx", opts: { includeAnonymized?: boolean; signal?: AbortSignal } = {}) =>
  runProducer(dataExport, { db, storage: t.deps.files.storage, program, format, ...opts });

const ALPHA_ROW = [
  "alpha org",
  "2026-01-12 08:00:00",
  "2026-01-12 08:05:30",
  "Pending",
  "",
  "",
  "0",
  "alpha org",
  "",
  "'+https://alpha.example",
  'مرحبا 😀, "quoted"',
  "Northern region",
  "",
  "",
  "",
  "",
  "",
  "",
];
const ZETA_ROW = [
  "Zeta Org",
  "2026-01-10 09:30:00",
  "2026-01-11 10:00:00",
  "Approved",
  "1500.5",
  "4.5",
  "2",
  "Zeta Org",
  "[anonymized]",
  "",
  'We build "things", daily.\nSecond line',
  "North",
  "Arts; Sport",
  "Item: Laptop; Cost: 1200\nItem: Desk",
  "budget.xlsx; plan.pdf",
  "'=SUM(A1:A3)",
  "",
  "30/02/2024",
];

describe("the data export as CSV", () => {
  it("has one row per submitted, non-test submission, in list order, answers flattened", async () => {
    const { bytes, progress } = await run("csv");
    expect(csvRows(bytes)).toEqual([HEADER, ALPHA_ROW, ZETA_ROW]);
    expect(progress).toEqual([
      [0, 2],
      [2, 2],
    ]);
  });

  it("leaves out drafts, tests and other programs' submissions", async () => {
    const text = (await run("csv")).bytes.toString("utf8");
    for (const absent of ["Draft Org", "Test Org", "Secret Other Co", "never shown"]) {
      expect(text).not.toContain(absent);
    }
  });

  it("gives anonymized answers only when the admin asks for them", async () => {
    const rows = csvRows((await run("csv", { includeAnonymized: true })).bytes);
    expect(rows[2]![HEADER.indexOf("Contact email")]).toBe("zeta@example.org");
    expect(rows[1]![HEADER.indexOf("Contact email")]).toBe("");
    const withheld = (await run("csv")).bytes.toString("utf8");
    expect(withheld).not.toContain("zeta@example.org");
  });

  it("stops, without finishing the file, when the job is aborted", async () => {
    const controller = new AbortController();
    controller.abort(new Error("Lease lost"));
    await expect(run("csv", { signal: controller.signal })).rejects.toThrow("Lease lost");
  });
});

describe("the data export as XLSX", () => {
  it("reads back the same rows, with numbers and dates as such and no apostrophes", async () => {
    const rows = xlsxRows((await run("xlsx")).bytes);
    expect(rows).toEqual([
      HEADER,
      [
        "alpha org",
        excelSerial(dates.alphaSubmitted),
        excelSerial(dates.alphaSaved),
        "Pending",
        null,
        null,
        0,
        "alpha org",
        null,
        "+https://alpha.example",
        'مرحبا 😀, "quoted"',
        "Northern region",
      ],
      [
        "Zeta Org",
        excelSerial(dates.zetaSubmitted),
        excelSerial(dates.zetaSaved),
        "Approved",
        1500.5,
        4.5,
        2,
        "Zeta Org",
        "[anonymized]",
        null,
        'We build "things", daily.\nSecond line',
        "North",
        "Arts; Sport",
        "Item: Laptop; Cost: 1200\nItem: Desk",
        "budget.xlsx; plan.pdf",
        "=SUM(A1:A3)",
        null,
        "30/02/2024",
      ],
    ]);
  });
});

describe("reading a large program", () => {
  let big: ExportProgram;
  let expectedOrder: string[];

  beforeAll(async () => {
    big = await buildProgram(db, cast.org.id, { name: "Big" });
    const content = defaultFormContent("Big");
    const identifier = content.sections[0]!.questions[0]!;
    const { formId } = await buildPublishedForm(db, big, content);
    // 450 submissions (three pages), 250 of them with the same name: pages must neither skip nor repeat.
    const rows = Array.from({ length: 450 }, (_, i) => {
      const name = i < 200 ? `Cand ${String(i).padStart(3, "0")}` : "Same";
      return {
        organizationId: big.organizationId,
        programId: big.id,
        formId,
        formVersion: 1,
        identifier: name,
        submissionDate: new Date(),
        answers: [
          answerOf(identifier._id, content.sections[0]!._id, "IDENTIFIER", { answerString: `#${i}` }),
        ],
      };
    });
    const inserted = await db.insert(submissions).values(rows).returning({
      id: submissions.id,
      identifier: submissions.identifier,
      answers: submissions.answers,
    });
    expectedOrder = inserted
      .sort((a, b) =>
        a.identifier === b.identifier ? (a.id < b.id ? -1 : 1) : a.identifier < b.identifier ? -1 : 1,
      )
      .map((row) => row.answers[0]!.answerString);
  });

  it("pages through every submission once, in order, with a fixed number of queries per page", async () => {
    const { result, queries } = await countQueries(db, () =>
      runProducer(dataExport, { db, storage: t.deps.files.storage, program: big, format: "csv" }),
    );
    const rows = csvRows(result.bytes).slice(1);
    expect(rows.map((row) => row[DATA_FIXED_HEADERS.length])).toEqual(expectedOrder);
    // The versions and the count, then three pages of (submissions with their ratings, files).
    expect(queries).toBe(2 + 3 * 2);
    expect(result.progress).toEqual([
      [0, 450],
      [200, 450],
      [400, 450],
      [450, 450],
    ]);
  });
});
