import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { defaultFormContent, newSection } from "../../shared/forms/defaults";
import type { FormContent } from "../../shared/forms/model";
import type { CandidateView, Comment, Review, SaveReviewBody } from "../../shared/schemas/reviews";
import { programs, submissions } from "../db/schema";
import { addMember, buildProgram, buildPublishedForm, type Cast, withCastTestApp } from "../test/factories";
import type { TestApp } from "../test/harness";
import { buildCandidate } from "../test/review-factories";

/**
 * The legacy review page's calls (review-and-administration, "2. Screens and routes",
 * "3. Entities and their fields", "9. Business constants and limits"; docs/decisions/008 "Legacy programs"):
 * an appVersion 1 program's review is the nine canvas entries canvas_1 … canvas_9 rated 1–5 and the Final
 * Rating (the review's rating), saved through POST /api/reviews and read back through the submission view the
 * page loads.
 */

let t: TestApp;
let cast: Cast;
let cookies: Record<string, string>;
withCastTestApp((app) => {
  ({ t, cast, cookies } = app);
});

const CANVAS_IDS = Array.from({ length: 9 }, (_, i) => `canvas_${i + 1}`);

/** Admin Info (the identifier), then the nine canvas sections "1 - Problem" … in order. */
function legacyForm(): FormContent {
  const content = defaultFormContent("Legacy form");
  return {
    ...content,
    sections: [
      content.sections[0]!,
      ...CANVAS_IDS.map((_, i) => ({
        ...newSection(`${i + 1} - Canvas part ${i + 1}`),
        _id: `part-${i + 1}`,
      })),
    ],
  };
}

let programId: string;
let makeCandidate: (identifier: string) => Promise<{ id: string }>;
beforeAll(async () => {
  const db = t.deps.db;
  const program = await buildProgram(db, cast.org.id, { name: "Legacy 2019" });
  await db.update(programs).set({ appVersion: 1 }).where(eq(programs.id, program.id));
  for (const role of ["ADMIN", "REVIEWER", "GUEST"] as const) {
    await addMember(db, program, cast.members[role].id, role);
  }
  const { formId } = await buildPublishedForm(db, program, legacyForm());
  programId = program.id;
  makeCandidate = (identifier) => buildCandidate(db, { program, formId, identifier });
});

const viewOf = async (who: string, submissionId: string) => {
  const res = await t.request(`/api/applications/${programId}/${submissionId}`, { cookie: cookies[who]! });
  expect(res.status).toBe(200);
  return (await res.json()) as CandidateView;
};
const save = (body: SaveReviewBody) =>
  t.request("/api/reviews", { method: "POST", body, cookie: cookies.reviewer! });
const comment = (submissionId: string, sectionId: string, value: string) =>
  t.request("/api/reviews/comments", {
    method: "POST",
    body: { submissionId, sectionId, value },
    cookie: cookies.reviewer!,
  });

/** Canvas i rated ((i mod 5) + 1): 2, 3, 4, 5, 1, 2, 3, 4, 5. */
const nineRatings = (submissionId: string, rating: number): SaveReviewBody => ({
  submissionId,
  sections: CANVAS_IDS.map((sectionId, i) => ({ sectionId, rating: ((i + 1) % 5) + 1, criteria: [] })),
  rating,
});

const ratingsOf = (review: Pick<Review, "sections">) =>
  review.sections.map((section) => [section.sectionId, section.rating]);

describe("the legacy review page's data", () => {
  it("shows an unsaved legacy review with no canvas rated and the organization name as identifier", async () => {
    const app = await makeCandidate("Legacy Community Org");
    const view = await viewOf("reviewer", app.id);
    expect(view.program.appVersion).toBe(1);
    expect(view.submission.identifier).toBe("Legacy Community Org");
    expect(view.canRate).toBe(true);
    // The form's canvas sections in order, after the administrative one.
    expect(view.sections.slice(1).map((s) => s.name)).toEqual(
      CANVAS_IDS.map((_, i) => `${i + 1} - Canvas part ${i + 1}`),
    );
    expect(view.review).toMatchObject({ _id: null, rating: -1, started: false, lastReviewed: null });
    // Every canvas the view names starts unrated at -1 (none is rated before the first save).
    for (const section of view.review!.sections) {
      expect(CANVAS_IDS).toContain(section.sectionId);
      expect(section.rating).toBe(-1);
    }
  });

  it("saves the nine canvas ratings and the Final Rating, and reads them back through the view", async () => {
    const app = await makeCandidate("Saved Legacy Org");
    const res = await save(nineRatings(app.id, 4));
    expect(res.status).toBe(200);
    const saved = (await res.json()) as { ok: number; review: Review };
    expect(saved.ok).toBe(1);
    expect(saved.review).toMatchObject({ rating: 4, started: true });
    expect(ratingsOf(saved.review)).toEqual(CANVAS_IDS.map((id, i) => [id, ((i + 1) % 5) + 1]));

    const view = await viewOf("reviewer", app.id);
    expect(view.review).toEqual(saved.review);
    const [row] = await t.deps.db
      .select({ reviewCount: submissions.reviewCount })
      .from(submissions)
      .where(eq(submissions.id, app.id));
    expect(row!.reviewCount).toBe(1);

    // Clearing a canvas back to -1 ("Not rated", not 0) and giving another a 0 are both kept as sent.
    const body = nineRatings(app.id, 4);
    body.sections[0]!.rating = -1;
    body.sections[1]!.rating = 0;
    expect((await save(body)).status).toBe(200);
    const reread = await viewOf("reviewer", app.id);
    expect(ratingsOf(reread.review!).slice(0, 2)).toEqual([
      ["canvas_1", -1],
      ["canvas_2", 0],
    ]);
  });

  it("refuses a tenth canvas, a form section's own id, and ratings of 6, keeping the saved review", async () => {
    const app = await makeCandidate("Refused Legacy Org");
    expect((await save(nineRatings(app.id, 3))).status).toBe(200);
    const before = (await viewOf("reviewer", app.id)).review;

    const tenth = nineRatings(app.id, 3);
    tenth.sections.push({ sectionId: "canvas_10", rating: 3, criteria: [] });
    const formSection = nineRatings(app.id, 3);
    formSection.sections[0] = { sectionId: "part-1", rating: 3, criteria: [] };
    const canvasSix = nineRatings(app.id, 3);
    canvasSix.sections[4]!.rating = 6;
    const finalSix = nineRatings(app.id, 6);
    for (const body of [tenth, formSection, canvasSix, finalSix]) {
      const res = await save(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await viewOf("reviewer", app.id)).review).toEqual(before);
  });

  it("files comments under canvas_i and the Final Rating's 'final', and refuses others", async () => {
    const app = await makeCandidate("Commented Legacy Org");
    expect((await comment(app.id, "canvas_3", "Clear market")).status).toBe(201);
    expect((await comment(app.id, "final", "Fund it")).status).toBe(201);
    expect((await comment(app.id, "canvas_10", "Nowhere")).status).toBe(400);
    const view = await viewOf("reviewer", app.id);
    expect(view.comments.map((c: Comment) => [c.sectionId, c.value])).toEqual([
      ["canvas_3", "Clear market"],
      ["final", "Fund it"],
    ]);
    // A guest reads the application but has no review to edit and sees no one's comments.
    const guest = await viewOf("guest", app.id);
    expect(guest.canRate).toBe(false);
    expect(guest.review).toBeNull();
    expect(JSON.stringify(guest)).not.toContain("Fund it");
  });
});
