import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultFormContent, newSection } from "../../../shared/forms/defaults";
import type { FormContent } from "../../../shared/forms/model";
import type { Db } from "../../db/client";
import { formVersions, reviewComments, users } from "../../db/schema";
import { buildCast, buildPublishedForm, type Cast } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/harness";
import { buildCandidate, insertComment } from "../../test/review-factories";
import { csvRows, runProducer, xlsxRows } from "../tabular/test/run-producer";
import { excelSerial } from "../tabular/xlsx";
import type { ExportProgram } from "../types";
import { COMMENT_HEADERS, commentsExport, sectionTitles } from "./comments";

/**
 * The comment export read back: every comment on the program's submitted, non-test candidates, by
 * candidate in list order and oldest first, with the section's title from the candidate's form version
 * — without the internal accounts' comments (review-and-administration, "6. Roles and permissions").
 */

let t: TestApp;
let db: Db;
let cast: Cast;
let program: ExportProgram;

const INTERNAL = ["decisionhub.test"];
const content: FormContent = defaultFormContent("Comments");
const [adminInfo, decision] = content.sections as [FormContent["sections"][0], FormContent["sections"][0]];
const version2: FormContent = {
  ...content,
  sections: [adminInfo, { ...decision, name: "Impact & reach" }],
};

async function person(name: string, email: string) {
  const [row] = await db.insert(users).values({ id: randomUUID(), name, email }).returning();
  return row!;
}

async function comment(
  submissionId: string,
  userId: string,
  sectionId: string,
  body: string,
  createdAt: string,
  updatedAt = createdAt,
  inProgram: ExportProgram = program,
) {
  const row = await insertComment(db, { program: inProgram, submissionId, userId, sectionId, body });
  await db
    .update(reviewComments)
    .set({ createdAt: new Date(createdAt), updatedAt: new Date(updatedAt) })
    .where(eq(reviewComments.id, row.id));
}

beforeAll(async () => {
  t = await createTestApp();
  db = t.deps.db;
  cast = await buildCast(db);
  program = cast.program;
  const { formId } = await buildPublishedForm(db, program, content);
  await db.insert(formVersions).values({ formId, version: 2, content: version2 });
  const beta = await buildCandidate(db, { program, formId, identifier: "beta" });
  const alpha = await buildCandidate(db, { program, formId, identifier: "Alpha", formVersion: 2 });
  const draft = await buildCandidate(db, { program, formId, identifier: "Draft", submitted: false });
  const test = await buildCandidate(db, { program, formId, identifier: "Test", test: true });
  const other = await buildPublishedForm(db, cast.otherProgram, defaultFormContent("Other"));
  const foreign = await buildCandidate(db, {
    program: cast.otherProgram,
    formId: other.formId,
    identifier: "Other",
  });

  const ann = await person("Ann Archer", "ann@example.test");
  const bob = await person("Bob Baker", "bob@example.test");
  const staff = await person("Staff Person", "staff@DecisionHub.Test");

  await comment(
    alpha.id,
    ann.id,
    decision._id,
    'Strong team, "clear" plan',
    "2026-02-01T10:00:00Z",
    "2026-02-03T12:00:00Z",
  );
  await comment(alpha.id, bob.id, adminInfo._id, '=HYPERLINK("x")', "2026-02-02T09:00:00Z");
  await comment(alpha.id, staff.id, decision._id, "internal test note", "2026-02-02T10:00:00Z");
  await comment(beta.id, bob.id, "ghost", "where?", "2026-01-16T08:00:00Z");
  await comment(beta.id, bob.id, decision._id, "multi\nline", "2026-01-15T08:00:00Z");
  await comment(draft.id, ann.id, decision._id, "on a draft", "2026-01-01T00:00:00Z");
  await comment(test.id, ann.id, decision._id, "on a test", "2026-01-01T00:00:00Z");
  await comment(
    foreign.id,
    ann.id,
    "any",
    "secret of another organization",
    "2026-01-01T00:00:00Z",
    undefined,
    cast.otherProgram,
  );
});
afterAll(() => t?.close());

const run = (format: "csv" | "xlsx", internalEmailDomains: readonly string[] = INTERNAL) =>
  runProducer(commentsExport, { db, storage: t.deps.files.storage, program, format, internalEmailDomains });

describe("the comment export", () => {
  it("lists the comments by candidate, oldest first, with section titles from the candidate's version (CSV)", async () => {
    const { bytes, progress } = await run("csv");
    expect(csvRows(bytes)).toEqual([
      [...COMMENT_HEADERS],
      // The date is the last change; Alpha applied on version 2, where the section is "Impact & reach".
      [
        "Alpha",
        "Impact & reach",
        "Ann Archer",
        "ann@example.test",
        "2026-02-03 12:00:00",
        'Strong team, "clear" plan',
      ],
      ["Alpha", "Admin Info", "Bob Baker", "bob@example.test", "2026-02-02 09:00:00", `'=HYPERLINK("x")`],
      ["beta", "Decision Criteria", "Bob Baker", "bob@example.test", "2026-01-15 08:00:00", "multi\nline"],
      // A section the version does not have keeps its id.
      ["beta", "ghost", "Bob Baker", "bob@example.test", "2026-01-16 08:00:00", "where?"],
    ]);
    expect(progress).toEqual([
      [0, 4],
      [4, 4],
    ]);
  });

  it("leaves out internal accounts (any letter case), drafts, tests and other programs", async () => {
    const text = (await run("csv")).bytes.toString("utf8");
    for (const absent of [
      "internal test note",
      "Staff Person",
      "on a draft",
      "on a test",
      "another organization",
    ]) {
      expect(text).not.toContain(absent);
    }
  });

  it("keeps everyone's comments when no domain is internal", async () => {
    const rows = csvRows((await run("csv", [])).bytes);
    expect(rows.map((row) => row[5])).toContain("internal test note");
    expect(rows).toHaveLength(6);
  });

  it("reads back from XLSX with the dates as dates", async () => {
    const rows = xlsxRows((await run("xlsx")).bytes);
    expect(rows[0]).toEqual([...COMMENT_HEADERS]);
    expect(rows[1]).toEqual([
      "Alpha",
      "Impact & reach",
      "Ann Archer",
      "ann@example.test",
      excelSerial(new Date("2026-02-03T12:00:00Z")),
      'Strong team, "clear" plan',
    ]);
    expect(rows[2]![5]).toBe('=HYPERLINK("x")');
    expect(rows).toHaveLength(5);
  });
});

describe("section titles", () => {
  it("name a legacy program's canvas entries after its non-administrative sections, and the Final Rating", () => {
    const legacy: FormContent = {
      ...content,
      sections: [
        adminInfo,
        newSection("1 - Problem"),
        { ...newSection("Dropped"), deleted: true },
        newSection("  2 -   Solution "),
      ],
    };
    const titles = sectionTitles(legacy, 1);
    expect(titles.get("canvas_1")).toBe("1 - Problem");
    expect(titles.get("canvas_2")).toBe("2 - Solution");
    expect(titles.get("canvas_3")).toBe("Canvas entry 3");
    expect(titles.get("final")).toBe("Final Rating");
    expect(titles.get(adminInfo._id)).toBeUndefined();
  });

  it("are the live sections' names otherwise", () => {
    const titles = sectionTitles(content, 3);
    expect(titles.get(adminInfo._id)).toBe("Admin Info");
    expect(titles.get(decision._id)).toBe("Decision Criteria");
    expect(titles.get("canvas_1")).toBeUndefined();
  });
});
