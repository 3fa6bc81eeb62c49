import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { defaultFormContent, newQuestion } from "../../shared/forms/defaults";
import type { ExportJob } from "../../shared/schemas/exports";
import { storeUpload } from "../submissions/files";
import { buildPublishedForm, type Cast, callApi, withCastTestApp } from "../test/factories";
import type { TestApp } from "../test/harness";
import { answerOf, buildCandidate } from "../test/review-factories";
import { personLabel } from "./labels";
import { auditTrail } from "./test/trail";

/**
 * The committee's and the program admins' changes to candidates (decisions, force submit, mark as test,
 * admin edits, assignments, reviewer groups, exports): each writes exactly its audit event, in its own
 * transaction; a refused change or a repeat that changes nothing writes none.
 */
let t: TestApp;
let cast: Cast;
let cookies: Record<string, string>;
withCastTestApp((app) => {
  ({ t, cast, cookies } = app);
});

const content = defaultFormContent("Audit form");
const [nameQuestion, summaryQuestion] = content.sections[0]!.questions;
summaryQuestion!.name = "Summary";
const budgetQuestion = newQuestion("FILE_UPLOAD", "Budget");
content.sections[0]!.questions.push(budgetQuestion);
const sectionId = content.sections[0]!._id;
const answers = (name: string, summary: string) => [
  answerOf(nameQuestion!._id, sectionId, "IDENTIFIER", { answerString: name }),
  answerOf(summaryQuestion!._id, sectionId, "SHORT_ANSWER", { answerString: summary }),
];

const ids = {} as Record<"ada" | "bo" | "cy" | "di", string>;
let newEvents: ReturnType<typeof auditTrail>;
let otherCandidate: string;
const person = (who: { email: string }, name: string) => personLabel({ name, email: who.email });

beforeAll(async () => {
  const { db } = t.deps;
  const { formId } = await buildPublishedForm(db, cast.program, content);
  const make = (identifier: string, submitted = true) =>
    buildCandidate(db, {
      program: cast.program,
      formId,
      identifier,
      submitted,
      answers: answers(identifier, "SECRET-ANSWER-TEXT"),
    });
  ids.ada = (await make("Ada Candidate")).id;
  ids.bo = (await make("Bo Draft", false)).id;
  ids.cy = (await make("Cy Draft", false)).id;
  ids.di = (await make("Di Candidate")).id;
  const other = await buildPublishedForm(db, cast.otherProgram, defaultFormContent("Other form"));
  otherCandidate = (
    await buildCandidate(db, { program: cast.otherProgram, formId: other.formId, identifier: "X" })
  ).id;
  newEvents = auditTrail(db, cast.org.id);
});

const onCandidate = (id: string, label: string, actorUserId: string) => ({
  actorUserId,
  subjectType: "submission",
  subjectId: id,
  subjectLabel: label,
  programId: cast.program.id,
});

describe("decisions", () => {
  it("records the fields a decision changed, before and after; a repeat and refusals record nothing", async () => {
    await newEvents();
    const url = `/api/submissions/updateField/${ids.ada}`;
    const approve = { status: "approved", amount: 1500.5 };
    expect((await callApi(t, "PATCH", url, cookies.admin, approve)).status).toBe(200);
    expect(await newEvents()).toEqual([
      {
        ...onCandidate(ids.ada, "Ada Candidate", cast.members.ADMIN.id),
        action: "candidate.decided",
        details: {
          status: { before: "pending", after: "approved" },
          amount: { before: null, after: 1500.5 },
        },
      },
    ]);

    expect((await callApi(t, "PATCH", url, cookies.admin, approve)).status).toBe(200);
    expect((await callApi(t, "PATCH", url, cookies.reviewer, { amount: 1 })).status).toBe(404);
    expect((await callApi(t, "PATCH", url, cookies.admin, { amount: null })).status).toBe(400);
    const draft = `/api/submissions/updateField/${ids.cy}`;
    expect((await callApi(t, "PATCH", draft, cookies.admin, { status: "disapproved" })).status).toBe(409);
    expect(await newEvents()).toEqual([]);

    expect((await callApi(t, "PATCH", url, cookies.orgAdmin, { amount: 900 })).status).toBe(200);
    expect(await newEvents()).toEqual([
      {
        ...onCandidate(ids.ada, "Ada Candidate", cast.orgAdmin.id),
        action: "candidate.decided",
        details: { amount: { before: 1500.5, after: 900 } },
      },
    ]);
  });
});

describe("the admins' row actions", () => {
  it("records a force submit and a mark as test; a refused one records nothing", async () => {
    await newEvents();
    const force = await callApi(t, "PATCH", `/api/submissions/updateField/${ids.bo}`, cookies.adminReviewer, {
      action: "forceSubmit",
    });
    expect(force.status).toBe(200);
    const test = await callApi(t, "PATCH", `/api/submissions/updateField/${ids.cy}`, cookies.admin, {
      action: "markAsTest",
    });
    expect(test.status).toBe(200);
    expect(await newEvents()).toEqual([
      {
        ...onCandidate(ids.bo, "Bo Draft", cast.members.ADMIN_REVIEWER.id),
        action: "submission.force_submitted",
        details: {},
      },
      {
        ...onCandidate(ids.cy, "Cy Draft", cast.members.ADMIN.id),
        action: "submission.marked_as_test",
        details: {},
      },
    ]);

    const again = await callApi(t, "PATCH", `/api/submissions/updateField/${ids.bo}`, cookies.admin, {
      action: "forceSubmit",
    });
    expect(again.status).toBe(409);
    const byReviewer = await callApi(t, "PATCH", `/api/submissions/updateField/${ids.cy}`, cookies.reviewer, {
      action: "forceSubmit",
    });
    expect(byReviewer.status).toBe(404);
    expect(await newEvents()).toEqual([]);
  });
});

describe("admin edits of an application", () => {
  it("records which questions an admin changed, never the answers; a stale save records nothing", async () => {
    await newEvents();
    const url = `/api/submissions/${ids.di}`;
    const edited = answers("Di Candidate", "ANOTHER-SECRET-ANSWER");
    expect((await callApi(t, "PATCH", url, cookies.admin, { revision: 0, answers: edited })).status).toBe(
      200,
    );
    const events = await newEvents();
    expect(events).toEqual([
      {
        ...onCandidate(ids.di, "Di Candidate", cast.members.ADMIN.id),
        action: "submission.admin_edited",
        details: { questions: ["Summary"] },
      },
    ]);
    expect(JSON.stringify(events)).not.toContain("SECRET");

    expect((await callApi(t, "PATCH", url, cookies.admin, { revision: 0, answers: edited })).status).toBe(
      409,
    );
    expect((await callApi(t, "PATCH", url, cookies.admin, { revision: 1, answers: edited })).status).toBe(
      200,
    );
    expect((await callApi(t, "PATCH", url, cookies.reviewer, { revision: 2, answers: edited })).status).toBe(
      404,
    );
    expect(await newEvents()).toEqual([]);
  });
});

describe("files in admin edit mode", () => {
  it("records a file an admin adds or removes, by name; the applicant's own upload is not an admin edit", async () => {
    await newEvents();
    const { db, files } = t.deps;
    const grant = (userId: string | null) => ({
      bucket: "private" as const,
      key: `submissions/${ids.di}/${randomUUID()}-budget.txt`,
      userId,
      submissionId: ids.di,
      questionId: budgetQuestion._id,
      name: "budget.txt",
      maxBytes: 1000,
      expiresAt: Date.now() + 60_000,
    });
    const bytes = new TextEncoder().encode("a budget");
    const added = await storeUpload(db, files.storage, grant(cast.members.ADMIN.id), bytes);
    expect((await callApi(t, "POST", `/api/files/delete/${added._id}`, cookies.reviewer)).status).toBe(404);
    expect((await callApi(t, "POST", `/api/files/delete/${added._id}`, cookies.admin)).status).toBe(200);
    await storeUpload(db, files.storage, grant(null), bytes);
    const scope = onCandidate(ids.di, "Di Candidate", cast.members.ADMIN.id);
    expect(await newEvents()).toEqual([
      {
        ...scope,
        action: "submission.admin_edited",
        details: { question: "Budget", fileAdded: "budget.txt" },
      },
      {
        ...scope,
        action: "submission.admin_edited",
        details: { question: "Budget", fileRemoved: "budget.txt" },
      },
    ]);
  });
});

describe("assignments", () => {
  it("records the reviewers added to and removed from a candidate; a refusal records nothing", async () => {
    await newEvents();
    const url = `/api/submissions/reviewers/${ids.ada}`;
    const reviewer = person(cast.members.REVIEWER, "REVIEWER person");
    expect(
      (await callApi(t, "PATCH", url, cookies.admin, { reviewers: [cast.members.REVIEWER.id] })).status,
    ).toBe(200);
    expect(
      (await callApi(t, "PATCH", url, cookies.admin, { reviewers: [cast.members.REVIEWER.id] })).status,
    ).toBe(200);
    expect((await callApi(t, "PATCH", url, cookies.admin, { reviewers: [cast.stranger.id] })).status).toBe(
      400,
    );
    expect((await callApi(t, "PATCH", url, cookies.guest, { reviewers: [] })).status).toBe(404);
    expect((await callApi(t, "PATCH", url, cookies.orgAdmin, { reviewers: [] })).status).toBe(200);
    const scope = onCandidate(ids.ada, "Ada Candidate", cast.members.ADMIN.id);
    expect(await newEvents()).toEqual([
      { ...scope, action: "assignment.reviewers_changed", details: { added: [reviewer] } },
      {
        ...scope,
        actorUserId: cast.orgAdmin.id,
        action: "assignment.reviewers_changed",
        details: { removed: [reviewer] },
      },
    ]);
  });

  it("records a bulk assignment with its candidates by name; a refusal records nothing", async () => {
    await newEvents();
    const body = {
      programId: cast.program.id,
      submissionIds: [ids.di, ids.ada],
      reviewers: [cast.members.GUEST.id],
    };
    expect((await callApi(t, "POST", "/api/admin/assignments/bulk", cookies.admin, body)).status).toBe(200);
    expect(await newEvents()).toEqual([
      {
        action: "assignment.bulk_added",
        actorUserId: cast.members.ADMIN.id,
        subjectType: "program",
        subjectId: cast.program.id,
        subjectLabel: "2 candidates",
        programId: cast.program.id,
        details: {
          candidates: ["Ada Candidate", "Di Candidate"],
          reviewers: [person(cast.members.GUEST, "GUEST person")],
          reviewerGroups: [],
        },
      },
    ]);
    const foreign = { ...body, submissionIds: [ids.ada, otherCandidate] };
    expect((await callApi(t, "POST", "/api/admin/assignments/bulk", cookies.admin, foreign)).status).toBe(
      404,
    );
    expect(await newEvents()).toEqual([]);
  });

  it("records a reviewer group's life and its assignment; refusals record nothing", async () => {
    await newEvents();
    const reviewer = person(cast.members.REVIEWER, "REVIEWER person");
    const adminReviewer = person(cast.members.ADMIN_REVIEWER, "ADMIN_REVIEWER person");
    const created = await callApi<{ _id: string }>(t, "POST", "/api/reviewerGroups", cookies.admin, {
      programId: cast.program.id,
      name: "Panel A",
      reviewers: [cast.members.REVIEWER.id],
    });
    expect(created.status).toBe(201);
    const groupId = created.body._id;
    const assign = `/api/submissions/reviewerGroups/${ids.ada}`;
    expect((await callApi(t, "PATCH", assign, cookies.admin, { reviewerGroups: [groupId] })).status).toBe(
      200,
    );
    const update = { name: "Panel B", reviewers: [cast.members.REVIEWER.id, cast.members.ADMIN_REVIEWER.id] };
    expect((await callApi(t, "PUT", `/api/reviewerGroups/${groupId}`, cookies.admin, update)).status).toBe(
      200,
    );
    expect((await callApi(t, "PUT", `/api/reviewerGroups/${groupId}`, cookies.admin, update)).status).toBe(
      200,
    );
    expect((await callApi(t, "DELETE", `/api/reviewerGroups/${groupId}`, cookies.guest)).status).toBe(404);
    expect((await callApi(t, "DELETE", `/api/reviewerGroups/${groupId}`, cookies.admin)).status).toBe(200);
    const refused = { programId: cast.program.id, name: "Panel C", reviewers: [cast.stranger.id] };
    expect((await callApi(t, "POST", "/api/reviewerGroups", cookies.admin, refused)).status).toBe(400);

    const group = (label: string) => ({
      actorUserId: cast.members.ADMIN.id,
      subjectType: "reviewer_group",
      subjectId: groupId,
      subjectLabel: label,
      programId: cast.program.id,
    });
    expect(await newEvents()).toEqual([
      { ...group("Panel A"), action: "reviewer_group.created", details: { members: [reviewer] } },
      {
        ...onCandidate(ids.ada, "Ada Candidate", cast.members.ADMIN.id),
        action: "assignment.groups_changed",
        details: { added: ["Panel A"] },
      },
      {
        ...group("Panel B"),
        action: "reviewer_group.updated",
        details: { name: { before: "Panel A", after: "Panel B" }, added: [adminReviewer] },
      },
      { ...group("Panel B"), action: "reviewer_group.deleted", details: {} },
    ]);
  });
});

describe("exports", () => {
  it("records an export started and deleted; refusals record nothing", async () => {
    await newEvents();
    const started = await callApi<ExportJob>(t, "POST", "/api/exports", cookies.admin, {
      programId: cast.program.id,
      kind: "data",
    });
    expect(started.status).toBe(202);
    const job = started.body;
    expect(
      (
        await callApi(t, "POST", "/api/exports", cookies.reviewer, {
          programId: cast.program.id,
          kind: "data",
        })
      ).status,
    ).toBe(404);
    expect((await callApi(t, "DELETE", `/api/exports/${job._id}`, cookies.adminReviewer)).status).toBe(404);
    expect((await callApi(t, "DELETE", `/api/exports/${job._id}`, cookies.admin)).status).toBe(200);
    const scope = {
      actorUserId: cast.members.ADMIN.id,
      subjectType: "export",
      subjectId: job._id,
      subjectLabel: job.fileName,
      programId: cast.program.id,
    };
    expect(await newEvents()).toEqual([
      {
        ...scope,
        action: "export.created",
        details: { kind: "data", format: "csv", includeAnonymized: false },
      },
      { ...scope, action: "export.deleted", details: {} },
    ]);
  });
});
