import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { defaultFormContent, newQuestion, newSection } from "../../shared/forms/defaults";
import type { FormContent, Question, Section } from "../../shared/forms/model";
import { calibratedScores, candidateRatingStats } from "../../shared/review/scoring";
import type { CandidateStatsPage } from "../../shared/schemas/candidate-statistics";
import { COMMITTEE_MESSAGES } from "../../shared/schemas/committee";
import type { CandidateListResult, CandidateView } from "../../shared/schemas/reviews";
import { programs, rankings, reviews, submissions } from "../db/schema";
import { rankingFiguresOf } from "../statistics/stats-math";
import {
  addMember,
  buildProgram,
  buildPublishedForm,
  buildUser,
  type Cast,
  withCastTestApp,
} from "../test/factories";
import type { TestApp } from "../test/harness";
import {
  answerOf,
  assignGroup,
  assignReviewer,
  buildCandidate,
  buildGroup,
  countQueries,
  insertComment,
  insertFile,
  insertRanking,
  insertReview,
} from "../test/review-factories";
import { DECISION_REFUSAL } from "./candidate-list";

let t: TestApp;
let cast: Cast;
let cookies: Record<string, string>;
withCastTestApp((app) => {
  ({ t, cast, cookies } = app);
});

/**
 * About (identifier, an anonymized answer, an anonymized CV upload, a budget upload) and Merit (two
 * weighted 5-point criteria and a Yes/No one).
 */
function reviewForm(): FormContent {
  const question = (id: string, type: Question["type"], patch: Partial<Question> = {}): Question => ({
    ...newQuestion(type, id),
    _id: id,
    ...patch,
  });
  const about: Section = {
    ...newSection("About", "Admin Info"),
    _id: "about",
    questions: [
      question("name", "IDENTIFIER", { required: true }),
      question("secret", "SHORT_ANSWER", { anonymize: true }),
      question("summary", "PARAGRAPHS"),
      question("cv", "FILE_UPLOAD", { anonymize: true }),
      question("budget", "FILE_UPLOAD"),
    ],
  };
  const merit: Section = {
    ...newSection("Merit"),
    _id: "merit",
    criteria: [
      { _id: "impact", description: "Impact", type: "SCALE", maxScale: 5, weight: 2 },
      { _id: "clarity", description: "Clarity", type: "SCALE", maxScale: 5, weight: 1 },
      { _id: "local", description: "Local", type: "BOOLEAN", maxScale: 5, weight: 1 },
    ],
  };
  return { ...defaultFormContent("Review form"), sections: [about, merit] };
}

const answersFor = (name: string) => [
  answerOf("name", "about", "IDENTIFIER", { answerString: name }),
  answerOf("secret", "about", "SHORT_ANSWER", { answerString: `SECRET-${name}-could-leak` }),
  answerOf("summary", "about", "PARAGRAPHS", { answerString: `Summary of ${name}` }),
];

type Person = { id: string; email: string; cookie: string };
async function member(program: { id: string; organizationId: string }, name: string, role = "REVIEWER") {
  const user = await buildUser(t.deps.db, { name });
  await addMember(t.deps.db, program, user.id, role as "REVIEWER" | "GUEST");
  return { ...user, cookie: await t.signIn(user.email) };
}

async function get<T>(path: string, cookie: string, status = 200): Promise<{ body: T; text: string }> {
  const res = await t.request(path, { cookie });
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return { body: (status === 200 ? JSON.parse(text) : null) as T, text };
}
const list = (cookie: string, programId: string, extra = "", status = 200) =>
  get<CandidateListResult>(`/api/applications?programId=${programId}${extra}`, cookie, status);
const view = (cookie: string, programId: string, submissionId: string, status = 200) =>
  get<CandidateView>(`/api/applications/${programId}/${submissionId}`, cookie, status);

// The main program: alpha (the reviewer's), Beta (a group's), charlie and delta (no one's), a draft and a test.
const ids = {} as Record<"alpha" | "beta" | "charlie" | "delta" | "draft" | "test", string>;
const fileIds = {} as Record<"cv" | "budget", string>;
let rita: Person;
let ulla: Person;
beforeAll(async () => {
  const db = t.deps.db;
  const { formId } = await buildPublishedForm(db, cast.program, reviewForm());
  const make = (identifier: string, opts: { submitted?: boolean; test?: boolean } = {}) =>
    buildCandidate(db, {
      program: cast.program,
      formId,
      identifier,
      answers: answersFor(identifier),
      ...opts,
    });
  // These tests are about who sees what; the lists in name order make each expectation one array. The
  // shuffled order (the default) has its own tests in list-order.test.ts.
  await db
    .update(programs)
    .set({ reviewSettings: { candidateOrder: "name" } })
    .where(eq(programs.id, cast.program.id));
  const alpha = await make("alpha");
  ids.alpha = alpha.id;
  ids.beta = (await make("Beta")).id;
  ids.charlie = (await make("charlie")).id;
  ids.delta = (await make("delta")).id;
  ids.draft = (await make("Echo draft", { submitted: false })).id;
  ids.test = (await make("Foxtrot test", { submitted: false, test: true })).id;
  await db
    .update(submissions)
    .set({ status: "approved", amountCents: 123_456, userId: cast.applicant.id })
    .where(eq(submissions.id, ids.alpha));

  rita = await member(cast.program, "Rita Group");
  ulla = await member(cast.program, "Ulla Unassigned");
  await assignReviewer(db, ids.alpha, cast.members.REVIEWER.id, cast.program.id);
  const group = await buildGroup(db, cast.program, "Group one", [rita.id]);
  await assignGroup(db, ids.beta, group.id, cast.program.id);

  const p = cast.program;
  await insertReview(db, {
    program: p,
    submissionId: ids.alpha,
    userId: cast.members.REVIEWER.id,
    rating: 4,
  });
  await insertReview(db, {
    program: p,
    submissionId: ids.charlie,
    userId: cast.members.REVIEWER.id,
    rating: -1,
  });
  await insertReview(db, {
    program: p,
    submissionId: ids.alpha,
    userId: cast.members.ADMIN_REVIEWER.id,
    rating: 2,
  });
  await insertComment(db, {
    program: p,
    submissionId: ids.alpha,
    userId: cast.members.REVIEWER.id,
    sectionId: "merit",
    body: "My own note on alpha",
  });
  await insertComment(db, {
    program: p,
    submissionId: ids.alpha,
    userId: cast.members.ADMIN_REVIEWER.id,
    sectionId: "merit",
    body: "ADMIN-REVIEWER-NOTE-could-leak",
  });
  fileIds.cv = (
    await insertFile(db, { submissionId: ids.alpha, questionId: "cv", name: "alpha-cv-secret.pdf" })
  ).id;
  fileIds.budget = (
    await insertFile(db, { submissionId: ids.alpha, questionId: "budget", name: "alpha-budget.pdf" })
  ).id;
});

const identifiers = (result: CandidateListResult) => result.rows.map((r) => r.identifier);

describe("GET /api/applications: who sees which candidate", () => {
  it("a reviewer sees their own, their group's and unassigned candidates — no drafts, tests or decisions", async () => {
    const { body, text } = await list(cookies.reviewer!, cast.program.id);
    expect(identifiers(body)).toEqual(["alpha", "charlie", "delta"]);
    expect(body.rows.map((r) => r.rating)).toEqual([4, -1, -1]);
    expect(body.rows[0]!.lastReviewed).not.toBeNull();
    expect(body.rows[2]!.lastReviewed).toBeNull();
    expect(body.rows.every((r) => !("status" in r) && !("amount" in r))).toBe(true);
    expect(text).not.toContain("approved");
    expect(text).not.toContain("1234.56");
    expect(body).toMatchObject({ total: 3, progress: { shown: 3, rated: 1 }, isAdmin: false, canRate: true });
    expect(body.program).toMatchObject({
      _id: cast.program.id,
      increment: 1,
      enableStackedRankings: true,
      showFinalRating: true,
      finalReviewText: "",
      commentText: "",
    });

    const group = await list(rita.cookie, cast.program.id);
    expect(identifiers(group.body)).toEqual(["Beta", "charlie", "delta"]);
    expect(group.body.progress).toEqual({ shown: 3, rated: 0 });
    const unassigned = await list(ulla.cookie, cast.program.id);
    expect(identifiers(unassigned.body)).toEqual(["charlie", "delta"]);
    expect(unassigned.text).not.toContain(ids.alpha);
  });

  it("Admin Mode is for admins: drafts and tests flagged, decisions shown; reviewers cannot turn it on", async () => {
    const plain = await list(cookies.admin!, cast.program.id);
    expect(identifiers(plain.body)).toEqual(["alpha", "Beta", "charlie", "delta"]);
    expect(plain.body.rows[0]).toMatchObject({
      status: "approved",
      amount: 1234.56,
      draft: false,
      test: false,
    });
    expect(plain.body.rows[1]).toMatchObject({ status: "pending", amount: null });
    expect(plain.body).toMatchObject({ isAdmin: true, canRate: false, total: 4 });

    const adminMode = await list(cookies.admin!, cast.program.id, "&adminMode=true");
    expect(identifiers(adminMode.body)).toEqual([
      "alpha",
      "Beta",
      "charlie",
      "delta",
      "Echo draft",
      "Foxtrot test",
    ]);
    expect(adminMode.body.rows.slice(4).map((r) => [r.draft, r.test])).toEqual([
      [true, false],
      [true, true],
    ]);
    expect(adminMode.body.progress.shown).toBe(4);

    const reviewerTries = await list(cookies.reviewer!, cast.program.id, "&adminMode=true");
    expect(identifiers(reviewerTries.body)).toEqual(["alpha", "charlie", "delta"]);
    expect(reviewerTries.text).not.toContain("Echo draft");
  });

  it("an admin-reviewer rates, and counts only their own ratings", async () => {
    const { body } = await list(cookies.adminReviewer!, cast.program.id);
    expect(body).toMatchObject({ isAdmin: true, canRate: true, progress: { shown: 4, rated: 1 } });
    expect(body.rows.map((r) => r.rating)).toEqual([2, -1, -1, -1]);
  });

  it("a guest reads but may not rate", async () => {
    const { body } = await list(cookies.guest!, cast.program.id);
    expect(identifiers(body)).toEqual(["charlie", "delta"]);
    expect(body.canRate).toBe(false);
  });

  it("pages in the database and reports the total", async () => {
    const { body } = await list(cookies.admin!, cast.program.id, "&adminMode=true&page=2&pageSize=4");
    expect(identifiers(body)).toEqual(["Echo draft", "Foxtrot test"]);
    expect(body).toMatchObject({ total: 6, page: 2, pageSize: 4 });
    const beyond = await list(cookies.reviewer!, cast.program.id, "&page=3&pageSize=2");
    expect(beyond.body).toMatchObject({ rows: [], total: 3 });
    await list(cookies.reviewer!, cast.program.id, "&pageSize=101", 400);
  });

  it("another organization's admin, an applicant and unknown programs get 404", async () => {
    for (const cookie of [cookies.otherOrgAdmin!, cookies.applicant!]) {
      const { text } = await list(cookie, cast.program.id, "", 404);
      expect(text).not.toContain("alpha");
    }
    await list(cookies.otherOrgAdmin!, "not-a-uuid", "", 404);
    await list(cookies.admin!, cast.otherProgram.id, "", 404);
    const res = await t.request(`/api/applications?programId=${cast.program.id}`);
    expect(res.status).toBe(401);
  });
});

describe("GET /api/applications/{userId}", () => {
  it("is one's own list; an admin reads a member's list with their ratings; anyone else gets 404", async () => {
    const own = await get<CandidateListResult>(
      `/api/applications/${cast.members.REVIEWER.id}?programId=${cast.program.id}`,
      cookies.reviewer!,
    );
    expect(identifiers(own.body)).toEqual(["alpha", "charlie", "delta"]);

    const byAdmin = await get<CandidateListResult>(
      `/api/applications/${cast.members.REVIEWER.id}?programId=${cast.program.id}`,
      cookies.admin!,
    );
    expect(identifiers(byAdmin.body)).toEqual(["alpha", "charlie", "delta"]);
    expect(byAdmin.body.rows[0]!.rating).toBe(4);
    expect(byAdmin.body.progress).toEqual({ shown: 3, rated: 1 });

    const snooping = await get(
      `/api/applications/${cast.members.ADMIN_REVIEWER.id}?programId=${cast.program.id}`,
      cookies.reviewer!,
      404,
    );
    expect(snooping.text).not.toContain("Beta");
    await get(`/api/applications/${cast.otherOrgAdmin.id}?programId=${cast.program.id}`, cookies.admin!, 404);
    await get(
      `/api/applications/${cast.members.REVIEWER.id}?programId=${cast.program.id}`,
      cookies.otherOrgAdmin!,
      404,
    );
  });
});

describe("GET /api/applications/{programId}/{submissionId}: the submission view", () => {
  it("withholds anonymized answers and files from a reviewer — the text is not in the JSON", async () => {
    const { body, text } = await view(cookies.reviewer!, cast.program.id, ids.alpha);
    expect(text).not.toContain("SECRET-");
    expect(text).not.toContain("alpha-cv-secret.pdf");
    expect(text).not.toContain(fileIds.cv);
    expect(body.answers).toContainEqual({
      questionId: "secret",
      sectionId: "about",
      type: "SHORT_ANSWER",
      anonymized: true,
      withheld: true,
    });
    expect(body.answers.find((a) => a.questionId === "summary")).toMatchObject({
      answerString: "Summary of alpha",
    });
    expect(body.files.map((f) => f.name)).toEqual(["alpha-budget.pdf"]);
    expect(body.answers.find((a) => a.questionId === "budget")).toMatchObject({
      answerArray: [fileIds.budget],
    });
    expect(body.answers.find((a) => a.questionId === "cv")).toEqual({
      questionId: "cv",
      sectionId: "about",
      type: "FILE_UPLOAD",
      anonymized: true,
      withheld: true,
    });
    expect(body.sections.map((s) => s._id)).toEqual(["about", "merit"]);
    expect(body.submission).toMatchObject({ identifier: "alpha", draft: false, test: false });
    expect("status" in body.submission).toBe(false);
    expect(text).not.toContain("1234.56");
  });

  it("gives admins the anonymized answers, marked, with the decision", async () => {
    const { body } = await view(cookies.admin!, cast.program.id, ids.alpha);
    expect(body.answers.find((a) => a.questionId === "secret")).toMatchObject({
      answerString: "SECRET-alpha-could-leak",
      anonymized: true,
    });
    expect(body.files.map((f) => f.name).sort()).toEqual(["alpha-budget.pdf", "alpha-cv-secret.pdf"]);
    expect(body.answers.find((a) => a.questionId === "cv")).toMatchObject({
      type: "FILE_UPLOAD",
      answerArray: [fileIds.cv],
      anonymized: true,
    });
    expect(body.submission).toMatchObject({ status: "approved", amount: 1234.56 });
    expect(body).toMatchObject({ isAdmin: true, canRate: false, review: null });
  });

  it("shows a reviewer their own review and comments only; an admin everyone's comments", async () => {
    const mine = await view(cookies.reviewer!, cast.program.id, ids.alpha);
    expect(mine.body.review).toMatchObject({ rating: 4, started: true, userId: cast.members.REVIEWER.id });
    expect(mine.body.comments.map((c) => [c.value, c.authorName])).toEqual([
      ["My own note on alpha", "REVIEWER person"],
    ]);
    expect(mine.text).not.toContain("ADMIN-REVIEWER-NOTE");
    expect(mine.text).not.toContain(cast.members.ADMIN_REVIEWER.id);

    const admin = await view(cookies.admin!, cast.program.id, ids.alpha);
    expect(admin.body.comments.map((c) => [c.value, c.authorName])).toEqual([
      ["My own note on alpha", "REVIEWER person"],
      ["ADMIN-REVIEWER-NOTE-could-leak", "ADMIN_REVIEWER person"],
    ]);

    const fresh = await view(cookies.reviewer!, cast.program.id, ids.delta);
    expect(fresh.body.review).toEqual({
      _id: null,
      submissionId: ids.delta,
      programId: cast.program.id,
      userId: cast.members.REVIEWER.id,
      rating: -1,
      sections: [],
      started: false,
      lastReviewed: null,
    });
    expect(fresh.body.canRate).toBe(true);
  });

  it("a guest reads an unassigned candidate but gets no review to fill", async () => {
    const { body } = await view(cookies.guest!, cast.program.id, ids.charlie);
    expect(body).toMatchObject({ canRate: false, review: null, isAdmin: false });
  });

  it("links the previous and next candidate of the caller's own list", async () => {
    const reviewerAt = async (id: string) => {
      const { body } = await view(cookies.reviewer!, cast.program.id, id);
      return [body.previousId, body.nextId];
    };
    expect(await reviewerAt(ids.alpha)).toEqual([null, ids.charlie]);
    expect(await reviewerAt(ids.charlie)).toEqual([ids.alpha, ids.delta]);
    expect(await reviewerAt(ids.delta)).toEqual([ids.charlie, null]);
    const group = await view(rita.cookie, cast.program.id, ids.charlie);
    expect([group.body.previousId, group.body.nextId]).toEqual([ids.beta, ids.delta]);
    const admin = await view(cookies.admin!, cast.program.id, ids.alpha);
    expect([admin.body.previousId, admin.body.nextId]).toEqual([null, ids.beta]);
    const draft = await view(cookies.admin!, cast.program.id, ids.draft);
    expect(draft.body.submission).toMatchObject({ draft: true, test: false });
    expect([draft.body.previousId, draft.body.nextId]).toEqual([ids.delta, null]);
  });

  it("answers 404 by direct URL to whoever may not read the candidate", async () => {
    // alpha has a reviewer: someone unassigned may not open it, though unassigned candidates are theirs.
    const unassigned = await view(ulla.cookie, cast.program.id, ids.alpha, 404);
    expect(unassigned.text).not.toContain("SECRET");
    await view(cookies.reviewer!, cast.program.id, ids.beta, 404);
    await view(cookies.reviewer!, cast.program.id, ids.draft, 404);
    await view(cookies.reviewer!, cast.program.id, ids.test, 404);
    await view(cookies.guest!, cast.program.id, ids.alpha, 404);
    const other = await view(cookies.otherOrgAdmin!, cast.program.id, ids.alpha, 404);
    expect(other.text).not.toContain("alpha");
    await view(cookies.applicant!, cast.program.id, ids.alpha, 404);
    // The right submission under another program's id is not found either.
    await view(cookies.otherOrgAdmin!, cast.otherProgram.id, ids.alpha, 404);
    await view(cookies.admin!, cast.program.id, "nonsense", 404);
  });

  it("in an archived program still shows the reviewer's review, but not for rating", async () => {
    const db = t.deps.db;
    const archived = await buildProgram(db, cast.org.id, { name: "Archived 2025" });
    const { formId } = await buildPublishedForm(db, archived, reviewForm());
    await db
      .update(programs)
      .set({ archived: true, archivedAt: new Date() })
      .where(eq(programs.id, archived.id));
    const reviewer = await member(archived, "Old Reviewer");
    const candidate = await buildCandidate(db, { program: archived, formId, identifier: "old one" });
    await insertReview(db, { program: archived, submissionId: candidate.id, userId: reviewer.id, rating: 3 });
    const { body } = await view(reviewer.cookie, archived.id, candidate.id);
    expect(body).toMatchObject({ canRate: false, program: { archived: true }, review: { rating: 3 } });
    expect((await list(reviewer.cookie, archived.id)).body.canRate).toBe(false);
  });
});

describe("file download addresses", () => {
  const grant = (fileId: string, cookie: string) =>
    t.request(`/api/files/signedUrl/private/getObject?fileId=${fileId}`, { cookie });

  it("go to an assigned reviewer for a non-anonymized file, never for an anonymized one", async () => {
    expect((await grant(fileIds.budget, cookies.reviewer!)).status).toBe(200);
    expect((await grant(fileIds.cv, cookies.reviewer!)).status).toBe(404);
  });

  it("are refused to an unassigned reviewer and another organization; admins and the owner get them", async () => {
    expect((await grant(fileIds.budget, ulla.cookie)).status).toBe(404);
    expect((await grant(fileIds.budget, cookies.otherOrgAdmin!)).status).toBe(404);
    expect((await grant(fileIds.cv, cookies.admin!)).status).toBe(200);
    expect((await grant(fileIds.cv, cookies.applicant!)).status).toBe(200);
  });
});

describe("PATCH /api/submissions/updateField/{id} and GET /api/submissions/all/{program}", () => {
  let program: { id: string; organizationId: string; name: string };
  let formId: string;
  let reviewer: Person;
  beforeAll(async () => {
    program = await buildProgram(t.deps.db, cast.org.id, { name: "Row actions" });
    ({ formId } = await buildPublishedForm(t.deps.db, program, reviewForm()));
    reviewer = await member(program, "Row Reviewer");
  });
  const act = (id: string, action: string, cookie: string) =>
    t.request(`/api/submissions/updateField/${id}`, { method: "PATCH", cookie, body: { action } });
  const stateOf = async (id: string) => {
    const [row] = await t.deps.db
      .select({ submissionDate: submissions.submissionDate, softDeleted: submissions.softDeleted })
      .from(submissions)
      .where(eq(submissions.id, id));
    return row!;
  };

  it("force submit dates a draft once; reviewers and other organizations get 404", async () => {
    const draft = await buildCandidate(t.deps.db, { program, formId, identifier: "late", submitted: false });
    expect((await act(draft.id, "forceSubmit", reviewer.cookie)).status).toBe(404);
    expect((await act(draft.id, "forceSubmit", cookies.otherOrgAdmin!)).status).toBe(404);
    expect((await stateOf(draft.id)).submissionDate).toBeNull();

    const res = await act(draft.id, "forceSubmit", cookies.orgAdmin!);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect((await stateOf(draft.id)).submissionDate).not.toBeNull();
    const again = await act(draft.id, "forceSubmit", cookies.orgAdmin!);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe("CONFLICT");
    // The candidate now counts for the committee.
    expect(identifiers((await list(reviewer.cookie, program.id)).body)).toContain("late");
  });

  it("mark as test applies only to a non-deleted draft", async () => {
    const db = t.deps.db;
    const draft = await buildCandidate(db, { program, formId, identifier: "trial", submitted: false });
    const submitted = await buildCandidate(db, { program, formId, identifier: "real" });
    expect((await act(draft.id, "markAsTest", reviewer.cookie)).status).toBe(404);
    expect((await act(submitted.id, "markAsTest", cookies.orgAdmin!)).status).toBe(409);
    expect((await stateOf(submitted.id)).softDeleted).toBe(false);
    expect((await act(draft.id, "markAsTest", cookies.orgAdmin!)).status).toBe(200);
    expect(await stateOf(draft.id)).toEqual({ submissionDate: null, softDeleted: true });
    expect((await act(draft.id, "markAsTest", cookies.orgAdmin!)).status).toBe(409);
    expect((await act(draft.id, "deleteEverything", cookies.orgAdmin!)).status).toBe(400);
  });

  it("lists every submission of the program for its admins only", async () => {
    const { body } = await get<{
      submissions: { identifier: string; softDeleted: boolean }[];
      total: number;
    }>(`/api/submissions/all/${program.id}?pageSize=2`, cookies.orgAdmin!);
    expect(body.total).toBe(3);
    expect(body.submissions.map((s) => s.identifier)).toEqual(["late", "real"]);
    const page2 = await get<{ submissions: { identifier: string; softDeleted: boolean }[] }>(
      `/api/submissions/all/${program.id}?pageSize=2&page=2`,
      cookies.orgAdmin!,
    );
    expect(page2.body.submissions).toMatchObject([{ identifier: "trial", softDeleted: true }]);
    await get(`/api/submissions/all/${program.id}`, reviewer.cookie, 404);
    await get(`/api/submissions/all/${program.id}`, cookies.otherOrgAdmin!, 404);
  });
});

describe("GET /api/admin/candidate-submissions", () => {
  it("computes each candidate's figures on a known data set", async () => {
    const db = t.deps.db;
    const program = await buildProgram(db, cast.org.id, { name: "Statistics" });
    const { formId } = await buildPublishedForm(db, program, reviewForm());
    const [r1, r2, r3] = [
      await member(program, "R one"),
      await member(program, "R two"),
      await member(program, "R three"),
    ];
    const make = (identifier: string, opts: { submitted?: boolean; test?: boolean } = {}) =>
      buildCandidate(db, { program, formId, identifier, ...opts });
    const s1 = await make("s-one");
    const s2 = await make("s-two");
    const s3 = await make("s-three");
    const draft = await make("s-draft", { submitted: false });
    const test = await make("s-test", { submitted: false, test: true });
    await db
      .update(submissions)
      .set({ amountCents: 50_000, status: "approved" })
      .where(eq(submissions.id, s1.id));
    const merit = (impact: number, clarity: number) => [
      {
        sectionId: "merit",
        rating: -1,
        criteria: [
          { criteriaId: "impact", type: "SCALE" as const, value: impact },
          { criteriaId: "clarity", type: "SCALE" as const, value: clarity },
          // Boolean criteria are never folded into a score.
          { criteriaId: "local", type: "BOOLEAN" as const, value: 1 },
        ],
      },
    ];
    const review = (submissionId: string, userId: string, rating: number, sections = merit(-1, -1)) =>
      insertReview(db, { program, submissionId, userId, rating, sections });
    // s-one: final ratings 4, 5, 3; criteria say (5·2 + 2·1)/3 = 4 and (4·2 + 1·1)/3 = 3; r3 used none.
    await review(s1.id, r1.id, 4, merit(5, 2));
    await review(s1.id, r2.id, 5, merit(4, 1));
    await review(s1.id, r3.id, 3, []);
    // s-two: one rating; r2's review is not started and does not count.
    await review(s2.id, r1.id, 2);
    await review(s2.id, r2.id, -1);
    // Reviews of a draft are ignored.
    await review(draft.id, r1.id, 5, merit(5, 5));
    await insertRanking(db, program, r1.id, [s1.id, s2.id, s3.id]);
    await insertRanking(db, program, r2.id, [s2.id, s1.id, draft.id, cast.program.id]);
    await insertRanking(db, program, r3.id, [s1.id]);
    // Nothing reviewable left in it: not counted among the rankings.
    await insertRanking(db, program, cast.members.REVIEWER.id, [test.id]);

    const { body, text } = await get<CandidateStatsPage>(
      `/api/admin/candidate-submissions?programId=${program.id}`,
      cookies.orgAdmin!,
    );
    expect(text).not.toContain(draft.id);
    expect(text).not.toContain(test.id);
    expect(body.totalRankings).toBe(3);
    expect(body.rows.map((r) => r.identifier)).toEqual(["s-one", "s-three", "s-two"]);
    const [one, three, two] = body.rows;
    expect(one).toEqual({
      _id: s1.id,
      identifier: "s-one",
      status: "approved",
      amount: 500,
      numReviews: 3,
      averageRating: 4,
      medianRating: 4,
      standardDeviation: 0.82,
      minRating: 3,
      maxRating: 5,
      histogram: { "3": 1, "4": 1, "5": 1 },
      suggestedRating: 3.5,
      // Fit of rating = quality + bias (ridge 1): biases r1 0, r2 +0.5, r3 −0.5.
      calibratedRating: 4,
      // Positions 1 of 3, 2 of 2, 1 of 1: (2.5/3 + 0.5/2 + 0.5/1) / 3.
      averageRanking: 0.5278,
      rankedBy: 3,
      // s-one and s-two split 1–1 head to head: tied first, and s-three third.
      consensusRank: 1,
    });
    expect(two).toMatchObject({
      numReviews: 1,
      averageRating: 2,
      medianRating: 2,
      standardDeviation: 0,
      minRating: 2,
      maxRating: 2,
      histogram: { "2": 1 },
      suggestedRating: null,
      calibratedRating: 2,
      averageRanking: 0.625,
      rankedBy: 2,
      consensusRank: 1,
    });
    expect(three).toMatchObject({
      numReviews: 0,
      averageRating: null,
      medianRating: null,
      standardDeviation: null,
      minRating: null,
      maxRating: null,
      histogram: {},
      suggestedRating: null,
      calibratedRating: null,
      averageRanking: 0.1667,
      rankedBy: 1,
      consensusRank: 3,
    });
  });

  it("is for the program's admins only", async () => {
    for (const cookie of [cookies.reviewer!, cookies.guest!, cookies.otherOrgAdmin!]) {
      const { text } = await get(
        `/api/admin/candidate-submissions?programId=${cast.program.id}`,
        cookie,
        404,
      );
      expect(text).not.toContain("alpha");
    }
    const { body } = await get<CandidateStatsPage>(
      `/api/admin/candidate-submissions?programId=${cast.program.id}`,
      cookies.adminReviewer!,
    );
    expect(body.rows.map((r) => [r.identifier, r.numReviews, r.averageRating])).toEqual([
      ["alpha", 2, 3],
      ["Beta", 0, null],
      ["charlie", 0, null],
      ["delta", 0, null],
    ]);
  });
});

describe("GET /api/admin/candidate-submissions: sorted, filtered and paged", () => {
  let program: { id: string; organizationId: string; name: string };
  const people = {} as Record<"admin" | "adminReviewer" | "reviewer" | "guest", Person>;
  const at = {} as Record<"app2" | "app9" | "app10" | "jose" | "joseB", string>;
  beforeAll(async () => {
    const db = t.deps.db;
    program = await buildProgram(db, cast.org.id, { name: "Paged statistics" });
    const { formId } = await buildPublishedForm(db, program, reviewForm());
    people.admin = await member(program, "Pager Admin", "ADMIN");
    people.adminReviewer = await member(program, "Pager Admin Reviewer", "ADMIN_REVIEWER");
    people.reviewer = await member(program, "Pager Reviewer");
    people.guest = await member(program, "Pager Guest", "GUEST");
    const make = async (identifier: string, opts: { submitted?: boolean; test?: boolean } = {}) =>
      (await buildCandidate(db, { program, formId, identifier, ...opts })).id;
    at.app10 = await make("App 10");
    at.jose = await make("José");
    at.app9 = await make("App 9");
    at.joseB = await make("jose b");
    at.app2 = await make("App 2");
    await make("App draft", { submitted: false });
    await make("App test", { submitted: false, test: true });
    const decide = (id: string, status: "approved" | "disapproved", amountCents: number) =>
      db.update(submissions).set({ status, amountCents }).where(eq(submissions.id, id));
    await decide(at.app2, "approved", 20_000);
    await decide(at.jose, "approved", 5_000);
    await decide(at.app10, "disapproved", 0);
    const rate = (submissionId: string, userId: string, rating: number) =>
      insertReview(db, { program, submissionId, userId, rating });
    await rate(at.app2, people.reviewer.id, 5);
    await rate(at.app2, people.adminReviewer.id, 3);
    await rate(at.app9, people.reviewer.id, 4);
    await rate(at.app10, people.reviewer.id, 2);
    await rate(at.joseB, people.adminReviewer.id, 1);
  });
  const stats = (query: string, cookie = cookies.orgAdmin!, status = 200) =>
    get<CandidateStatsPage>(
      `/api/admin/candidate-submissions?programId=${program.id}${query}`,
      cookie,
      status,
    );
  const names = async (query: string) => (await stats(query)).body.rows.map((r) => r.identifier);

  it("answers the first page by name, numbers in numeric order, with the program's counts", async () => {
    const { body } = await stats("");
    expect(body.rows.map((r) => [r.identifier, r.status, r.amount, r.numReviews, r.averageRating])).toEqual([
      ["App 2", "approved", 200, 2, 4],
      ["App 9", "pending", null, 1, 4],
      ["App 10", "disapproved", 0, 1, 2],
      ["José", "approved", 50, 0, null],
      ["jose b", "pending", null, 1, 1],
    ]);
    const { rows: _rows, ...counts } = body;
    expect(counts).toEqual({
      totalRankings: 0,
      total: 5,
      page: 1,
      pageSize: 50,
      candidates: 5,
      approved: 2,
      tiedRanks: [],
    });
  });

  it("sorts by any column, candidates without a value last both ways, ties by name", async () => {
    expect(await names("&sort=averageRating&direction=descending")).toEqual([
      "App 2",
      "App 9",
      "App 10",
      "jose b",
      "José",
    ]);
    expect(await names("&sort=averageRating&direction=ascending")).toEqual([
      "jose b",
      "App 10",
      "App 2",
      "App 9",
      "José",
    ]);
    expect(await names("&sort=identifier&direction=descending")).toEqual([
      "jose b",
      "José",
      "App 10",
      "App 9",
      "App 2",
    ]);
    expect(await names("&sort=amount&direction=descending")).toEqual([
      "App 2",
      "José",
      "App 10",
      "App 9",
      "jose b",
    ]);
    expect(await names("&sort=status")).toEqual(["App 2", "José", "App 9", "jose b", "App 10"]);
  });

  it("filters by a part of the name, the decision and a minimum of reviews, counting what it keeps", async () => {
    for (const search of ["jose", "JOSÉ", " OS "]) {
      const { body } = await stats(`&search=${encodeURIComponent(search)}`);
      expect(
        body.rows.map((r) => r.identifier),
        search,
      ).toEqual(["José", "jose b"]);
      expect(body).toMatchObject({ total: 2, candidates: 5, approved: 2 });
    }
    expect(await names("&status=approved")).toEqual(["App 2", "José"]);
    expect(await names("&minReviews=1")).toEqual(["App 2", "App 9", "App 10", "jose b"]);
    const { body } = await stats("&status=pending&minReviews=1&sort=averageRating&direction=descending");
    expect(body.rows.map((r) => r.identifier)).toEqual(["App 9", "jose b"]);
    expect(body).toMatchObject({ total: 2, candidates: 5, approved: 2 });
    expect(await names("&search=nobody")).toEqual([]);
  });

  it("pages what the filters keep, answering the last page for a page past the end", async () => {
    const pageOf = async (page: number) => {
      const { body } = await stats(`&pageSize=2&page=${page}`);
      return [body.page, body.total, body.rows.map((r) => r.identifier)];
    };
    expect(await pageOf(1)).toEqual([1, 5, ["App 2", "App 9"]]);
    expect(await pageOf(2)).toEqual([2, 5, ["App 10", "José"]]);
    expect(await pageOf(3)).toEqual([3, 5, ["jose b"]]);
    expect(await pageOf(9)).toEqual([3, 5, ["jose b"]]);
    const { body } = await stats("&minReviews=1&pageSize=3&page=2");
    expect(body).toMatchObject({ page: 2, pageSize: 3, total: 4 });
    expect(body.rows.map((r) => r.identifier)).toEqual(["jose b"]);
  });

  it("lists every candidate the filters keep as a recipient only when asked", async () => {
    expect((await stats("&status=approved&pageSize=1")).body.recipients).toBeUndefined();
    const { body } = await stats("&status=approved&pageSize=1&recipients=true");
    expect(body.rows.map((r) => r.identifier)).toEqual(["App 2"]);
    expect(body.recipients).toEqual([
      { submissionId: at.app2, identifier: "App 2", status: "approved", amount: 200 },
      { submissionId: at.jose, identifier: "José", status: "approved", amount: 50 },
    ]);
  });

  it("refuses a query it cannot answer with 400 and the fields at fault", async () => {
    const refused = async (path: string) => {
      const res = await t.request(`/api/admin/candidate-submissions${path}`, { cookie: cookies.orgAdmin! });
      expect(res.status).toBe(400);
      const body = (await res.json()) as ErrorBody;
      expect(body.error.code).toBe("VALIDATION");
      return Object.keys(body.error.fields ?? {}).sort();
    };
    const q = `?programId=${program.id}`;
    expect(
      await refused(
        `${q}&page=0&pageSize=101&sort=bogus&direction=up&status=maybe&minReviews=-1&recipients=yes`,
      ),
    ).toEqual(["direction", "minReviews", "page", "pageSize", "recipients", "sort", "status"]);
    expect(await refused(`${q}&search=${"x".repeat(201)}`)).toEqual(["search"]);
    expect(await refused(`${q}&page=two&pageSize=1.5`)).toEqual(["page", "pageSize"]);
    expect(await refused("?page=1")).toEqual(["programId"]);
  });

  it("is for the program's admins and the organization's admin; 404 for everyone else, 401 signed out", async () => {
    const query = "&search=app&status=approved&recipients=true";
    const expected = (await stats(query)).body;
    expect(expected.rows.map((r) => r.identifier)).toEqual(["App 2"]);
    for (const cookie of [people.admin.cookie, people.adminReviewer.cookie]) {
      expect((await stats(query, cookie)).body).toEqual(expected);
    }
    // A reviewer and a guest of the program, another program's admin, another organization's admin, an
    // applicant: nothing of the program, whatever the query asks for.
    for (const cookie of [
      people.reviewer.cookie,
      people.guest.cookie,
      cookies.admin!,
      cookies.otherOrgAdmin!,
      cookies.applicant!,
    ]) {
      const { text } = await stats(query, cookie, 404);
      expect(text).not.toContain("App 2");
      expect(text).not.toContain(at.app2);
    }
    const res = await t.request(`/api/admin/candidate-submissions?programId=${program.id}`);
    expect(res.status).toBe(401);
    expect(await res.text()).not.toContain("App 2");
  });
});

describe("query count", () => {
  it("the list costs the same number of queries for 1 row and for 20", async () => {
    const db = t.deps.db;
    const program = await buildProgram(db, cast.org.id, { name: "Many candidates" });
    const { formId } = await buildPublishedForm(db, program, reviewForm());
    const reviewer = await member(program, "Busy Reviewer");
    for (let i = 0; i < 20; i += 1) {
      const candidate = await buildCandidate(db, {
        program,
        formId,
        identifier: `c${String(i).padStart(2, "0")}`,
      });
      if (i % 2 === 0)
        await insertReview(db, { program, submissionId: candidate.id, userId: reviewer.id, rating: 3 });
    }
    await list(reviewer.cookie, program.id); // warm up the session lookup
    const one = await countQueries(db, () => list(reviewer.cookie, program.id, "&pageSize=1"));
    const twenty = await countQueries(db, () => list(reviewer.cookie, program.id, "&pageSize=20"));
    expect(one.result.body.rows).toHaveLength(1);
    expect(twenty.result.body.rows).toHaveLength(20);
    expect(twenty.result.body.progress).toEqual({ shown: 20, rated: 10 });
    expect(one.queries).toBeGreaterThan(0);
    expect(twenty.queries).toBe(one.queries);
  });
});

// ---------------------------------------------------------------------------------------------
// Decisions on PATCH /api/submissions/updateField/{id}, and Candidate Statistics at scale
// ---------------------------------------------------------------------------------------------

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string[]> } };

describe("PATCH /api/submissions/updateField/{id}: decisions", () => {
  let program: { id: string; organizationId: string; name: string };
  let formId: string;
  const people = {} as Record<"admin" | "adminReviewer" | "reviewer" | "guest", Person>;
  beforeAll(async () => {
    program = await buildProgram(t.deps.db, cast.org.id, { name: "Decisions" });
    ({ formId } = await buildPublishedForm(t.deps.db, program, reviewForm()));
    people.admin = await member(program, "Decision Admin", "ADMIN");
    people.adminReviewer = await member(program, "Decision Admin Reviewer", "ADMIN_REVIEWER");
    people.reviewer = await member(program, "Decision Reviewer");
    people.guest = await member(program, "Decision Guest", "GUEST");
  });
  const candidate = async (identifier: string, opts: { submitted?: boolean; test?: boolean } = {}) =>
    (await buildCandidate(t.deps.db, { program, formId, identifier, ...opts })).id;
  const decide = (id: string, body: unknown, cookie?: string) =>
    t.request(`/api/submissions/updateField/${id}`, { method: "PATCH", body, ...(cookie ? { cookie } : {}) });
  const stateOf = async (id: string) => {
    const [row] = await t.deps.db
      .select({
        status: submissions.status,
        amountCents: submissions.amountCents,
        revision: submissions.revision,
      })
      .from(submissions)
      .where(eq(submissions.id, id));
    return row!;
  };
  async function decided(id: string, body: unknown, cookie = people.admin.cookie) {
    const res = await decide(id, body, cookie);
    const text = await res.text();
    expect(res.status, text).toBe(200);
    return JSON.parse(text) as { _id: string; status: string; amount: number | null };
  }
  async function refused(id: string, body: unknown, status: number, cookie = people.admin.cookie) {
    const res = await decide(id, body, cookie);
    expect(res.status).toBe(status);
    return (await res.json()) as ErrorBody;
  }

  it("an amount of 0 disapproves; the amount is stored in exact cents", async () => {
    const id = await candidate("zero");
    expect(await decided(id, { amount: 0 })).toEqual({ _id: id, status: "disapproved", amount: 0 });
    expect(await stateOf(id)).toMatchObject({ status: "disapproved", amountCents: 0 });
    // Sent with "pending" too (as a client mirroring the rule may): 0 still disapproves.
    const other = await candidate("zero pending");
    expect(await decided(other, { status: "pending", amount: 0 })).toMatchObject({ status: "disapproved" });
    // 0.29 × 100 is 28.999999999999996 in binary floating point: stored as 29 cents all the same.
    const cents = await candidate("cents");
    expect(await decided(cents, { amount: 0.29 })).toEqual({ _id: cents, status: "pending", amount: 0.29 });
    expect((await stateOf(cents)).amountCents).toBe(29);
  });

  it("approving needs an amount above 0, sent or stored; without one it is refused and nothing changes", async () => {
    const id = await candidate("no amount");
    const before = await stateOf(id);
    const body = await refused(id, { status: "approved" }, 400);
    expect(body.error.code).toBe("VALIDATION");
    expect(body.error.fields).toEqual({ status: [COMMITTEE_MESSAGES.approveNeedsAmount] });
    expect(await stateOf(id)).toEqual(before);
    expect((await refused(id, { status: "approved", amount: 0 }, 400)).error.fields).toEqual({
      status: [COMMITTEE_MESSAGES.approveNeedsAmount],
    });
    expect((await refused(id, { status: "approved", amount: null }, 400)).error.fields).toEqual({
      status: [COMMITTEE_MESSAGES.approveNeedsAmount],
    });
    expect(await stateOf(id)).toEqual(before);

    // With the amount in the same request, or stored before.
    expect(await decided(id, { status: "approved", amount: 1234.56 })).toEqual({
      _id: id,
      status: "approved",
      amount: 1234.56,
    });
    expect(await stateOf(id)).toMatchObject({ status: "approved", amountCents: 123_456 });
    const stored = await candidate("stored amount");
    await decided(stored, { amount: 500 });
    expect(await decided(stored, { status: "approved" })).toMatchObject({ status: "approved", amount: 500 });
    // A decision never bumps the revision: an applicant's open tab keeps saving.
    expect((await stateOf(stored)).revision).toBe(before.revision);
  });

  it("an approved candidate keeps an amount above 0: clearing it or setting 0 with approve is refused", async () => {
    const id = await candidate("keeps amount");
    await decided(id, { status: "approved", amount: 10 });
    expect((await refused(id, { amount: null }, 400)).error.fields).toEqual({
      amount: [COMMITTEE_MESSAGES.approveNeedsAmount],
    });
    expect(await stateOf(id)).toMatchObject({ status: "approved", amountCents: 1000 });
    // Setting 0 disapproves (the amount decides), and pending may be set back.
    expect(await decided(id, { amount: 0 })).toMatchObject({ status: "disapproved", amount: 0 });
    expect(await decided(id, { status: "pending" })).toMatchObject({ status: "pending", amount: 0 });
  });

  it("approving the approved and disapproving the disapproved are harmless no-ops", async () => {
    const id = await candidate("twice");
    await decided(id, { status: "approved", amount: 75.5 });
    expect(await decided(id, { status: "approved" })).toEqual({ _id: id, status: "approved", amount: 75.5 });
    expect(await decided(id, { status: "disapproved" })).toMatchObject({
      status: "disapproved",
      amount: 75.5,
    });
    expect(await decided(id, { status: "disapproved" })).toMatchObject({
      status: "disapproved",
      amount: 75.5,
    });
    expect(await stateOf(id)).toMatchObject({ status: "disapproved", amountCents: 7550 });
  });

  it("refuses negative amounts, fractions of a cent and empty or mixed bodies with field errors", async () => {
    const id = await candidate("invalid");
    const before = await stateOf(id);
    expect((await refused(id, { amount: -5 }, 400)).error.fields).toEqual({
      amount: ["The amount cannot be negative"],
    });
    expect((await refused(id, { status: "approved", amount: -5 }, 400)).error.fields).toHaveProperty(
      "amount",
    );
    expect((await refused(id, { amount: 1.234 }, 400)).error.fields).toEqual({
      amount: ["Use at most two decimals (cents)"],
    });
    expect((await refused(id, { amount: "12" }, 400)).error.fields).toHaveProperty("amount");
    expect((await refused(id, { status: "granted" }, 400)).error.fields).toHaveProperty("status");
    expect((await refused(id, {}, 400)).error.fields).toEqual({ status: ["Send a status or an amount"] });
    // A body naming an action is an action: the amount is not one of its fields.
    expect((await refused(id, { action: "forceSubmit", amount: 3 }, 400)).error.fields).toHaveProperty("_");
    expect(await stateOf(id)).toEqual(before);
  });

  it("decides only submitted, non-test candidates (409, nothing changed)", async () => {
    const draft = await candidate("a draft", { submitted: false });
    const test = await candidate("a test", { submitted: false, test: true });
    for (const id of [draft, test]) {
      const body = await refused(id, { status: "approved", amount: 100 }, 409);
      expect(body.error).toMatchObject({ code: "CONFLICT", message: DECISION_REFUSAL });
      expect(await stateOf(id)).toMatchObject({ status: "pending", amountCents: null });
    }
    // The row actions still work on the draft, with their old answer.
    const res = await decide(draft, { action: "forceSubmit" }, people.admin.cookie);
    expect(await res.json()).toEqual({ ok: true });
    expect(await decided(draft, { status: "approved", amount: 100 })).toMatchObject({ status: "approved" });
  });

  it("is for the program's admins, admin-reviewers and the organization admin only", async () => {
    const id = await candidate("guarded");
    expect((await decide(id, { amount: 5 })).status).toBe(401);
    // Committee members, guests, another organization's admin, and the admin of a sibling program.
    for (const cookie of [
      people.reviewer.cookie,
      people.guest.cookie,
      cookies.otherOrgAdmin!,
      cookies.admin!,
    ]) {
      const res = await decide(id, { status: "disapproved", amount: 5 }, cookie);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain("guarded");
    }
    expect(await stateOf(id)).toMatchObject({ status: "pending", amountCents: null });
    expect(await decided(id, { amount: 1 }, people.admin.cookie)).toMatchObject({ amount: 1 });
    expect(await decided(id, { amount: 2 }, people.adminReviewer.cookie)).toMatchObject({ amount: 2 });
    expect(await decided(id, { amount: 3 }, cookies.orgAdmin!)).toMatchObject({ amount: 3 });
    expect((await decide("not-a-uuid", { amount: 3 }, people.admin.cookie)).status).toBe(404);
  });

  it("two admins racing (one approves, one clears the amount) never leave an approved candidate without one", async () => {
    for (let round = 0; round < 5; round += 1) {
      const id = await candidate(`race ${round}`);
      await decided(id, { amount: 100 });
      const [approve, clear] = await Promise.all([
        decide(id, { status: "approved" }, people.admin.cookie),
        decide(id, { amount: null }, people.adminReviewer.cookie),
      ]);
      const state = await stateOf(id);
      expect(state.status === "approved" && !(Number(state.amountCents) > 0)).toBe(false);
      // Whoever came second was checked against the first one's result, and refused.
      expect([approve.status, clear.status].sort()).toEqual([200, 400]);
      expect(state).toMatchObject(
        approve.status === 200
          ? { status: "approved", amountCents: 10_000 }
          : { status: "pending", amountCents: null },
      );
    }
  });
});

describe("Candidate Statistics at scale: suggested ratings, SQL figures, rankings", () => {
  it("stores the suggested rating at every save (appVersion 3), whatever overall is kept", async () => {
    const db = t.deps.db;
    const program = await buildProgram(db, cast.org.id, { name: "Suggested at save" });
    const { formId } = await buildPublishedForm(db, program, reviewForm());
    await db.update(programs).set({ overrideFinalRating: true }).where(eq(programs.id, program.id));
    const reviewer = await member(program, "Saving Reviewer");
    const one = await buildCandidate(db, { program, formId, identifier: "saved one" });
    const save = async (impact: number, clarity: number, rating?: number) => {
      const res = await t.request("/api/reviews", {
        method: "POST",
        cookie: reviewer.cookie,
        body: {
          submissionId: one.id,
          ...(rating === undefined ? {} : { rating }),
          sections: [
            {
              sectionId: "merit",
              rating: -1,
              criteria: [
                { criteriaId: "impact", type: "SCALE", value: impact },
                { criteriaId: "clarity", type: "SCALE", value: clarity },
              ],
            },
          ],
        },
      });
      expect(res.status, await res.text()).toBe(200);
      const [row] = await db
        .select({ rating: reviews.rating, suggested: reviews.suggestedRating })
        .from(reviews)
        .where(eq(reviews.submissionId, one.id));
      return row!;
    };
    // The program overrides the overall: 2 is kept, the criteria suggest (5·2 + 2·1) / 3 = 4.
    expect(await save(5, 2, 2)).toEqual({ rating: 2, suggested: 4 });
    expect(await save(4, 1, 5)).toEqual({ rating: 5, suggested: 3 });
    // Nothing rated any more: no suggestion.
    expect(await save(-1, -1, 3)).toEqual({ rating: 3, suggested: null });
    const { body } = await get<CandidateStatsPage>(
      `/api/admin/candidate-submissions?programId=${program.id}`,
      cookies.orgAdmin!,
    );
    expect(body.rows[0]).toMatchObject({ averageRating: 3, suggestedRating: null });
  });

  it("fills in suggested ratings missing from older reviews, once, and keeps them", async () => {
    const db = t.deps.db;
    const program = await buildProgram(db, cast.org.id, { name: "Backfill" });
    const { formId } = await buildPublishedForm(db, program, reviewForm());
    const reviewer = await member(program, "Old Reviewer");
    const other = await member(program, "Older Reviewer");
    const one = await buildCandidate(db, { program, formId, identifier: "old one" });
    const criteria = (impact: number) => [
      {
        sectionId: "merit",
        rating: -1,
        criteria: [{ criteriaId: "impact", type: "SCALE" as const, value: impact }],
      },
    ];
    // Written around the save (as before the column existed): suggested_rating is null.
    const first = await insertReview(db, {
      program,
      submissionId: one.id,
      userId: reviewer.id,
      rating: 4,
      sections: criteria(3),
    });
    const second = await insertReview(db, {
      program,
      submissionId: one.id,
      userId: other.id,
      rating: 2,
      sections: [],
    });
    const { body } = await get<CandidateStatsPage>(
      `/api/admin/candidate-submissions?programId=${program.id}`,
      cookies.orgAdmin!,
    );
    expect(body.rows[0]).toMatchObject({ averageRating: 3, suggestedRating: 3 });
    const stored = await db
      .select({ id: reviews.id, suggested: reviews.suggestedRating })
      .from(reviews)
      .where(eq(reviews.programId, program.id));
    expect(new Map(stored.map((r) => [r.id, r.suggested]))).toEqual(
      new Map([
        [first.id, 3],
        [second.id, null],
      ]),
    );
  });

  it("gives candidateRatingStats' and calibratedScores' figures on random reviews, to the digit", async () => {
    const db = t.deps.db;
    const program = await buildProgram(db, cast.org.id, { name: "Random figures" });
    const { formId } = await buildPublishedForm(db, program, reviewForm());
    const reviewers = [];
    for (let i = 0; i < 7; i += 1) reviewers.push(await member(program, `Random ${i}`));
    let seed = 7;
    const next = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const ratingsOf = new Map<string, number[]>();
    const observations: { candidateId: string; reviewerId: string; rating: number }[] = [];
    for (let c = 0; c < 25; c += 1) {
      const candidate = await buildCandidate(db, {
        program,
        formId,
        identifier: `random ${String(c).padStart(2, "0")}`,
      });
      const ratings: number[] = [];
      for (const reviewer of reviewers) {
        if (next() < 0.4) continue;
        const roll = next();
        // Halves, criteria overalls with 2 decimals, and unrated reviews.
        const rating =
          roll < 0.15 ? -1 : roll < 0.6 ? Math.round(next() * 10) / 2 : Math.round(next() * 500) / 100;
        await insertReview(db, { program, submissionId: candidate.id, userId: reviewer.id, rating });
        ratings.push(rating);
        observations.push({ candidateId: candidate.id, reviewerId: reviewer.id, rating });
      }
      ratingsOf.set(candidate.id, ratings);
    }
    const { body } = await get<CandidateStatsPage>(
      `/api/admin/candidate-submissions?programId=${program.id}`,
      cookies.orgAdmin!,
    );
    const calibrated = calibratedScores(observations).quality;
    expect(body.rows).toHaveLength(25);
    for (const row of body.rows) {
      const expected = candidateRatingStats(ratingsOf.get(row._id)!);
      expect(
        {
          numReviews: row.numReviews,
          averageRating: row.averageRating,
          medianRating: row.medianRating,
          standardDeviation: row.standardDeviation,
          minRating: row.minRating,
          maxRating: row.maxRating,
          histogram: row.histogram,
          calibratedRating: row.calibratedRating,
        },
        row.identifier,
      ).toEqual({
        numReviews: expected.count,
        averageRating: expected.mean,
        medianRating: expected.median,
        standardDeviation: expected.standardDeviation,
        minRating: expected.min,
        maxRating: expected.max,
        histogram: expected.histogram,
        calibratedRating: calibrated.get(row._id) ?? null,
      });
    }
  });

  it("recomputes rankings' figures when a ranking changes or a ranked candidate becomes a test", async () => {
    const db = t.deps.db;
    const program = await buildProgram(db, cast.org.id, { name: "Ranking cache" });
    const { formId } = await buildPublishedForm(db, program, reviewForm());
    const [r1, r2] = [await member(program, "Ranker one"), await member(program, "Ranker two")];
    const [a, b, c] = [
      await buildCandidate(db, { program, formId, identifier: "rank a" }),
      await buildCandidate(db, { program, formId, identifier: "rank b" }),
      await buildCandidate(db, { program, formId, identifier: "rank c", submitted: false }),
    ];
    await insertRanking(db, program, r1.id, [a.id, b.id]);
    const figures = async () => {
      const { body } = await get<CandidateStatsPage>(
        `/api/admin/candidate-submissions?programId=${program.id}`,
        cookies.orgAdmin!,
      );
      return {
        total: body.totalRankings,
        ranks: body.rows.map((r) => [r.identifier, r.consensusRank, r.rankedBy]),
      };
    };
    expect(await figures()).toEqual({
      total: 1,
      ranks: [
        ["rank a", 1, 1],
        ["rank b", 2, 1],
      ],
    });
    // A second ranking: 1–1, a tie.
    await insertRanking(db, program, r2.id, [b.id, a.id]);
    expect(await figures()).toEqual({
      total: 2,
      ranks: [
        ["rank a", 1, 2],
        ["rank b", 1, 2],
      ],
    });
    // A ranking saved again (its revision bumped), as the ranking routes do.
    await db
      .update(rankings)
      .set({ applications: [a.id, b.id], revision: sql`${rankings.revision} + 1`, updatedAt: new Date() })
      .where(and(eq(rankings.programId, program.id), eq(rankings.userId, r2.id)));
    expect((await figures()).ranks).toEqual([
      ["rank a", 1, 2],
      ["rank b", 2, 2],
    ]);
    // Force-submitting c brings a candidate no list names; marking a as a test takes it out of both lists.
    await db.update(submissions).set({ submissionDate: new Date() }).where(eq(submissions.id, c.id));
    await db.update(submissions).set({ softDeleted: true }).where(eq(submissions.id, a.id));
    // b is alone in both lists now: compared with no one, it takes the (only) last place.
    expect(await figures()).toEqual({
      total: 2,
      ranks: [
        ["rank b", 1, 2],
        ["rank c", null, 0],
      ],
    });
  });

  it("restricts the consensus to the best candidates by average ranking", () => {
    const lists = [
      ["a", "b", "c", "d"],
      ["b", "a", "c", "d"],
      ["a", "c", "b", "gone"],
    ];
    const all = rankingFiguresOf(lists, new Set(["a", "b", "c", "d"]));
    expect([...all.consensus]).toEqual([
      ["a", 1],
      ["b", 2],
      ["c", 3],
      ["d", 4],
    ]);
    const capped = rankingFiguresOf(lists, new Set(["a", "b", "c", "d"]), 2);
    expect(capped.consensus).toEqual(
      new Map([
        ["a", 1],
        ["b", 2],
      ]),
    );
    expect(capped.scores.get("d")).toEqual({ score: 0.125, rankedBy: 2 });
    expect(capped.totalLists).toBe(3);
  });

  it("costs the same number of queries for 1 candidate and for 20 (no query per candidate or review)", async () => {
    const db = t.deps.db;
    const programOf = async (name: string, size: number) => {
      const program = await buildProgram(db, cast.org.id, { name });
      const { formId } = await buildPublishedForm(db, program, reviewForm());
      const reviewer = await member(program, `${name} reviewer`);
      const ids: string[] = [];
      for (let i = 0; i < size; i += 1) {
        const candidate = await buildCandidate(db, { program, formId, identifier: `${name} ${i}` });
        ids.push(candidate.id);
        await insertReview(db, {
          program,
          submissionId: candidate.id,
          userId: reviewer.id,
          rating: 1 + (i % 5),
        });
      }
      await insertRanking(db, program, reviewer.id, ids);
      return program;
    };
    const stats = (program: { id: string }) =>
      get<CandidateStatsPage>(`/api/admin/candidate-submissions?programId=${program.id}`, cookies.orgAdmin!);
    const small = await programOf("One candidate", 1);
    const large = await programOf("Twenty candidates", 20);
    // Cold: the once-per-program backfill check and the rankings' load.
    const coldSmall = await countQueries(db, () => stats(small));
    const coldLarge = await countQueries(db, () => stats(large));
    expect(coldLarge.result.body.rows).toHaveLength(20);
    expect(coldLarge.queries).toBe(coldSmall.queries);
    // Warm: the statement and the rankings' version only.
    const warmSmall = await countQueries(db, () => stats(small));
    const warmLarge = await countQueries(db, () => stats(large));
    expect(warmLarge.queries).toBe(warmSmall.queries);
    expect(warmLarge.queries).toBeLessThan(coldLarge.queries);
  });
});
