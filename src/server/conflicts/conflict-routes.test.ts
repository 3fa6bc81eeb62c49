import { and, count, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emptyAnswer, TEXT_TYPES } from "../../shared/forms/answers";
import { defaultFormContent, newQuestion } from "../../shared/forms/defaults";
import { liveSections } from "../../shared/forms/model";
import {
  CONFLICT_LIMITS,
  CONFLICT_MESSAGES,
  type Conflict,
  type ConflictList,
  type NoConflictConfirmation,
} from "../../shared/schemas/conflicts";
import {
  type CandidateListResult,
  type CandidateView,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
} from "../../shared/schemas/reviews";
import { auditTrail } from "../audit/test/trail";
import { conflicts, emailOutbox, programs, reviews, submissions } from "../db/schema";
import { versionContent } from "../forms/versions";
import {
  buildProgram,
  buildPublishedForm,
  buildUser,
  type Cast,
  callApi,
  signedInMember,
  withCastTestApp,
} from "../test/factories";
import type { TestApp } from "../test/harness";
import { assignReviewer, buildCandidate } from "../test/review-factories";

/**
 * Conflicts of interest through the API (docs/decisions/036-conflicts-of-interest.md): who may declare,
 * read, record and revert, what a declaration changes for the member, and that refusals change nothing.
 */
let t: TestApp;
let cast: Cast;
let cookies: Record<string, string>;
withCastTestApp((app) => {
  ({ t, cast, cookies } = app);
});

type ErrorAnswer = { error: { code: string; message: string; fields?: Record<string, string[]> } };
const call = <T = unknown>(method: string, path: string, cookie: string | undefined, body?: unknown) =>
  callApi<T>(t, method, path, cookie, body);
const conflictsPath = (programId: string, rest = "") => `/api/programs/${programId}/conflicts${rest}`;

let formId: string;
let otherFormId: string;
const make = async (identifier: string, opts: { submitted?: boolean; userId?: string } = {}) =>
  (await buildCandidate(t.deps.db, { program: cast.program, formId, identifier, ...opts })).id;

/** Rows of the conflicts table, and outbox messages: what a refused request must leave as they were. */
async function stored() {
  const [c] = await t.deps.db.select({ n: count() }).from(conflicts);
  const [e] = await t.deps.db.select({ n: count() }).from(emailOutbox);
  return { conflicts: Number(c!.n), emails: Number(e!.n) };
}

async function listOf(cookie: string) {
  const { status, body } = await call<CandidateListResult>(
    "GET",
    `/api/applications?programId=${cast.program.id}`,
    cookie,
  );
  expect(status).toBe(200);
  return { ids: body.rows.map((r) => r._id), total: body.total, progress: body.progress };
}

/** A candidate of another organization's program. */
const foreignCandidate = async () =>
  (
    await buildCandidate(t.deps.db, {
      program: cast.otherProgram,
      formId: otherFormId,
      identifier: "Foreign",
    })
  ).id;

let newEvents: ReturnType<typeof auditTrail>;
beforeAll(async () => {
  formId = (await buildPublishedForm(t.deps.db, cast.program, defaultFormContent("Conflicts form"))).formId;
  otherFormId = (
    await buildPublishedForm(t.deps.db, cast.otherProgram, defaultFormContent("Other conflicts form"))
  ).formId;
  newEvents = auditTrail(t.deps.db, cast.org.id);
});

describe("a committee member declares a conflict of interest", () => {
  it("takes the candidate out of their list, view and ratings; tells the admins; audits it", async () => {
    const assigned = await make("Conflicted Applicant");
    const other = await make("Other Applicant");
    const reviewer = cast.members.REVIEWER;
    await assignReviewer(t.deps.db, assigned, reviewer.id, cast.program.id);
    await assignReviewer(t.deps.db, other, reviewer.id, cast.program.id);
    const before = await listOf(cookies.reviewer!);
    expect(before.ids).toContain(assigned);
    await newEvents();
    const emailsBefore = (await stored()).emails;

    const { status, body } = await call<Conflict>("POST", conflictsPath(cast.program.id), cookies.reviewer, {
      submissionId: assigned,
      reason: "  She is my sister-in-law.  ",
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      submissionId: assigned,
      identifier: "Conflicted Applicant",
      member: { _id: reviewer.id, email: reviewer.email },
      reason: "She is my sister-in-law.",
      declaredBy: "self",
      recordedBy: { _id: reviewer.id },
      revertedAt: null,
      revertedBy: null,
      assigned: true,
    });

    const after = await listOf(cookies.reviewer!);
    expect(after.ids).not.toContain(assigned);
    expect(after.ids).toContain(other);
    expect(after.total).toBe(before.total - 1);
    expect(after.progress.shown).toBe(before.progress.shown - 1);
    // The candidate view and a rating are refused as for a candidate never assigned.
    expect(
      (await call("GET", `/api/applications/${cast.program.id}/${assigned}`, cookies.reviewer)).status,
    ).toBe(404);
    const save = await call("POST", "/api/reviews", cookies.reviewer, {
      submissionId: assigned,
      sections: [],
      rating: 3,
    });
    expect(save.status).toBe(404);

    expect(await newEvents()).toEqual([
      {
        action: "conflict.declared",
        actorUserId: reviewer.id,
        subjectType: "submission",
        subjectId: assigned,
        subjectLabel: "Conflicted Applicant",
        programId: cast.program.id,
        details: { member: `REVIEWER person (${reviewer.email})` },
      },
    ]);
    // One notice per program admin (ADMIN and ADMIN_REVIEWER), never to the member; no reason in it.
    const notices = await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "conflict-notice"));
    expect((await stored()).emails).toBe(emailsBefore + 2);
    expect(notices.map((n) => n.to[0]).sort()).toEqual(
      [cast.members.ADMIN.email, cast.members.ADMIN_REVIEWER.email].sort(),
    );
    expect(notices[0]!.text).toContain("REVIEWER person");
    expect(notices[0]!.text).toContain("Conflicted Applicant");
    expect(notices[0]!.text).not.toContain("sister-in-law");

    // Declaring it again: 409, nothing more written.
    const again = await call<ErrorAnswer>("POST", conflictsPath(cast.program.id), cookies.reviewer, {
      submissionId: assigned,
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(CONFLICT_MESSAGES.alreadyDeclared);
  });

  it("shows a member their own conflicts only, and an admin every one", async () => {
    const candidate = await make("Seen By Two");
    const second = await signedInMember(t, cast.program, "Second Reviewer");
    expect(
      (await call("POST", conflictsPath(cast.program.id), second.cookie, { submissionId: candidate })).status,
    ).toBe(201);
    const mine = await call<ConflictList>("GET", conflictsPath(cast.program.id), second.cookie);
    expect(mine.status).toBe(200);
    expect(mine.body.conflicts.map((c) => c.member._id)).toEqual([second.id]);
    expect(mine.body.suggestions).toEqual([]);
    const reviewers = await call<ConflictList>("GET", conflictsPath(cast.program.id), cookies.reviewer);
    expect(reviewers.body.conflicts.every((c) => c.member._id === cast.members.REVIEWER.id)).toBe(true);
    expect(JSON.stringify(reviewers.body)).not.toContain(second.email);
    const admin = await call<ConflictList>("GET", conflictsPath(cast.program.id), cookies.admin);
    expect(admin.status).toBe(200);
    const members = new Set(admin.body.conflicts.map((c) => c.member._id));
    expect(members.has(second.id) && members.has(cast.members.REVIEWER.id)).toBe(true);
    expect(admin.body.active).toBe(admin.body.conflicts.filter((c) => c.revertedAt === null).length);
  });

  it("lets an admin-reviewer read the candidate still, but not rate it", async () => {
    const candidate = await make("Admin Reviewer Conflict");
    const declared = await call("POST", conflictsPath(cast.program.id), cookies.adminReviewer, {
      submissionId: candidate,
    });
    expect(declared.status).toBe(201);
    expect(
      (await call("GET", `/api/applications/${cast.program.id}/${candidate}`, cookies.adminReviewer)).status,
    ).toBe(200);
    const save = await call<ErrorAnswer>("POST", "/api/reviews", cookies.adminReviewer, {
      submissionId: candidate,
      sections: [],
      rating: 3,
    });
    expect(save.status).toBe(409);
    expect(save.body.error.message).toBe(REVIEW_MESSAGES.conflicted);
    // Their list still shows it, marked as theirs to not declare again; another admin's list says nothing.
    const rowFor = async (cookie: string) => {
      const list = await call<CandidateListResult>(
        "GET",
        `/api/applications?programId=${cast.program.id}&pageSize=${REVIEW_LIMITS.maxPageSize}`,
        cookie,
      );
      expect(list.status).toBe(200);
      return list.body.rows.find((row) => row._id === candidate);
    };
    expect((await rowFor(cookies.adminReviewer!))?.conflicted).toBe(true);
    const adminsRow = await rowFor(cookies.admin!);
    expect(adminsRow).toBeDefined();
    expect(adminsRow).not.toHaveProperty("conflicted");
  });
});

describe("who may not", () => {
  it("refuses guests, applicants, plain admins for themselves, the signed out and other organizations: nothing changes", async () => {
    const candidate = await make("Nobody Declares");
    const before = await stored();
    for (const who of ["guest", "applicant", "otherOrgAdmin", "admin", "orgAdmin"]) {
      const answer = await call("POST", conflictsPath(cast.program.id), cookies[who], {
        submissionId: candidate,
      });
      expect([who, answer.status]).toEqual([who, 404]);
    }
    expect(
      (await call("POST", conflictsPath(cast.program.id), undefined, { submissionId: candidate })).status,
    ).toBe(401);
    for (const who of ["guest", "applicant", "otherOrgAdmin"]) {
      const list = await call("GET", conflictsPath(cast.program.id), cookies[who]);
      expect([who, list.status]).toEqual([who, 404]);
    }
    expect((await call("GET", conflictsPath(cast.program.id), undefined)).status).toBe(401);
    expect(await stored()).toEqual(before);
  });

  it("refuses a reviewer recording a conflict for someone else, or reverting one", async () => {
    const candidate = await make("Not Yours To Declare");
    const before = await stored();
    const onBehalf = await call("POST", conflictsPath(cast.program.id), cookies.reviewer, {
      submissionId: candidate,
      userId: cast.members.ADMIN_REVIEWER.id,
    });
    expect(onBehalf.status).toBe(404);
    expect(await stored()).toEqual(before);

    const recorded = await call<Conflict>("POST", conflictsPath(cast.program.id), cookies.admin, {
      submissionId: candidate,
      userId: cast.members.ADMIN_REVIEWER.id,
    });
    expect(recorded.status).toBe(201);
    for (const who of ["reviewer", "guest", "applicant", "otherOrgAdmin"]) {
      const revert = await call(
        "DELETE",
        conflictsPath(cast.program.id, `/${recorded.body._id}`),
        cookies[who],
      );
      expect([who, revert.status]).toEqual([who, 404]);
    }
    // Through another organization's program: not found either.
    const elsewhere = await call(
      "DELETE",
      conflictsPath(cast.otherProgram.id, `/${recorded.body._id}`),
      cookies.otherOrgAdmin,
    );
    expect(elsewhere.status).toBe(404);
    const [row] = await t.deps.db.select().from(conflicts).where(eq(conflicts.id, recorded.body._id));
    expect(row!.revertedAt).toBeNull();
  });

  it("never reaches a candidate of another program through this one", async () => {
    const foreign = await foreignCandidate();
    const sibling = await buildProgram(t.deps.db, cast.org.id, { name: "Sibling program" });
    const before = await stored();
    for (const [cookie, programId] of [
      [cookies.reviewer, cast.program.id],
      [cookies.admin, cast.program.id],
      [cookies.orgAdmin, sibling.id],
    ] as const) {
      const answer = await call("POST", conflictsPath(programId), cookie, {
        submissionId: foreign,
        userId: cast.members.REVIEWER.id,
      });
      expect(answer.status).toBe(404);
    }
    expect(await stored()).toEqual(before);
  });
});

describe("bad input", () => {
  it("answers 400 with the field for a malformed body, never 500", async () => {
    const candidate = await make("Bad Input");
    const before = await stored();
    const cases: [unknown, string][] = [
      [{}, "submissionId"],
      [{ submissionId: candidate, reason: "x".repeat(CONFLICT_LIMITS.reasonLength + 1) }, "reason"],
      [{ submissionId: candidate, extra: true }, ""],
      [{ submissionId: 42 }, "submissionId"],
    ];
    for (const [body, field] of cases) {
      const answer = await call<ErrorAnswer>("POST", conflictsPath(cast.program.id), cookies.reviewer, body);
      expect(answer.status).toBe(400);
      if (field) expect(Object.keys(answer.body.error.fields ?? {})).toContain(field);
    }
    // A member who does not rate (a guest), or an id that names nobody: a field error.
    for (const userId of [cast.members.GUEST.id, "no-such-user", cast.stranger.id]) {
      const answer = await call<ErrorAnswer>("POST", conflictsPath(cast.program.id), cookies.admin, {
        submissionId: candidate,
        userId,
      });
      expect(answer.status).toBe(400);
      expect(answer.body.error.fields?.userId).toEqual([CONFLICT_MESSAGES.notOnCommittee]);
    }
    // A draft: the reviewer does not see it; the admin is told why.
    const draft = await make("A Draft", { submitted: false });
    expect(
      (await call("POST", conflictsPath(cast.program.id), cookies.reviewer, { submissionId: draft })).status,
    ).toBe(404);
    const onDraft = await call<ErrorAnswer>("POST", conflictsPath(cast.program.id), cookies.admin, {
      submissionId: draft,
      userId: cast.members.REVIEWER.id,
    });
    expect(onDraft.status).toBe(409);
    expect(onDraft.body.error.message).toBe(CONFLICT_MESSAGES.notReviewable);
    for (const id of ["not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      expect((await call("DELETE", conflictsPath(cast.program.id, `/${id}`), cookies.admin)).status).toBe(
        404,
      );
    }
    expect(await stored()).toEqual(before);
  });
});

describe("an admin reverts a conflict", () => {
  it("puts the candidate back in the member's list, keeps the row, audits it, and refuses a second revert", async () => {
    const candidate = await make("Reverted Applicant");
    const reviewer = await signedInMember(t, cast.program, "Reverting Reviewer");
    await assignReviewer(t.deps.db, candidate, reviewer.id, cast.program.id);
    const declared = await call<Conflict>("POST", conflictsPath(cast.program.id), reviewer.cookie, {
      submissionId: candidate,
    });
    expect((await listOf(reviewer.cookie)).ids).not.toContain(candidate);
    await newEvents();
    const reverted = await call<Conflict>(
      "DELETE",
      conflictsPath(cast.program.id, `/${declared.body._id}`),
      cookies.admin,
    );
    expect(reverted.status).toBe(200);
    expect(reverted.body.revertedBy?._id).toBe(cast.members.ADMIN.id);
    expect(reverted.body.revertedAt).not.toBeNull();
    expect((await listOf(reviewer.cookie)).ids).toContain(candidate);
    expect((await newEvents()).map((e) => [e.action, e.subjectId, e.details])).toEqual([
      ["conflict.reverted", candidate, { member: `Reverting Reviewer (${reviewer.email})` }],
    ]);
    const again = await call<ErrorAnswer>(
      "DELETE",
      conflictsPath(cast.program.id, `/${declared.body._id}`),
      cookies.admin,
    );
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(CONFLICT_MESSAGES.alreadyReverted);
    // Kept: the admin's list still shows it, reverted; the member may declare it again.
    const all = await call<ConflictList>("GET", conflictsPath(cast.program.id), cookies.admin);
    expect(all.body.conflicts.find((c) => c._id === declared.body._id)?.revertedAt).toBe(
      reverted.body.revertedAt,
    );
    expect(
      (await call("POST", conflictsPath(cast.program.id), reviewer.cookie, { submissionId: candidate }))
        .status,
    ).toBe(201);
  });
});

describe("suggested conflicts and replacements", () => {
  it("suggests a member who shares the applicant's email domain, never a free-mail one, and applies nothing", async () => {
    const program = await buildProgram(t.deps.db, cast.org.id, { name: "Suggestions" });
    const form = (await buildPublishedForm(t.deps.db, program, defaultFormContent("Suggestions form")))
      .formId;
    const applicant = await buildUser(t.deps.db, { applicant: true, email: "ada@Univ-Example.org" });
    const gmailApplicant = await buildUser(t.deps.db, { applicant: true, email: "bo@gmail.com" });
    const a = await buildCandidate(t.deps.db, {
      program,
      formId: form,
      identifier: "Ada",
      userId: applicant.id,
    });
    await buildCandidate(t.deps.db, { program, formId: form, identifier: "Bo", userId: gmailApplicant.id });
    const colleague = await signedInMember(t, program, "Colleague", "REVIEWER", "colleague@univ-example.org");
    await signedInMember(t, program, "Gmail Reviewer", "REVIEWER", "someone@gmail.com");
    await signedInMember(t, program, "Guest Colleague", "GUEST", "guest@univ-example.org");
    const admin = await signedInMember(t, program, "Suggestions Admin", "ADMIN");
    const before = await stored();
    const list = await call<ConflictList>("GET", conflictsPath(program.id), admin.cookie);
    expect(list.body.suggestions).toEqual([
      {
        submissionId: a.id,
        identifier: "Ada",
        member: { _id: colleague.id, name: "Colleague", email: "colleague@univ-example.org" },
        domain: "univ-example.org",
      },
    ]);
    expect(await stored()).toEqual(before);
    // Confirmed by the admin: recorded, and no longer suggested.
    const confirmed = await call<Conflict>("POST", conflictsPath(program.id), admin.cookie, {
      submissionId: a.id,
      userId: colleague.id,
    });
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.declaredBy).toBe("admin");
    expect(
      (await call<ConflictList>("GET", conflictsPath(program.id), admin.cookie)).body.suggestions,
    ).toEqual([]);
  });

  it("suggests from a guest's contact email, never from a free-mail one or an account's other answers", async () => {
    const program = await buildProgram(t.deps.db, cast.org.id, { name: "Guest suggestions" });
    const content = defaultFormContent("Guest suggestions form");
    const contact = newQuestion("SHORT_ANSWER", "Contact email");
    contact.validations = { active: true, type: "EMAIL", max: 0, min: 0 };
    content.sections[0]!.questions.push(contact);
    const form = (await buildPublishedForm(t.deps.db, program, content)).formId;
    const contactAnswer = (email: string) => ({
      ...emptyAnswer(contact, content.sections[0]!._id),
      answerString: email,
    });
    const guest = (identifier: string, email: string | null, submitted = true) =>
      buildCandidate(t.deps.db, {
        program,
        formId: form,
        identifier,
        userId: null,
        submitted,
        answers: email === null ? [] : [contactAnswer(email)],
      });
    const lab = await guest("Lab Guest", "Pat@Guest-Lab.example");
    await guest("Free-mail Guest", "pat@gmail.com");
    await guest("Silent Guest", null);
    await guest("Draft Guest", "dee@guest-lab.example", false);
    // An account applies: its own address counts, not the contact email it answered.
    const account = await buildUser(t.deps.db, {
      applicant: true,
      email: "acc@free-domain-applicant.example",
    });
    await buildCandidate(t.deps.db, {
      program,
      formId: form,
      identifier: "Account Applicant",
      userId: account.id,
      answers: [contactAnswer("acc@guest-lab.example")],
    });
    const colleague = await signedInMember(t, program, "Lab Colleague", "REVIEWER", "lab@guest-lab.example");
    await signedInMember(t, program, "Gmail Member", "REVIEWER", "member@gmail.com");
    const admin = await signedInMember(t, program, "Guest Suggestions Admin", "ADMIN");

    const list = await call<ConflictList>("GET", conflictsPath(program.id), admin.cookie);
    expect(list.status).toBe(200);
    expect(list.body.suggestions).toEqual([
      {
        submissionId: lab.id,
        identifier: "Lab Guest",
        member: { _id: colleague.id, name: "Lab Colleague", email: "lab@guest-lab.example" },
        domain: "guest-lab.example",
      },
    ]);
  });

  it("offers the least loaded eligible reviewer as a replacement, never a conflicted or assigned one", async () => {
    const program = await buildProgram(t.deps.db, cast.org.id, { name: "Replacements" });
    const form = (await buildPublishedForm(t.deps.db, program, defaultFormContent("Replacement form")))
      .formId;
    const build = (identifier: string) => buildCandidate(t.deps.db, { program, formId: form, identifier });
    const [x, y] = [await build("X"), await build("Y")];
    const declaring = await signedInMember(t, program, "Declaring");
    const busy = await signedInMember(t, program, "Busy");
    const free = await signedInMember(t, program, "Free");
    const conflictedToo = await signedInMember(t, program, "Also Conflicted");
    const admin = await signedInMember(t, program, "Replacement Admin", "ADMIN");
    await assignReviewer(t.deps.db, x.id, declaring.id, program.id);
    await assignReviewer(t.deps.db, y.id, busy.id, program.id);
    await call("POST", conflictsPath(program.id), admin.cookie, {
      submissionId: x.id,
      userId: conflictedToo.id,
    });
    const declared = await call<Conflict>("POST", conflictsPath(program.id), declaring.cookie, {
      submissionId: x.id,
    });
    const offer = await call<{ reviewer: { _id: string } | null }>(
      "GET",
      conflictsPath(program.id, `/${declared.body._id}/replacement`),
      admin.cookie,
    );
    expect(offer.status).toBe(200);
    expect(offer.body.reviewer?._id).toBe(free.id);
    expect(
      (await call("GET", conflictsPath(program.id, `/${declared.body._id}/replacement`), declaring.cookie))
        .status,
    ).toBe(404);
  });
});

describe("the program asks reviewers to confirm they have no conflict before opening an application", () => {
  const confirmPath = (programId: string, submissionId: string) =>
    `/api/programs/${programId}/submissions/${submissionId}/no-conflict`;
  const viewOf = (cookie: string | undefined, submissionId: string) =>
    call<CandidateView>("GET", `/api/applications/${cast.program.id}/${submissionId}`, cookie);
  const reviewRow = async (submissionId: string, userId: string) =>
    (
      await t.deps.db
        .select()
        .from(reviews)
        .where(and(eq(reviews.submissionId, submissionId), eq(reviews.userId, userId)))
    )[0];
  const confirmations = async () =>
    Number(
      (
        await t.deps.db.select({ n: count() }).from(reviews).where(isNotNull(reviews.noConflictConfirmedAt))
      )[0]!.n,
    );

  const writtenAnswers = (view: CandidateView) =>
    view.answers.map((a) => ("answerString" in a ? a.answerString : null));

  /** A candidate with one written answer, "The secret plan", to the form's first text question. */
  async function answered(identifier: string) {
    const content = await versionContent(t.deps.db, formId, 1);
    const section = liveSections(content.sections).find((s) =>
      s.questions.some((q) => TEXT_TYPES.has(q.type)),
    )!;
    const question = section.questions.find((q) => TEXT_TYPES.has(q.type))!;
    const answers = [{ ...emptyAnswer(question, section._id), answerString: "The secret plan" }];
    return (await buildCandidate(t.deps.db, { program: cast.program, formId, identifier, answers })).id;
  }

  beforeAll(async () => {
    await t.deps.db
      .update(programs)
      .set({ reviewSettings: { askNoConflict: true } })
      .where(eq(programs.id, cast.program.id));
  });
  afterAll(async () => {
    await t.deps.db.update(programs).set({ reviewSettings: {} }).where(eq(programs.id, cast.program.id));
  });

  it("withholds the answers until the member confirms, stores the confirmation on an unrated review, then shows them", async () => {
    const candidate = await answered("Confirm First");
    const reviewer = cast.members.REVIEWER;
    const before = await viewOf(cookies.reviewer, candidate);
    expect(before.status).toBe(200);
    expect(before.body.confirmNoConflict).toBe(true);
    expect(before.body.answers).toEqual([]);
    expect(JSON.stringify(before.body)).not.toContain("The secret plan");
    // Translating an answer is refused as well until then.
    const translation = await call<ErrorAnswer>(
      "POST",
      `/api/applications/${cast.program.id}/${candidate}/answers/any-question/translation`,
      cookies.reviewer,
      { target: "fr" },
    );
    expect(translation.status).toBe(409);
    expect(translation.body.error.message).toBe(CONFLICT_MESSAGES.confirmNoConflict);
    expect(await reviewRow(candidate, reviewer.id)).toBeUndefined();

    const confirmed = await call<NoConflictConfirmation>(
      "POST",
      confirmPath(cast.program.id, candidate),
      cookies.reviewer,
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.submissionId).toBe(candidate);
    const row = await reviewRow(candidate, reviewer.id);
    expect(row).toMatchObject({ rating: -1, startedAt: null, sections: [] });
    expect(row!.noConflictConfirmedAt!.toISOString()).toBe(confirmed.body.confirmedAt);
    // Not a started review, not a rating: the candidate's review count and the member's rated count stay 0.
    const [submission] = await t.deps.db.select().from(submissions).where(eq(submissions.id, candidate));
    expect(submission!.reviewCount).toBe(0);
    const rated = await call<{ count: number }>(
      "GET",
      `/api/reviews/${reviewer.id}/${cast.program.id}?count=true`,
      cookies.reviewer,
    );
    expect(rated.body.count).toBe(0);
    const list = await listOf(cookies.reviewer!);
    expect(list.ids).toContain(candidate);

    const after = await viewOf(cookies.reviewer, candidate);
    expect(after.body.confirmNoConflict).toBeUndefined();
    expect(writtenAnswers(after.body)).toEqual(["The secret plan"]);
    expect(after.body.review).toMatchObject({ _id: row!.id, rating: -1, started: false });

    // A second confirmation keeps the first; the review saves as usual from what the view gave.
    const again = await call<NoConflictConfirmation>(
      "POST",
      confirmPath(cast.program.id, candidate),
      cookies.reviewer,
    );
    expect(again.body.confirmedAt).toBe(confirmed.body.confirmedAt);
    const saved = await call("POST", "/api/reviews", cookies.reviewer, {
      submissionId: candidate,
      sections: [],
      rating: 3,
      expected: { lastReviewed: after.body.review!.lastReviewed },
    });
    expect(saved.status).toBe(200);
    expect((await reviewRow(candidate, reviewer.id))!.noConflictConfirmedAt!.toISOString()).toBe(
      confirmed.body.confirmedAt,
    );
  });

  it("asks admin-reviewers too, but not guests (they only read) nor admins who do not review", async () => {
    const candidate = await answered("Who Is Asked");
    expect((await viewOf(cookies.adminReviewer, candidate)).body).toMatchObject({
      confirmNoConflict: true,
      answers: [],
    });
    for (const who of ["guest", "admin", "orgAdmin"]) {
      const view = await viewOf(cookies[who], candidate);
      expect([who, view.status, view.body.confirmNoConflict]).toEqual([who, 200, undefined]);
      expect(writtenAnswers(view.body)).toEqual(["The secret plan"]);
    }
  });

  it("refuses whoever may not rate the candidate, another organization and another program's candidate: nothing stored", async () => {
    const candidate = await answered("Not Theirs To Confirm");
    const elsewhere = await make("Assigned Elsewhere");
    await assignReviewer(t.deps.db, elsewhere, cast.members.ADMIN_REVIEWER.id, cast.program.id);
    const foreign = await foreignCandidate();
    const before = await confirmations();
    for (const who of ["guest", "applicant", "admin", "orgAdmin", "otherOrgAdmin"]) {
      const answer = await call("POST", confirmPath(cast.program.id, candidate), cookies[who]);
      expect([who, answer.status]).toEqual([who, 404]);
    }
    expect((await call("POST", confirmPath(cast.program.id, candidate), undefined)).status).toBe(401);
    // Another reviewer's candidate (assigned to someone else), and another organization's through this program.
    expect((await call("POST", confirmPath(cast.program.id, elsewhere), cookies.reviewer)).status).toBe(404);
    expect((await call("POST", confirmPath(cast.program.id, foreign), cookies.reviewer)).status).toBe(404);
    expect(
      (await call("POST", confirmPath(cast.otherProgram.id, foreign), cookies.otherOrgAdmin)).status,
    ).toBe(404);
    expect((await call("POST", confirmPath(cast.program.id, "not-a-uuid"), cookies.reviewer)).status).toBe(
      404,
    );
    expect(await confirmations()).toBe(before);
  });

  it("refuses a member who declared a conflict with the candidate", async () => {
    const candidate = await answered("Declared Instead");
    const declared = await call("POST", conflictsPath(cast.program.id), cookies.reviewer, {
      submissionId: candidate,
    });
    expect(declared.status).toBe(201);
    const before = await confirmations();
    const answer = await call<ErrorAnswer>("POST", confirmPath(cast.program.id, candidate), cookies.reviewer);
    expect(answer.status).toBe(409);
    expect(answer.body.error.message).toBe(CONFLICT_MESSAGES.declaredSoNoConfirmation);
    expect(await confirmations()).toBe(before);
  });
});
