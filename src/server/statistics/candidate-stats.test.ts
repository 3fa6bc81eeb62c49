import { and, eq, inArray, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultFormContent } from "../../shared/forms/defaults";
import type { Database, Db } from "../db/client";
import { conflicts, programs, rankings, reviews, submissions, users } from "../db/schema";
import { ensureReferenceData } from "../plans/reference-data";
import { createTestDatabase } from "../test/database";
import { buildOrg, buildProgram, buildPublishedForm } from "../test/factories";
import { buildCandidate, countQueries, insertRanking, insertReview } from "../test/review-factories";
import type { StatsCandidate, StatsReview } from "./candidate-figures";
import { candidateStats, DEFAULT_PAGE_QUERY } from "./candidate-stats";
import type { PageQuery } from "./candidate-stats-page";
import { programArbitrary, queryArbitrary } from "./test/candidate-stats-arbitraries";
import { type ReferenceProgram, referencePage } from "./test/candidate-stats-reference";

/**
 * Candidate Statistics through the database: the figures and pages against the straightforward
 * computation on random programs, and the kept table: answered from memory while nothing changed (one
 * statement), computed again as soon as anything it shows changes, whoever changes it.
 */

let database: Database;
let db: Db;
let org: { id: string };
const reviewerIds: string[] = [];

const reviewForm = defaultFormContent("Review form");

beforeAll(async () => {
  database = await createTestDatabase();
  await database.migrate();
  db = database.db;
  await ensureReferenceData(db);
  org = await buildOrg(db);
  // Written straight to the table (no password to hash); ids in mixed case, as better-auth makes them.
  for (const [i, id] of ["qZ4", "Qa9", "b7X", "B07", "a-1", "A_2", "z", "Z"].entries()) {
    await db
      .insert(users)
      .values({ id: `${id}-${org.id}`, name: `Reviewer ${i}`, email: `r${i}-${org.id}@example.test` });
    reviewerIds.push(`${id}-${org.id}`);
  }
});
afterAll(() => database?.close());

type Program = { id: string; organizationId: string; appVersion: number; name: string };

async function newProgram(appVersion = 3): Promise<Program & { formId: string }> {
  const program = await buildProgram(db, org.id);
  await db.update(programs).set({ appVersion }).where(eq(programs.id, program.id));
  const { formId } = await buildPublishedForm(db, program, reviewForm);
  return { ...program, appVersion, formId };
}

/** The random program written to the database, and the same program with the ids it was given. */
async function materialize(
  spec: ReferenceProgram,
): Promise<{ program: Program; reference: ReferenceProgram; rankers: string[] }> {
  const program = await newProgram(spec.appVersion);
  const ids = new Map<string, string>();
  const candidates: StatsCandidate[] = [];
  for (const candidate of spec.candidates) {
    const row = await buildCandidate(db, {
      program,
      formId: program.formId,
      identifier: candidate.identifier,
      status: candidate.status,
      amountCents: candidate.amountCents,
    });
    ids.set(candidate.id, row.id);
    candidates.push({ ...candidate, id: row.id });
  }
  // The other submissions named in reviews and rankings: drafts and a test, never listed.
  const named = new Set([...spec.reviews.map((r) => r.submissionId), ...spec.rankings.flat()]);
  for (const symbol of [...named].filter((s) => !ids.has(s)).sort()) {
    const test = ids.size % 2 === 0;
    const row = await buildCandidate(db, {
      program,
      formId: program.formId,
      identifier: symbol,
      submitted: test,
      test,
    });
    ids.set(symbol, row.id);
  }
  const reviewer = (symbol: string) => reviewerIds[Number(symbol.slice(2))]!;
  const written: StatsReview[] = [];
  for (const review of spec.reviews) {
    const submissionId = ids.get(review.submissionId)!;
    const userId = reviewer(review.userId);
    const row = await insertReview(db, { program, submissionId, userId, rating: review.rating });
    await db.update(reviews).set({ suggestedRating: review.suggested }).where(eq(reviews.id, row.id));
    written.push({ submissionId, userId, rating: review.rating, suggested: review.suggested });
  }
  const lists: string[][] = [];
  for (const [i, list] of spec.rankings.entries()) {
    const applications = list.map((s) => ids.get(s)!);
    await insertRanking(db, program, reviewerIds[i]!, applications);
    lists.push(applications);
  }
  // The rankings are read in reviewer id order.
  const byReviewer = spec.rankings.map((_, i) => ({ userId: reviewerIds[i]!, list: lists[i]! }));
  byReviewer.sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  return {
    program,
    rankers: byReviewer.map((r) => r.userId),
    reference: {
      appVersion: spec.appVersion,
      candidates,
      reviews: written,
      rankings: byReviewer.map((r) => r.list),
    },
  };
}

const page = (program: Program, query: Partial<PageQuery> = {}) =>
  candidateStats(db, program, { ...DEFAULT_PAGE_QUERY, ...query });

describe("Candidate Statistics on random programs", () => {
  it("answers the straightforward figures and pages, to the digit", async () => {
    await fc.assert(
      fc.asyncProperty(
        programArbitrary,
        fc.array(queryArbitrary, { minLength: 1, maxLength: 3 }),
        async (spec, queries) => {
          const { program, reference } = await materialize(spec);
          for (const query of queries)
            expect(await page(program, query)).toEqual(referencePage(reference, query));
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe("Candidate Statistics with conflicts of interest", () => {
  it("leaves out exactly the conflicted reviews and ranking positions, and takes them back on revert", async () => {
    await fc.assert(
      fc.asyncProperty(
        programArbitrary,
        queryArbitrary,
        fc.array(fc.nat(), { minLength: 1, maxLength: 6 }),
        async (spec, query, picks) => {
          const { program, reference, rankers } = await materialize(spec);
          // Pairs a conflict may name: a reviewer with a candidate they reviewed or ranked.
          const pairs = [
            ...reference.reviews.map((r) => [r.userId, r.submissionId] as const),
            ...reference.rankings.flatMap((list, i) => list.map((id) => [rankers[i]!, id] as const)),
          ];
          if (pairs.length === 0) return;
          const chosen = new Map(picks.map((n) => pairs[n % pairs.length]!).map((p) => [p.join(" "), p]));
          const conflicted = new Set(chosen.keys());
          const rows = await db
            .insert(conflicts)
            .values(
              [...chosen.values()].map(([userId, submissionId]) => ({
                organizationId: program.organizationId,
                programId: program.id,
                submissionId,
                userId,
                declaredBy: "self" as const,
              })),
            )
            .returning({ id: conflicts.id });
          const without: ReferenceProgram = {
            ...reference,
            reviews: reference.reviews.filter((r) => !conflicted.has(`${r.userId} ${r.submissionId}`)),
            rankings: reference.rankings.map((list, i) =>
              list.filter((id) => !conflicted.has(`${rankers[i]} ${id}`)),
            ),
          };
          expect(await page(program, query)).toEqual(referencePage(without, query));
          await db
            .update(conflicts)
            .set({ revertedAt: new Date() })
            .where(
              inArray(
                conflicts.id,
                rows.map((r) => r.id),
              ),
            );
          expect(await page(program, query)).toEqual(referencePage(reference, query));
        },
      ),
      { numRuns: 8 },
    );
  });

  it("changes one candidate's figures exactly when its reviewer declares a conflict", async () => {
    const program = await newProgram();
    const make = (identifier: string) => buildCandidate(db, { program, formId: program.formId, identifier });
    const [a, b] = [await make("Ana"), await make("Ben")];
    await insertReview(db, { program, submissionId: a.id, userId: reviewerIds[0]!, rating: 5 });
    await insertReview(db, { program, submissionId: a.id, userId: reviewerIds[1]!, rating: 2 });
    await insertReview(db, { program, submissionId: b.id, userId: reviewerIds[1]!, rating: 3 });
    const rowOf = async (identifier: string) => {
      const row = (await page(program)).rows.find((r) => r.identifier === identifier)!;
      return [row.averageRating, row.numReviews];
    };
    expect(await rowOf("Ana")).toEqual([3.5, 2]);
    const [conflict] = await db
      .insert(conflicts)
      .values({
        organizationId: program.organizationId,
        programId: program.id,
        submissionId: a.id,
        userId: reviewerIds[0]!,
        declaredBy: "self",
      })
      .returning();
    expect(await rowOf("Ana")).toEqual([2, 1]);
    expect(await rowOf("Ben")).toEqual([3, 1]);
    await db.update(conflicts).set({ revertedAt: new Date() }).where(eq(conflicts.id, conflict!.id));
    expect(await rowOf("Ana")).toEqual([3.5, 2]);
  });
});

describe("the table kept per program", () => {
  let program: Program & { formId: string };
  let ids: { a: string; b: string; c: string };
  beforeAll(async () => {
    program = await newProgram();
    const make = (identifier: string, submitted = true) =>
      buildCandidate(db, { program, formId: program.formId, identifier, submitted });
    ids = { a: (await make("Anna")).id, b: (await make("Bo")).id, c: (await make("Cy", false)).id };
    await insertReview(db, { program, submissionId: ids.a, userId: reviewerIds[0]!, rating: 4 });
    await insertReview(db, { program, submissionId: ids.b, userId: reviewerIds[0]!, rating: 2 });
    await insertRanking(db, program, reviewerIds[0]!, [ids.a, ids.b]);
  });
  const figures = async () => {
    const { rows, totalRankings } = await page(program);
    return {
      totalRankings,
      rows: rows.map((r) => [
        r.identifier,
        r.status,
        r.amount,
        r.averageRating,
        r.calibratedRating,
        r.consensusRank,
      ]),
    };
  };

  it("is answered with one statement while nothing changed", async () => {
    await page(program);
    const warm = await countQueries(db, () =>
      page(program, { sort: "averageRating", direction: "descending" }),
    );
    expect(warm.queries).toBe(1);
    expect(warm.result.rows.map((r) => r.identifier)).toEqual(["Anna", "Bo"]);
  });

  it("follows every change to what it shows, made straight to the tables", async () => {
    expect(await figures()).toEqual({
      totalRankings: 1,
      rows: [
        ["Anna", "pending", null, 4, 4, 1],
        ["Bo", "pending", null, 2, 2, 2],
      ],
    });
    // A rating changed (the review's other columns untouched).
    await db.update(reviews).set({ rating: 5 }).where(eq(reviews.submissionId, ids.a));
    expect((await figures()).rows[0]).toEqual(["Anna", "pending", null, 5, 5, 1]);
    // A decision, and a renamed candidate.
    await db
      .update(submissions)
      .set({ status: "approved", amountCents: 12_345 })
      .where(eq(submissions.id, ids.b));
    // Renamed past the other: the name order follows (it is kept while only figures change).
    await db.update(submissions).set({ identifier: "Zoe" }).where(eq(submissions.id, ids.a));
    expect((await figures()).rows).toEqual([
      ["Bo", "approved", 123.45, 2, 2, 2],
      ["Zoe", "pending", null, 5, 5, 1],
    ]);
    // A ranking saved again in the other order (the routes bump its revision).
    await db
      .update(rankings)
      .set({ applications: [ids.b, ids.a], revision: sql`${rankings.revision} + 1` })
      .where(and(eq(rankings.programId, program.id), eq(rankings.userId, reviewerIds[0]!)));
    expect((await figures()).rows.map((r) => r[5])).toEqual([1, 2]);
    // A draft force-submitted comes in; a candidate marked as a test goes.
    await db.update(submissions).set({ submissionDate: new Date() }).where(eq(submissions.id, ids.c));
    await db.update(submissions).set({ softDeleted: true }).where(eq(submissions.id, ids.a));
    expect(await figures()).toEqual({
      totalRankings: 1,
      rows: [
        ["Bo", "approved", 123.45, 2, 2, 1],
        ["Cy", "pending", null, null, null, null],
      ],
    });
    // A review deleted.
    await db.delete(reviews).where(eq(reviews.submissionId, ids.b));
    expect((await figures()).rows[0]).toEqual(["Bo", "approved", 123.45, null, null, 1]);
  });

  it("answers the first page by name when the query names none", async () => {
    const many = await newProgram();
    for (let i = 0; i < 60; i += 1) {
      await buildCandidate(db, { program: many, formId: many.formId, identifier: `App ${60 - i}` });
    }
    const first = await page(many);
    expect(first).toMatchObject({
      total: 60,
      page: 1,
      pageSize: DEFAULT_PAGE_QUERY.pageSize,
      candidates: 60,
    });
    expect(first.rows).toHaveLength(DEFAULT_PAGE_QUERY.pageSize);
    expect(first.rows.map((r) => r.identifier).slice(0, 3)).toEqual(["App 1", "App 2", "App 3"]);
    expect((await page(many, { page: 2 })).rows.map((r) => r.identifier)).toEqual(
      Array.from(
        { length: 60 - DEFAULT_PAGE_QUERY.pageSize },
        (_, i) => `App ${DEFAULT_PAGE_QUERY.pageSize + 1 + i}`,
      ),
    );
  });

  it("computes a table once for requests that arrive together", async () => {
    await db.update(submissions).set({ identifier: "Bob" }).where(eq(submissions.id, ids.b));
    const together = await countQueries(db, () => Promise.all([page(program), page(program), page(program)]));
    const alone = await countQueries(db, async () => {
      await db.update(submissions).set({ identifier: "Bobby" }).where(eq(submissions.id, ids.b));
      return page(program);
    });
    // Each request reads the versions; the candidates are read once for the three.
    expect(together.queries).toBe(alone.queries - 1 + 2);
    expect(together.result.map((p) => p.rows[0]?.identifier)).toEqual(["Bob", "Bob", "Bob"]);
  });
});
