import { and, count, eq, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import type { ExportJob } from "../../../shared/schemas/exports";
import type { ImportProblem, ImportResult } from "../../../shared/schemas/legacy-import";
import type { CandidateView, Review, SaveReviewBody } from "../../../shared/schemas/reviews";
import {
  emailOutbox,
  exportJobs,
  forms,
  legacyImportRecords,
  programInvitations,
  programMembers,
  programs,
  rankings,
  reviewComments,
  reviewerGroups,
  reviews,
  submissions,
  users,
} from "../../db/schema";
import { createExportRunner } from "../../exports/job-runner";
import { type Cast, withCastTestApp } from "../../test/factories";
import type { TestApp } from "../../test/harness";
import { LEGACY_SAMPLES } from "./samples";

/**
 * Importing a program from the earlier system's records (docs/decisions/032-legacy-program-import.md) through
 * POST /api/programs/import, with the shipped samples of each generation: who may, the whole file checked first
 * (a bad one: its report, nothing changed), a second import adding nothing, people matched by email and invited
 * when new, and the imported legacy program reviewed on the legacy review page's calls.
 */

let t: TestApp;
let cast: Cast;
let cookies: Record<string, string>;
withCastTestApp((app) => {
  ({ t, cast, cookies } = app);
});

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/**
 * The generation-1 sample with the cast as its people: Ada is the cast's admin & committee member and Rita its
 * committee member (both already in the organization), Helen Okafor is new to the product and Paul Former was
 * removed; the cast's stranger (an account, not in the organization) is added as a guest.
 */
function generation1() {
  const file = clone(LEGACY_SAMPLES[1]) as (typeof LEGACY_SAMPLES)[1] & { programUsers: { email: string }[] };
  file.programUsers[0]!.email = cast.members.ADMIN_REVIEWER.email;
  file.programUsers[1]!.email = cast.members.REVIEWER.email.toUpperCase();
  file.programUsers.push({
    userId: "u-stranger",
    name: "Nobody Known",
    email: cast.stranger.email,
    role: "GUEST",
  });
  return file;
}

const importFile = (file: unknown, who = "orgAdmin", query = "") =>
  t.request(`/api/programs/import${query}`, { method: "POST", body: file, cookie: cookies[who] });

async function tableCounts() {
  const db = t.deps.db;
  const n = async (table: PgTable) => (await db.select({ n: count() }).from(table))[0]!.n;
  return {
    programs: await n(programs),
    forms: await n(forms),
    submissions: await n(submissions),
    reviews: await n(reviews),
    comments: await n(reviewComments),
    users: await n(users),
    members: await n(programMembers),
    invitations: await n(programInvitations),
    groups: await n(reviewerGroups),
    rankings: await n(rankings),
    records: await n(legacyImportRecords),
    emails: await n(emailOutbox),
  };
}

const submissionOf = async (programId: string, identifier: string) =>
  (
    await t.deps.db
      .select()
      .from(submissions)
      .where(and(eq(submissions.programId, programId), eq(submissions.identifier, identifier)))
  )[0]!;

let imported: ImportResult;

describe("who may import a program", () => {
  for (const who of ["admin", "adminReviewer", "reviewer", "guest", "applicant"]) {
    it(`refuses a ${who} (404), and changes nothing`, async () => {
      const before = await tableCounts();
      const res = await importFile(generation1(), who);
      expect(res.status).toBe(404);
      expect(await tableCounts()).toEqual(before);
    });
  }

  it("answers 401 without a session", async () => {
    const res = await t.request("/api/programs/import", { method: "POST", body: generation1() });
    expect(res.status).toBe(401);
  });

  it("refuses another organization's admin importing into this organization, and changes nothing", async () => {
    const before = await tableCounts();
    const res = await importFile(generation1(), "otherOrgAdmin", `?organization=${cast.org.id}`);
    expect(res.status).toBe(404);
    expect(await tableCounts()).toEqual(before);
  });
});

describe("a bad file", () => {
  it("gets a report of every problem (record, field, reason) and imports nothing", async () => {
    const file = generation1();
    file.submissions[1]!.submissionDate = "last spring";
    (file.reviews[0] as { userId: string }).userId = "u-nobody";
    file.reviews[1]!.questionList[2]!.rating = 6;
    file.rankings[0]!.applications.push("app-unknown");
    (file.programUsers[2] as { email: string }).email = "not an address";
    const before = await tableCounts();
    const res = await importFile(file);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string; report: ImportProblem[] } };
    expect(body.error.code).toBe("VALIDATION");
    expect(body.error.message).toMatch(/Nothing was changed/);
    // The shape is checked first: the two fields of the wrong kind are reported together.
    expect(body.error.report).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ record: "application app-greenway", field: "submissionDate" }),
        expect.objectContaining({
          record: "program user u-okafor",
          field: "email",
          reason: "Not an email address.",
        }),
      ]),
    );
    expect(await tableCounts()).toEqual(before);

    // Once the shape is right, what the records say of each other.
    file.submissions[1]!.submissionDate = "2019-03-06T09:02:00Z";
    (file.programUsers[2] as { email: string }).email = "h.okafor@example.org";
    const second = await importFile(file);
    expect(second.status).toBe(400);
    const report = ((await second.json()) as { error: { report: ImportProblem[] } }).error.report;
    expect(report).toEqual(
      expect.arrayContaining([
        { record: "review rev-1", field: "userId", reason: "No program user u-nobody in the file." },
        expect.objectContaining({ record: "review rev-2", field: "questionList.2.rating" }),
        {
          record: "ranking u-ada",
          field: "applications.3",
          reason: "No application app-unknown in the file.",
        },
      ]),
    );
    expect(await tableCounts()).toEqual(before);
  });

  it("refuses a body that is not a program file, with a report", async () => {
    const before = await tableCounts();
    const res = await importFile({ programs: [] });
    expect(res.status).toBe(400);
    const report = ((await res.json()) as { error: { report: ImportProblem[] } }).error.report;
    expect(report.map((p) => p.record)).toEqual(expect.arrayContaining(["program", "form"]));
    expect(await tableCounts()).toEqual(before);
  });
});

describe("importing the legacy (appVersion 1) sample", () => {
  it("creates the program with its applications, reviews, comments, groups, ranking and people", async () => {
    const res = await importFile(generation1());
    expect(res.status).toBe(200);
    imported = (await res.json()) as ImportResult;
    expect(imported).toMatchObject({
      appVersion: 1,
      created: true,
      added: {
        submissions: 4,
        reviews: 4,
        reviewerGroups: 1,
        rankings: 1,
        membersAdded: 2,
        invited: 2,
      },
    });
    // Notes of two canvases and two comments of reviews.
    expect(imported.added.comments).toBe(4);
    const db = t.deps.db;
    const [program] = await db.select().from(programs).where(eq(programs.id, imported.programId));
    expect(program).toMatchObject({
      organizationId: cast.org.id,
      name: "Neighbourhood Fund 2019 (imported)",
      appVersion: 1,
      archived: false,
    });

    // The earlier system's name fields: the list's name, and the administrative answers.
    const harbour = await submissionOf(program!.id, "Harbour Literacy Circle");
    expect(harbour).toMatchObject({ status: "approved", amountCents: 1_200_000, reviewCount: 2 });
    expect(harbour.submissionDate?.toISOString()).toBe("2019-03-04T15:20:00.000Z");
    const adminAnswers = harbour.answers.filter((a) => a.sectionId === "legacy-admin-info");
    expect(adminAnswers.map((a) => a.answerString)).toEqual([
      "Harbour Literacy Circle",
      "Harbour Literacy Circle Society",
      "Mei Lin",
      "Tomás Ruiz",
    ]);
    const draft = await submissionOf(program!.id, "Riverbank Youth Choir");
    expect(draft.submissionDate).toBeNull();

    // Reviews keep their ratings and dates; the canvases the source left out start unrated.
    const adaId = cast.members.ADMIN_REVIEWER.id;
    const [adaReview] = await db
      .select()
      .from(reviews)
      .where(and(eq(reviews.submissionId, harbour.id), eq(reviews.userId, adaId)));
    expect(adaReview).toMatchObject({ rating: 5 });
    expect(adaReview!.lastReviewed.toISOString()).toBe("2019-03-20T10:00:00.000Z");
    expect(adaReview!.sections.map((s) => [s.sectionId, s.rating])).toEqual(
      [5, 5, 4, 4, 5, 5, 4, 4, 5].map((r, i) => [`canvas_${i + 1}`, r]),
    );
    const adaComments = await db
      .select()
      .from(reviewComments)
      .where(and(eq(reviewComments.submissionId, harbour.id), eq(reviewComments.userId, adaId)));
    expect(adaComments.map((c) => [c.sectionId, c.body]).sort()).toEqual([
      ["canvas_1", "A clear, local need."],
      ["canvas_5", "Budget is modest and specific."],
      ["final", "Strong application; fund in full."],
    ]);
    expect(adaComments.find((c) => c.sectionId === "final")!.createdAt.toISOString()).toBe(
      "2019-03-20T10:05:00.000Z",
    );

    // The ranking in its order.
    const [ranking] = await db
      .select()
      .from(rankings)
      .where(and(eq(rankings.programId, program!.id), eq(rankings.userId, adaId)));
    const order = await Promise.all(
      ["Harbour Literacy Circle", "Greenway Tool Library", "Northside Seniors' Kitchen"].map(
        async (name) => (await submissionOf(program!.id, name)).id,
      ),
    );
    expect(ranking!.applications).toEqual(order);
  });

  it("matches people by email: members of the organization at once, others invited, the removed left out", async () => {
    const db = t.deps.db;
    const members = await db
      .select({ userId: programMembers.userId, role: programMembers.role })
      .from(programMembers)
      .where(eq(programMembers.programId, imported.programId));
    expect(members).toEqual(
      expect.arrayContaining([
        { userId: cast.members.ADMIN_REVIEWER.id, role: "ADMIN_REVIEWER" },
        { userId: cast.members.REVIEWER.id, role: "REVIEWER" },
      ]),
    );
    expect(members).toHaveLength(2);
    const invitations = await db
      .select({ email: programInvitations.email, role: programInvitations.role })
      .from(programInvitations)
      .where(eq(programInvitations.programId, imported.programId));
    expect(invitations).toEqual(
      expect.arrayContaining([
        { email: "h.okafor@example.org", role: "REVIEWER" },
        { email: cast.stranger.email, role: "GUEST" },
      ]),
    );
    expect(invitations).toHaveLength(2);
    const mails = await db
      .select({ kind: emailOutbox.kind })
      .from(emailOutbox)
      .where(sql`'h.okafor@example.org' = any(${emailOutbox.to})`);
    expect(mails.map((m) => m.kind)).toEqual(["invitation"]);
    // Helen, new to the product, holds her review through an account she has not yet claimed; Paul, removed
    // from the program in the earlier system, keeps his review and gets neither access nor email.
    const [helen] = await db.select().from(users).where(eq(users.email, "h.okafor@example.org"));
    expect(helen).toMatchObject({ name: "Helen Okafor", emailVerified: false });
    expect(
      (await db.select().from(reviews).where(eq(reviews.userId, helen!.id))).map((r) => r.rating),
    ).toEqual([4]);
    const [paul] = await db.select().from(users).where(eq(users.email, "p.former@example.org"));
    expect(await db.select().from(reviews).where(eq(reviews.userId, paul!.id))).toHaveLength(1);
    const paulMails = await db
      .select()
      .from(emailOutbox)
      .where(sql`'p.former@example.org' = any(${emailOutbox.to})`);
    expect(paulMails).toHaveLength(0);
  });

  it("lets a person new to the product accept from the invitation and find their imported review", async () => {
    const db = t.deps.db;
    const [mail] = await db
      .select()
      .from(emailOutbox)
      .where(sql`'h.okafor@example.org' = any(${emailOutbox.to})`);
    const token = new URL(mail!.text.match(/http\S+/)![0]).searchParams.get("invitation")!;
    const view = await t.request(`/api/invitations/${token}`);
    // Her placeholder cannot sign in: she is asked to create her account, not to sign in.
    expect(await view.json()).toMatchObject({ email: "h.okafor@example.org", accountExists: false });
    const created = await t.request(`/api/invitations/${token}/account`, {
      method: "POST",
      body: { name: "Helen Okafor", password: "a-long-password-1" },
    });
    expect(created.status).toBe(201);
    const [helen] = await db.select().from(users).where(eq(users.email, "h.okafor@example.org"));
    const cookie = await t.signIn("h.okafor@example.org", "a-long-password-1");
    const harbour = await submissionOf(imported.programId, "Harbour Literacy Circle");
    const res = await t.request(`/api/applications/${imported.programId}/${harbour.id}`, { cookie });
    expect(res.status).toBe(200);
    const seen = (await res.json()) as CandidateView;
    expect(seen.review).toMatchObject({
      userId: helen!.id,
      rating: 4,
      lastReviewed: "2019-03-22T16:10:00.000Z",
    });
  });

  it("imports the same file twice without duplicating anything", async () => {
    const before = await tableCounts();
    const res = await importFile(generation1());
    expect(res.status).toBe(200);
    expect((await res.json()) as ImportResult).toEqual({
      programId: imported.programId,
      appVersion: 1,
      created: false,
      added: {
        files: 0,
        submissions: 0,
        reviews: 0,
        comments: 0,
        reviewerGroups: 0,
        rankings: 0,
        membersAdded: 0,
        invited: 0,
      },
    });
    expect(await tableCounts()).toEqual(before);
  });

  it("adds only what is new when a later file of the same program has one more application", async () => {
    const file = generation1();
    file.submissions.push({
      ...clone(file.submissions[0]!),
      _id: "app-late",
      "Organization Name": "Late Bloomers Garden Club",
    });
    const res = await importFile(file);
    expect(res.status).toBe(200);
    expect(((await res.json()) as ImportResult).added).toMatchObject({ submissions: 1, reviews: 0 });
  });

  it("lists the program with its counts for the organization admin", async () => {
    const res = await t.request(`/api/programs/${imported.programId}`, { cookie: cookies.orgAdmin });
    expect(res.status).toBe(200);
    const { program } = (await res.json()) as { program: { appVersion: number; numSubmissions: number } };
    // Three submitted applications and the later one; the draft is not counted.
    expect(program).toMatchObject({ appVersion: 1, numSubmissions: 4 });
  });
});

describe("the imported legacy program on the legacy review page", () => {
  const CANVAS = Array.from({ length: 9 }, (_, i) => `canvas_${i + 1}`);

  it("a committee member rates an imported application: nine canvases and the Final Rating", async () => {
    const greenway = await submissionOf(imported.programId, "Greenway Tool Library");
    const viewRes = await t.request(`/api/applications/${imported.programId}/${greenway.id}`, {
      cookie: cookies.reviewer,
    });
    expect(viewRes.status).toBe(200);
    const view = (await viewRes.json()) as CandidateView;
    expect(view.program.appVersion).toBe(1);
    expect(view.canRate).toBe(true);
    expect(view.submission.identifier).toBe("Greenway Tool Library");
    expect(view.review).toMatchObject({ _id: null, rating: -1 });

    const body: SaveReviewBody = {
      submissionId: greenway.id,
      sections: CANVAS.map((sectionId, i) => ({ sectionId, rating: (i % 5) + 1, criteria: [] })),
      rating: 4,
      expected: { lastReviewed: null },
    };
    const saved = await t.request("/api/reviews", { method: "POST", body, cookie: cookies.reviewer });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { review: Review }).review).toMatchObject({ rating: 4, started: true });
    const reread = (await (
      await t.request(`/api/applications/${imported.programId}/${greenway.id}`, { cookie: cookies.reviewer })
    ).json()) as CandidateView;
    expect(reread.review!.sections.map((s) => s.rating)).toEqual(CANVAS.map((_, i) => (i % 5) + 1));
  });

  it("shows Ada her imported review and comments as they were", async () => {
    const harbour = await submissionOf(imported.programId, "Harbour Literacy Circle");
    const res = await t.request(`/api/applications/${imported.programId}/${harbour.id}`, {
      cookie: cookies.adminReviewer,
    });
    expect(res.status).toBe(200);
    const view = (await res.json()) as CandidateView;
    expect(view.review).toMatchObject({ rating: 5, started: true, lastReviewed: "2019-03-20T10:00:00.000Z" });
  });

  it("keeps the imported program out of another organization's reach", async () => {
    const harbour = await submissionOf(imported.programId, "Harbour Literacy Circle");
    for (const path of [
      `/api/programs/${imported.programId}`,
      `/api/applications/${imported.programId}/${harbour.id}`,
    ]) {
      const res = await t.request(path, { cookie: cookies.otherOrgAdmin });
      expect(res.status, path).toBe(404);
    }
  });

  it("gives the program's statistics: funding, candidates and reviewers", async () => {
    const q = `programId=${imported.programId}`;
    const funding = await t.request(`/api/admin/funding-stats?${q}`, { cookie: cookies.orgAdmin });
    expect(funding.status).toBe(200);
    // Harbour, and the later file's copy of it, approved; Northside disapproved.
    expect(await funding.json()).toMatchObject({ approved: 2, disapproved: 1 });
    const candidates = await t.request(`/api/admin/candidate-submissions?${q}`, { cookie: cookies.orgAdmin });
    expect(candidates.status).toBe(200);
    const reviewers = await t.request(`/api/admin/reviewer-stats?${q}`, { cookie: cookies.orgAdmin });
    expect(reviewers.status).toBe(200);
  });
});

describe("the imported legacy program's exports", () => {
  it("exports its data, its comments under the canvas titles, and its PDFs", async () => {
    const db = t.deps.db;
    const runner = createExportRunner({
      db,
      storage: t.deps.files.storage,
      retentionHours: t.deps.config.EXPORT_RETENTION_HOURS,
      internalEmailDomains: [],
    });
    const harbour = await submissionOf(imported.programId, "Harbour Literacy Circle");
    const jobs: Record<string, string> = {};
    for (const body of [
      { kind: "data" },
      { kind: "comments" },
      { kind: "pdfs" },
      { kind: "dossier", submissionId: harbour.id },
    ]) {
      const res = await t.request("/api/exports", {
        method: "POST",
        body: { programId: imported.programId, ...body },
        cookie: cookies.orgAdmin,
      });
      expect(res.status, body.kind).toBe(202);
      jobs[body.kind] = ((await res.json()) as ExportJob)._id;
    }
    await runner.runDue();
    for (const [kind, id] of Object.entries(jobs)) {
      const [job] = await db.select().from(exportJobs).where(eq(exportJobs.id, id));
      expect(job, kind).toMatchObject({ status: "ready", error: null });
    }
    const [comments] = await db.select().from(exportJobs).where(eq(exportJobs.id, jobs.comments!));
    const text = (await t.deps.files.storage.read("private", comments!.fileKey!))!.toString();
    expect(text).toContain("Strong application; fund in full.");
    expect(text).toContain("A clear, local need.");
  }, 120_000);
});

describe("the other generations", () => {
  it("imports a file with no appVersion as generation 0, its sections rated 1–5", async () => {
    const res = await importFile(clone(LEGACY_SAMPLES[0]));
    expect(res.status).toBe(200);
    const result = (await res.json()) as ImportResult;
    expect(result).toMatchObject({ appVersion: 0, created: true, added: { submissions: 2, reviews: 2 } });
    const [program] = await t.deps.db.select().from(programs).where(eq(programs.id, result.programId));
    expect(program!.appVersion).toBe(0);
  });

  it("imports generation 2 archived, with its test submission kept as a test", async () => {
    const res = await importFile(clone(LEGACY_SAMPLES[2]));
    expect(res.status).toBe(200);
    const result = (await res.json()) as ImportResult;
    expect(result).toMatchObject({ appVersion: 2, added: { submissions: 2, reviews: 1 } });
    const [program] = await t.deps.db.select().from(programs).where(eq(programs.id, result.programId));
    expect(program).toMatchObject({ appVersion: 2, archived: true });
    expect(program!.archivedAt?.toISOString()).toBe("2022-01-31T00:00:00.000Z");
    const test = await submissionOf(result.programId, "Test entry - do not review");
    expect(test.softDeleted).toBe(true);
  });

  it("refuses a generation-2 review of a section the form does not have", async () => {
    const file = clone(LEGACY_SAMPLES[2]) as (typeof LEGACY_SAMPLES)[2] & { program: { _id: string } };
    file.program._id = "prog-other";
    file.reviews[0]!.questionList[0]!.sectionId = "a-nowhere";
    const res = await importFile(file);
    expect(res.status).toBe(400);
    const report = ((await res.json()) as { error: { report: ImportProblem[] } }).error.report;
    expect(report).toContainEqual({
      record: "review #1",
      field: "questionList.0.sectionId",
      reason: "Not a section of this application.",
    });
  });
});
