import { randomUUID } from "node:crypto";
import type { FormContent } from "../../../../shared/forms/model";
import type { FormResult } from "../../../../shared/schemas/forms";
import { emailOutbox } from "../../../db/schema";
import { addMember, buildOrg, buildProgram, buildUser, callApi, type ParsedAnswer } from "../../factories";
import { TEST_PASSWORD, type TestApp } from "../../harness";
import { hostileAnswers, hostileForm } from "./hostile-content";
import type { HostilePayload } from "./payloads";
import { askUpload, putBytes } from "./surfaces";

/**
 * One small world per hostile payload, built through the real API as people would: the payload is
 * typed into every free-text field there is — the organization's and program's names, the people's
 * names, the whole form (titles, descriptions, rich text, questions, options, table columns,
 * criteria, rubric, confirmation message), an application's answers (identifier, text, table
 * cells), an uploaded file's name, a review comment, a reviewer group, the committee's email and
 * the support forms — and the mail those actions send is left in the outbox.
 *
 * A field that refuses the payload (400 with field errors) or fails on it (5xx: a finding) gets a
 * plain stand-in, so that the rest of the world can still be built; `refused` and `crashed` list them.
 */

/** Every free-text field the worlds fill, as the suites' figures count them. */
export const FIELDS = [
  "organization.name",
  "orgAdmin.name",
  "program.name",
  "form.name",
  "form.description",
  "form.confirmationMessage",
  "section.name",
  "section.description",
  "section.rubric",
  "criterion.description",
  "question.name",
  "question.description",
  "option.value",
  "tableColumn.value",
  "applicant.name",
  "answer.identifier",
  "answer.shortText",
  "answer.paragraphs",
  "answer.tableCell",
  "file.name",
  "reviewer.name",
  "comment.value",
  "group.name",
  "group.description",
  "email.subject",
  "email.body",
  "feedback.comment",
  "errorReport.message",
] as const;
export type Field = (typeof FIELDS)[number];

export interface Person {
  id: string;
  email: string;
  cookie: string;
}

export interface HostileWorld {
  payload: HostilePayload;
  orgId: string;
  programId: string;
  linkId: string;
  submissionId: string;
  orgAdmin: Person;
  applicant: Person;
  reviewer: Person;
  /** The mail its building queued, by kind ("committee-email", "submission-receipt", …). */
  mail: (typeof emailOutbox.$inferSelect)[];
  /** Fields that answered 400 to the payload (and hold a stand-in instead). */
  refused: Set<Field>;
  /** Fields that answered 5xx to the payload (and hold a stand-in instead). */
  crashed: Set<Field>;
}

/** What stands in a field that refused the payload. */
export const standIn = (payload: HostilePayload) => `Stand-in for ${payload.id}`;

type Api = <T = unknown>(method: string, path: string, body?: unknown) => Promise<ParsedAnswer<T>>;

const apiOf =
  (t: TestApp, cookie: string): Api =>
  (method, path, body) =>
    callApi(t, method, path, cookie, body);

function expectOk<T>(answer: ParsedAnswer<T>, what: string): T {
  if (answer.status >= 300) throw new Error(`${what}: ${answer.status} ${answer.text}`);
  return answer.body;
}

/**
 * Sends the payload through `send`. A 400 with field errors marks `field` refused, a 5xx marks it
 * crashed (a finding: bad input must never be a server error); either way the stand-in is sent
 * instead so that the world can be finished. Any other refusal fails the build.
 */
async function fill<T>(
  world: Pick<HostileWorld, "refused" | "crashed" | "payload">,
  field: Field | Field[],
  send: (text: string) => Promise<ParsedAnswer<T>>,
): Promise<T> {
  const first = await send(world.payload.text);
  if (first.status < 300) return first.body;
  const fields = Array.isArray(field) ? field : [field];
  const error = (first.body as { error?: { code?: string; fields?: unknown } } | null)?.error;
  if (first.status >= 500) {
    for (const f of fields) world.crashed.add(f);
  } else if (first.status === 400 && error?.code === "VALIDATION" && error.fields) {
    for (const f of fields) world.refused.add(f);
  } else {
    throw new Error(`${fields.join(", ")} with ${world.payload.id}: ${first.status} ${first.text}`);
  }
  return expectOk(await send(standIn(world.payload)), `${fields.join(", ")} stand-in`);
}

const emailFor = (who: string) => `${who}-${randomUUID().slice(0, 8)}@example.test`;

export async function buildHostileWorld(t: TestApp, payload: HostilePayload): Promise<HostileWorld> {
  const db = t.deps.db;
  const world = { payload, refused: new Set<Field>(), crashed: new Set<Field>() };
  const mailBefore = new Set((await db.select({ id: emailOutbox.id }).from(emailOutbox)).map((m) => m.id));

  // The organization admin: the organization and the admin's own name, renamed through the API.
  const org = await buildOrg(db, { planName: "Foundation" });
  const founder = await buildUser(db, { adminOrganizationId: org.id, name: "Founder" });
  const orgAdmin = { ...founder, cookie: await t.signIn(founder.email) };
  const asAdmin = apiOf(t, orgAdmin.cookie);
  await fill(world, "organization.name", (name) =>
    asAdmin("POST", "/api/organizations/updateOrg", { orgId: org.id, name, increment: 1 }),
  );
  await fill(world, "orgAdmin.name", (name) => asAdmin("PATCH", `/api/users/${orgAdmin.id}/name`, { name }));
  const { program } = await fill(world, "program.name", (displayName) =>
    asAdmin<{ program: { id: string } }>("POST", "/api/programs", { displayName, organization: org.id }),
  );

  // The form, saved and published as the form builder does.
  const { form } = expectOk(await asAdmin<FormResult>("GET", `/api/forms/program/${program.id}`), "form");
  const formFields: Field[] = [
    "form.description",
    "form.confirmationMessage",
    "section.name",
    "section.description",
    "section.rubric",
    "criterion.description",
    "question.name",
    "question.description",
    "option.value",
    "tableColumn.value",
  ];
  // The name first, on its own (names refuse line breaks), the rest of the texts a stand-in; then
  // every other text, under the name the form kept.
  let revision = form.revision;
  const saveForm = async (content: FormContent) => {
    const answer = await asAdmin<{ revision: number }>("PUT", `/api/forms/${form._id}`, {
      revision,
      content,
    });
    if (answer.status === 200) revision = answer.body.revision;
    return answer;
  };
  let formName = payload.text;
  await fill(world, "form.name", (name) => {
    formName = name;
    return saveForm(hostileForm(standIn(payload), name).content);
  });
  let built = hostileForm(payload.text, formName);
  const saved = await fill(world, formFields, (text) => {
    built = hostileForm(text, formName);
    return saveForm(built.content);
  });
  expectOk(await asAdmin("POST", `/api/forms/${form._id}/publish`, { revision: saved.revision }), "publish");
  const published = expectOk(await asAdmin<FormResult>("GET", `/api/forms/program/${program.id}`), "form");
  const linkId = published.form.submissionLinks.at(-1)!._id;
  const [adminSection, decisionSection] = built.content.sections;

  // The applicant signs up with the payload as their name, applies, uploads, submits (a receipt).
  const applicantEmail = emailFor("applicant");
  const signedUp = await fill(world, "applicant.name", (displayName) =>
    callApi<{ userId: string }>(t, "POST", "/api/users/create", undefined, {
      displayName,
      email: applicantEmail,
      password: TEST_PASSWORD,
      applicant: true,
      admin: false,
    }),
  );
  const applicant = { id: signedUp.userId, email: applicantEmail, cookie: await t.signIn(applicantEmail) };
  const asApplicant = apiOf(t, applicant.cookie);
  const { submissionId } = expectOk(
    await asApplicant<{ submissionId: string }>("POST", "/api/submissions", { linkId }),
    "open the application",
  );
  const answerFields: Field[] = [
    "answer.identifier",
    "answer.shortText",
    "answer.paragraphs",
    "answer.tableCell",
  ];
  const savedAnswers = await fill(world, answerFields, (text) =>
    asApplicant<{ revision: number }>("PATCH", `/api/submissions/${submissionId}`, {
      revision: 0,
      answers: hostileAnswers(built.content, text),
    }),
  );
  await uploadHostileFile(t, world, applicant.cookie, submissionId, built.ids.file);
  expectOk(
    await asApplicant("PATCH", `/api/submissions/submissionDate/${submissionId}`, {
      submitted: true,
      revision: savedAnswers.revision,
    }),
    "submit",
  );

  // A reviewer already in the organization (another of its programs) is given access at once (an
  // access email), then names themself.
  const reviewerAccount = await buildUser(db, { name: "Reviewer" });
  await addMember(db, await buildProgram(db, org.id), reviewerAccount.id, "GUEST");
  expectOk(
    await asAdmin("POST", `/api/programs/${program.id}/user`, {
      email: reviewerAccount.email,
      role: "REVIEWER",
    }),
    "add the reviewer",
  );
  const reviewer = { ...reviewerAccount, cookie: await t.signIn(reviewerAccount.email) };
  const asReviewer = apiOf(t, reviewer.cookie);
  await fill(world, "reviewer.name", (name) =>
    asReviewer("PATCH", `/api/users/${reviewer.id}/name`, { name }),
  );
  // Someone without an account is invited (an invitation email naming the program and organization).
  expectOk(
    await asAdmin("POST", `/api/programs/${program.id}/user`, { email: emailFor("invitee"), role: "GUEST" }),
    "invite a guest",
  );

  const { _id: groupId } = await fill(world, ["group.name", "group.description"], (text) =>
    asAdmin<{ _id: string }>("POST", "/api/reviewerGroups", {
      programId: program.id,
      name: text,
      description: text,
      reviewers: [reviewer.id],
    }),
  );
  expectOk(
    await asAdmin("PATCH", `/api/submissions/reviewerGroups/${submissionId}`, { reviewerGroups: [groupId] }),
    "assign the group",
  );
  for (const section of [adminSection!, decisionSection!]) {
    await fill(world, "comment.value", (value) =>
      asReviewer("POST", "/api/reviews/comments", { submissionId, sectionId: section._id, value }),
    );
  }
  const criterion = decisionSection!.criteria[0]!;
  expectOk(
    await asReviewer("POST", "/api/reviews", {
      submissionId,
      sections: [
        {
          sectionId: decisionSection!._id,
          rating: -1,
          criteria: [{ criteriaId: criterion._id, type: "SCALE", value: 4 }],
        },
      ],
    }),
    "rate",
  );
  expectOk(
    await asAdmin("PATCH", `/api/submissions/updateField/${submissionId}`, {
      status: "approved",
      amount: 1500,
    }),
    "decide",
  );

  // The mail: the committee's own message, a reminder, a password reset, the support forms.
  await fill(world, ["email.subject", "email.body"], (text) =>
    asAdmin("POST", "/api/email/custom", {
      programId: program.id,
      submissionIds: [submissionId],
      subject: `${text} {{application}}`,
      body: `Dear {{name}},\n${text}\n{{application}} {{amount}}`,
      idempotencyKey: randomUUID(),
    }),
  );
  expectOk(
    await asAdmin("POST", "/api/email/reminder", { programId: program.id, userId: reviewer.id }),
    "remind",
  );
  expectOk(
    await callApi(t, "POST", "/api/users/password-reset", undefined, { email: applicant.email }),
    "reset",
  );
  await fill(world, "feedback.comment", (comment) =>
    asApplicant("POST", "/api/email", { experience: "bad", feedbackType: "Bug", comment, user: comment }),
  );
  await fill(world, "errorReport.message", (message) =>
    asApplicant("POST", "/api/email/error", { code: "E500", message, user: message, path: message }),
  );

  const mail = (await db.select().from(emailOutbox)).filter((m) => !mailBefore.has(m.id));
  return {
    ...world,
    mail,
    orgId: org.id,
    programId: program.id,
    linkId,
    submissionId,
    orgAdmin,
    applicant,
    reviewer,
  };
}

/** The payload as a file's name, through the real upload flow (address, bytes). */
async function uploadHostileFile(
  t: TestApp,
  world: Pick<HostileWorld, "refused" | "crashed" | "payload">,
  cookie: string,
  submissionId: string,
  questionId: string,
): Promise<void> {
  const bytes = new TextEncoder().encode("%PDF-1.4\n%%EOF\n");
  const grant = await fill(world, "file.name", (filename) =>
    askUpload(t, cookie, { submissionId, questionId, filename, size: bytes.byteLength }),
  );
  expectOk(await putBytes(t, grant.uploadUrl, cookie, bytes), "upload");
}

/** Every payload's world, built one after another in one app. */
export async function buildHostileWorlds(
  t: TestApp,
  payloads: readonly HostilePayload[],
): Promise<HostileWorld[]> {
  const worlds: HostileWorld[] = [];
  for (const payload of payloads) worlds.push(await buildHostileWorld(t, payload));
  return worlds;
}
