import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { FormResult } from "../../../../shared/schemas/forms";
import {
  buildPublishedForm,
  buildUser,
  type Cast,
  callApi,
  type ParsedAnswer,
  withCastTestApp,
} from "../../factories";
import { TEST_PASSWORD, type TestApp } from "../../harness";
import { buildCandidate } from "../../review-factories";
import { hostileAnswers, hostileForm } from "./hostile-content";
import { HOSTILE_PAYLOADS } from "./payloads";
import { askUpload } from "./surfaces";

/**
 * The NUL payload on its own: PostgreSQL text cannot hold U+0000, so every free-text field must
 * either refuse it (400 with field errors) or store it without it — never answer 500. The rendering
 * suites leave it out for that reason (see STORABLE_PAYLOADS).
 */

let t: TestApp;
let cast: Cast;
let cookies: Record<string, string>;
withCastTestApp((app) => {
  ({ t, cast, cookies } = app);
});

const NUL = HOSTILE_PAYLOADS.find((p) => p.id === "nul")!;
let form: Awaited<ReturnType<typeof buildPublishedForm>> & { content: ReturnType<typeof hostileForm> };
let candidateId: string;

beforeAll(async () => {
  const content = hostileForm("Plain text");
  form = { ...(await buildPublishedForm(t.deps.db, cast.program, content.content)), content };
  candidateId = (
    await buildCandidate(t.deps.db, {
      program: cast.program,
      formId: form.formId,
      identifier: "Plain",
      userId: cast.applicant.id,
    })
  ).id;
});

const as = (who: string) => (method: string, path: string, body?: unknown) =>
  callApi(t, method, path, cookies[who], body);

/** A draft of a new applicant on the cast's form, and their cookie. */
async function draft() {
  const person = await buildUser(t.deps.db, { applicant: true });
  const cookie = await t.signIn(person.email);
  const opened = await callApi<{ submissionId: string }>(t, "POST", "/api/submissions", cookie, {
    linkId: form.linkId,
  });
  return { cookie, submissionId: opened.body.submissionId };
}

/** Answers on the cast's form: every text answer `text`, the identifier `identifier`. */
const answers = (text: string, identifier: string) =>
  hostileAnswers(form.content.content, text).map((a) =>
    a.type === "IDENTIFIER" ? { ...a, answerString: identifier } : a,
  );

/** A new program's form whose name holds `text`, published, and an application to it submitted. */
async function submitToFormNamed(text: string): Promise<ParsedAnswer<unknown>> {
  const admin = as("orgAdmin");
  const created = await admin("POST", "/api/programs", { displayName: `NUL ${randomUUID()}` });
  const programId = (created.body as { program: { id: string } }).program.id;
  const { form: empty } = (await admin("GET", `/api/forms/program/${programId}`)).body as FormResult;
  const built = hostileForm("Plain text");
  const saved = await admin("PUT", `/api/forms/${empty._id}`, {
    revision: empty.revision,
    content: { ...built.content, name: text },
  });
  if (saved.status !== 200) return saved;
  await admin("POST", `/api/forms/${empty._id}/publish`, {
    revision: (saved.body as { revision: number }).revision,
  });
  const { form: published } = (await admin("GET", `/api/forms/program/${programId}`)).body as FormResult;
  const person = await buildUser(t.deps.db, { applicant: true });
  const cookie = await t.signIn(person.email);
  const opened = await callApi<{ submissionId: string }>(t, "POST", "/api/submissions", cookie, {
    linkId: published.submissionLinks.at(-1)!._id,
  });
  const id = opened.body.submissionId;
  await callApi(t, "PATCH", `/api/submissions/${id}`, cookie, {
    revision: 0,
    answers: hostileAnswers(built.content, "Plain"),
  });
  return callApi(t, "PATCH", `/api/submissions/submissionDate/${id}`, cookie, {
    submitted: true,
    revision: 1,
  });
}

/** Each free-text entry point, sent the NUL payload. */
const CASES: Record<string, (text: string) => Promise<ParsedAnswer<unknown>>> = {
  "organization name": (name) =>
    as("orgAdmin")("POST", "/api/organizations/updateOrg", { orgId: cast.org.id, name, increment: 1 }),
  "organization name at sign-up": async (organizationName) => {
    const { plans } = (await callApi<{ plans: { _id: string }[] }>(t, "GET", "/api/plans", undefined)).body;
    return callApi(t, "POST", "/api/users/create", undefined, {
      displayName: "Founder",
      email: `founder-${randomUUID()}@example.test`,
      password: TEST_PASSWORD,
      organizationName,
      organizationPlan: plans[0]!._id,
    });
  },
  "applicant name at sign-up": (displayName) =>
    callApi(t, "POST", "/api/users/create", undefined, {
      displayName,
      email: `applicant-${randomUUID()}@example.test`,
      password: TEST_PASSWORD,
      applicant: true,
    }),
  "user name": (name) => as("reviewer")("PATCH", `/api/users/${cast.members.REVIEWER.id}/name`, { name }),
  "program name": (displayName) => as("orgAdmin")("POST", "/api/programs", { displayName }),
  "program rename": (name) => as("orgAdmin")("PATCH", `/api/programs/${cast.program.id}/name`, { name }),
  "form name, then an applicant submits": submitToFormNamed,
  "identifier answer": async (text) => {
    const { cookie, submissionId } = await draft();
    return callApi(t, "PATCH", `/api/submissions/${submissionId}`, cookie, {
      revision: 0,
      answers: answers("Plain", text),
    });
  },
  "text answers and table cells": async (text) => {
    const { cookie, submissionId } = await draft();
    return callApi(t, "PATCH", `/api/submissions/${submissionId}`, cookie, {
      revision: 0,
      answers: answers(text, "Plain"),
    });
  },
  "text answers, then the application's PDF": async (text) => {
    const { cookie, submissionId } = await draft();
    await callApi(t, "PATCH", `/api/submissions/${submissionId}`, cookie, {
      revision: 0,
      answers: answers(text, "Plain"),
    });
    const res = await t.request(`/api/submissions/${submissionId}/pdf`, { cookie });
    return { status: res.status, body: null, text: res.status >= 400 ? await res.text() : "a PDF" };
  },
  "file name": async (filename) => {
    const { cookie, submissionId } = await draft();
    return askUpload(t, cookie, { submissionId, questionId: form.content.ids.file, filename, size: 10 });
  },
  "review comment": (value) =>
    as("reviewer")("POST", "/api/reviews/comments", {
      submissionId: candidateId,
      sectionId: form.content.content.sections[0]!._id,
      value,
    }),
  "reviewer group": (name) =>
    as("admin")("POST", "/api/reviewerGroups", { programId: cast.program.id, name, description: name }),
  "committee email": (text) =>
    as("admin")("POST", "/api/email/custom", {
      programId: cast.program.id,
      submissionIds: [candidateId],
      subject: text,
      body: text,
      idempotencyKey: randomUUID(),
    }),
  "assignment search": (search) =>
    as("admin")(
      "GET",
      `/api/admin/assignments?${new URLSearchParams({ programId: cast.program.id, search })}`,
    ),
  feedback: (comment) =>
    as("reviewer")("POST", "/api/email", { experience: "bad", feedbackType: "Bug", comment }),
  "error report": (message) => callApi(t, "POST", "/api/email/error", undefined, { code: "E", message }),
};

describe("a NUL byte in a free-text field", () => {
  for (const [field, send] of Object.entries(CASES)) {
    it(`${field}: stored without it or refused with field errors, never a server error`, async () => {
      const answer = await send(NUL.text);
      expect(answer.status, answer.text).toBeLessThan(500);
      if (answer.status >= 400) {
        expect(answer.status).toBe(400);
        expect(answer.text).toContain('"fields"');
      }
    });
  }
});
