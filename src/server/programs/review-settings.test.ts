import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { defaultFormContent } from "../../shared/forms/defaults";
import { EDIT_CONFLICT_MESSAGES } from "../../shared/schemas/edit-conflict";
import type { ProgramReviewSettings } from "../../shared/schemas/programs";
import {
  type CandidateListResult,
  type CandidateView,
  type RankingResult,
  REVIEW_MESSAGES,
} from "../../shared/schemas/reviews";
import { auditEvents, programs } from "../db/schema";
import {
  addMember,
  buildProgram,
  buildPublishedForm,
  type Cast,
  callApi,
  withCastTestApp,
} from "../test/factories";
import type { TestApp } from "../test/harness";
import { buildCandidate, insertReview } from "../test/review-factories";

let t: TestApp;
let cast: Cast;
let cookies: Record<string, string>;
withCastTestApp((app) => {
  ({ t, cast, cookies } = app);
});

const DEFAULTS: ProgramReviewSettings = {
  reviewSettings: {
    candidateOrder: "shuffled",
    askNoConflict: false,
    enableStackedRankings: true,
    comments: { commentText: "" },
    showFinalRating: true,
    finalReviewText: "",
  },
  overrideFinalRating: false,
};

const CHANGED: ProgramReviewSettings = {
  reviewSettings: {
    candidateOrder: "name",
    askNoConflict: true,
    enableStackedRankings: false,
    comments: { commentText: "What should the committee discuss?" },
    showFinalRating: false,
    finalReviewText: "Your overall view, all criteria considered.",
  },
  overrideFinalRating: true,
};

/** A program of the cast's organization with the cast in their roles, a published form and one candidate. */
async function settingsProgram() {
  const db = t.deps.db;
  const program = await buildProgram(db, cast.org.id, { name: "Settings Program" });
  for (const role of ["ADMIN", "ADMIN_REVIEWER", "REVIEWER", "GUEST"] as const) {
    await addMember(db, program, cast.members[role].id, role);
  }
  const { formId } = await buildPublishedForm(db, program, defaultFormContent("Settings form"));
  const candidate = await buildCandidate(db, { program, formId, identifier: "Settings Candidate" });
  return { program, candidate };
}

const path = (programId: string) => `/api/programs/${programId}/reviewSettings`;
const read = (who: string, programId: string) =>
  callApi<ProgramReviewSettings>(t, "GET", path(programId), cookies[who]);
const write = (who: string | undefined, programId: string, body: unknown) =>
  callApi<ProgramReviewSettings & { error?: { code: string; message: string; current?: unknown } }>(
    t,
    "PATCH",
    path(programId),
    who === undefined ? undefined : cookies[who],
    body,
  );
const storedRow = async (programId: string) =>
  (await t.deps.db.select().from(programs).where(eq(programs.id, programId)))[0]!;

describe("the Review settings panel: who reads and saves it", () => {
  let program: Awaited<ReturnType<typeof settingsProgram>>["program"];
  beforeAll(async () => {
    ({ program } = await settingsProgram());
  });

  it("shows the program's admins the settings, unset ones at their defaults", async () => {
    for (const who of ["admin", "adminReviewer", "orgAdmin"]) {
      const res = await read(who, program.id);
      expect(res.status, who).toBe(200);
      expect(res.body).toEqual(DEFAULTS);
    }
  });

  it("answers 404 to committee members, guests, applicants and another organization's admin, 401 without a session", async () => {
    for (const who of ["reviewer", "guest", "applicant", "otherOrgAdmin"]) {
      expect((await read(who, program.id)).status, who).toBe(404);
      const res = await write(who, program.id, CHANGED);
      expect(res.status, who).toBe(404);
    }
    expect((await callApi(t, "GET", path(program.id), undefined)).status).toBe(401);
    expect((await write(undefined, program.id, CHANGED)).status).toBe(401);
    // Another organization's program, to this organization's admins.
    expect((await read("orgAdmin", cast.otherProgram.id)).status).toBe(404);
    expect((await write("admin", cast.otherProgram.id, CHANGED)).status).toBe(404);
    expect((await write("admin", "not-a-uuid", CHANGED)).status).toBe(404);
    expect(await storedRow(program.id)).toMatchObject({ reviewSettings: {}, overrideFinalRating: false });
    expect((await storedRow(cast.otherProgram.id)).overrideFinalRating).toBe(false);
  });

  it("refuses bad input with 400 and the fields, and changes nothing", async () => {
    const long = "x".repeat(2_001);
    const bad: unknown[] = [
      {},
      { ...CHANGED, overrideFinalRating: "yes" },
      { ...CHANGED, reviewSettings: { ...CHANGED.reviewSettings, comments: { commentText: long } } },
      { ...CHANGED, reviewSettings: { ...CHANGED.reviewSettings, finalReviewText: 12 } },
      { ...CHANGED, reviewSettings: { ...CHANGED.reviewSettings, extra: true } },
      { ...CHANGED, unknown: 1 },
    ];
    for (const body of bad) {
      const res = await write("admin", program.id, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error?.code).toBe("VALIDATION");
    }
    expect(await storedRow(program.id)).toMatchObject({ reviewSettings: {}, overrideFinalRating: false });
  });

  it("saves every setting for an admin-reviewer, trims the prompts, and records the change in the audit log", async () => {
    const { program: own } = await settingsProgram();
    const res = await write("adminReviewer", own.id, {
      ...CHANGED,
      reviewSettings: {
        ...CHANGED.reviewSettings,
        finalReviewText: `  ${CHANGED.reviewSettings.finalReviewText}\n`,
      },
      expected: DEFAULTS,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(CHANGED);
    expect((await read("orgAdmin", own.id)).body).toEqual(CHANGED);
    expect(await storedRow(own.id)).toMatchObject({
      overrideFinalRating: true,
      reviewSettings: CHANGED.reviewSettings,
    });
    const events = await t.deps.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.programId, own.id), eq(auditEvents.action, "program.review_settings_changed")),
      );
    expect(events).toHaveLength(1);
    expect(events[0]!.details).toMatchObject({
      enableStackedRankings: { before: true, after: false },
      askNoConflict: { before: false, after: true },
      overrideFinalRating: { before: false, after: true },
      commentText: { before: "", after: CHANGED.reviewSettings.comments.commentText },
    });
    // Saving the same settings again changes nothing and logs nothing.
    expect((await write("admin", own.id, { ...CHANGED, expected: DEFAULTS })).status).toBe(200);
    expect(
      await t.deps.db
        .select()
        .from(auditEvents)
        .where(
          and(eq(auditEvents.programId, own.id), eq(auditEvents.action, "program.review_settings_changed")),
        ),
    ).toHaveLength(1);
  });

  it("refuses a save based on settings someone else changed meanwhile: 409 with the stored ones, nothing written", async () => {
    const { program: own } = await settingsProgram();
    expect((await write("admin", own.id, { ...CHANGED, expected: DEFAULTS })).status).toBe(200);
    const mine = { ...DEFAULTS, overrideFinalRating: true };
    const stale = await write("orgAdmin", own.id, { ...mine, expected: DEFAULTS });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toEqual({
      code: "CONFLICT",
      message: EDIT_CONFLICT_MESSAGES.reviewSettings,
      current: CHANGED,
    });
    expect((await read("admin", own.id)).body).toEqual(CHANGED);
    // Keep mine: sent again on the stored settings.
    expect((await write("orgAdmin", own.id, { ...mine, expected: CHANGED })).body).toEqual(mine);
  });
});

describe("what the review settings change for reviewers", () => {
  const list = async (who: string, programId: string) =>
    (await callApi<CandidateListResult>(t, "GET", `/api/applications?programId=${programId}`, cookies[who]))
      .body;

  it("shows the prompts and the final rating as set; an overall entered by hand is always shown", async () => {
    const { program, candidate } = await settingsProgram();
    expect((await list("reviewer", program.id)).program).toMatchObject({
      enableStackedRankings: true,
      showFinalRating: true,
      finalReviewText: "",
      commentText: "",
      overrideFinalRating: false,
    });
    const hidden = { ...CHANGED, overrideFinalRating: false };
    await write("admin", program.id, hidden);
    const view = await callApi<CandidateView>(
      t,
      "GET",
      `/api/applications/${program.id}/${candidate.id}`,
      cookies.reviewer,
    );
    expect(view.body.program).toMatchObject({
      enableStackedRankings: false,
      showFinalRating: false,
      finalReviewText: CHANGED.reviewSettings.finalReviewText,
      commentText: CHANGED.reviewSettings.comments.commentText,
      overrideFinalRating: false,
    });
    await write("admin", program.id, CHANGED);
    expect((await list("reviewer", program.id)).program).toMatchObject({
      showFinalRating: true,
      overrideFinalRating: true,
    });
  });

  it("refuses ranking saves while stacked rankings are off, and takes them again once on", async () => {
    const { program, candidate } = await settingsProgram();
    await insertReview(t.deps.db, {
      program,
      submissionId: candidate.id,
      userId: cast.members.REVIEWER.id,
      rating: 4,
    });
    const ranking = (
      await callApi<RankingResult>(
        t,
        "GET",
        `/api/rankings/${cast.members.REVIEWER.id}/${program.id}`,
        cookies.reviewer,
      )
    ).body;
    const body = { programId: program.id, rankings: ranking.applications.map((a) => a._id), revision: 0 };
    await write("admin", program.id, {
      ...DEFAULTS,
      reviewSettings: { ...DEFAULTS.reviewSettings, enableStackedRankings: false },
    });
    for (const url of ["/api/rankings", "/api/stackings"]) {
      const refused = await callApi<{ error: { code: string; message: string } }>(
        t,
        "POST",
        url,
        cookies.reviewer,
        body,
      );
      expect(refused.status).toBe(409);
      expect(refused.body.error).toEqual({ code: "CONFLICT", message: REVIEW_MESSAGES.stackedRankingsOff });
      const confirmed = await callApi(t, "POST", url, cookies.reviewer, { ...body, confirm: true });
      expect(confirmed.status).toBe(409);
    }
    expect((await list("reviewer", program.id)).program.enableStackedRankings).toBe(false);
    await write("admin", program.id, DEFAULTS);
    expect((await callApi(t, "POST", "/api/rankings", cookies.reviewer, body)).status).toBe(200);
  });
});
