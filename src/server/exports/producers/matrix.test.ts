import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultFormContent } from "../../../shared/forms/defaults";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { buildCast, buildProgram, buildPublishedForm, type Cast } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/harness";
import { buildCandidate, countQueries, insertRanking, insertReview } from "../../test/review-factories";
import { csvRows, runProducer, xlsxRows } from "../tabular/test/run-producer";
import type { ExportProgram } from "../types";
import { MATRIX_FIXED_HEADERS, matrixExport, reviewerHeaders } from "./matrix";

/**
 * The matrix read back: candidates in list order with Candidate Statistics' figures, then each
 * reviewer's rating and place in their stacked ranking.
 */

let t: TestApp;
let db: Db;
let cast: Cast;
let program: ExportProgram;

/** Users written straight to the table: the matrix only needs their names and emails. */
async function person(name: string, email: string) {
  const [row] = await db.insert(users).values({ id: randomUUID(), name, email }).returning();
  return row!;
}

beforeAll(async () => {
  t = await createTestApp();
  db = t.deps.db;
  cast = await buildCast(db);
  program = cast.program;
  const { formId } = await buildPublishedForm(db, program, defaultFormContent("Matrix"));
  const candidate = (identifier: string, extra: Partial<Parameters<typeof buildCandidate>[1]> = {}) =>
    buildCandidate(db, { program, formId, identifier, ...extra });
  const beta = await candidate("Beta", { status: "approved", amountCents: 10_000 });
  const alpha = await candidate("alpha");
  const gamma = await candidate("Gamma");
  const draft = await candidate("Draft", { submitted: false });
  const test = await candidate("Test", { test: true });

  const ann = await person("Ann Archer", "ann@example.test");
  const bob = await person("bob Baker", "bob@example.test");
  // Not a member of the program (any more): their ratings still count, so they keep their columns.
  const cy = await person("Cy Former", "cy@example.test");
  const dee = await person("Dee Ranker", "dee@example.test");
  const eve = await person("Eve Unrated", "eve@example.test");
  const tess = await person("Tess Tester", "tess@example.test");
  const fay = await person("", "fay@example.test");
  const sam1 = await person("Sam Lee", "sam1@example.test");
  const sam2 = await person("Sam Lee", "sam2@example.test");

  const rate = (submissionId: string, userId: string, rating: number) =>
    insertReview(db, { program, submissionId, userId, rating });
  await rate(beta.id, ann.id, 4);
  await rate(beta.id, bob.id, 2);
  await rate(beta.id, cy.id, 3);
  await rate(beta.id, eve.id, -1);
  await rate(alpha.id, ann.id, 5);
  await rate(alpha.id, sam1.id, 4.5);
  await rate(alpha.id, sam2.id, 1);
  await rate(gamma.id, fay.id, 2);
  // Ratings of a draft and a test count nowhere: Tess rated only the test and gets no columns.
  await rate(draft.id, ann.id, 3);
  await rate(test.id, tess.id, 5);

  await insertRanking(db, program, ann.id, [alpha.id, beta.id, draft.id, gamma.id, alpha.id]);
  await insertRanking(db, program, dee.id, [gamma.id, randomUUID()]);
  // Someone whose ranking names only a test is nobody's column either.
  await insertRanking(db, program, tess.id, [test.id]);
});
afterAll(() => t?.close());

const HEADER = [
  ...MATRIX_FIXED_HEADERS,
  "Ann Archer rating",
  "Ann Archer rank",
  "bob Baker rating",
  "bob Baker rank",
  "Cy Former rating",
  "Cy Former rank",
  "Dee Ranker rating",
  "Dee Ranker rank",
  "fay@example.test rating",
  "fay@example.test rank",
  "Sam Lee (sam1@example.test) rating",
  "Sam Lee (sam1@example.test) rank",
  "Sam Lee (sam2@example.test) rating",
  "Sam Lee (sam2@example.test) rank",
];

describe("the matrix export", () => {
  it("has each candidate's figures and each reviewer's rating and place (CSV)", async () => {
    const { result, queries } = await countQueries(db, () =>
      runProducer(matrixExport, { db, storage: t.deps.files.storage, program, format: "csv" }),
    );
    expect(csvRows(result.bytes)).toEqual([
      HEADER,
      // alpha: 5, 4.5 and 1 — mean 3.5, population SD 1.78; first of Ann's three (0.8333).
      [
        "alpha",
        "Pending",
        "",
        "3.5",
        "3",
        "1.78",
        "0.8333",
        "5",
        "1",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "4.5",
        "",
        "1",
        "",
      ],
      // Beta: 4, 2 and 3 (Eve's -1 is no rating) — mean 3, SD 0.82; second of Ann's three (0.5).
      [
        "Beta",
        "Approved",
        "100",
        "3",
        "3",
        "0.82",
        "0.5",
        "4",
        "2",
        "2",
        "",
        "3",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
      ],
      // Gamma: Fay's 2; third of Ann's three (1/6) and Dee's only one (0.5): 0.3333.
      [
        "Gamma",
        "Pending",
        "",
        "2",
        "1",
        "0",
        "0.3333",
        "",
        "3",
        "",
        "",
        "",
        "",
        "",
        "1",
        "2",
        "",
        "",
        "",
        "",
        "",
      ],
    ]);
    expect(result.progress).toEqual([
      [0, 3],
      [3, 3],
    ]);
    // The candidates, the rankings, the conflicts of interest and the reviewers once; then one page of
    // candidates with their ratings.
    expect(queries).toBe(5);
  });

  it("reads back from XLSX with the numbers as numbers", async () => {
    const { bytes } = await runProducer(matrixExport, {
      db,
      storage: t.deps.files.storage,
      program,
      format: "xlsx",
    });
    const rows = xlsxRows(bytes);
    expect(rows[0]).toEqual(HEADER);
    expect(rows[1]).toEqual([
      "alpha",
      "Pending",
      null,
      3.5,
      3,
      1.78,
      0.8333,
      5,
      1,
      ...Array(8).fill(null),
      4.5,
      null,
      1,
    ]);
    expect(rows[2]).toEqual(["Beta", "Approved", 100, 3, 3, 0.82, 0.5, 4, 2, 2, null, 3]);
    expect(rows[3]).toEqual([
      "Gamma",
      "Pending",
      null,
      2,
      1,
      0,
      0.3333,
      null,
      3,
      ...Array(5).fill(null),
      1,
      2,
    ]);
  });

  it("leaves other programs, drafts and tests out", async () => {
    const text = (
      await runProducer(matrixExport, { db, storage: t.deps.files.storage, program, format: "csv" })
    ).bytes.toString("utf8");
    for (const absent of ["Draft", "Test", "Tess", "Eve"]) expect(text).not.toContain(absent);
  });

  it("is a header of the fixed columns alone for a program without candidates", async () => {
    const empty = await buildProgram(db, cast.org.id, { name: "Empty" });
    const { bytes, progress } = await runProducer(matrixExport, {
      db,
      storage: t.deps.files.storage,
      program: empty,
      format: "csv",
    });
    expect(csvRows(bytes)).toEqual([[...MATRIX_FIXED_HEADERS]]);
    expect(progress).toEqual([[0, 0]]);
  });
});

describe("reviewer headers", () => {
  it("qualify a shared name or one that would repeat a fixed header with the email", () => {
    expect(
      reviewerHeaders([
        { id: "1", name: "Average", email: "avg@x.test" },
        { id: "2", name: "  Jo   Doe ", email: "jo@x.test" },
        { id: "3", name: "", email: "anon@x.test" },
      ]),
    ).toEqual([
      "Average (avg@x.test) rating",
      "Average (avg@x.test) rank",
      "Jo Doe rating",
      "Jo Doe rank",
      "anon@x.test rating",
      "anon@x.test rank",
    ]);
  });
});

/**
 * The target: 10,000 candidates × 200 reviewers under 5 s. Generated with INSERT … SELECT
 * generate_series; run with EXPORT_BENCH=1 (EXPORT_BENCH_REVIEWS = reviews per candidate, 5 by default).
 */
describe.runIf(process.env.EXPORT_BENCH)("the matrix at scale", () => {
  const CANDIDATES = 10_000;
  const REVIEWERS = 200;
  const PER_CANDIDATE = Number(process.env.EXPORT_BENCH_REVIEWS ?? 5);

  it(`exports ${CANDIDATES} candidates × ${REVIEWERS} reviewers`, async () => {
    const big = await buildProgram(db, cast.org.id, { name: "Matrix at scale" });
    const { formId } = await buildPublishedForm(db, big, defaultFormContent("Scale"));
    const started = Date.now();
    const [reviewers, candidates, last] = [REVIEWERS, CANDIDATES, PER_CANDIDATE - 1].map((n) =>
      sql.raw(String(n)),
    );
    await db.execute(sql`insert into users (id, name, email)
        select 'bench-' || n, 'Reviewer ' || n, 'reviewer' || n || '@bench.test' from generate_series(1, ${reviewers}) n`);
    await db.execute(sql`insert into submissions (organization_id, program_id, form_id, form_version, answers, identifier, submission_date)
        select ${big.organizationId}, ${big.id}, ${formId}, 1, '[]'::json, 'Candidate ' || n, now()
        from generate_series(1, ${candidates}) n`);
    await db.execute(sql`insert into reviews (organization_id, program_id, submission_id, user_id, rating, started_at)
        select ${big.organizationId}, ${big.id}, s.id, 'bench-' || (1 + (s.n + j) % ${reviewers}), 1 + (s.n * 7 + j) % 5, now()
        from (select id, row_number() over (order by id) as n from submissions where program_id = ${big.id}) s,
          generate_series(0, ${last}) j`);
    await db.execute(sql`insert into rankings (program_id, user_id, organization_id, applications)
        select ${big.id}, r.user_id, ${big.organizationId}, jsonb_agg(r.submission_id order by r.rating desc, r.submission_id)
        from reviews r where r.program_id = ${big.id} group by r.user_id`);
    const generated = Date.now() - started;

    for (const format of ["csv", "xlsx"] as const) {
      const began = performance.now();
      const { bytes } = await runProducer(matrixExport, {
        db,
        storage: t.deps.files.storage,
        program: big,
        format,
      });
      const took = performance.now() - began;
      console.log(
        `matrix ${format}: ${CANDIDATES} × ${REVIEWERS}, ${CANDIDATES * PER_CANDIDATE} reviews, ${t.deps.database.kind}: ${took.toFixed(0)} ms, ${(bytes.length / 1e6).toFixed(1)} MB (data generated in ${generated} ms)`,
      );
      if (format === "csv") {
        const rows = csvRows(bytes);
        expect(rows).toHaveLength(CANDIDATES + 1);
        expect(rows[0]).toHaveLength(MATRIX_FIXED_HEADERS.length + 2 * REVIEWERS);
      }
      expect(took).toBeLessThan(60_000);
    }
  }, 600_000);
});
