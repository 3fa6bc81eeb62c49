import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../shared/authz/actor";
import { can } from "../../shared/authz/matrix";
import type { ReviewSection } from "../../shared/schemas/reviews";
import type { Db } from "../db/client";
import { programs, reviewComments, reviews, submissionFiles, users } from "../db/schema";
import { addMember, buildCast, buildPublishedForm, buildUser, type Cast } from "../test/factories";
import { createTestApp, type TestApp } from "../test/harness";
import {
  answerOf,
  assignReviewer,
  buildCandidate,
  countQueries,
  insertComment,
  insertFile,
  insertReview,
  viewTestForm,
} from "../test/review-factories";
import { loadActor } from "../users/actor";
import { viewerIn } from "./candidate-list";
import { candidateView } from "./candidate-view";
import { findCandidate } from "./candidates";

/**
 * candidateView reads the candidate's answers, files, review and comments in one statement, the lists and
 * the review as json built by the database, beside the neighbours. Checked here against the same facts
 * read table by table (as the view did before), for every kind of reader and candidate: the same answer,
 * timestamps to the millisecond whatever the session's time zone, and two queries.
 */

let t: TestApp;
let db: Db;
let cast: Cast;
const ids = {} as Record<"alpha" | "bravo" | "charlie" | "empty" | "draft", string>;
let extraAdmin: string;

const TRICKY = 'Quotes " and \\ backslash,\nnew line, tab\t, unicode é 漢字 🎉 and </script>';
const sections: ReviewSection[] = [
  { sectionId: "merit", rating: 3.5, criteria: [{ criteriaId: "impact", type: "SCALE", value: 4 }] },
];

beforeAll(async () => {
  t = await createTestApp();
  db = t.deps.db;
  cast = await buildCast(db);
  // The neighbours below are in name order; the shuffled order (the default) has its tests in list-order.test.ts.
  await db
    .update(programs)
    .set({ reviewSettings: { candidateOrder: "name" } })
    .where(eq(programs.id, cast.program.id));
  const { formId } = await buildPublishedForm(db, cast.program, viewTestForm());
  const make = (identifier: string, opts: { submitted?: boolean } = {}) =>
    buildCandidate(db, {
      program: cast.program,
      formId,
      identifier,
      answers: [
        answerOf("name", "about", "IDENTIFIER", { answerString: identifier }),
        answerOf("secret", "about", "SHORT_ANSWER", { answerString: `SECRET ${identifier}` }),
      ],
      ...opts,
    });
  ids.alpha = (await make("alpha")).id;
  ids.bravo = (await make("Bravo")).id;
  ids.charlie = (await make("charlie")).id;
  ids.empty = (await buildCandidate(db, { program: cast.program, formId, identifier: "delta" })).id;
  ids.draft = (await make("echo", { submitted: false })).id;
  const p = cast.program;
  const { REVIEWER, ADMIN_REVIEWER } = cast.members;
  await assignReviewer(db, ids.alpha, REVIEWER.id, p.id);

  await insertReview(db, { program: p, submissionId: ids.alpha, userId: REVIEWER.id, rating: 3.5, sections });
  await insertReview(db, { program: p, submissionId: ids.alpha, userId: ADMIN_REVIEWER.id, rating: 2 });
  await insertReview(db, { program: p, submissionId: ids.charlie, userId: REVIEWER.id, rating: -1 });
  // Microseconds, as PostgreSQL keeps them: the answer has milliseconds, as from a Date.
  await db
    .update(reviews)
    .set({ lastReviewed: sql`'2026-03-04 05:06:07.891234+00'::timestamptz` })
    .where(eq(reviews.userId, REVIEWER.id));

  await insertComment(db, {
    program: p,
    submissionId: ids.alpha,
    userId: REVIEWER.id,
    sectionId: "merit",
    body: TRICKY,
  });
  await insertComment(db, {
    program: p,
    submissionId: ids.alpha,
    userId: ADMIN_REVIEWER.id,
    sectionId: "merit",
    body: "Second",
  });
  await insertComment(db, {
    program: p,
    submissionId: ids.alpha,
    userId: REVIEWER.id,
    sectionId: "about",
    body: "Third",
  });
  await db
    .update(reviewComments)
    .set({ updatedAt: sql`'2026-05-06 07:08:09.123999+00'::timestamptz` })
    .where(eq(reviewComments.body, "Third"));

  await insertFile(db, { submissionId: ids.alpha, questionId: "budget", name: "budget-1.pdf" });
  await insertFile(db, { submissionId: ids.alpha, questionId: "cv", name: "cv.pdf" });
  await insertFile(db, { submissionId: ids.alpha, questionId: "budget", name: "budget-2.pdf" });

  // An admin of the program who is not on the committee: no review is read for them.
  const admin = await buildUser(db, { name: "Second Admin" });
  await addMember(db, p, admin.id, "ADMIN");
  extraAdmin = admin.id;
});
afterAll(() => t?.close());

/** The facts the view is made of, one table at a time (the view's reads before it became one statement). */
async function reference(actor: Actor, submissionId: string) {
  const { candidate, resource } = await findCandidate(db, actor.userId, submissionId, cast.program.id);
  const program = { ...candidate.program, id: candidate.programId, organizationId: candidate.organizationId };
  const viewer = viewerIn(actor, program);
  const mayReview = can(actor, "review:write", { ...resource, archived: false });
  const files = await db
    .select()
    .from(submissionFiles)
    .where(eq(submissionFiles.submissionId, candidate.id))
    .orderBy(asc(submissionFiles.createdAt), asc(submissionFiles.id));
  const [review] = mayReview
    ? await db
        .select()
        .from(reviews)
        .where(and(eq(reviews.submissionId, candidate.id), eq(reviews.userId, actor.userId)))
    : [];
  const comments = await db
    .select({ comment: reviewComments, authorName: users.name })
    .from(reviewComments)
    .innerJoin(users, eq(users.id, reviewComments.userId))
    .where(
      and(
        eq(reviewComments.submissionId, candidate.id),
        viewer.isAdmin ? undefined : eq(reviewComments.userId, actor.userId),
      ),
    )
    .orderBy(asc(reviewComments.createdAt), asc(reviewComments.id));
  return {
    files: files.map((f) => ({
      _id: f.id,
      questionId: f.questionId,
      name: f.name,
      size: f.size,
      contentType: f.contentType,
    })),
    review: review
      ? {
          _id: review.id,
          rating: review.rating,
          sections: review.sections,
          started: review.startedAt !== null,
          lastReviewed: review.lastReviewed.toISOString(),
        }
      : undefined,
    comments: comments.map(({ comment, authorName }) => ({
      _id: comment.id,
      submissionId: comment.submissionId,
      sectionId: comment.sectionId,
      userId: comment.userId,
      authorName,
      value: comment.body,
      lastReviewed: comment.updatedAt.toISOString(),
    })),
  };
}

async function viewAs(actor: Actor, submissionId: string, on: Parameters<typeof candidateView>[0] = db) {
  const found = await findCandidate(on, actor.userId, submissionId, cast.program.id);
  expect(can(actor, "candidate:read", found.resource)).toBe(true);
  return candidateView(on, actor, found);
}

const actorOf = async (userId: string) => (await loadActor(db, userId))!;

describe("candidateView's one statement", () => {
  it("gives every reader the files, own review and comments the tables hold", async () => {
    const readers = {
      reviewer: [ids.alpha, ids.bravo, ids.charlie, ids.empty],
      adminReviewer: [ids.bravo, ids.charlie, ids.empty, ids.alpha],
      admin: [ids.alpha, ids.bravo, ids.empty, ids.draft],
      guest: [ids.bravo, ids.charlie],
      orgAdmin: [ids.alpha, ids.draft],
      extraAdmin: [ids.alpha],
    };
    const userIds = {
      reviewer: cast.members.REVIEWER.id,
      adminReviewer: cast.members.ADMIN_REVIEWER.id,
      admin: cast.members.ADMIN.id,
      guest: cast.members.GUEST.id,
      orgAdmin: cast.orgAdmin.id,
      extraAdmin,
    };
    let compared = 0;
    for (const [who, candidates] of Object.entries(readers)) {
      const actor = await actorOf(userIds[who as keyof typeof userIds]);
      for (const submissionId of candidates) {
        const view = await viewAs(actor, submissionId);
        const expected = await reference(actor, submissionId);
        const files = view.isAdmin ? expected.files : expected.files.filter((f) => f.questionId !== "cv");
        expect(view.files, `${who} ${submissionId}`).toEqual(files);
        expect(view.comments).toEqual(expected.comments);
        if (view.review === null) expect(expected.review).toBeUndefined();
        else if (expected.review) expect(view.review).toMatchObject(expected.review);
        else expect(view.review._id).toBeNull();
        compared += 1;
      }
    }
    expect(compared).toBe(17);
  });

  it("keeps the review's rating and sections, and timestamps to the millisecond", async () => {
    const view = await viewAs(await actorOf(cast.members.REVIEWER.id), ids.alpha);
    expect(view.review).toEqual({
      _id: expect.any(String),
      submissionId: ids.alpha,
      programId: cast.program.id,
      userId: cast.members.REVIEWER.id,
      rating: 3.5,
      sections,
      started: true,
      lastReviewed: "2026-03-04T05:06:07.891Z",
    });
    expect(view.comments.map((c) => [c.value, c.sectionId, c.authorName])).toEqual([
      [TRICKY, "merit", "REVIEWER person"],
      ["Third", "about", "REVIEWER person"],
    ]);
    expect(view.comments[1]!.lastReviewed).toBe("2026-05-06T07:08:09.123Z");
    expect(view.files.map((f) => [f.name, f.size, f.contentType])).toEqual([
      ["budget-1.pdf", 10, "application/pdf"],
      ["budget-2.pdf", 10, "application/pdf"],
    ]);
    const budget = view.answers.find((a) => a.questionId === "budget");
    expect(budget).toMatchObject({ answerArray: view.files.map((f) => f._id) });
    expect(view.answers.find((a) => a.questionId === "secret")).toEqual({
      questionId: "secret",
      sectionId: "about",
      type: "SHORT_ANSWER",
      anonymized: true,
      withheld: true,
    });
    expect(JSON.stringify(view)).not.toContain("SECRET");
    expect(JSON.stringify(view)).not.toContain("cv.pdf");
  });

  it("answers the same in any session time zone", async () => {
    const actor = await actorOf(cast.members.REVIEWER.id);
    const utc = await viewAs(actor, ids.alpha);
    const kathmandu = await db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'Asia/Kathmandu'`);
      return viewAs(actor, ids.alpha, tx);
    });
    expect(kathmandu).toEqual(utc);
  });

  it("a candidate with no files, review or comments has empty lists, and no answers is no answers", async () => {
    const view = await viewAs(await actorOf(cast.members.REVIEWER.id), ids.empty);
    expect(view).toMatchObject({
      files: [],
      comments: [],
      answers: [],
      review: { _id: null, started: false },
    });
    expect(view.nextId).toBeNull();
    expect(view.previousId).toBe(ids.charlie);
  });

  it("is two queries (its statement and the neighbours) once the form version is cached", async () => {
    const actor = await actorOf(cast.members.ADMIN_REVIEWER.id);
    const found = await findCandidate(db, actor.userId, ids.alpha, cast.program.id);
    await candidateView(db, actor, found);
    const { result, queries } = await countQueries(db, () => candidateView(db, actor, found));
    expect(queries).toBe(2);
    expect(result.comments).toHaveLength(3);
    expect(result.review).toMatchObject({ rating: 2 });
  });

  it("an admin off the committee gets no review, and the statement needs no user", async () => {
    const view = await viewAs(await actorOf(extraAdmin), ids.alpha);
    expect(view).toMatchObject({ isAdmin: true, canRate: false, review: null });
    expect(view.comments).toHaveLength(3);
  });
});
