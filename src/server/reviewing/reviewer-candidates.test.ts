import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultFormContent } from "../../shared/forms/defaults";
import type { Db } from "../db/client";
import {
  forms,
  programs,
  reviewerCandidates,
  reviewerGroupMembers,
  reviewerGroups,
  reviewerListCounts,
  reviewerOpenRatings,
  reviews,
  submissionReviewerGroups,
  submissionReviewers,
  submissions,
  users,
} from "../db/schema";
import { buildCast, buildProgram, buildPublishedForm, buildUser, type Cast } from "../test/factories";
import { createTestApp, type TestApp } from "../test/harness";
import {
  assignGroup,
  assignReviewer,
  buildCandidate,
  buildGroup,
  insertReview,
} from "../test/review-factories";

/**
 * reviewer_candidates (a committee member's assigned candidates, with their list key, whether they are
 * submitted and not tests, and whether the member rated them) and reviewer_open_ratings (the member's
 * ratings of candidates open to all) are kept by triggers on the assignment tables, group members,
 * submissions and reviews (src/server/db/sql/reviewer-candidates.sql), so every writer keeps them right
 * without code of its own. These tests write the tables directly, as any writer would, and after each
 * write compare both tables, whole, with what the rows they are made of say.
 */

let t: TestApp;
let db: Db;
let cast: Cast;
let serial = 0;

beforeAll(async () => {
  t = await createTestApp();
  db = t.deps.db;
  cast = await buildCast(db);
});
afterAll(() => t?.close());

type Program = { id: string; organizationId: string; name: string; formId: string };

async function programWithForm(): Promise<Program> {
  const program = await buildProgram(db, cast.org.id, { name: `Members' lists ${++serial}` });
  const { formId } = await buildPublishedForm(db, program, defaultFormContent(`Form ${serial}`));
  return { ...program, formId };
}

const candidate = async (program: Program, opts: { submitted?: boolean; test?: boolean } = {}) =>
  (
    await buildCandidate(db, {
      program,
      formId: program.formId,
      identifier: `Candidate ${++serial}`,
      ...opts,
    })
  ).id;
const member = async () => (await buildUser(db, { name: `Member ${++serial}` })).id;
const rate = (program: Program, submissionId: string, userId: string, rating: number) =>
  insertReview(db, { program, submissionId, userId, rating });
const setRating = (submissionId: string, userId: string, rating: number) =>
  db
    .update(reviews)
    .set({ rating })
    .where(and(eq(reviews.submissionId, submissionId), eq(reviews.userId, userId)));
const unassign = (submissionId: string, userId: string) =>
  db
    .delete(submissionReviewers)
    .where(and(eq(submissionReviewers.submissionId, submissionId), eq(submissionReviewers.userId, userId)));
const leaveGroup = (groupId: string, userId: string) =>
  db
    .delete(reviewerGroupMembers)
    .where(and(eq(reviewerGroupMembers.groupId, groupId), eq(reviewerGroupMembers.userId, userId)));

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

type StoredCandidate = {
  submission_id: string;
  user_id: string;
  program_id: string;
  name_key: string;
  reviewable: boolean;
  rated: boolean;
};
type OpenRating = { submission_id: string; user_id: string; program_id: string };
type ListCounts = {
  program_id: string;
  user_id: string;
  assigned: number;
  assigned_rated: number;
  open_rated: number;
};

/** Both tables as the triggers left them. */
async function stored() {
  const candidates = rowsOf<StoredCandidate>(
    await db.execute(sql`select submission_id, user_id, program_id, name_key, reviewable, rated
      from ${reviewerCandidates} order by submission_id, user_id`),
  );
  const openRatings = rowsOf<OpenRating>(
    await db.execute(sql`select submission_id, user_id, program_id from ${reviewerOpenRatings}
      order by submission_id, user_id`),
  );
  const counts = rowsOf<ListCounts>(
    await db.execute(sql`select program_id, user_id, assigned, assigned_rated, open_rated
      from ${reviewerListCounts}`),
  ).sort(byProgramAndMember);
  return { candidates, openRatings, counts };
}

/** reviewer_list_counts as the two tables say it must be: each (program, member) with any count. */
function countsOf(candidates: StoredCandidate[], openRatings: OpenRating[]): ListCounts[] {
  const byKey = new Map<string, ListCounts>();
  const row = (program_id: string, user_id: string) => {
    const key = `${program_id} ${user_id}`;
    let found = byKey.get(key);
    if (!found) {
      found = { program_id, user_id, assigned: 0, assigned_rated: 0, open_rated: 0 };
      byKey.set(key, found);
    }
    return found;
  };
  for (const c of candidates.filter((c) => c.reviewable)) {
    const counts = row(c.program_id, c.user_id);
    counts.assigned += 1;
    if (c.rated) counts.assigned_rated += 1;
  }
  for (const o of openRatings) row(o.program_id, o.user_id).open_rated += 1;
  return [...byKey.values()].sort(byProgramAndMember);
}

/** One order for both sides, whatever the database's collation. */
const byProgramAndMember = (a: ListCounts, b: ListCounts) => {
  const [x, y] = [`${a.program_id} ${a.user_id}`, `${b.program_id} ${b.user_id}`];
  return x < y ? -1 : x > y ? 1 : 0;
};

/** Both tables as the assignment tables, group members, submissions and reviews say they must be. */
async function expected() {
  const candidates = rowsOf<StoredCandidate>(
    await db.execute(sql`select s.id as submission_id, a.user_id, s.program_id, s.name_key,
        (s.submission_date is not null and not s.soft_deleted) as reviewable,
        exists (select 1 from reviews r where r.submission_id = s.id and r.user_id = a.user_id
          and r.rating > -1) as rated
      from (select submission_id, user_id from submission_reviewers
            union select sg.submission_id, gm.user_id from submission_reviewer_groups sg
              join reviewer_group_members gm on gm.group_id = sg.group_id) a
      join submissions s on s.id = a.submission_id
      order by s.id, a.user_id`),
  );
  const openRatings = rowsOf<OpenRating>(
    await db.execute(sql`select r.submission_id, r.user_id, s.program_id from reviews r
      join submissions s on s.id = r.submission_id
      where r.rating > -1 and s.open_to_all and s.submission_date is not null and not s.soft_deleted
      order by r.submission_id, r.user_id`),
  );
  return { candidates, openRatings, counts: countsOf(candidates, openRatings) };
}

async function expectKept() {
  expect(await stored()).toEqual(await expected());
}

/** The member's rows in the program: candidate ids with their flags. */
async function rowsOfMember(programId: string, userId: string) {
  const rows = await db
    .select({
      id: reviewerCandidates.submissionId,
      reviewable: reviewerCandidates.reviewable,
      rated: reviewerCandidates.rated,
    })
    .from(reviewerCandidates)
    .where(and(eq(reviewerCandidates.programId, programId), eq(reviewerCandidates.userId, userId)));
  return Object.fromEntries(rows.map((r) => [r.id, { reviewable: r.reviewable, rated: r.rated }]));
}

async function openRatingsOf(userId: string) {
  const rows = await db
    .select({ id: reviewerOpenRatings.submissionId })
    .from(reviewerOpenRatings)
    .where(eq(reviewerOpenRatings.userId, userId));
  return rows.map((r) => r.id).sort();
}

describe("reviewer_candidates", () => {
  it("holds the candidates assigned to a member directly or through a group, once each", async () => {
    const program = await programWithForm();
    const [a, b, c] = [await candidate(program), await candidate(program), await candidate(program)];
    const [ann, bob] = [await member(), await member()];
    await assignReviewer(db, a, ann, program.id);
    await expectKept();
    expect(await rowsOfMember(program.id, ann)).toEqual({ [a]: { reviewable: true, rated: false } });

    const group = await buildGroup(db, program, `Panel ${++serial}`, [ann, bob]);
    await assignGroup(db, a, group.id, program.id);
    await assignGroup(db, b, group.id, program.id);
    await expectKept();
    // Directly and through the group: one row.
    expect(Object.keys(await rowsOfMember(program.id, ann)).sort()).toEqual([a, b].sort());
    expect(Object.keys(await rowsOfMember(program.id, bob)).sort()).toEqual([a, b].sort());

    // No longer direct: still through the group. Out of the group: only what is direct stays.
    await unassign(a, ann);
    await expectKept();
    expect(Object.keys(await rowsOfMember(program.id, ann)).sort()).toEqual([a, b].sort());
    await assignReviewer(db, c, bob, program.id);
    await leaveGroup(group.id, bob);
    await expectKept();
    expect(Object.keys(await rowsOfMember(program.id, bob))).toEqual([c]);

    // Back in the group, then the group deleted (its members and assignments go by cascade).
    await db.insert(reviewerGroupMembers).values({ groupId: group.id, userId: bob });
    await expectKept();
    expect(Object.keys(await rowsOfMember(program.id, bob)).sort()).toEqual([a, b, c].sort());
    await db.delete(reviewerGroups).where(eq(reviewerGroups.id, group.id));
    await expectKept();
    expect(await rowsOfMember(program.id, ann)).toEqual({});
    expect(Object.keys(await rowsOfMember(program.id, bob))).toEqual([c]);

    // A member deleted: their rows go with them.
    await db.delete(users).where(eq(users.id, bob));
    await expectKept();
  });

  it("one statement of many assignments, members or groups at once", async () => {
    const program = await programWithForm();
    const ids = await Promise.all(Array.from({ length: 6 }, () => candidate(program)));
    const people = await Promise.all(Array.from({ length: 4 }, () => member()));
    await db
      .insert(submissionReviewers)
      .values(
        ids.flatMap((id, i) =>
          people
            .slice(i % 3, (i % 3) + 2)
            .map((userId) => ({ submissionId: id, userId, programId: program.id })),
        ),
      );
    await expectKept();
    const [g1, g2] = [
      await buildGroup(db, program, `Bulk ${++serial}`, []),
      await buildGroup(db, program, `Bulk ${++serial}`, []),
    ];
    await db
      .insert(submissionReviewerGroups)
      .values([
        ...ids.slice(0, 4).map((id) => ({ submissionId: id, groupId: g1.id, programId: program.id })),
        ...ids.slice(2).map((id) => ({ submissionId: id, groupId: g2.id, programId: program.id })),
      ]);
    await db.insert(reviewerGroupMembers).values([
      { groupId: g1.id, userId: people[3]! },
      { groupId: g2.id, userId: people[3]! },
      { groupId: g2.id, userId: people[0]! },
    ]);
    await expectKept();
    expect(Object.keys(await rowsOfMember(program.id, people[3]!)).sort()).toEqual([...ids].sort());
    await db.delete(reviewerGroupMembers).where(eq(reviewerGroupMembers.groupId, g1.id));
    await db.delete(submissionReviewers).where(eq(submissionReviewers.programId, program.id));
    await expectKept();
    expect(Object.keys(await rowsOfMember(program.id, people[3]!)).sort()).toEqual(ids.slice(2).sort());
    // A statement that moves assignments from one group to another, with no members.
    const g3 = await buildGroup(db, program, `Bulk ${++serial}`, []);
    await db
      .update(submissionReviewerGroups)
      .set({ groupId: g3.id })
      .where(eq(submissionReviewerGroups.groupId, g2.id));
    await expectKept();
    expect(await rowsOfMember(program.id, people[3]!)).toEqual({});
  });

  it("follows the candidate: its name, a force submit, a mark as test, its deletion", async () => {
    const program = await programWithForm();
    const draft = await candidate(program, { submitted: false });
    const submitted = await candidate(program);
    const ann = await member();
    await assignReviewer(db, draft, ann, program.id);
    await assignReviewer(db, submitted, ann, program.id);
    await expectKept();
    expect((await rowsOfMember(program.id, ann))[draft]).toEqual({ reviewable: false, rated: false });

    await db.update(submissions).set({ submissionDate: new Date() }).where(eq(submissions.id, draft));
    await expectKept();
    expect((await rowsOfMember(program.id, ann))[draft]).toEqual({ reviewable: true, rated: false });

    await db.update(submissions).set({ identifier: "Zed renamed" }).where(eq(submissions.id, submitted));
    await expectKept();
    await db.update(submissions).set({ softDeleted: true }).where(eq(submissions.id, submitted));
    await expectKept();
    expect((await rowsOfMember(program.id, ann))[submitted]).toEqual({ reviewable: false, rated: false });

    await db.delete(submissions).where(eq(submissions.id, draft));
    await expectKept();
    await db.delete(forms).where(eq(forms.programId, program.id));
    await expectKept();
    expect(await rowsOfMember(program.id, ann)).toEqual({});
  });

  it("carries the member's rating: rated above -1, whichever way the review is written", async () => {
    const program = await programWithForm();
    const [a, b] = [await candidate(program), await candidate(program)];
    const ann = await member();
    await assignReviewer(db, a, ann, program.id);
    await rate(program, a, ann, -1);
    await expectKept();
    expect((await rowsOfMember(program.id, ann))[a]!.rated).toBe(false);
    await setRating(a, ann, 3);
    await expectKept();
    expect((await rowsOfMember(program.id, ann))[a]!.rated).toBe(true);
    // A change above -1 that stays above: nothing to do.
    await setRating(a, ann, 4);
    await setRating(a, ann, -1);
    await expectKept();
    expect((await rowsOfMember(program.id, ann))[a]!.rated).toBe(false);

    // Rated before being assigned: the row is made rated.
    await rate(program, b, ann, 2);
    await assignReviewer(db, b, ann, program.id);
    await expectKept();
    expect((await rowsOfMember(program.id, ann))[b]!.rated).toBe(true);

    // The review saved as the review service saves it (INSERT … ON CONFLICT DO UPDATE), then deleted.
    await db
      .insert(reviews)
      .values({
        organizationId: program.organizationId,
        programId: program.id,
        submissionId: a,
        userId: ann,
        rating: 5,
      })
      .onConflictDoUpdate({ target: [reviews.submissionId, reviews.userId], set: { rating: 5 } });
    await expectKept();
    expect((await rowsOfMember(program.id, ann))[a]!.rated).toBe(true);
    await db.delete(reviews).where(eq(reviews.submissionId, a));
    await expectKept();
    expect((await rowsOfMember(program.id, ann))[a]!.rated).toBe(false);
  });
});

describe("reviewer_open_ratings", () => {
  it("holds a member's ratings of candidates open to all, submitted and not tests, as that changes", async () => {
    const program = await programWithForm();
    const [open, draft] = [await candidate(program), await candidate(program, { submitted: false })];
    const [ann, bob] = [await member(), await member()];
    await rate(program, open, ann, 4);
    await rate(program, open, bob, -1);
    await rate(program, draft, ann, 2);
    await expectKept();
    expect(await openRatingsOf(ann)).toEqual([open]);
    expect(await openRatingsOf(bob)).toEqual([]);

    await setRating(open, bob, 1);
    await db.update(submissions).set({ submissionDate: new Date() }).where(eq(submissions.id, draft));
    await expectKept();
    expect(await openRatingsOf(ann)).toEqual([open, draft].sort());

    // Assigned to Bob: no longer open to all — Bob's rating is his assigned candidate's now.
    await assignReviewer(db, open, bob, program.id);
    await expectKept();
    expect(await openRatingsOf(ann)).toEqual([draft]);
    expect(await openRatingsOf(bob)).toEqual([]);
    expect((await rowsOfMember(program.id, bob))[open]).toEqual({ reviewable: true, rated: true });
    await unassign(open, bob);
    await expectKept();
    expect(await openRatingsOf(bob)).toEqual([open]);

    // A test, then deleted with its reviews.
    await db.update(submissions).set({ softDeleted: true }).where(eq(submissions.id, draft));
    await expectKept();
    expect(await openRatingsOf(ann)).toEqual([open]);
    await db.delete(submissions).where(eq(submissions.id, open));
    await expectKept();
    expect(await openRatingsOf(ann)).toEqual([]);
  });

  it("many reviews in one statement, and a program deleted with everything in it", async () => {
    const program = await programWithForm();
    const ids = await Promise.all(Array.from({ length: 5 }, () => candidate(program)));
    const people = await Promise.all(Array.from({ length: 3 }, () => member()));
    await assignReviewer(db, ids[0]!, people[0]!, program.id);
    const group = await buildGroup(db, program, `Deleted with the program ${++serial}`, [
      people[1]!,
      people[2]!,
    ]);
    await assignGroup(db, ids[1]!, group.id, program.id);
    await db.insert(reviews).values(
      ids.flatMap((submissionId, i) =>
        people.map((userId, k) => ({
          organizationId: program.organizationId,
          programId: program.id,
          submissionId,
          userId,
          rating: (i + k) % 3 === 0 ? -1 : 3,
        })),
      ),
    );
    await expectKept();
    await db.update(reviews).set({ rating: -1 }).where(eq(reviews.userId, people[1]!));
    await expectKept();
    await db.delete(reviews).where(eq(reviews.userId, people[2]!));
    await expectKept();
    await db.delete(programs).where(eq(programs.id, program.id));
    await expectKept();
    expect(await openRatingsOf(people[0]!)).toEqual([]);
  });
});

describe("truncated tables", () => {
  it("keeps both tables right when the assignment tables, group members or reviews are truncated", async () => {
    const program = await programWithForm();
    const [a, b] = [await candidate(program), await candidate(program)];
    const ann = await member();
    const group = await buildGroup(db, program, `Truncated ${++serial}`, [ann]);
    await assignGroup(db, a, group.id, program.id);
    await assignReviewer(db, b, ann, program.id);
    await rate(program, a, ann, 3);
    await expectKept();
    await db.execute(sql`truncate ${reviewerGroupMembers}`);
    await expectKept();
    await db.execute(sql`truncate ${reviews}`);
    await expectKept();
    await db.execute(sql`truncate ${submissionReviewers}`);
    await expectKept();
    expect(await rowsOfMember(program.id, ann)).toEqual({});
  });
});

/**
 * A random walk of writes of every kind over a few candidates, members and groups, with both tables
 * compared after each: the cases no example above thought of.
 */
describe("a random walk of writes", () => {
  it("keeps both tables right after every write", async () => {
    const program = await programWithForm();
    const ids = await Promise.all(
      Array.from({ length: 5 }, (_, i) => candidate(program, { submitted: i !== 4 })),
    );
    const people = await Promise.all(Array.from({ length: 4 }, () => member()));
    const groups = [
      (await buildGroup(db, program, `Walk ${++serial}`, [])).id,
      (await buildGroup(db, program, `Walk ${++serial}`, [])).id,
    ];
    let seed = 20261122;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const pick = <T>(items: readonly T[]) => items[next(items.length)]!;
    const writes: (() => Promise<unknown>)[] = [
      () =>
        db
          .insert(submissionReviewers)
          .values({ submissionId: pick(ids), userId: pick(people), programId: program.id })
          .onConflictDoNothing(),
      () => unassign(pick(ids), pick(people)),
      () =>
        db
          .insert(submissionReviewerGroups)
          .values({ submissionId: pick(ids), groupId: pick(groups), programId: program.id })
          .onConflictDoNothing(),
      () =>
        db
          .delete(submissionReviewerGroups)
          .where(
            and(
              eq(submissionReviewerGroups.submissionId, pick(ids)),
              eq(submissionReviewerGroups.groupId, pick(groups)),
            ),
          ),
      () =>
        db
          .insert(reviewerGroupMembers)
          .values({ groupId: pick(groups), userId: pick(people) })
          .onConflictDoNothing(),
      () => leaveGroup(pick(groups), pick(people)),
      () =>
        db
          .insert(reviews)
          .values({
            organizationId: program.organizationId,
            programId: program.id,
            submissionId: pick(ids),
            userId: pick(people),
            rating: pick([-1, 2, 4]),
          })
          .onConflictDoUpdate({
            target: [reviews.submissionId, reviews.userId],
            set: { rating: pick([-1, 3]) },
          }),
      () =>
        db.delete(reviews).where(and(eq(reviews.submissionId, pick(ids)), eq(reviews.userId, pick(people)))),
      () =>
        db
          .update(submissions)
          .set({ softDeleted: pick([true, false]) })
          .where(eq(submissions.id, pick(ids))),
      () =>
        db
          .update(submissions)
          .set({ submissionDate: pick([null, new Date()]) })
          .where(eq(submissions.id, pick(ids))),
      () =>
        db
          .update(submissions)
          .set({ identifier: `Walker ${next(1000)}` })
          .where(eq(submissions.id, pick(ids))),
    ];
    for (let step = 0; step < 150; step += 1) {
      await pick(writes)();
      const [now, must] = [await stored(), await expected()];
      expect(now, `after write ${step}`).toEqual(must);
    }
  });
});

/**
 * Writers at once (PostgreSQL only: PGlite runs one transaction at a time): each decides under the
 * candidates' locks with what the others committed, so no row is left that should not be there.
 */
describe.runIf(process.env.DATABASE_URL)("reviewer_candidates under concurrent writers", () => {
  it("a member leaving two groups at once keeps no candidate of either", async () => {
    const program = await programWithForm();
    const ids = await Promise.all(Array.from({ length: 4 }, () => candidate(program)));
    const ann = await member();
    const [g1, g2] = [
      await buildGroup(db, program, `Race ${++serial}`, [ann]),
      await buildGroup(db, program, `Race ${++serial}`, [ann]),
    ];
    for (const id of ids) {
      await assignGroup(db, id, g1.id, program.id);
      await assignGroup(db, id, g2.id, program.id);
    }
    await expectKept();
    for (let round = 0; round < 5; round += 1) {
      await Promise.all([leaveGroup(g1.id, ann), leaveGroup(g2.id, ann)]);
      await expectKept();
      expect(await rowsOfMember(program.id, ann)).toEqual({});
      await db.insert(reviewerGroupMembers).values([
        { groupId: g1.id, userId: ann },
        { groupId: g2.id, userId: ann },
      ]);
    }
  });

  it("reviewers rating one candidate at once, each in a transaction held open, wait for no one", async () => {
    const program = await programWithForm();
    const [open, assigned] = [await candidate(program), await candidate(program)];
    const people = await Promise.all(Array.from({ length: 3 }, () => member()));
    const group = await buildGroup(db, program, `Raters ${++serial}`, people);
    await assignGroup(db, assigned, group.id, program.id);
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let written = 0;
    let allWritten!: () => void;
    const everyoneWrote = new Promise<void>((resolve) => {
      allWritten = resolve;
    });
    const saves = Promise.all(
      people.map((userId) =>
        db.transaction(async (tx) => {
          await insertReview(tx as unknown as Db, { program, submissionId: open, userId, rating: 3 });
          await insertReview(tx as unknown as Db, { program, submissionId: assigned, userId, rating: 4 });
          written += 1;
          if (written === people.length) allWritten();
          await released;
        }),
      ),
    );
    await everyoneWrote;
    // Nothing counted before the commits.
    expect(await openRatingsOf(people[0]!)).toEqual([]);
    release();
    await saves;
    await expectKept();
    for (const userId of people) {
      expect(await openRatingsOf(userId)).toEqual([open]);
      expect(await rowsOfMember(program.id, userId)).toEqual({
        [assigned]: { reviewable: true, rated: true },
      });
    }
  });

  it("assignments, group members, ratings and marks as test written at once", async () => {
    const program = await programWithForm();
    const ids = await Promise.all(Array.from({ length: 3 }, () => candidate(program)));
    const people = await Promise.all(Array.from({ length: 3 }, () => member()));
    const group = await buildGroup(db, program, `Crowd ${++serial}`, []);
    for (const id of ids) await assignGroup(db, id, group.id, program.id);
    for (let round = 0; round < 5; round += 1) {
      await Promise.all([
        ...people.map((userId) =>
          db.insert(reviewerGroupMembers).values({ groupId: group.id, userId }).onConflictDoNothing(),
        ),
        ...ids.map((submissionId, i) =>
          db
            .insert(submissionReviewers)
            .values({ submissionId, userId: people[i]!, programId: program.id })
            .onConflictDoNothing(),
        ),
        ...ids.map((submissionId, i) =>
          db.transaction(async (tx) => {
            await tx
              .insert(reviews)
              .values({
                organizationId: program.organizationId,
                programId: program.id,
                submissionId,
                userId: people[(i + 1) % people.length]!,
                rating: round % 2 === 0 ? 3 : -1,
              })
              .onConflictDoUpdate({
                target: [reviews.submissionId, reviews.userId],
                set: { rating: round % 2 === 0 ? 3 : -1 },
              });
          }),
        ),
        db
          .update(submissions)
          .set({ softDeleted: round % 2 === 0 })
          .where(eq(submissions.id, ids[0]!)),
      ]);
      await expectKept();
      await Promise.all([
        db.delete(reviewerGroupMembers).where(eq(reviewerGroupMembers.groupId, group.id)),
        db.delete(submissionReviewers).where(eq(submissionReviewers.programId, program.id)),
        ...ids.map((submissionId, i) => setRating(submissionId, people[(i + 2) % people.length]!, 2)),
      ]);
      await expectKept();
    }
  });
});
