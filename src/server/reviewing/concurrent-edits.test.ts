import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { defaultFormContent, newQuestion, newSection } from "../../shared/forms/defaults";
import type { FormContent, Section } from "../../shared/forms/model";
import { EDIT_CONFLICT_MESSAGES } from "../../shared/schemas/edit-conflict";
import type { Comment, Review, SaveReviewBody } from "../../shared/schemas/reviews";
import { auditTrail } from "../audit/test/trail";
import { reviewComments, reviews, submissionEdits, submissions } from "../db/schema";
import {
  buildProgram,
  buildPublishedForm,
  callApi,
  signedInMember,
  withCastTestApp,
} from "../test/factories";
import type { TestApp } from "../test/harness";
import { answerOf, buildCandidate, insertComment, insertReview } from "../test/review-factories";

/**
 * Decision 016: two admins on one decision, two tabs of one reviewer on their review or comment. A
 * write based on a value no longer stored is refused with 409, the stored value in the answer, and
 * nothing written (nor logged); a write based on the stored value goes through.
 */

let t: TestApp;
let orgId: string;
withCastTestApp((app) => {
  t = app.t;
  orgId = app.cast.org.id;
});

type Conflict<T> = { error: { code: string; message: string; current: T } };

/** One section rated on one 5-point criterion, so a review has something to hold. */
function ratedForm(): FormContent {
  const content = defaultFormContent("Concurrent form");
  const merit: Section = {
    ...newSection("Merit"),
    _id: "merit",
    criteria: [{ _id: "impact", description: "Impact", type: "SCALE", maxScale: 5, weight: 1 }],
  };
  const about: Section = {
    ...content.sections[0]!,
    _id: "about",
    questions: [{ ...newQuestion("IDENTIFIER", "Name"), _id: "name" }],
  };
  return { ...content, sections: [about, merit] };
}

let program: { id: string; organizationId: string; name: string };
let formId: string;
let admin: { id: string; cookie: string };
let otherAdmin: { id: string; cookie: string };
let reviewer: { id: string; cookie: string };
beforeAll(async () => {
  program = await buildProgram(t.deps.db, orgId, { name: "Concurrent edits" });
  ({ formId } = await buildPublishedForm(t.deps.db, program, ratedForm()));
  admin = await signedInMember(t, program, "First Admin", "ADMIN");
  otherAdmin = await signedInMember(t, program, "Second Admin", "ADMIN_REVIEWER");
  reviewer = await signedInMember(t, program, "Two Tabs Reviewer", "REVIEWER");
});
const candidate = (identifier: string, decision: { status?: "approved"; amountCents?: number } = {}) =>
  buildCandidate(t.deps.db, { program, formId, identifier, ...decision });

describe("a decision (PATCH /api/submissions/updateField/{id}) with `expected`", () => {
  const decide = (cookie: string, id: string, body: unknown) =>
    callApi<Conflict<unknown> & { status: string; amount: number | null }>(
      t,
      "PATCH",
      `/api/submissions/updateField/${id}`,
      cookie,
      body,
    );
  const stored = async (id: string) => {
    const [row] = await t.deps.db
      .select({ status: submissions.status, amountCents: submissions.amountCents })
      .from(submissions)
      .where(eq(submissions.id, id));
    return row;
  };

  it("the second of two admins who saw the same decision gets 409 with the first one's, and nothing changes", async () => {
    const { id } = await candidate("Stale decision");
    const newEvents = auditTrail(t.deps.db, orgId);
    await newEvents();
    const seen = { status: "pending", amount: null };
    const first = await decide(admin.cookie, id, { status: "approved", amount: 5000, expected: seen });
    expect(first.status, first.text).toBe(200);
    expect(await newEvents()).toHaveLength(1);

    const second = await decide(otherAdmin.cookie, id, { status: "disapproved", expected: seen });
    expect(second.status).toBe(409);
    expect(second.body.error).toEqual({
      code: "CONFLICT",
      message: EDIT_CONFLICT_MESSAGES.decision,
      current: { status: "approved", amount: 5000 },
    });
    expect(await stored(id)).toEqual({ status: "approved", amountCents: 500_000 });
    expect(await newEvents()).toEqual([]);

    // "Keep mine": the same change, now based on what is stored, goes through.
    const kept = await decide(otherAdmin.cookie, id, {
      status: "disapproved",
      expected: second.body.error.current,
    });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body).toEqual({ _id: id, status: "disapproved", amount: 5000 });
    expect(await stored(id)).toEqual({ status: "disapproved", amountCents: 500_000 });
    expect(await newEvents()).toMatchObject([
      { action: "candidate.decided", details: { status: { before: "approved", after: "disapproved" } } },
    ]);
  });

  it("compares the amount in exact cents, and a changed amount alone is a conflict", async () => {
    const { id } = await candidate("Cents", { status: "approved", amountCents: 29 });
    // 0.29 as the client shows it (29 / 100) is the stored 29 cents.
    const fresh = await decide(admin.cookie, id, {
      amount: 0.3,
      expected: { status: "approved", amount: 0.29 },
    });
    expect(fresh.status, fresh.text).toBe(200);
    const stale = await decide(otherAdmin.cookie, id, {
      amount: 1,
      expected: { status: "approved", amount: 0.29 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.current).toEqual({ status: "approved", amount: 0.3 });
    expect(await stored(id)).toEqual({ status: "approved", amountCents: 30 });
  });

  it("of two admins sending at the same moment from the same decision, exactly one is written", async () => {
    const { id } = await candidate("Race");
    const seen = { status: "pending", amount: null };
    const answers = await Promise.all([
      decide(admin.cookie, id, { status: "approved", amount: 100, expected: seen }),
      decide(otherAdmin.cookie, id, { status: "disapproved", amount: 200, expected: seen }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!.body;
    const loser = answers.find((a) => a.status === 409)!.body;
    expect(loser.error.current).toEqual({ status: winner.status, amount: winner.amount });
    expect(await stored(id)).toEqual({ status: winner.status, amountCents: winner.amount! * 100 });
  });

  it("a candidate that became a test is refused as before, whatever `expected` says", async () => {
    const { id } = await candidate("Now a test");
    await t.deps.db.update(submissions).set({ softDeleted: true }).where(eq(submissions.id, id));
    const answer = await decide(admin.cookie, id, {
      status: "approved",
      amount: 5,
      expected: { status: "approved", amount: 1 },
    });
    expect(answer.status).toBe(409);
    expect(answer.body.error).not.toHaveProperty("current");
  });

  it("without `expected` (the seed's call) the decision is written over whatever is stored", async () => {
    const { id } = await candidate("Old client", { status: "approved", amountCents: 100 });
    const answer = await decide(admin.cookie, id, { status: "disapproved" });
    expect(answer.status, answer.text).toBe(200);
    expect(await stored(id)).toEqual({ status: "disapproved", amountCents: 100 });
  });
});

describe("a review (POST /api/reviews) from two tabs of one reviewer", () => {
  const body = (submissionId: string, value: number, expected?: SaveReviewBody["expected"]) => ({
    submissionId,
    sections: [
      { sectionId: "merit", rating: -1, criteria: [{ criteriaId: "impact", type: "SCALE", value }] },
    ],
    ...(expected === undefined ? {} : { expected }),
  });
  const save = (submissionId: string, value: number, expected?: SaveReviewBody["expected"]) =>
    callApi<Conflict<Review> & { review: Review }>(
      t,
      "POST",
      "/api/reviews",
      reviewer.cookie,
      body(submissionId, value, expected),
    );
  const storedRows = (submissionId: string) =>
    t.deps.db
      .select({ rating: reviews.rating, lastReviewed: reviews.lastReviewed })
      .from(reviews)
      .where(eq(reviews.submissionId, submissionId));

  it("a tab that saw an older review gets 409 with the newer one; the newer one stays", async () => {
    const { id } = await candidate("Reviewed twice");
    const first = await save(id, 4, { lastReviewed: null });
    expect(first.status, first.text).toBe(200);
    const saw = first.body.review.lastReviewed;
    const second = await save(id, 2, { lastReviewed: saw });
    expect(second.status, second.text).toBe(200);

    // The other tab still holds the first save.
    const stale = await save(id, 5, { lastReviewed: saw });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(EDIT_CONFLICT_MESSAGES.review);
    expect(stale.body.error.current).toEqual(second.body.review);
    expect(await storedRows(id)).toEqual([
      { rating: 2, lastReviewed: new Date(second.body.review.lastReviewed!) },
    ]);

    // Keeping theirs over it: based on the stored review now.
    const kept = await save(id, 5, { lastReviewed: stale.body.error.current.lastReviewed });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.review.rating).toBe(5);
  });

  it("a first save from a tab that saw no review is refused once another tab saved one", async () => {
    const { id } = await candidate("Two first saves");
    expect((await save(id, 3, { lastReviewed: null })).status).toBe(200);
    const stale = await save(id, 1, { lastReviewed: null });
    expect(stale.status).toBe(409);
    expect(stale.body.error.current.rating).toBe(3);
    expect((await storedRows(id)).map((r) => r.rating)).toEqual([3]);
    // Counted once: the refused save started nothing.
    const [row] = await t.deps.db
      .select({ n: submissions.reviewCount })
      .from(submissions)
      .where(eq(submissions.id, id));
    expect(row!.n).toBe(1);
  });

  it("two saves in the same millisecond still tell apart: the stored time moves on at every save", async () => {
    const { id } = await candidate("Same millisecond");
    const at = new Date(Date.now() + 60_000);
    // A review stored a minute ahead (a clock step, or microseconds an older save kept): the next save
    // is still later, to the millisecond, so a tab holding the old time is told.
    await insertReview(t.deps.db, {
      program,
      submissionId: id,
      userId: reviewer.id,
      rating: 1,
      lastReviewed: at,
    });
    const next = await save(id, 2, { lastReviewed: at.toISOString() });
    expect(next.status, next.text).toBe(200);
    expect(new Date(next.body.review.lastReviewed!).getTime()).toBe(at.getTime() + 1);
    expect((await save(id, 3, { lastReviewed: at.toISOString() })).status).toBe(409);
  });

  it("of two tabs saving at the same moment from the same review, exactly one is written", async () => {
    const { id } = await candidate("Review race");
    const first = await save(id, 1, { lastReviewed: null });
    const saw = first.body.review.lastReviewed;
    const answers = await Promise.all([
      save(id, 2, { lastReviewed: saw }),
      save(id, 4, { lastReviewed: saw }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const written = answers.find((a) => a.status === 200)!.body.review;
    expect(answers.find((a) => a.status === 409)!.body.error.current).toEqual(written);
    expect((await storedRows(id)).map((r) => r.rating)).toEqual([written.rating]);
  });

  it("refuses with 400 an `expected` time PostgreSQL cannot hold (year 0), writing nothing", async () => {
    const { id } = await candidate("Year zero");
    const answer = await save(id, 2, { lastReviewed: "0000-01-01T00:00:00Z" });
    expect(answer.status, answer.text).toBe(400);
    expect(await storedRows(id)).toEqual([]);
  });

  it("without `expected` (the seed's call) the review is written over whatever is stored", async () => {
    const { id } = await candidate("Old review client");
    expect((await save(id, 4)).status).toBe(200);
    expect((await save(id, 1)).status).toBe(200);
    expect((await storedRows(id)).map((r) => r.rating)).toEqual([1]);
  });
});

describe("a comment edit (PATCH /api/reviews/comments/{id}) from two tabs", () => {
  const edit = (commentId: string, body: unknown) =>
    callApi<Conflict<Comment> & Comment>(
      t,
      "PATCH",
      `/api/reviews/comments/${commentId}`,
      reviewer.cookie,
      body,
    );
  const storedText = async (commentId: string) => {
    const [row] = await t.deps.db
      .select({ body: reviewComments.body })
      .from(reviewComments)
      .where(eq(reviewComments.id, commentId));
    return row?.body;
  };

  it("an edit of a text changed meanwhile gets 409 with the stored comment, and nothing changes", async () => {
    const { id } = await candidate("Commented");
    const comment = await insertComment(t.deps.db, {
      program,
      submissionId: id,
      userId: reviewer.id,
      sectionId: "merit",
      body: "First words",
    });
    const fresh = await edit(comment.id, { value: "Second words", expected: { value: "First words" } });
    expect(fresh.status, fresh.text).toBe(200);
    expect(fresh.body.value).toBe("Second words");

    const stale = await edit(comment.id, { value: "Other tab", expected: { value: "First words" } });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(EDIT_CONFLICT_MESSAGES.comment);
    expect(stale.body.error.current).toMatchObject({ _id: comment.id, value: "Second words" });
    expect(await storedText(comment.id)).toBe("Second words");

    // Without `expected` (the seed's call): written over.
    expect((await edit(comment.id, { value: "Last words" })).status).toBe(200);
    expect(await storedText(comment.id)).toBe("Last words");
  });
});

describe("an admin edit of a submission's answers (PATCH /api/submissions/{id}), already guarded", () => {
  const named = (name: string) => [answerOf("name", "about", "IDENTIFIER", { answerString: name })];
  const edit = (cookie: string, id: string, revision: number, name: string) =>
    callApi<{ error: { code: string } }>(t, "PATCH", `/api/submissions/${id}`, cookie, {
      revision,
      answers: named(name),
    });

  it("the second admin's edit from the same revision is refused: the first one's answers stay, logged once", async () => {
    const { id } = await buildCandidate(t.deps.db, {
      program,
      formId,
      identifier: "Answers race",
      answers: named("Answers race"),
    });
    const newEvents = auditTrail(t.deps.db, orgId);
    await newEvents();
    const first = await edit(admin.cookie, id, 0, "Edited by the first admin");
    expect(first.status, first.text).toBe(200);
    expect(await newEvents()).toMatchObject([{ action: "submission.admin_edited" }]);

    const second = await edit(otherAdmin.cookie, id, 0, "Edited by the second admin");
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe("STALE_REVISION");
    const [row] = await t.deps.db
      .select({ identifier: submissions.identifier, revision: submissions.revision })
      .from(submissions)
      .where(eq(submissions.id, id));
    expect(row).toEqual({ identifier: "Edited by the first admin", revision: 1 });
    const edits = await t.deps.db.select().from(submissionEdits).where(eq(submissionEdits.submissionId, id));
    expect(edits).toHaveLength(1);
    expect(await newEvents()).toEqual([]);
  });
});
