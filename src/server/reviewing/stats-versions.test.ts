import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultFormContent } from "../../shared/forms/defaults";
import type { Database, Db } from "../db/client";
import { programs, rankings, reviews, submissions, users } from "../db/schema";
import { ensureReferenceData } from "../plans/reference-data";
import { createTestDatabase } from "../test/database";
import { addMember, buildOrg, buildProgram, buildPublishedForm } from "../test/factories";
import {
  assignGroup,
  assignReviewer,
  buildCandidate,
  buildGroup,
  insertRanking,
  insertReview,
} from "../test/review-factories";
import { hasMaintainedVersions, type StatisticsVersions, statisticsVersions } from "./stats-versions";

/**
 * The versions the statistics keep their figures under: every write to what a page shows must change
 * the right one, and a write that changes nothing shown should change none. With the maintained counters
 * (the statistics_versions table and its triggers) the tests check each counter; without them, the
 * digests Candidate Statistics uses.
 */

let database: Database;
let db: Db;
let org: { id: string };
let maintained: boolean;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.migrate();
  db = database.db;
  await ensureReferenceData(db);
  org = await buildOrg(db);
  maintained = await hasMaintainedVersions(db);
});
afterAll(() => database?.close());

type Part = "candidates" | "reviews" | "rankings" | "committee";

async function setup() {
  const program = await buildProgram(db, org.id);
  const { formId } = await buildPublishedForm(db, program, defaultFormContent("Form"));
  const userId = `user-${program.id}`;
  await db.insert(users).values({ id: userId, name: "Rita", email: `${userId}@example.test` });
  await addMember(db, program, userId, "REVIEWER");
  const candidate = await buildCandidate(db, { program, formId, identifier: "Ann" });
  const draft = await buildCandidate(db, { program, formId, identifier: "Draft", submitted: false });
  return { program, formId, userId, candidate, draft };
}

/** Which versions `write` changed. */
async function changedBy(programId: string, write: () => Promise<unknown>): Promise<Part[]> {
  const before = await statisticsVersions(db, programId);
  await write();
  const after = await statisticsVersions(db, programId);
  const parts: Part[] = ["candidates", "reviews", "rankings", "committee"];
  return parts.filter((p) => before[p] !== after[p]);
}

describe("statistics versions", () => {
  it("change with what Candidate Statistics shows, and only then", async () => {
    const { program, userId, candidate, draft } = await setup();
    const changed = (write: () => Promise<unknown>) => changedBy(program.id, write);
    // Digests have no committee part; counters do: compare what both have.
    const shown = (parts: Part[]) => parts.filter((p) => p !== "committee");
    const review = await insertReview(db, { program, submissionId: candidate.id, userId, rating: 3 });
    expect(
      shown(await changed(() => db.update(reviews).set({ rating: 4 }).where(eq(reviews.id, review.id)))),
    ).toEqual(["reviews"]);
    expect(
      shown(
        await changed(() =>
          db.update(reviews).set({ suggestedRating: 2.5 }).where(eq(reviews.id, review.id)),
        ),
      ),
    ).toEqual(["reviews"]);
    expect(
      shown(
        await changed(() =>
          db
            .update(submissions)
            .set({ status: "approved", amountCents: 100 })
            .where(eq(submissions.id, candidate.id)),
        ),
      ),
    ).toEqual(["candidates"]);
    expect(
      shown(
        await changed(() =>
          db.update(submissions).set({ identifier: "Anna" }).where(eq(submissions.id, candidate.id)),
        ),
      ),
    ).toEqual(["candidates"]);
    expect(shown(await changed(() => insertRanking(db, program, userId, [candidate.id])))).toEqual([
      "rankings",
    ]);
    expect(
      shown(
        await changed(() =>
          db
            .update(rankings)
            .set({ applications: [], revision: sql`${rankings.revision} + 1` })
            .where(eq(rankings.userId, userId)),
        ),
      ),
    ).toEqual(["rankings"]);
    expect(
      shown(
        await changed(() =>
          db.update(submissions).set({ submissionDate: new Date() }).where(eq(submissions.id, draft.id)),
        ),
      ),
    ).toEqual(["candidates"]);
    expect(
      shown(
        await changed(() =>
          db.update(submissions).set({ softDeleted: true }).where(eq(submissions.id, draft.id)),
        ),
      ),
    ).toEqual(["candidates"]);
    expect(shown(await changed(() => db.delete(reviews).where(eq(reviews.id, review.id))))).toEqual([
      "reviews",
    ]);
    // An applicant's draft saved again, and a listed candidate's answers: nothing any page shows.
    const other = await buildCandidate(db, {
      program,
      formId: (await db.select().from(submissions).where(eq(submissions.id, candidate.id)))[0]!.formId,
      identifier: "Later",
      submitted: false,
    });
    expect(
      await changed(() =>
        db
          .update(submissions)
          .set({ identifier: "Later still", answers: [] })
          .where(eq(submissions.id, other.id)),
      ),
    ).toEqual([]);
    expect(
      await changed(() =>
        db
          .update(submissions)
          .set({ lastSaveDate: new Date(), answers: [] })
          .where(eq(submissions.id, candidate.id)),
      ),
    ).toEqual([]);
  });

  it("with maintained counters: the committee's changes, once per transaction, and deletions", async (context) => {
    if (!maintained) context.skip();
    const { program, userId, candidate } = await setup();
    const changed = (write: () => Promise<unknown>) => changedBy(program.id, write);
    const group = await buildGroup(db, program, "Panel", []);
    expect(await changed(() => assignReviewer(db, candidate.id, userId, program.id))).toEqual([
      "candidates", // no longer open to all
      "committee",
    ]);
    expect(await changed(() => assignGroup(db, candidate.id, group.id, program.id))).toEqual(["committee"]);
    expect(
      await changed(() =>
        db.execute(
          sql`insert into reviewer_group_members (group_id, user_id) values (${group.id}, ${userId})`,
        ),
      ),
    ).toEqual(["committee"]);
    expect(
      await changed(() => db.update(users).set({ name: "Rita R." }).where(eq(users.id, userId))),
    ).toEqual(["committee"]);
    expect(
      await changed(() => db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId))),
    ).toEqual([]);
    // Three reviews in one transaction: one bump.
    const before = (await statisticsVersions(db, program.id)) as StatisticsVersions;
    const more = await Promise.all(
      ["B", "C", "D"].map((name) =>
        buildCandidate(db, { program, formId: candidate.formId, identifier: name }),
      ),
    );
    await db.transaction(async (tx) => {
      for (const c of more)
        await insertReview(tx as unknown as Db, { program, submissionId: c.id, userId, rating: 2 });
    });
    const after = await statisticsVersions(db, program.id);
    expect(Number(after.reviews) - Number(before.reviews)).toBe(1);
    // A rolled-back write moves nothing.
    await expect(
      db.transaction(async (tx) => {
        await tx.update(reviews).set({ rating: 5 }).where(eq(reviews.programId, program.id));
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await statisticsVersions(db, program.id)).toEqual(after);
    // Deleting the program cascades to everything the triggers watch: it still goes through.
    await db.delete(programs).where(eq(programs.id, program.id));
    expect(await db.select().from(programs).where(eq(programs.id, program.id))).toEqual([]);
  });
});
