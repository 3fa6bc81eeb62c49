import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Answer } from "../../shared/forms/answers";
import {
  defaultFormContent,
  newOption,
  newQuestion,
  newSection,
  newTableColumn,
} from "../../shared/forms/defaults";
import type { FormContent, Question, Section } from "../../shared/forms/model";
import type { SubmissionResult } from "../../shared/schemas/submissions";
import { emailOutbox, formLinks, submissionEdits, submissions } from "../db/schema";
import { buildProgram, buildPublishedForm, buildUser, type Cast, withCastTestApp } from "../test/factories";
import type { TestApp } from "../test/harness";

let t: TestApp;
let cast: Cast;
let cookies: Record<string, string>;
withCastTestApp((app) => {
  ({ t, cast, cookies } = app);
});

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

/** About you (identifier, email, smart choice) → Arts (essay ≤ 5 words, one PDF) or straight to Budget (table). */
function applicationForm(name: string): FormContent {
  const content = defaultFormContent(name);
  const identifier = { ...newQuestion("IDENTIFIER", "Your name"), _id: "name", required: true };
  const email: Question = {
    ...newQuestion("SHORT_ANSWER", "Email"),
    _id: "email",
    validations: { active: true, type: "EMAIL", max: 0, min: 0 },
  };
  const track: Question = {
    ...newQuestion("MULTIPLE_CHOICE", "Track"),
    _id: "track",
    required: true,
    smart: true,
    x_options: [
      { ...newOption("Arts"), _id: "arts" },
      { ...newOption("Science"), _id: "science" },
    ],
    routes: { science: "budget" },
  };
  const essay: Question = {
    ...newQuestion("PARAGRAPHS", "Essay"),
    _id: "essay",
    required: true,
    validations: { active: true, type: "WORD", max: 5, min: 0 },
  };
  const portfolio: Question = {
    ...newQuestion("FILE_UPLOAD", "Portfolio"),
    _id: "portfolio",
    required: true,
    files: { maxFiles: 1, fileType: "pdf" },
  };
  const budget: Question = {
    ...newQuestion("SIMPLE_TABLE", "Budget"),
    _id: "budget-table",
    required: true,
    columns: [{ ...newTableColumn("Item"), required: true }, newTableColumn("Amount")],
  };
  const section = (id: string, title: string, questions: Question[]): Section => ({
    ...newSection(title, "Admin Info"),
    _id: id,
    questions,
  });
  return {
    ...content,
    sections: [
      section("about", "About you", [identifier, email, track]),
      section("arts", "Arts", [essay, portfolio]),
      section("budget", "Budget", [budget]),
    ],
  };
}

const answer = (
  questionId: string,
  sectionId: string,
  type: Answer["type"],
  patch: Partial<Answer> = {},
): Answer => ({
  questionId,
  sectionId,
  type,
  answerString: "",
  answerArray: [],
  answerMatrix: [],
  ...patch,
});
const aboutAnswers = (track: "arts" | "science") => [
  answer("name", "about", "IDENTIFIER", { answerString: "Élodie Dœuf" }),
  answer("email", "about", "SHORT_ANSWER", { answerString: "elodie@example.org" }),
  answer("track", "about", "MULTIPLE_CHOICE", { answerArray: [track] }),
];
const budgetAnswer = answer("budget-table", "budget", "SIMPLE_TABLE", {
  answerMatrix: [{ id: "r1", column_0: "Paint", column_1: "200" }],
});

const TOKEN = "x-submission-token";
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string[]> } })
    .error;

let form: Awaited<ReturnType<typeof buildPublishedForm>>;
beforeAll(async () => {
  form = await buildPublishedForm(t.deps.db, cast.program, applicationForm("Arts 2026 application"));
});

async function openAsGuest(linkId = form.linkId) {
  const res = await t.request("/api/submissions", { method: "POST", body: { linkId } });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { submissionId: string; token: string };
  expect(body.token).toMatch(/^[\w-]{40,}$/);
  return body;
}
async function load(id: string, init: { cookie?: string; headers?: Record<string, string> }) {
  return t.request(`/api/submissions/${id}`, init);
}
async function save(
  id: string,
  revision: number,
  answers: Answer[],
  init: { cookie?: string; headers?: Record<string, string> },
) {
  return t.request(`/api/submissions/${id}`, { method: "PATCH", body: { revision, answers }, ...init });
}
async function upload(
  submissionId: string,
  questionId: string,
  filename: string,
  bytes: Uint8Array,
  headers: Record<string, string>,
) {
  const query = new URLSearchParams({ submissionId, questionId, filename, size: String(bytes.byteLength) });
  const grant = await t.request(`/api/files/signedUrl/private/putObject?${query}`, { headers });
  if (grant.status !== 200) return grant;
  const { uploadUrl } = (await grant.json()) as { uploadUrl: string };
  return t.app.request(uploadUrl, {
    method: "PUT",
    headers: { origin: "http://localhost:3000", "content-type": "application/octet-stream", ...headers },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
}

describe("form links", () => {
  it("shows the published version to anyone while the applicant link is open", async () => {
    const res = await t.request(`/api/forms/link/${form.linkId}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      kind: "submission",
      availability: "open",
      form: { name: "Arts 2026 application", version: 1, accepting: true },
    });
  });

  it("disables the preview of a published form, and knows no made-up link", async () => {
    const preview = await (await t.request(`/api/forms/link/${form.previewLinkId}`)).json();
    expect(preview).toMatchObject({ kind: "preview", availability: "previewDisabled", form: null });
    expect((await t.request("/api/forms/link/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await t.request("/api/forms/link/not-a-uuid")).status).toBe(404);
  });
});

describe("a guest's application", () => {
  it("is reached with its token only: not anonymously, not by another applicant, not by a reviewer or another organization", async () => {
    const { submissionId, token } = await openAsGuest();
    const withToken = await load(submissionId, { headers: { [TOKEN]: token } });
    expect(withToken.status).toBe(200);
    expect(((await withToken.json()) as SubmissionResult).access).toBe("owner");
    const stranger = await buildUser(t.deps.db, { applicant: true });
    for (const init of [
      {},
      { headers: { [TOKEN]: `${token}x` } },
      { cookie: cookies.applicant },
      { cookie: await t.signIn(stranger.email) },
      { cookie: cookies.reviewer },
      { cookie: cookies.guest },
      { cookie: cookies.otherOrgAdmin },
    ]) {
      const res = await load(submissionId, init);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain("Arts 2026");
    }
    for (const cookie of [cookies.admin, cookies.adminReviewer, cookies.orgAdmin]) {
      const res = await load(submissionId, { cookie });
      expect(res.status).toBe(200);
      expect(((await res.json()) as SubmissionResult).access).toBe("admin");
    }
  });

  it("saves answers with a revision: a stale tab is refused and never overwrites", async () => {
    const { submissionId, token } = await openAsGuest();
    const headers = { [TOKEN]: token };
    const first = await save(submissionId, 0, aboutAnswers("arts"), { headers });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ revision: 1, identifier: "Élodie Dœuf" });
    const stale = await save(
      submissionId,
      0,
      [answer("name", "about", "IDENTIFIER", { answerString: "Old" })],
      { headers },
    );
    expect(stale.status).toBe(409);
    expect((await errorOf(stale)).code).toBe("STALE_REVISION");
    const view = (await (await load(submissionId, { headers })).json()) as SubmissionResult;
    expect(view.submission).toMatchObject({ revision: 1, identifier: "Élodie Dœuf", submissionDate: null });
    expect(view.submission.answers.find((a) => a.questionId === "name")?.answerString).toBe("Élodie Dœuf");
  });

  it("refuses answers that do not fit the form, storing nothing", async () => {
    const { submissionId, token } = await openAsGuest();
    const headers = { [TOKEN]: token };
    const cases: unknown[] = [
      [answer("ghost", "about", "SHORT_ANSWER", { answerString: "x" })],
      [answer("email", "about", "PARAGRAPHS", { answerString: "x" })],
      [answer("track", "about", "MULTIPLE_CHOICE", { answerArray: ["made-up"] })],
      [answer("budget-table", "budget", "SIMPLE_TABLE", { answerMatrix: [{ id: "r", column_4: "x" }] })],
      [answer("essay", "arts", "PARAGRAPHS", { answerString: "x".repeat(100_001) })],
      [{ questionId: "email", sectionId: "about", type: "SHORT_ANSWER", answerString: 42 }],
      [{ ...answer("email", "about", "SHORT_ANSWER"), __proto__: { admin: true }, extra: 1 }],
    ];
    for (const answers of cases) {
      const res = await t.request(`/api/submissions/${submissionId}`, {
        method: "PATCH",
        headers,
        body: { revision: 0, answers },
      });
      expect(res.status).toBe(400);
    }
    const [row] = await t.deps.db.select().from(submissions).where(eq(submissions.id, submissionId));
    expect(row).toMatchObject({ revision: 0, answers: [] });
  });

  it("submits only when every answer on the branching path is there and valid, then is locked", async () => {
    const { submissionId, token } = await openAsGuest();
    const headers = { [TOKEN]: token };
    const essay = answer("essay", "arts", "PARAGRAPHS", { answerString: "one two three four five six" });
    await save(submissionId, 0, [...aboutAnswers("arts"), essay, budgetAnswer], { headers });
    const submit = (revision: number) =>
      t.request(`/api/submissions/submissionDate/${submissionId}`, {
        method: "PATCH",
        headers,
        body: { submitted: true, revision },
      });
    const incomplete = await submit(1);
    expect(incomplete.status).toBe(400);
    expect((await errorOf(incomplete)).fields).toEqual({
      "answers.essay": ["Answer must have at most 5 words"],
      "answers.portfolio": ["Upload at least one file"],
    });

    // The file question takes one PDF, judged by its bytes.
    const spoofed = await upload(submissionId, "portfolio", "cv.pdf", PNG, headers);
    expect(spoofed.status).toBe(400);
    expect((await errorOf(spoofed)).message).toBe("You may only upload the file type: pdf");
    const wrongName = await upload(submissionId, "portfolio", "cv.docx", PDF, headers);
    expect((await errorOf(wrongName)).message).toBe("You may only upload the file type: pdf");
    const uploaded = await upload(submissionId, "portfolio", "../../cv final.pdf", PDF, headers);
    expect(uploaded.status).toBe(200);
    expect(await uploaded.json()).toMatchObject({
      name: "cv final.pdf",
      contentType: "application/pdf",
      size: PDF.byteLength,
    });
    const second = await upload(submissionId, "portfolio", "more.pdf", PDF, headers);
    expect((await errorOf(second)).message).toBe("You may only upload a maximum of: 1");

    await save(
      submissionId,
      1,
      [...aboutAnswers("arts"), { ...essay, answerString: "Short and sweet" }, budgetAnswer],
      { headers },
    );
    const done = await submit(2);
    expect(done.status).toBe(200);
    expect(((await done.json()) as { submissionDate: string }).submissionDate).toBeTruthy();

    const late = await save(submissionId, 3, aboutAnswers("arts"), { headers });
    expect(late.status).toBe(409);
    expect((await errorOf(late)).code).toBe("SUBMITTED");
    // The form does not allow editing: no unsubmitting.
    const unsubmit = await t.request(`/api/submissions/submissionDate/${submissionId}`, {
      method: "PATCH",
      headers,
      body: { submitted: false, revision: 3 },
    });
    expect(unsubmit.status).toBe(409);
    const view = (await (await load(submissionId, { headers })).json()) as SubmissionResult;
    expect(view.editable).toBe(false);
    expect(view.submission.answers.find((a) => a.questionId === "portfolio")?.answerArray).toHaveLength(1);
  });

  it("is claimed by the applicant who signs in; the token stops working", async () => {
    const { submissionId, token } = await openAsGuest();
    expect((await save(submissionId, 0, aboutAnswers("arts"), { headers: { [TOKEN]: token } })).status).toBe(
      200,
    );
    const someone = await buildUser(t.deps.db, { applicant: true });
    const cookie = await t.signIn(someone.email);
    expect(
      (await t.request(`/api/submissions/${submissionId}/claim`, { method: "POST", cookie })).status,
    ).toBe(404);
    const claim = await t.request(`/api/submissions/${submissionId}/claim`, {
      method: "POST",
      cookie,
      headers: { [TOKEN]: token },
    });
    expect(claim.status).toBe(200);
    // The old token opens nothing: the application is the user's, and asks for their sign-in.
    expect((await load(submissionId, { headers: { [TOKEN]: token } })).status).toBe(401);
    const tokenSave = await save(
      submissionId,
      1,
      [answer("name", "about", "IDENTIFIER", { answerString: "Intruder" })],
      {
        headers: { [TOKEN]: token },
      },
    );
    expect(tokenSave.status).toBe(401);
    const claimed = (await (await load(submissionId, { cookie })).json()) as SubmissionResult;
    expect(claimed.submission).toMatchObject({ revision: 1, identifier: "Élodie Dœuf" });
    expect((await save(submissionId, 1, aboutAnswers("arts"), { cookie })).status).toBe(200);
  });
});

describe("a signed-in applicant", () => {
  it("finds in their portal only applications they answered: opening a link lists nothing", async () => {
    const person = await buildUser(t.deps.db, { applicant: true, email: `opener-${Date.now()}@example.org` });
    const cookie = await t.signIn(person.email);
    const listed = async () =>
      (await (await t.request(`/api/submissions/applicant/${person.id}`, { cookie })).json()) as {
        total: number;
        rows: { _id: string }[];
      };
    const opened = (await (
      await t.request("/api/submissions", { method: "POST", cookie, body: { linkId: form.linkId } })
    ).json()) as { submissionId: string };
    expect(await listed()).toEqual({ total: 0, rows: [] });
    // The first answer saved lists it.
    expect((await save(opened.submissionId, 0, aboutAnswers("science"), { cookie })).status).toBe(200);
    const after = await listed();
    expect(after.total).toBe(1);
    expect(after.rows.map((r) => r._id)).toEqual([opened.submissionId]);
  });

  it("opens a link without creating anything; the first save creates exactly one application", async () => {
    const person = await buildUser(t.deps.db, { applicant: true, email: `first-${Date.now()}@example.org` });
    const cookie = await t.signIn(person.email);
    const rows = () => t.deps.db.select().from(submissions).where(eq(submissions.userId, person.id));
    const own = async () => {
      const res = await t.request(`/api/submissions/own/${form.linkId}`, { cookie });
      expect(res.status).toBe(200);
      return ((await res.json()) as { submissionId: string | null }).submissionId;
    };

    // Opening the link (the form's view and the user's application to it) and reading it: no row.
    expect((await t.request(`/api/forms/link/${form.linkId}`, { cookie })).status).toBe(200);
    expect(await own()).toBeNull();
    expect(await own()).toBeNull();
    expect(await rows()).toEqual([]);

    // Two first saves at once (two tabs): one application, holding the answers of the one let through.
    const start = (answers: Answer[]) =>
      t.request("/api/submissions/start", { method: "POST", cookie, body: { linkId: form.linkId, answers } });
    const [a, b] = await Promise.all([start(aboutAnswers("science")), start(aboutAnswers("arts"))]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const [won, lost] = a.status === 200 ? [a, b] : [b, a];
    expect((await errorOf(lost)).code).toBe("STALE_REVISION");
    const created = (await won.json()) as { submissionId: string; revision: number; identifier: string };
    expect(created).toMatchObject({ revision: 1, identifier: "Élodie Dœuf" });
    const stored = await rows();
    expect(stored.map((r) => [r.id, r.revision, r.identifier])).toEqual([
      [created.submissionId, 1, "Élodie Dœuf"],
    ]);
    expect(stored[0]!.answers.map((x) => x.questionId)).toEqual(["name", "email", "track"]);
    expect(await own()).toBe(created.submissionId);

    // A first save again (a retry whose answer was lost) writes nothing: the stale save's refusal.
    const again = await start(aboutAnswers("arts"));
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe("STALE_REVISION");
    expect((await rows()).length).toBe(1);
    // Later saves build on revision 1, and the portal lists it.
    expect((await save(created.submissionId, 1, aboutAnswers("arts"), { cookie })).status).toBe(200);
    const portal = (await (
      await t.request(`/api/submissions/applicant/${person.id}`, { cookie })
    ).json()) as {
      rows: { _id: string }[];
    };
    expect(portal.rows.map((r) => r._id)).toEqual([created.submissionId]);
  });

  it("refuses a first save that does not fit the form or comes from a guest, and knows no unknown or preview link", async () => {
    const person = await buildUser(t.deps.db, {
      applicant: true,
      email: `refused-${Date.now()}@example.org`,
    });
    const cookie = await t.signIn(person.email);
    const bad = await t.request("/api/submissions/start", {
      method: "POST",
      cookie,
      body: {
        linkId: form.linkId,
        answers: [answer("nope", "about", "SHORT_ANSWER", { answerString: "x" })],
      },
    });
    expect(bad.status).toBe(400);
    const missing = await t.request("/api/submissions/start", {
      method: "POST",
      cookie,
      body: { answers: [] },
    });
    expect(missing.status).toBe(400);
    // Guests start with a token (POST /api/submissions), not here; nor do they ask for an account's application.
    const asGuest = await t.request("/api/submissions/start", {
      method: "POST",
      body: { linkId: form.linkId, answers: [] },
    });
    expect(asGuest.status).toBe(401);
    expect((await t.request(`/api/submissions/own/${form.linkId}`)).status).toBe(401);
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await t.request(`/api/submissions/own/${unknown}`, { cookie })).status).toBe(404);
    expect((await t.request(`/api/submissions/own/${form.previewLinkId}`, { cookie })).status).toBe(404);
    expect(await t.deps.db.select().from(submissions).where(eq(submissions.userId, person.id))).toEqual([]);
  });

  it("resumes one application per form, finds it in their portal, and gets a receipt on submit", async () => {
    const person = await buildUser(t.deps.db, { applicant: true, email: `ann-${Date.now()}@example.org` });
    const cookie = await t.signIn(person.email);
    const open = async () =>
      (await (
        await t.request("/api/submissions", { method: "POST", cookie, body: { linkId: form.linkId } })
      ).json()) as {
        submissionId: string;
        token: string | null;
      };
    const [a, b] = await Promise.all([open(), open()]);
    expect(a.submissionId).toBe(b.submissionId);
    expect(a.token).toBeNull();
    const id = a.submissionId;
    await save(id, 0, [...aboutAnswers("science"), budgetAnswer], { cookie });
    const submitted = await t.request(`/api/submissions/submissionDate/${id}`, {
      method: "PATCH",
      cookie,
      body: { submitted: true, revision: 1 },
    });
    expect(submitted.status).toBe(200);
    const mail = await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "submission-receipt"));
    expect(mail.some((m) => m.to.includes(person.email) && m.text.includes("Arts 2026 application"))).toBe(
      true,
    );

    const portal = await t.request(`/api/submissions/applicant/${person.id}`, { cookie });
    expect(portal.status).toBe(200);
    expect(await portal.json()).toMatchObject({
      total: 1,
      rows: [
        {
          _id: id,
          formName: "Arts 2026 application",
          organizationName: "First Foundation",
          identifier: "Élodie Dœuf",
          accepting: true,
          allowEdit: false,
        },
      ],
    });
    // Signed out (a session that ended mid-answer): asked to sign in again, not told "not found".
    const signedOut = await save(id, 2, aboutAnswers("science"), {});
    expect(signedOut.status).toBe(401);
    // Nobody else's portal, and nobody else's program list.
    expect(
      (await t.request(`/api/submissions/applicant/${person.id}`, { cookie: cookies.applicant })).status,
    ).toBe(404);
    expect((await t.request(`/api/submissions/applicant/${person.id}`)).status).toBe(401);
    const programList = await t.request(`/api/submissions/user/${person.id}/${cast.program.id}`, {
      cookie: cookies.applicant,
    });
    expect(programList.status).toBe(404);
    const asAdmin = await t.request(`/api/submissions/user/${person.id}/${cast.program.id}`, {
      cookie: cookies.admin,
    });
    expect(await asAdmin.json()).toMatchObject({ submissions: [{ _id: id }] });
  });
});

describe("admin edit mode", () => {
  it("lets a program admin change a submitted application, recording who changed what", async () => {
    const { submissionId, token } = await openAsGuest();
    await save(submissionId, 0, [...aboutAnswers("science"), budgetAnswer], { headers: { [TOKEN]: token } });
    await t.request(`/api/submissions/submissionDate/${submissionId}`, {
      method: "PATCH",
      headers: { [TOKEN]: token },
      body: { submitted: true, revision: 1 },
    });
    const edited = [
      ...aboutAnswers("science").slice(1),
      answer("name", "about", "IDENTIFIER", { answerString: "Elodie Doeuf" }),
      budgetAnswer,
    ];
    expect((await save(submissionId, 2, edited, { cookie: cookies.reviewer })).status).toBe(404);
    const res = await save(submissionId, 2, edited, { cookie: cookies.admin });
    expect(res.status).toBe(200);
    const edits = await t.deps.db
      .select()
      .from(submissionEdits)
      .where(eq(submissionEdits.submissionId, submissionId));
    expect(edits).toHaveLength(1);
    expect(edits[0]).toMatchObject({ userId: cast.members.ADMIN.id, changes: [{ questionId: "name" }] });
    // An admin cannot submit or unsubmit for the applicant.
    const submitAsAdmin = await t.request(`/api/submissions/submissionDate/${submissionId}`, {
      method: "PATCH",
      cookie: cookies.admin,
      body: { submitted: false, revision: 3 },
    });
    expect(submitAsAdmin.status).toBe(404);
  });
});

describe("closed forms and unpublishing", () => {
  it("refuses new drafts and saves once the applicant link closes, and unpublishing once anything was submitted", async () => {
    const program = await buildProgram(t.deps.db, cast.org.id, { name: "Closing Program" });
    const closing = await buildPublishedForm(t.deps.db, program, applicationForm("Closing form"));
    const { submissionId, token } = await openAsGuest(closing.linkId);
    // A save while open: the server now knows this guest owns the draft (autosave's fast path).
    const early = await save(submissionId, 0, aboutAnswers("arts"), { headers: { [TOKEN]: token } });
    expect(early.status).toBe(200);
    await t.deps.db
      .update(formLinks)
      .set({ closeAt: new Date(Date.now() - 1000) })
      .where(eq(formLinks.id, closing.linkId));
    const create = await t.request("/api/submissions", { method: "POST", body: { linkId: closing.linkId } });
    expect(create.status).toBe(409);
    expect(await errorOf(create)).toMatchObject({
      code: "FORM_CLOSED",
      message: "This form is currently closed to responses",
    });
    // A signed-in applicant's first save is refused the same way, creating nothing.
    const started = await t.request("/api/submissions/start", {
      method: "POST",
      cookie: cookies.applicant,
      body: { linkId: closing.linkId, answers: aboutAnswers("arts") },
    });
    expect(await errorOf(started)).toMatchObject({ code: "FORM_CLOSED" });
    expect(
      await t.deps.db.select().from(submissions).where(eq(submissions.formId, closing.formId)),
    ).toHaveLength(1);
    const late = await save(submissionId, 1, aboutAnswers("arts"), { headers: { [TOKEN]: token } });
    expect(await errorOf(late)).toMatchObject({
      code: "FORM_CLOSED",
      message: "This form is now closed. We've saved a copy of your responses in the backend.",
    });
    expect(await (await t.request(`/api/forms/link/${closing.linkId}`)).json()).toMatchObject({
      availability: "closed",
      form: null,
    });
    const submit = await t.request(`/api/submissions/submissionDate/${submissionId}`, {
      method: "PATCH",
      headers: { [TOKEN]: token },
      body: { submitted: true, revision: 1 },
    });
    expect(await errorOf(submit)).toMatchObject({ code: "FORM_CLOSED" });
    const [row] = await t.deps.db.select().from(submissions).where(eq(submissions.id, submissionId));
    expect(row).toMatchObject({ submissionDate: null, revision: 1 });
  });

  it("refuses to unpublish a form with a submitted application", async () => {
    const { submissionId, token } = await openAsGuest();
    await save(submissionId, 0, [...aboutAnswers("science"), budgetAnswer], { headers: { [TOKEN]: token } });
    await t.request(`/api/submissions/submissionDate/${submissionId}`, {
      method: "PATCH",
      headers: { [TOKEN]: token },
      body: { submitted: true, revision: 1 },
    });
    const current = (await (
      await t.request(`/api/forms/program/${cast.program.id}`, { cookie: cookies.admin })
    ).json()) as {
      form: { revision: number };
    };
    const res = await t.request(`/api/forms/${form.formId}/unpublish`, {
      method: "POST",
      cookie: cookies.admin,
      body: { revision: current.form.revision },
    });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe(
      "This form has submitted applications: it cannot be unpublished.",
    );
  });
});

describe("applicant files", () => {
  it("downloads through a short-lived address bound to the user who asked, and removal deletes the bytes", async () => {
    const person = await buildUser(t.deps.db, { applicant: true });
    const cookie = await t.signIn(person.email);
    const { submissionId } = (await (
      await t.request("/api/submissions", { method: "POST", cookie, body: { linkId: form.linkId } })
    ).json()) as {
      submissionId: string;
    };
    const stored = (await (await upload(submissionId, "portfolio", "plan.pdf", PDF, { cookie })).json()) as {
      _id: string;
    };
    const grant = await t.request(`/api/files/signedUrl/private/getObject?fileId=${stored._id}`, { cookie });
    const { url } = (await grant.json()) as { url: string };
    const download = await t.request(url, { cookie });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toContain('filename="plan.pdf"');
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PDF);
    expect((await t.request(url, { cookie: cookies.applicant })).status).toBe(404);
    expect(
      (
        await t.request(`/api/files/signedUrl/private/getObject?fileId=${stored._id}`, {
          cookie: cookies.applicant,
        })
      ).status,
    ).toBe(404);
    expect(
      (await t.request(`/api/files/delete/${stored._id}`, { method: "POST", cookie: cookies.applicant }))
        .status,
    ).toBe(404);

    const removed = await t.request(`/api/files/delete/${stored._id}`, { method: "POST", cookie });
    expect(removed.status).toBe(200);
    expect((await t.request(url, { cookie })).status).toBe(404);
    const [row] = await t.deps.db.select().from(submissions).where(eq(submissions.id, submissionId));
    expect(row).toBeDefined();
  });
});

describe("autofill", () => {
  it("copies the applicant's earlier answers into mapped, empty questions — options by label", async () => {
    const person = await buildUser(t.deps.db, { applicant: true });
    const cookie = await t.signIn(person.email);
    const openOn = async (linkId: string) =>
      (
        (await (
          await t.request("/api/submissions", { method: "POST", cookie, body: { linkId } })
        ).json()) as {
          submissionId: string;
        }
      ).submissionId;
    const earlier = await openOn(form.linkId);
    await save(earlier, 0, [...aboutAnswers("science"), budgetAnswer], { cookie });

    const content = applicationForm("Second round");
    const map = (questionId: string, name: string) => ({
      formMap: { id: form.formId, name: "Arts 2026 application" },
      sectionMap: { id: "about", name: "About you" },
      questionMap: { id: questionId, name },
    });
    const about = content.sections[0]!;
    about.questions = about.questions.map((q) => {
      if (q._id === "name") return { ...q, _id: "name2", mapping: map("name", "Your name") };
      if (q._id === "track")
        return {
          ...q,
          _id: "track2",
          routes: { science2: "budget" },
          x_options: [
            { _id: "science2", value: "science" },
            { _id: "arts2", value: "Arts" },
          ],
          mapping: map("track", "Track"),
        };
      return q;
    });
    const program = await buildProgram(t.deps.db, cast.org.id, { name: "Second Program" });
    const second = await buildPublishedForm(t.deps.db, program, content);
    const later = await openOn(second.linkId);
    const res = await t.request(`/api/submissions/${later}/autofill`, { method: "POST", cookie });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { answers: Answer[]; filled: number };
    expect(body.filled).toBe(2);
    expect(body.answers).toEqual([
      expect.objectContaining({ questionId: "name2", answerString: "Élodie Dœuf" }),
      expect.objectContaining({ questionId: "track2", answerArray: ["science2"] }),
    ]);
    // Someone else's earlier answers never leak in.
    expect(
      (await t.request(`/api/submissions/${later}/autofill`, { method: "POST", cookie: cookies.applicant }))
        .status,
    ).toBe(404);
  });
});

describe("the application's PDF", () => {
  it("downloads for the owner in their language, named after the identifier, and for nobody else", async () => {
    const { submissionId, token } = await openAsGuest();
    await save(submissionId, 0, [...aboutAnswers("science"), budgetAnswer], { headers: { [TOKEN]: token } });
    const res = await t.request(`/api/submissions/${submissionId}/pdf?lang=fr`, {
      headers: { [TOKEN]: token },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="Elodie-Doeuf.pdf"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    expect(
      (await t.request(`/api/submissions/${submissionId}/pdf`, { cookie: cookies.applicant })).status,
    ).toBe(404);
    expect(
      (await t.request(`/api/submissions/${submissionId}/pdf`, { cookie: cookies.reviewer })).status,
    ).toBe(404);
    expect((await t.request(`/api/submissions/${submissionId}/pdf`, { cookie: cookies.admin })).status).toBe(
      200,
    );
  });
});
