import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultFormContent } from "../../shared/forms/defaults";
import type { Database, Db } from "../db/client";
import {
  programMembers,
  programs,
  rankings,
  reviewerGroupMembers,
  reviewerGroups,
  reviews,
  submissionReviewerGroups,
  submissionReviewers,
  submissions,
  users,
  statisticsVersions as versionsTable,
} from "../db/schema";
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
import { statisticsVersions } from "./stats-versions";

/**
 * The versions the statistics keep their figures under (the statistics_versions counters and the
 * triggers of src/server/db/sql/statistics-versions.sql): every write to what a page shows moves the right
 * counter, whoever writes it, once per transaction and only when it commits; a write that changes
 * nothing shown (an applicant's autosave) moves none. Written straight to the tables, as an import or a
 * hand-written statement would: the routes' writes are the same statements.
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

type Part = "candidates" | "reviews" | "rankings" | "committee";
const PARTS: Part[] = ["candidates", "reviews", "rankings", "committee"];

let people = 0;
async function person(name: string) {
  people += 1;
  const id = `user-${people}-${org.id}`;
  await db.insert(users).values({ id, name, email: `${id}@example.test` });
  return id;
}

async function setup() {
  const program = await buildProgram(db, org.id);
  const { formId } = await buildPublishedForm(db, program, defaultFormContent("Form"));
  const userId = await person("Rita");
  await addMember(db, program, userId, "REVIEWER");
  const candidate = await buildCandidate(db, { program, formId, identifier: "Ann" });
  const draft = await buildCandidate(db, { program, formId, identifier: "Draft", submitted: false });
  return { program, formId, userId, candidate, draft };
}

/** By how much each version of the program moved while `write` ran (only those that moved). */
async function movedBy(
  programId: string,
  write: () => Promise<unknown>,
): Promise<Partial<Record<Part, number>>> {
  const before = await statisticsVersions(db, programId);
  await write();
  const after = await statisticsVersions(db, programId);
  const moved: Partial<Record<Part, number>> = {};
  for (const part of PARTS) {
    const by = Number(after[part]) - Number(before[part]);
    if (by !== 0) moved[part] = by;
  }
  return moved;
}

describe("statistics versions", () => {
  it("are 0 for a program nothing was written to, and 0 for an unknown program", async () => {
    const program = await buildProgram(db, org.id);
    const none = { candidates: "0", reviews: "0", rankings: "0", committee: "0" };
    expect(await statisticsVersions(db, program.id)).toEqual(none);
    expect(await statisticsVersions(db, "00000000-0000-4000-8000-000000000000")).toEqual(none);
  });

  it("move with what Candidate Statistics and the funding figures show, and only then", async () => {
    const { program, formId, userId, candidate, draft } = await setup();
    const moved = (write: () => Promise<unknown>) => movedBy(program.id, write);
    const candidateWhere = (id: string) => eq(submissions.id, id);

    // Reviews: saved, rated again, suggested, deleted.
    let reviewId = "";
    expect(
      await moved(async () => {
        reviewId = (await insertReview(db, { program, submissionId: candidate.id, userId, rating: 3 })).id;
      }),
    ).toEqual({ reviews: 1 });
    expect(await moved(() => db.update(reviews).set({ rating: 4 }).where(eq(reviews.id, reviewId)))).toEqual({
      reviews: 1,
    });
    expect(
      await moved(() => db.update(reviews).set({ suggestedRating: 2.5 }).where(eq(reviews.id, reviewId))),
    ).toEqual({ reviews: 1 });
    expect(
      await moved(() => db.update(reviews).set({ lastReviewed: new Date() }).where(eq(reviews.id, reviewId))),
    ).toEqual({ reviews: 1 });

    // Rankings: saved, saved again.
    expect(await moved(() => insertRanking(db, program, userId, [candidate.id]))).toEqual({ rankings: 1 });
    expect(
      await moved(() =>
        db
          .update(rankings)
          .set({ applications: [], revision: sql`${rankings.revision} + 1` })
          .where(eq(rankings.userId, userId)),
      ),
    ).toEqual({ rankings: 1 });

    // Decisions and amounts, a renamed candidate.
    expect(
      await moved(() =>
        db
          .update(submissions)
          .set({ status: "approved", amountCents: 100 })
          .where(candidateWhere(candidate.id)),
      ),
    ).toEqual({ candidates: 1 });
    expect(
      await moved(() => db.update(submissions).set({ amountCents: 250 }).where(candidateWhere(candidate.id))),
    ).toEqual({ candidates: 1 });
    expect(
      await moved(() =>
        db.update(submissions).set({ identifier: "Anna" }).where(candidateWhere(candidate.id)),
      ),
    ).toEqual({ candidates: 1 });

    // An applicant's draft: created, autosaved again and again, renamed: nothing any page shows.
    let later = "";
    expect(
      await moved(async () => {
        later = (await buildCandidate(db, { program, formId, identifier: "Later", submitted: false })).id;
      }),
    ).toEqual({});
    for (let i = 0; i < 3; i += 1) {
      expect(
        await moved(() =>
          db
            .update(submissions)
            .set({ identifier: `Later ${i}`, answers: [], lastSaveDate: new Date() })
            .where(candidateWhere(later)),
        ),
      ).toEqual({});
    }
    // A listed candidate's answers saved again (an admin's edit): nothing shown either.
    expect(
      await moved(() =>
        db
          .update(submissions)
          .set({ lastSaveDate: new Date(), answers: [] })
          .where(candidateWhere(candidate.id)),
      ),
    ).toEqual({});
    // A draft deleted by its applicant.
    expect(await moved(() => db.delete(submissions).where(candidateWhere(later)))).toEqual({});

    // Submitted (or force-submitted), marked as a test, deleted.
    expect(
      await moved(() =>
        db.update(submissions).set({ submissionDate: new Date() }).where(candidateWhere(draft.id)),
      ),
    ).toEqual({ candidates: 1 });
    expect(
      await moved(() => db.update(submissions).set({ softDeleted: true }).where(candidateWhere(draft.id))),
    ).toEqual({ candidates: 1 });
    // Once a test, its autosaves are nothing shown again.
    expect(
      await moved(() =>
        db.update(submissions).set({ identifier: "Draft again" }).where(candidateWhere(draft.id)),
      ),
    ).toEqual({});
    const submitted = await buildCandidate(db, { program, formId, identifier: "Gone" });
    expect(await moved(() => db.delete(submissions).where(candidateWhere(submitted.id)))).toEqual({
      candidates: 1,
    });
    // Submitted straight away (an import): a new candidate.
    expect(await moved(() => buildCandidate(db, { program, formId, identifier: "Imported" }))).toEqual({
      candidates: 1,
    });
    // Its reviews go with a deleted candidate.
    const doomed = await buildCandidate(db, { program, formId, identifier: "Doomed" });
    await insertReview(db, { program, submissionId: doomed.id, userId, rating: 2 });
    expect(await moved(() => db.delete(submissions).where(candidateWhere(doomed.id)))).toEqual({
      candidates: 1,
      reviews: 1,
    });
    expect(await moved(() => db.delete(reviews).where(eq(reviews.id, reviewId)))).toEqual({ reviews: 1 });
  });

  it("move with the committee Reviewer Statistics shows", async () => {
    const { program, userId, candidate } = await setup();
    const moved = (write: () => Promise<unknown>) => movedBy(program.id, write);

    // Members and roles.
    const other = await person("Otto");
    expect(await moved(() => addMember(db, program, other, "GUEST"))).toEqual({ committee: 1 });
    const memberWhere = and(eq(programMembers.programId, program.id), eq(programMembers.userId, other));
    expect(await moved(() => db.update(programMembers).set({ role: "REVIEWER" }).where(memberWhere))).toEqual(
      {
        committee: 1,
      },
    );
    expect(await moved(() => db.delete(programMembers).where(memberWhere))).toEqual({ committee: 1 });

    // Groups: made, renamed, their members.
    let groupId = "";
    expect(
      await moved(async () => {
        groupId = (await buildGroup(db, program, "Panel", [])).id;
      }),
    ).toEqual({ committee: 1 });
    expect(
      await moved(() =>
        db.update(reviewerGroups).set({ name: "Jury" }).where(eq(reviewerGroups.id, groupId)),
      ),
    ).toEqual({ committee: 1 });
    expect(await moved(() => db.insert(reviewerGroupMembers).values({ groupId, userId }))).toEqual({
      committee: 1,
    });
    expect(
      await moved(() =>
        db
          .delete(reviewerGroupMembers)
          .where(and(eq(reviewerGroupMembers.groupId, groupId), eq(reviewerGroupMembers.userId, userId))),
      ),
    ).toEqual({ committee: 1 });

    // Assignments: the candidate is no longer open to all (a candidates' change too), then again.
    expect(await moved(() => assignReviewer(db, candidate.id, userId, program.id))).toEqual({
      candidates: 1,
      committee: 1,
    });
    expect(await moved(() => assignGroup(db, candidate.id, groupId, program.id))).toEqual({ committee: 1 });
    expect(
      await moved(() =>
        db.delete(submissionReviewers).where(eq(submissionReviewers.submissionId, candidate.id)),
      ),
    ).toEqual({ committee: 1 });
    expect(
      await moved(() =>
        db.delete(submissionReviewerGroups).where(eq(submissionReviewerGroups.submissionId, candidate.id)),
      ),
    ).toEqual({ candidates: 1, committee: 1 });

    // A member renamed or given another email moves every program they are in; signing in moves none.
    const second = await buildProgram(db, org.id);
    const secondForm = await buildPublishedForm(db, second, defaultFormContent("Form"));
    await addMember(db, second, userId, "ADMIN_REVIEWER");
    const both = (write: () => Promise<unknown>) =>
      movedBy(second.id, async () => {
        expect(await moved(write)).toEqual({ committee: 1 });
      });
    expect(await both(() => db.update(users).set({ name: "Rita R." }).where(eq(users.id, userId)))).toEqual({
      committee: 1,
    });
    expect(
      await both(() =>
        db
          .update(users)
          .set({ email: `renamed-${userId}@example.test` })
          .where(eq(users.id, userId)),
      ),
    ).toEqual({ committee: 1 });
    expect(
      await moved(() => db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId))),
    ).toEqual({});
    // Someone in no program: nothing moves.
    const outsider = await person("Olga");
    expect(
      await moved(() => db.update(users).set({ name: "Olga O." }).where(eq(users.id, outsider))),
    ).toEqual({});

    // The other program's writes leave this one's versions alone.
    const there = await buildCandidate(db, {
      program: second,
      formId: secondForm.formId,
      identifier: "Elsewhere",
    });
    expect(
      await moved(async () => {
        await insertReview(db, { program: second, submissionId: there.id, userId, rating: 4 });
        await insertRanking(db, second, userId, [there.id]);
      }),
    ).toEqual({});
  });

  it("move once per transaction, and only when it commits", async () => {
    const { program, formId, userId, candidate } = await setup();
    const moved = (write: () => Promise<unknown>) => movedBy(program.id, write);
    const more = await Promise.all(
      ["B", "C", "D"].map((identifier) => buildCandidate(db, { program, formId, identifier })),
    );
    // Three reviews and a ranking in one transaction: one bump of each.
    expect(
      await moved(() =>
        db.transaction(async (tx) => {
          for (const c of more)
            await insertReview(tx as unknown as Db, { program, submissionId: c.id, userId, rating: 2 });
          await tx.update(reviews).set({ rating: 3 }).where(eq(reviews.programId, program.id));
          await insertRanking(tx as unknown as Db, program, userId, [candidate.id]);
        }),
      ),
    ).toEqual({ reviews: 1, rankings: 1 });

    // A rolled-back transaction moves nothing, its writes gone with it.
    const temp = await person("Temp");
    expect(
      await moved(async () => {
        await expect(
          db.transaction(async (tx) => {
            await tx.update(reviews).set({ rating: 5 }).where(eq(reviews.programId, program.id));
            await tx
              .update(submissions)
              .set({ status: "approved", amountCents: 100 })
              .where(eq(submissions.id, candidate.id));
            await addMember(tx as unknown as Db, program, temp, "GUEST");
            throw new Error("rolled back");
          }),
        ).rejects.toThrow("rolled back");
      }),
    ).toEqual({});
    expect(
      (
        await db.select({ rating: reviews.rating }).from(reviews).where(eq(reviews.programId, program.id))
      ).map((r) => r.rating),
    ).toEqual([3, 3, 3]);

    // A rolled-back savepoint too: only what the transaction kept moves its counter.
    expect(
      await moved(() =>
        db.transaction(async (tx) => {
          await expect(
            tx.transaction(async (inner) => {
              await inner.update(reviews).set({ rating: 1 }).where(eq(reviews.programId, program.id));
              throw new Error("savepoint rolled back");
            }),
          ).rejects.toThrow("savepoint rolled back");
          await tx
            .update(rankings)
            .set({ applications: [], revision: sql`${rankings.revision} + 1` })
            .where(eq(rankings.programId, program.id));
        }),
      ),
    ).toEqual({ rankings: 1 });
  });

  it("leave a program's deletion alone: it goes through and takes its counters with it", async () => {
    const { program, userId, candidate } = await setup();
    await insertReview(db, { program, submissionId: candidate.id, userId, rating: 4 });
    await insertRanking(db, program, userId, [candidate.id]);
    await buildGroup(db, program, "Panel", [userId]);
    expect(
      (await db.select().from(versionsTable).where(eq(versionsTable.programId, program.id))).length,
    ).toBeGreaterThan(0);
    await db.delete(programs).where(eq(programs.id, program.id));
    expect(await db.select().from(programs).where(eq(programs.id, program.id))).toEqual([]);
    expect(await db.select().from(versionsTable).where(eq(versionsTable.programId, program.id))).toEqual([]);
  });
});

/** PostgreSQL only: PGlite runs one transaction at a time. */
describe.runIf(process.env.DATABASE_URL)("statistics versions under concurrent writers", () => {
  it("move once for each transaction that commits, and are read without waiting for open ones", async () => {
    const { program, formId } = await setup();
    const candidate = await buildCandidate(db, { program, formId, identifier: "Busy" });
    const writers: string[] = [];
    for (const name of ["Ada", "Bo", "Cy"]) {
      const userId = await person(name);
      await addMember(db, program, userId, "REVIEWER");
      writers.push(userId);
    }
    const before = await statisticsVersions(db, program.id);
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let written = 0;
    let allWritten!: () => void;
    const everyoneWrote = new Promise<void>((resolve) => {
      allWritten = resolve;
    });
    // Three reviewers saving at once, each in a transaction held open until all have written.
    const saves = Promise.all(
      writers.map((userId) =>
        db.transaction(async (tx) => {
          await insertReview(tx as unknown as Db, { program, submissionId: candidate.id, userId, rating: 3 });
          written += 1;
          if (written === writers.length) allWritten();
          await released;
        }),
      ),
    );
    await everyoneWrote;
    expect(await statisticsVersions(db, program.id)).toEqual(before);
    release();
    await saves;
    const after = await statisticsVersions(db, program.id);
    expect({ ...after, reviews: before.reviews }).toEqual(before);
    expect(Number(after.reviews) - Number(before.reviews)).toBe(3);
  });
});
