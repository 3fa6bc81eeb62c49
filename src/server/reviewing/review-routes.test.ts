import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { defaultFormContent, newSection } from "../../shared/forms/defaults";
import type { Criterion, FormContent, Section } from "../../shared/forms/model";
import {
  type Comment,
  REVIEW_MESSAGES,
  type Review,
  type SaveReviewBody,
} from "../../shared/schemas/reviews";
import { organizations, programs, reviewComments, reviews, submissions } from "../db/schema";
import {
  addMember,
  buildOrg,
  buildProgram,
  buildPublishedForm,
  buildUser,
  type Cast,
  withCastTestApp,
} from "../test/factories";
import type { TestApp } from "../test/harness";
import { assignReviewer, buildCandidate, insertComment, insertReview } from "../test/review-factories";

let t: TestApp;
let cast: Cast;
let cookies: Record<string, string>;
withCastTestApp((app) => {
  ({ t, cast, cookies } = app);
});

const criterion = (id: string, patch: Partial<Criterion> = {}): Criterion => ({
  _id: id,
  description: id,
  type: "SCALE",
  maxScale: 5,
  weight: 1,
  ...patch,
});
const section = (id: string, criteria: Criterion[] = [], patch: Partial<Section> = {}): Section => ({
  ...newSection(id),
  _id: id,
  criteria,
  ...patch,
});

/** About (the identifier), Project (impact ×2, feasibility ×1, eligible yes/no), Budget (value ×1), one deleted. */
function reviewedForm(): FormContent {
  const content = defaultFormContent("Reviewed form");
  return {
    ...content,
    sections: [
      { ...content.sections[0]!, _id: "about" },
      section("project", [
        criterion("impact", { weight: 2 }),
        criterion("feasibility"),
        criterion("eligible", { type: "BOOLEAN" }),
      ]),
      section("budget", [criterion("value")]),
      section("removed", [criterion("gone")], { deleted: true }),
    ],
  };
}

type Who = keyof typeof cookies;

/** A program of the cast's organization with the cast's members in their roles and a published form. */
async function reviewProgram(
  opts: { appVersion?: number; overrideFinalRating?: boolean; archived?: boolean; orgId?: string } = {},
) {
  const db = t.deps.db;
  const program = await buildProgram(db, opts.orgId ?? cast.org.id, { archived: opts.archived ?? false });
  await db
    .update(programs)
    .set({ appVersion: opts.appVersion ?? 3, overrideFinalRating: opts.overrideFinalRating ?? false })
    .where(eq(programs.id, program.id));
  for (const role of ["ADMIN", "ADMIN_REVIEWER", "REVIEWER", "GUEST"] as const) {
    await addMember(db, program, cast.members[role].id, role);
  }
  await addMember(db, program, second.id, "REVIEWER");
  const { formId } = await buildPublishedForm(db, program, reviewedForm());
  const candidate = (identifier: string, more: { submitted?: boolean; userId?: string } = {}) =>
    buildCandidate(db, { program, formId, identifier, ...more });
  return { program, formId, candidate };
}

let second: { id: string; email: string };
let secondCookie: string;
beforeAll(async () => {
  second = await buildUser(t.deps.db, { name: "Second Reviewer" });
  secondCookie = await t.signIn(second.email);
});
const cookieOf = (who: Who | "second") => (who === "second" ? secondCookie : cookies[who]!);

const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string[]> } })
    .error;

async function save(who: Who | "second", body: SaveReviewBody, path = "/api/reviews") {
  return t.request(path, { method: "POST", body, cookie: cookieOf(who) });
}
async function savedReview(who: Who | "second", body: SaveReviewBody) {
  const res = await save(who, body);
  expect(res.status).toBe(200);
  const json = (await res.json()) as { ok: number; review: Review };
  expect(json.ok).toBe(1);
  return json.review;
}
async function get(who: Who | "second", path: string) {
  return t.request(path, { cookie: cookieOf(who) });
}
async function reviewCountOf(submissionId: string) {
  const [row] = await t.deps.db
    .select({ n: submissions.reviewCount })
    .from(submissions)
    .where(eq(submissions.id, submissionId));
  return row!.n;
}
async function storedReviews(submissionId: string) {
  return t.deps.db.select().from(reviews).where(eq(reviews.submissionId, submissionId));
}

/** Impact 4 (×2), feasibility 2 (×1), eligible yes, value 5 (×1): (8 + 2 + 5) / 4 = 3.75. */
const criteriaReview = (submissionId: string, patch: Partial<SaveReviewBody> = {}): SaveReviewBody => ({
  submissionId,
  sections: [
    {
      sectionId: "project",
      rating: -1,
      criteria: [
        { criteriaId: "impact", type: "SCALE", value: 4 },
        { criteriaId: "feasibility", type: "SCALE", value: 2 },
        { criteriaId: "eligible", type: "BOOLEAN", value: 1 },
      ],
    },
    { sectionId: "budget", rating: -1, criteria: [{ criteriaId: "value", type: "SCALE", value: 5 }] },
  ],
  ...patch,
});
const sectionRatings = (submissionId: string, ratings: number[], rating?: number): SaveReviewBody => ({
  submissionId,
  sections: ratings.map((r, i) => ({ sectionId: ["project", "budget"][i]!, rating: r, criteria: [] })),
  ...(rating === undefined ? {} : { rating }),
});

describe("saving reviews", () => {
  it("computes the appVersion 3 overall from the weighted criteria, ignores a hand-entered one, and saves it", async () => {
    const { candidate } = await reviewProgram();
    const app = await candidate("Weighted Works");
    // The entered overall is ignored here, so it is not checked against the increment either.
    const review = await savedReview("reviewer", criteriaReview(app.id, { rating: 4.5 }));
    expect(review).toMatchObject({ submissionId: app.id, userId: cast.members.REVIEWER.id, rating: 3.75 });
    expect(review.started).toBe(true);
    expect(review.sections[0]!.criteria).toHaveLength(3);
    const [row] = await storedReviews(app.id);
    expect(row!.rating).toBe(3.75);
    const reread = await get(
      "reviewer",
      `/api/reviews/${cast.members.REVIEWER.id}/${app.id}/${app.programId}`,
    );
    expect(await reread.json()).toEqual(review);
  });

  it("keeps the committee member's own overall when the program sets overrideFinalRating", async () => {
    const { candidate } = await reviewProgram({ overrideFinalRating: true });
    const app = await candidate("Override Org");
    expect((await savedReview("reviewer", criteriaReview(app.id, { rating: 2 }))).rating).toBe(2);
    // Without an overall entered (a criterion changed), it is not recomputed: the member's own stays.
    const kept = await savedReview("reviewer", criteriaReview(app.id));
    expect(kept).toMatchObject({ rating: 2, started: true });
    const [row] = await storedReviews(app.id);
    expect(row).toMatchObject({ rating: 2, suggestedRating: 3.75 });
    // A first save without one leaves the overall not rated, and the review not started.
    const fresh = await candidate("Override Fresh");
    expect(await savedReview("reviewer", criteriaReview(fresh.id))).toMatchObject({
      rating: -1,
      started: false,
    });
    expect(await reviewCountOf(fresh.id)).toBe(0);
  });

  it("treats a rating of 0 as a value and -1 as not rated (appVersion 2: the mean of rated sections)", async () => {
    const { candidate } = await reviewProgram({ appVersion: 2 });
    const zero = await candidate("Zero Org");
    const review = await savedReview("reviewer", sectionRatings(zero.id, [0, -1]));
    expect(review).toMatchObject({ rating: 0, started: true });
    expect(await reviewCountOf(zero.id)).toBe(1);

    const unrated = await candidate("Unrated Org");
    expect(await savedReview("reviewer", sectionRatings(unrated.id, [-1, -1]))).toMatchObject({
      rating: -1,
      started: false,
    });
    expect(await reviewCountOf(unrated.id)).toBe(0);

    const mean = await candidate("Mean Org");
    expect((await savedReview("reviewer", sectionRatings(mean.id, [4, 3]))).rating).toBe(3.5);
    expect((await savedReview("reviewer", sectionRatings(mean.id, [4, 3], 5))).rating).toBe(5);
  });

  it("counts the first started save once, also when two first saves race", async () => {
    const { candidate } = await reviewProgram({ appVersion: 2 });
    const app = await candidate("Counted Once");
    await savedReview("reviewer", sectionRatings(app.id, [-1, -1]));
    expect(await reviewCountOf(app.id)).toBe(0);
    await savedReview("reviewer", sectionRatings(app.id, [3, -1]));
    await savedReview("reviewer", sectionRatings(app.id, [4, 5]));
    expect(await reviewCountOf(app.id)).toBe(1);

    const raced = await candidate("Raced");
    const results = await Promise.all([
      save("reviewer", sectionRatings(raced.id, [3, -1])),
      save("reviewer", sectionRatings(raced.id, [4, -1])),
      save("reviewer", sectionRatings(raced.id, [2, -1])),
      save("second", sectionRatings(raced.id, [5, -1])),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await reviewCountOf(raced.id)).toBe(2);
    expect(await storedReviews(raced.id)).toHaveLength(2);
  });

  it("never rates a draft: the admin-reviewer who opened it is told to force-submit it, a reviewer gets 404", async () => {
    const { candidate } = await reviewProgram({ appVersion: 2 });
    const draft = await candidate("Draft Org", { submitted: false });
    const refused = await save("adminReviewer", sectionRatings(draft.id, [4, -1]));
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toBe(REVIEW_MESSAGES.draftNotice);
    const hidden = await save("reviewer", sectionRatings(draft.id, [4, -1]));
    expect(hidden.status).toBe(404);
    expect(await hidden.text()).not.toContain("Draft Org");
    expect(await reviewCountOf(draft.id)).toBe(0);
    expect(await t.deps.db.$count(reviews, eq(reviews.submissionId, draft.id))).toBe(0);
  });

  it("refuses a rating off the scale or the organization's increment with field errors, storing nothing", async () => {
    const { candidate } = await reviewProgram();
    const app = await candidate("Strict Org");
    const half = criteriaReview(app.id);
    half.sections[0]!.criteria[0]!.value = 3.5;
    let res = await save("reviewer", half);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toEqual({
      "sections.0.criteria.0.value": [REVIEW_MESSAGES.notAllowedRating],
    });

    const cases: [SaveReviewBody, string][] = [
      [sectionRatings(app.id, [6, -1]), "sections.0.rating"],
      [
        { ...sectionRatings(app.id, [3]), sections: [{ sectionId: "removed", rating: 3, criteria: [] }] },
        "sections.0.sectionId",
      ],
      [
        { ...sectionRatings(app.id, [3]), sections: [{ sectionId: "nowhere", rating: 3, criteria: [] }] },
        "sections.0.sectionId",
      ],
      [
        {
          submissionId: app.id,
          sections: [
            {
              sectionId: "project",
              rating: -1,
              criteria: [{ criteriaId: "eligible", type: "SCALE", value: 1 }],
            },
          ],
        },
        "sections.0.criteria.0.criteriaId",
      ],
      [
        {
          submissionId: app.id,
          sections: [
            {
              sectionId: "project",
              rating: -1,
              criteria: [{ criteriaId: "eligible", type: "BOOLEAN", value: 3 }],
            },
          ],
        },
        "sections.0.criteria.0.value",
      ],
      [
        {
          submissionId: app.id,
          sections: [
            {
              sectionId: "budget",
              rating: -1,
              criteria: [{ criteriaId: "impact", type: "SCALE", value: 3 }],
            },
          ],
        },
        "sections.0.criteria.0.criteriaId",
      ],
    ];
    for (const [body, field] of cases) {
      res = await save("reviewer", body);
      expect(res.status, field).toBe(400);
      expect(Object.keys((await errorOf(res)).fields ?? {}), field).toEqual([field]);
    }
    expect(await storedReviews(app.id)).toEqual([]);
    expect(await reviewCountOf(app.id)).toBe(0);

    // Where the entered overall is the one stored (appVersion 2), it is checked too.
    const v2 = await (await reviewProgram({ appVersion: 2 })).candidate("Strict v2");
    res = await save("reviewer", sectionRatings(v2.id, [3, -1], 4.5));
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toEqual({ rating: [REVIEW_MESSAGES.notAllowedRating] });
    expect(await storedReviews(v2.id)).toEqual([]);
  });

  it("accepts halves when the organization's increment is 0.5", async () => {
    const db = t.deps.db;
    const org = await buildOrg(db);
    await db.update(organizations).set({ incrementTenths: 5 }).where(eq(organizations.id, org.id));
    const { candidate } = await reviewProgram({ orgId: org.id });
    const app = await candidate("Halves Org");
    const body = criteriaReview(app.id);
    body.sections[0]!.criteria[0]!.value = 3.5;
    // (7 + 2 + 5) / 4 = 3.5
    expect((await savedReview("reviewer", body)).rating).toBe(3.5);
  });

  it("takes a legacy program's nine canvases and final rating; an unsaved review starts with the canvases at -1", async () => {
    const { candidate, program } = await reviewProgram({ appVersion: 1 });
    const app = await candidate("Legacy Org");
    const empty = (await (
      await get("reviewer", `/api/ratings/${cast.members.REVIEWER.id}/${app.id}`)
    ).json()) as Review;
    expect(empty).toMatchObject({
      _id: null,
      rating: -1,
      started: false,
      lastReviewed: null,
      programId: program.id,
    });
    expect(empty.sections.map((s) => [s.sectionId, s.rating])).toEqual(
      Array.from({ length: 9 }, (_, i) => [`canvas_${i + 1}`, -1]),
    );
    const body: SaveReviewBody = {
      submissionId: app.id,
      sections: empty.sections.map((s, i) => ({ ...s, rating: i === 0 ? 5 : 3 })),
      rating: 4,
    };
    const res = await save("reviewer", body, "/api/ratings");
    expect(res.status).toBe(200);
    expect(((await res.json()) as { ok: number; review: Review }).review).toMatchObject({
      rating: 4,
      started: true,
    });
    const wrong = await save("reviewer", {
      ...body,
      sections: [{ sectionId: "project", rating: 3, criteria: [] }],
    });
    expect(wrong.status).toBe(400);
  });
});

describe("who may rate", () => {
  it("refuses ratings and comments in an archived program with 409 to its committee, 404 to others", async () => {
    const { candidate } = await reviewProgram({ archived: true });
    const app = await candidate("Archived Org");
    for (const path of ["/api/reviews", "/api/ratings"]) {
      const res = await save("reviewer", sectionRatings(app.id, [3, -1]), path);
      expect(res.status).toBe(409);
      expect((await errorOf(res)).message).toBe(REVIEW_MESSAGES.archived);
    }
    const comment = await t.request("/api/reviews/comments", {
      method: "POST",
      body: { submissionId: app.id, sectionId: "project", value: "Too late" },
      cookie: cookies.reviewer,
    });
    expect(comment.status).toBe(409);
    expect((await save("guest", sectionRatings(app.id, [3, -1]))).status).toBe(404);
    expect((await save("otherOrgAdmin", sectionRatings(app.id, [3, -1]))).status).toBe(404);
    expect(await storedReviews(app.id)).toEqual([]);
  });

  it("answers 404 to a guest, a plain admin, an applicant, another organization and an unassigned reviewer", async () => {
    const { candidate, program } = await reviewProgram();
    const app = await candidate("Assigned Elsewhere");
    await assignReviewer(t.deps.db, app.id, cast.members.ADMIN_REVIEWER.id, program.id);
    for (const who of ["guest", "admin", "applicant", "otherOrgAdmin", "reviewer"] as const) {
      const res = await save(who, criteriaReview(app.id));
      expect(res.status, who).toBe(404);
      const comment = await t.request("/api/reviews/comments", {
        method: "POST",
        body: { submissionId: app.id, sectionId: "project", value: "Hello" },
        cookie: cookies[who],
      });
      expect(comment.status, who).toBe(404);
    }
    expect((await t.request("/api/reviews", { method: "POST", body: criteriaReview(app.id) })).status).toBe(
      401,
    );
    expect(await storedReviews(app.id)).toEqual([]);
    // The assigned admin-reviewer rates it.
    expect((await savedReview("adminReviewer", criteriaReview(app.id))).rating).toBe(3.75);
  });
});

describe("reading reviews", () => {
  let program: { id: string; organizationId: string };
  let app: { id: string };
  let secondsReview: { id: string };
  const LEAK = 4.25;

  beforeAll(async () => {
    const built = await reviewProgram({ appVersion: 2 });
    program = built.program;
    app = await built.candidate("Read Org");
    secondsReview = await insertReview(t.deps.db, {
      program,
      submissionId: app.id,
      userId: second.id,
      rating: LEAK,
      sections: [{ sectionId: "project", rating: LEAK, criteria: [] }],
    });
    await insertReview(t.deps.db, {
      program,
      submissionId: app.id,
      userId: cast.members.REVIEWER.id,
      rating: 3,
    });
    // A draft and a test are not counted.
    const draft = await built.candidate("Draft Read", { submitted: false });
    await insertReview(t.deps.db, { program, submissionId: draft.id, userId: second.id, rating: 2 });
  });

  const refusedWithoutLeak = async (res: Response) => {
    expect(res.status).toBe(404);
    const text = await res.text();
    expect(text).not.toContain(secondsReview.id);
    expect(text).not.toContain(String(LEAK));
  };

  it("shows a user their own review, and someone else's only to the program's admins", async () => {
    const own = await get("reviewer", `/api/reviews/${cast.members.REVIEWER.id}/${app.id}/${program.id}`);
    expect(((await own.json()) as Review).rating).toBe(3);
    const path = `/api/reviews/${second.id}/${app.id}/${program.id}`;
    await refusedWithoutLeak(await get("reviewer", path));
    await refusedWithoutLeak(await get("guest", path));
    await refusedWithoutLeak(await get("otherOrgAdmin", path));
    await refusedWithoutLeak(await get("reviewer", `/api/ratings/${second.id}/${app.id}`));
    for (const who of ["admin", "orgAdmin", "adminReviewer"] as const) {
      const res = await get(who, path);
      expect(res.status, who).toBe(200);
      expect(((await res.json()) as Review).rating).toBe(LEAK);
    }
    // A candidate of another program under this program's id is not found.
    expect((await get("admin", `/api/reviews/${second.id}/${app.id}/${cast.program.id}`)).status).toBe(404);
  });

  it("answers an empty review to someone who has not started", async () => {
    const res = await get(
      "adminReviewer",
      `/api/reviews/${cast.members.ADMIN_REVIEWER.id}/${app.id}/${program.id}`,
    );
    expect(await res.json()).toEqual({
      _id: null,
      submissionId: app.id,
      programId: program.id,
      userId: cast.members.ADMIN_REVIEWER.id,
      rating: -1,
      sections: [],
      started: false,
      lastReviewed: null,
    });
  });

  it("reads a review by id for its author and the program's admins only", async () => {
    expect((await get("second", `/api/reviews/${secondsReview.id}`)).status).toBe(200);
    expect((await get("admin", `/api/reviews/${secondsReview.id}`)).status).toBe(200);
    await refusedWithoutLeak(await get("reviewer", `/api/reviews/${secondsReview.id}`));
    await refusedWithoutLeak(await get("otherOrgAdmin", `/api/reviews/${secondsReview.id}`));
    expect((await get("reviewer", "/api/reviews/not-an-id")).status).toBe(404);
  });

  it("counts a user's ratings on submitted candidates: self or admins", async () => {
    const path = `/api/reviews/${second.id}/${program.id}?count=true`;
    expect(await (await get("second", path)).json()).toEqual({ count: 1 });
    // The seed's own spelling, with a trailing slash.
    expect(await (await get("second", `/api/reviews/${second.id}/${program.id}/?count=true`)).json()).toEqual(
      {
        count: 1,
      },
    );
    expect(await (await get("admin", path)).json()).toEqual({ count: 1 });
    expect((await get("reviewer", path)).status).toBe(404);
    expect(
      await (await get("second", `/api/ratings/${second.id}?count=true&programId=${program.id}`)).json(),
    ).toEqual({ count: 1 });
    expect(
      (await get("reviewer", `/api/ratings/${second.id}?count=true&programId=${program.id}`)).status,
    ).toBe(404);
  });

  it("lists a user's reviews with their criteria: self or admins", async () => {
    const path = `/api/reviews/criteria/users/${second.id}?programId=${program.id}`;
    const own = (await (await get("second", path)).json()) as Review[];
    expect(own.map((r) => r.rating).sort()).toEqual([2, LEAK]);
    expect(((await (await get("orgAdmin", path)).json()) as Review[]).length).toBe(2);
    await refusedWithoutLeak(await get("reviewer", path));
    await refusedWithoutLeak(await get("guest", path));
    const mine = (await (await get("reviewer", `/api/ratings?programId=${program.id}`)).json()) as Review[];
    expect(mine.map((r) => [r.userId, r.rating])).toEqual([[cast.members.REVIEWER.id, 3]]);
  });
});

describe("comments", () => {
  let program: { id: string; organizationId: string };
  let app: { id: string };
  const LEAK = "could-leak: the budget looks padded";

  beforeAll(async () => {
    const built = await reviewProgram();
    program = built.program;
    app = await built.candidate("Commented Org", { userId: cast.applicant.id });
    await insertComment(t.deps.db, {
      program,
      submissionId: app.id,
      userId: second.id,
      sectionId: "budget",
      body: LEAK,
    });
  });

  const comment = (who: Who | "second", body: unknown) =>
    t.request("/api/reviews/comments", { method: "POST", body, cookie: cookieOf(who) });

  it("creates a comment on a live section, with its author's name", async () => {
    const res = await comment("reviewer", {
      submissionId: app.id,
      sectionId: "project",
      value: "  Strong plan  ",
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      submissionId: app.id,
      sectionId: "project",
      userId: cast.members.REVIEWER.id,
      authorName: "REVIEWER person",
      value: "Strong plan",
    });
    const bad = await comment("reviewer", { submissionId: app.id, sectionId: "removed", value: "x" });
    expect(bad.status).toBe(400);
    expect(
      (await comment("reviewer", { submissionId: app.id, sectionId: "project", value: " " })).status,
    ).toBe(400);
  });

  it("shows comments only to their author and the program's admins — never other reviewers or the applicant", async () => {
    const path = `/api/reviews/comments/${app.id}`;
    const mine = (await (await get("reviewer", path)).json()) as Comment[];
    expect(mine.every((c) => c.userId === cast.members.REVIEWER.id)).toBe(true);
    expect(JSON.stringify(mine)).not.toContain("could-leak");
    for (const who of ["guest", "applicant", "otherOrgAdmin"] as const) {
      const res = await get(who, path);
      const text = await res.text();
      expect(text, who).not.toContain("could-leak");
      if (who !== "guest") expect(res.status, who).toBe(404);
    }
    const theirs = (await (await get("second", path)).json()) as Comment[];
    expect(theirs.map((c) => c.value)).toEqual([LEAK]);
    for (const who of ["admin", "orgAdmin"] as const) {
      const all = (await (await get(who, path)).json()) as Comment[];
      expect(
        all.map((c) => c.value),
        who,
      ).toContain(LEAK);
    }
  });

  it("lets only the author edit; the author or a program admin delete", async () => {
    const created = (await (
      await comment("reviewer", { submissionId: app.id, sectionId: "budget", value: "First thought" })
    ).json()) as Comment;
    const edit = (who: Who | "second") =>
      t.request(`/api/reviews/comments/${created._id}`, {
        method: "PATCH",
        body: { value: "Second thought" },
        cookie: cookieOf(who),
      });
    for (const who of ["second", "admin", "orgAdmin"] as const)
      expect((await edit(who)).status, who).toBe(404);
    const edited = await edit("reviewer");
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as Comment).value).toBe("Second thought");

    const remove = (who: Who | "second", id = created._id) =>
      t.request(`/api/reviews/comments/${id}`, { method: "DELETE", cookie: cookieOf(who) });
    expect((await remove("second")).status).toBe(404);
    expect((await remove("guest")).status).toBe(404);
    expect((await remove("reviewer")).status).toBe(200);
    expect((await remove("reviewer")).status).toBe(404);

    const moderated = await insertComment(t.deps.db, {
      program,
      submissionId: app.id,
      userId: second.id,
      sectionId: "project",
      body: "to be moderated",
    });
    expect((await remove("admin", moderated.id)).status).toBe(200);
    const left = await t.deps.db
      .select({ id: reviewComments.id })
      .from(reviewComments)
      .where(and(eq(reviewComments.submissionId, app.id), eq(reviewComments.id, moderated.id)));
    expect(left).toEqual([]);
  });

  it("refuses comment edits in an archived program", async () => {
    const created = (await (
      await comment("reviewer", { submissionId: app.id, sectionId: "budget", value: "Before archiving" })
    ).json()) as Comment;
    await t.deps.db.update(programs).set({ archived: true }).where(eq(programs.id, program.id));
    try {
      const res = await t.request(`/api/reviews/comments/${created._id}`, {
        method: "PATCH",
        body: { value: "After" },
        cookie: cookies.reviewer,
      });
      expect(res.status).toBe(409);
      const del = await t.request(`/api/reviews/comments/${created._id}`, {
        method: "DELETE",
        cookie: cookies.admin,
      });
      expect(del.status).toBe(409);
    } finally {
      await t.deps.db.update(programs).set({ archived: false }).where(eq(programs.id, program.id));
    }
  });
});

describe("the seed's calls", () => {
  it("are in the OpenAPI document", async () => {
    const doc = (await (await t.request("/api/openapi.json")).json()) as { paths: Record<string, unknown> };
    for (const path of [
      "/api/reviews",
      "/api/reviews/{userId}/{applicationId}/{program}",
      "/api/reviews/{userId}/{programId}",
      "/api/reviews/{id}",
      "/api/reviews/criteria/users/{id}",
      "/api/reviews/comments",
      "/api/reviews/comments/{id}",
      "/api/reviews/comments/{submissionId}",
      "/api/ratings",
      "/api/ratings/{userId}",
      "/api/ratings/{userId}/{applicationId}",
      "/api/rankings",
      "/api/rankings/{userId}/{programId}",
      "/api/rankings/{programId}",
      "/api/stackings",
      "/api/stackings/{userId}",
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });
});
