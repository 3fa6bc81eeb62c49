import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultFormContent } from "../../shared/forms/defaults";
import type { Database, Db } from "../db/client";
import { conflicts, reviews, users } from "../db/schema";
import { ensureReferenceData } from "../plans/reference-data";
import { createTestDatabase } from "../test/database";
import { addMember, buildOrg, buildProgram, buildPublishedForm } from "../test/factories";
import {
  assignGroup,
  assignReviewer,
  buildCandidate,
  buildGroup,
  countQueries,
  insertReview,
} from "../test/review-factories";
import { reviewerStats } from "./reviewer-stats";
import { referenceReviewerStats } from "./test/reviewer-stats-reference";

/**
 * Reviewer Statistics against the single SQL statement it replaced (test/reviewer-stats-reference.ts) on
 * random committees: members of every role, internal accounts, groups, candidates assigned directly, to
 * groups, both or to no one, drafts and tests, rated and unrated reviews. The route's behaviour is in
 * statistics-routes.test.ts.
 */

let database: Database;
let db: Db;
let org: { id: string };
beforeAll(async () => {
  database = await createTestDatabase();
  await database.migrate();
  db = database.db;
  await ensureReferenceData(db);
  org = await buildOrg(db);
});
afterAll(() => database?.close());

const INTERNAL = ["decisionhub.test"];
const ROLES = ["ADMIN", "ADMIN_REVIEWER", "REVIEWER", "GUEST"] as const;

const committee = fc.record({
  members: fc.array(
    fc.record({
      role: fc.constantFrom(...ROLES),
      name: fc.constantFrom("Ann", "ann", "Bo", "Zed", ""),
      internal: fc.boolean(),
    }),
    { minLength: 1, maxLength: 7 },
  ),
  // Few candidates and many reviews: reviews of assigned candidates, by their assignees or not, are common.
  candidates: fc.array(fc.constantFrom("submitted", "submitted", "draft", "test"), { maxLength: 6 }),
  groups: fc.array(fc.array(fc.nat(), { minLength: 1, maxLength: 4 }), { maxLength: 3 }),
  direct: fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 10 }),
  grouped: fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 8 }),
  reviews: fc.array(
    fc.tuple(fc.nat(), fc.nat(), fc.constantFrom(-1, 0, 3, 4.5), fc.integer({ min: 0, max: 10 ** 9 })),
    { maxLength: 40 },
  ),
});

type Committee = typeof committee extends fc.Arbitrary<infer T> ? T : never;

let run = 0;
async function materialize(spec: Committee) {
  run += 1;
  const program = await buildProgram(db, org.id);
  const { formId } = await buildPublishedForm(db, program, defaultFormContent("Form"));
  const memberIds: string[] = [];
  for (const [i, m] of spec.members.entries()) {
    const id = `u${run}-${i}${i % 2 ? "A" : "a"}`;
    const domain = m.internal ? "Decisionhub.Test" : "example.test";
    await db.insert(users).values({ id, name: m.name, email: `m${run}-${i}@${domain}` });
    await addMember(db, program, id, m.role);
    memberIds.push(id);
  }
  const member = (n: number) => memberIds[n % memberIds.length]!;
  const candidateIds: string[] = [];
  for (const [i, kind] of spec.candidates.entries()) {
    const row = await buildCandidate(db, {
      program,
      formId,
      identifier: `c${i}`,
      submitted: kind === "submitted",
      test: kind === "test",
    });
    candidateIds.push(row.id);
  }
  if (candidateIds.length === 0) return program;
  const candidate = (n: number) => candidateIds[n % candidateIds.length]!;
  const groupIds: string[] = [];
  for (const [i, members] of spec.groups.entries()) {
    const unique = [...new Set(members.map(member))];
    groupIds.push((await buildGroup(db, program, `g${i}`, unique)).id);
  }
  const seen = new Set<string>();
  const once = (key: string) => !seen.has(key) && seen.add(key) !== undefined;
  for (const [c, m] of spec.direct) {
    if (once(`d${candidate(c)}${member(m)}`)) await assignReviewer(db, candidate(c), member(m), program.id);
  }
  for (const [c, g] of spec.grouped) {
    const groupId = groupIds[g % Math.max(1, groupIds.length)];
    if (groupId && once(`g${candidate(c)}${groupId}`))
      await assignGroup(db, candidate(c), groupId, program.id);
  }
  for (const [c, m, rating, micros] of spec.reviews) {
    if (!once(`r${candidate(c)}${member(m)}`)) continue;
    const row = await insertReview(db, { program, submissionId: candidate(c), userId: member(m), rating });
    // Microseconds, as PostgreSQL keeps them: the latest save is shown to the millisecond.
    await db
      .update(reviews)
      .set({ lastReviewed: sql`timestamptz '2026-01-01' + ${micros} * interval '1 microsecond'` })
      .where(eq(reviews.id, row.id));
  }
  return program;
}

describe("reviewerStats", () => {
  it("gives the reference statement's rows on random committees", async () => {
    await fc.assert(
      fc.asyncProperty(committee, async (spec) => {
        const program = await materialize(spec);
        expect(await reviewerStats(db, program, INTERNAL)).toEqual(
          await referenceReviewerStats(db, program, INTERNAL),
        );
      }),
      { numRuns: 25 },
    );
  });

  it("reads the program in one statement whatever the committee's size, none while it is kept", async () => {
    const spec = (members: number): Committee => ({
      members: Array.from({ length: members }, () => ({
        role: "REVIEWER" as const,
        name: "Ann",
        internal: false,
      })),
      candidates: ["submitted", "submitted"],
      groups: [[0, 1]],
      direct: [[0, 0]],
      grouped: [[1, 0]],
      reviews: [[0, 0, 3, 0]],
    });
    // The statistics versions first; then the one statement (or nothing, kept).
    for (const size of [1, 12]) {
      const program = await materialize(spec(size));
      const { queries, result } = await countQueries(db, () => reviewerStats(db, program, INTERNAL));
      expect(result.rows).toHaveLength(size);
      expect(queries).toBe(2);
      const again = await countQueries(db, () => reviewerStats(db, program, INTERNAL));
      expect(again.result).toEqual(result);
      expect(again.queries).toBe(1);
    }
  });
});

describe("reviewerStats with conflicts of interest", () => {
  it("takes a conflicted candidate out of the member's k of n, whether assigned or open, and back on revert", async () => {
    const program = await buildProgram(db, org.id);
    const { formId } = await buildPublishedForm(db, program, defaultFormContent("Conflict form"));
    await db.insert(users).values([
      { id: `conflicted-${program.id}`, name: "Conflicted", email: `c-${program.id}@example.test` },
      { id: `lead-${program.id}`, name: "Lead", email: `l-${program.id}@example.test` },
    ]);
    const [member, lead] = [`conflicted-${program.id}`, `lead-${program.id}`];
    await addMember(db, program, member, "REVIEWER");
    await addMember(db, program, lead, "ADMIN_REVIEWER");
    const make = async (identifier: string) => (await buildCandidate(db, { program, formId, identifier })).id;
    const [assigned, open, unrated] = [await make("Assigned"), await make("Open"), await make("Unrated")];
    await assignReviewer(db, assigned, member, program.id);
    await insertReview(db, { program, submissionId: assigned, userId: member, rating: 4 });
    await insertReview(db, { program, submissionId: open, userId: member, rating: 3 });
    await insertReview(db, { program, submissionId: open, userId: lead, rating: 5 });
    const kOfN = async () =>
      Object.fromEntries(
        (await reviewerStats(db, program, INTERNAL)).rows.map((r) => [r.name, [r.reviewed, r.assigned]]),
      );
    expect(await kOfN()).toEqual({ Conflicted: [2, 3], Lead: [1, 3] });
    const declared = await db
      .insert(conflicts)
      .values(
        [
          [assigned, member],
          [open, member],
          [open, lead],
          [unrated, lead],
        ].map(([submissionId, userId]) => ({
          organizationId: program.organizationId,
          programId: program.id,
          submissionId: submissionId!,
          userId: userId!,
          declaredBy: "self" as const,
        })),
      )
      .returning({ id: conflicts.id });
    expect(await kOfN()).toEqual({ Conflicted: [0, 1], Lead: [0, 1] });
    await db.update(conflicts).set({ revertedAt: new Date() }).where(eq(conflicts.id, declared[0]!.id));
    expect(await kOfN()).toEqual({ Conflicted: [1, 2], Lead: [0, 1] });
  });
});
