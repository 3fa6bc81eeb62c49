import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, count, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import {
  type Answer,
  answerShapeProblems,
  identifierOf,
  submissionProblems,
} from "../../shared/forms/answers";
import { contactEmailOf } from "../../shared/forms/contact-email";
import { localize } from "../../shared/forms/localize";
import type { FormContent } from "../../shared/forms/model";
import { type Language, translator } from "../../shared/i18n/catalog";
import { CONTINUE_LINK_HOURS } from "../../shared/schemas/applicant-emails";
import type { AuditDetails } from "../../shared/schemas/audit";
import {
  type FormLinkResult,
  type PortalRow,
  type SaveAnswersBody,
  type SaveAnswersResult,
  type StartSubmissionResult,
  SUBMISSION_MESSAGES,
  type Submission,
  type SubmissionFile,
} from "../../shared/schemas/submissions";
import { recordAudit, type Transaction } from "../audit/record";
import type { Db, Tx } from "../db/client";
import {
  formLinks,
  forms,
  organizations,
  programs,
  submissionEdits,
  submissionFiles,
  submissions,
  users,
} from "../db/schema";
import { enqueueEmail } from "../email/outbox";
import { submissionReceiptEmail } from "../email/templates";
import { resolveAddress } from "../forms/address";
import { versionContent } from "../forms/versions";
import { AppError, notFound } from "../http/errors";
import { isUuid } from "../http/ids";
import { portalOutcome } from "../statistics/decision-release";
import { issueContinueLink } from "./continue-links";
import { type FormState, formState, presentApplicantForm } from "./form-versions";
import { enqueueSubmissionNotices } from "./notices";

export type SubmissionRow = typeof submissions.$inferSelect;
/** A submission without its answers and review state: what access checks and state changes need. */
export type SubmissionRef = Omit<
  SubmissionRow,
  "answers" | "status" | "amountCents" | "reviewCount" | "openToAll" | "nameKey" | "reviewable" | "shuffleKey"
>;

const refColumns = {
  id: submissions.id,
  organizationId: submissions.organizationId,
  programId: submissions.programId,
  formId: submissions.formId,
  formVersion: submissions.formVersion,
  linkId: submissions.linkId,
  userId: submissions.userId,
  guestTokenHash: submissions.guestTokenHash,
  identifier: submissions.identifier,
  submissionDate: submissions.submissionDate,
  lastSaveDate: submissions.lastSaveDate,
  revision: submissions.revision,
  softDeleted: submissions.softDeleted,
  createdAt: submissions.createdAt,
};

export const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

/** Whether `token` is the guest draft's token (constant-time, and never for a claimed draft). */
export function holdsToken(row: Pick<SubmissionRef, "guestTokenHash">, token: string | undefined): boolean {
  if (!token || !row.guestTokenHash || token.length > 200) return false;
  const given = Buffer.from(hashToken(token));
  const expected = Buffer.from(row.guestTokenHash);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function findSubmissionRef(db: Tx, id: string): Promise<SubmissionRef> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db.select(refColumns).from(submissions).where(eq(submissions.id, id));
  if (!row) throw notFound();
  return row;
}

// ---------------------------------------------------------------------------------------------
// Opening a link
// ---------------------------------------------------------------------------------------------

async function findLink(db: Tx, linkId: string) {
  if (!isUuid(linkId)) throw notFound();
  const [link] = await db.select().from(formLinks).where(eq(formLinks.id, linkId));
  if (!link) throw notFound();
  return link;
}

const linkIsOpen = (link: { closeAt: Date | null }, now: Date) => link.closeAt === null || link.closeAt > now;

/**
 * GET /api/forms/link/{linkId}: an applicant link shows the published version while that link is
 * open; a preview link shows the draft while the form is a draft and the preview link is open.
 */
export async function formLinkView(db: Tx, linkId: string, now = new Date()): Promise<FormLinkResult> {
  const link = await findLink(db, linkId);
  const state = await formState(db, link.formId, now);
  const view = (availability: FormLinkResult["availability"], form: FormLinkResult["form"]) => ({
    kind: link.kind,
    link: {
      _id: link.id,
      open: link.openAt.toISOString(),
      close: link.closeAt ? link.closeAt.toISOString() : null,
    },
    availability,
    form,
    organization: state.organization,
  });
  if (link.kind === "preview") {
    if (!state.draft) return view("previewDisabled", null);
    if (!linkIsOpen(link, now)) return view("closed", null);
    const [row] = await db.select({ content: forms.content }).from(forms).where(eq(forms.id, link.formId));
    return view("open", presentApplicantForm(state, row!.content, null));
  }
  const open = !state.draft && state.publishedVersion !== null && linkIsOpen(link, now);
  if (!open) return view("closed", null);
  const content = await versionContent(db, state.id, state.publishedVersion!);
  return view("open", presentApplicantForm(state, content, state.publishedVersion));
}

/** GET /api/forms/address/{organization}/{form}: the latest applicant link of the form the address names. */
export async function addressView(db: Tx, organizationSlug: string, formSlug: string) {
  const { formId, linkId } = await resolveAddress(db, organizationSlug, formSlug);
  return { linkId, organization: (await formState(db, formId)).organization };
}

/**
 * POST /api/submissions: a signed-in user resumes their application to the form (one per person and
 * form) or starts it; a guest starts a new draft and gets the token that is its only key.
 */
export async function openSubmission(
  db: Db,
  linkId: string,
  userId: string | null,
  now = new Date(),
): Promise<{ submissionId: string; token: string | null }> {
  const link = await findLink(db, linkId);
  if (link.kind !== "submission") throw notFound();
  const state = await formState(db, link.formId, now);
  if (userId !== null) {
    const existing = await ownSubmissionOf(db, state.id, userId);
    if (existing) return { submissionId: existing, token: null };
  }
  const token = userId === null ? randomBytes(32).toString("base64url") : null;
  const [created] = await db
    .insert(submissions)
    .values({
      ...newApplication(state, link, userId, now),
      guestTokenHash: token ? hashToken(token) : null,
      answers: [],
    })
    .onConflictDoNothing()
    .returning({ id: submissions.id });
  if (created) return { submissionId: created.id, token };
  // Two tabs opened the link at once: the other one created it.
  const raced = await ownSubmissionOf(db, state.id, userId!);
  return { submissionId: raced!, token: null };
}

/**
 * GET /api/submissions/own/{linkId}: the signed-in user's application to the link's form, if there is one.
 * It only reads: opening a form link creates nothing, the first save does (`startSubmission`).
 */
export async function ownSubmissionForLink(
  db: Tx,
  linkId: string,
  userId: string,
): Promise<{ submissionId: string | null }> {
  const link = await findLink(db, linkId);
  if (link.kind !== "submission") throw notFound();
  return { submissionId: (await ownSubmissionOf(db, link.formId, userId)) ?? null };
}

/**
 * POST /api/submissions/start: a signed-in applicant's first save creates their application, with every
 * answer given so far, at revision 1 (as if it had been created then saved once). One application per
 * person and form: when they have one already (another tab or window started it, or this one's earlier
 * attempt went through unanswered), nothing is written and the answer is the stale save's 409, as a save
 * based on an old revision gets (docs/decisions/038-decision-release-and-portal.md).
 */
export async function startSubmission(
  db: Db,
  input: { linkId: string; answers: readonly Answer[] },
  userId: string,
  now = new Date(),
): Promise<StartSubmissionResult> {
  const link = await findLink(db, input.linkId);
  if (link.kind !== "submission") throw notFound();
  const state = await formState(db, link.formId, now);
  if (await ownSubmissionOf(db, state.id, userId)) {
    throw new AppError("STALE_REVISION", SUBMISSION_MESSAGES.staleSave);
  }
  const application = newApplication(state, link, userId, now);
  const content = await versionContent(db, state.id, application.formVersion);
  checkShape(content, input.answers);
  // File answers are the server's to keep (a file is uploaded to an existing application).
  const answers = input.answers.map((a) => (a.type === "FILE_UPLOAD" ? { ...a, answerArray: [] } : a));
  const identifier = identifierOf(content.sections, answers);
  const [created] = await db
    .insert(submissions)
    .values({
      ...application,
      answers,
      identifier,
      lastSaveDate: now,
      revision: 1,
    })
    // Two first saves at once (two tabs): the unique (form, user) index lets one through.
    .onConflictDoNothing()
    .returning({ id: submissions.id });
  if (!created) throw new AppError("STALE_REVISION", SUBMISSION_MESSAGES.staleSave);
  return { submissionId: created.id, revision: 1, lastSaveDate: now.toISOString(), identifier };
}

/**
 * The columns of an application started through `link` on the form's published version; FORM_CLOSED when
 * the form is unpublished or this link is not open (an older link closes even while a newer one is open).
 */
function newApplication(
  state: Awaited<ReturnType<typeof formState>>,
  link: { id: string } & Parameters<typeof linkIsOpen>[0],
  userId: string | null,
  now: Date,
) {
  if (state.draft || state.publishedVersion === null || !linkIsOpen(link, now)) {
    throw new AppError("FORM_CLOSED", SUBMISSION_MESSAGES.closed);
  }
  return {
    organizationId: state.organizationId,
    programId: state.programId,
    formId: state.id,
    formVersion: state.publishedVersion,
    linkId: link.id,
    userId,
  };
}

async function ownSubmissionOf(db: Tx, formId: string, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(
      and(eq(submissions.formId, formId), eq(submissions.userId, userId), eq(submissions.softDeleted, false)),
    )
    .limit(1);
  return row?.id;
}

/** A guest's draft becomes the signed-in user's (the token stops working); refused if they already have one. */
export async function claimSubmission(db: Db, row: SubmissionRef, userId: string): Promise<void> {
  if (row.userId === userId) return;
  if (row.userId !== null) throw notFound();
  if (await ownSubmissionOf(db, row.formId, userId)) {
    throw new AppError("CONFLICT", "You already have an application for this form.");
  }
  await db
    .update(submissions)
    .set({ userId, guestTokenHash: null })
    .where(and(eq(submissions.id, row.id), isNull(submissions.userId)));
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

async function filesOf(db: Tx, submissionId: string): Promise<SubmissionFile[]> {
  const rows = await db
    .select()
    .from(submissionFiles)
    .where(eq(submissionFiles.submissionId, submissionId))
    .orderBy(submissionFiles.createdAt);
  return rows.map((f) => ({
    _id: f.id,
    questionId: f.questionId,
    name: f.name,
    size: f.size,
    contentType: f.contentType,
  }));
}

/** File answers always list the files the submission really has, in upload order. */
function withFileAnswers(content: FormContent, answers: readonly Answer[], files: readonly SubmissionFile[]) {
  const byQuestion = new Map<string, string[]>();
  for (const file of files)
    byQuestion.set(file.questionId, [...(byQuestion.get(file.questionId) ?? []), file._id]);
  const result = answers.map((a) =>
    a.type === "FILE_UPLOAD" ? { ...a, answerArray: byQuestion.get(a.questionId) ?? [] } : a,
  );
  const answered = new Set(result.map((a) => a.questionId));
  for (const section of content.sections) {
    for (const question of section.questions) {
      const ids = byQuestion.get(question._id);
      if (question.type === "FILE_UPLOAD" && ids && !answered.has(question._id)) {
        result.push({
          questionId: question._id,
          sectionId: section._id,
          type: "FILE_UPLOAD",
          answerString: "",
          answerArray: ids,
          answerMatrix: [],
        });
      }
    }
  }
  return result;
}

/** Whether the submission's answers can be saved now by this kind of caller. */
export function isEditable(row: SubmissionRef, state: FormState, access: "owner" | "admin"): boolean {
  if (access === "admin") return true;
  return row.submissionDate === null && state.accepting;
}

export async function submissionView(db: Tx, id: string, access: "owner" | "admin") {
  const [row] = await db.select().from(submissions).where(eq(submissions.id, id));
  if (!row) throw notFound();
  const [state, files] = await Promise.all([formState(db, row.formId), filesOf(db, row.id)]);
  const content = await versionContent(db, row.formId, row.formVersion);
  const submission: Submission = {
    _id: row.id,
    formId: row.formId,
    linkId: row.linkId,
    userId: row.userId,
    formVersion: row.formVersion,
    submissionDate: row.submissionDate ? row.submissionDate.toISOString() : null,
    lastSaveDate: row.lastSaveDate.toISOString(),
    identifier: row.identifier,
    answers: withFileAnswers(content, row.answers, files),
    files,
    revision: row.revision,
  };
  return {
    submission,
    form: presentApplicantForm(state, content, row.formVersion),
    access,
    editable: isEditable(row, state, access),
    content,
  };
}

// ---------------------------------------------------------------------------------------------
// Saving
// ---------------------------------------------------------------------------------------------

function refuseUnlessEditable(row: SubmissionRef, state: FormState, access: "owner" | "admin") {
  if (access === "admin") return;
  if (row.submissionDate !== null) throw new AppError("SUBMITTED", SUBMISSION_MESSAGES.alreadySubmitted);
  if (!state.accepting) throw new AppError("FORM_CLOSED", SUBMISSION_MESSAGES.closedWithDraft);
}

function checkShape(content: FormContent, answers: readonly Answer[]) {
  const problems = answerShapeProblems(content.sections, answers);
  if (Object.keys(problems).length > 0) {
    throw new AppError("VALIDATION", "Some answers do not fit the form.", problems);
  }
}

/** Changes made by an admin edit: each question whose answer differs, before and after. */
function answerChanges(before: readonly Answer[], after: readonly Answer[]) {
  const old = new Map(before.map((a) => [a.questionId, a]));
  const changes: { questionId: string; before: Answer | null; after: Answer | null }[] = [];
  for (const answer of after) {
    const previous = old.get(answer.questionId) ?? null;
    if (JSON.stringify(previous) !== JSON.stringify(answer)) {
      changes.push({ questionId: answer.questionId, before: previous, after: answer });
    }
    old.delete(answer.questionId);
  }
  for (const [questionId, previous] of old) changes.push({ questionId, before: previous, after: null });
  return changes;
}

/** A save's answers: checked against the version's questions, files left to the server. */
async function answersToSave(db: Tx, ref: SubmissionRef, input: SaveAnswersBody, now: Date) {
  const content = await versionContent(db, ref.formId, ref.formVersion);
  checkShape(content, input.answers);
  // File answers are the server's to keep: a save never adds or drops files.
  const answers = input.answers.map((a) => (a.type === "FILE_UPLOAD" ? { ...a, answerArray: [] } : a));
  const identifier = identifierOf(content.sections, answers);
  return { answers, identifier, lastSaveDate: now, revision: input.revision + 1 };
}

/**
 * The applicant's own save as one UPDATE whose WHERE carries every condition: the revision they last
 * saw, still a draft, still theirs (the same user, or an unclaimed draft with the same token hash),
 * on the same form version, and the form still accepting. `ref` may be remembered from an earlier
 * request: if any of those facts changed since, nothing is written and null says so.
 * The UPDATE is the database function save_own_answers (src/server/db/sql/save-own-answers.sql), whose
 * plan the database keeps: planned on every save, it cost as much as the write itself (docs/scaling.md,
 * "What the benchmark says about the limits").
 */
export async function saveOwnAnswers(
  db: Db,
  ref: SubmissionRef,
  input: SaveAnswersBody,
  now = new Date(),
): Promise<SaveAnswersResult | null> {
  const values = await answersToSave(db, ref, input, now);
  const result = await db.execute(sql`select save_own_answers(${ref.id}, ${input.revision},
    ${ref.formVersion}, ${ref.userId}, ${ref.guestTokenHash}, ${JSON.stringify(values.answers)},
    ${values.identifier}, ${now.toISOString()}) as "saved"`);
  const [row] = (result as unknown as { rows: { saved: boolean }[] }).rows;
  return row?.saved
    ? { revision: values.revision, lastSaveDate: now.toISOString(), identifier: values.identifier }
    : null;
}

/** The questions of the submission's form version by id, as the audit log names them. */
export async function questionNames(tx: Tx, ref: Pick<SubmissionRef, "formId" | "formVersion">) {
  const content = await versionContent(tx, ref.formId, ref.formVersion);
  return new Map(content.sections.flatMap((s) => s.questions.map((q) => [q._id, q.name])));
}

/**
 * An admin's change to someone's application (admin edit mode: answers, files) in the audit log,
 * in the change's transaction. Never the answers' text: which questions, which file names.
 */
export function recordAdminEdit(
  tx: Transaction,
  ref: Pick<SubmissionRef, "id" | "organizationId" | "programId" | "identifier">,
  actorUserId: string | null,
  details: AuditDetails,
) {
  return recordAudit(tx, {
    organizationId: ref.organizationId,
    programId: ref.programId,
    actorUserId,
    action: "submission.admin_edited",
    subject: { type: "submission", id: ref.id, label: ref.identifier },
    details,
  });
}

/**
 * Save every answer (autosave). The owner's save is refused with the reason when the application was
 * submitted, the form closed, or the revision is stale; an admin's (admin edit mode) is recorded.
 */
export async function saveAnswers(
  db: Db,
  ref: SubmissionRef,
  input: SaveAnswersBody,
  editor: { access: "owner" | "admin"; userId: string | null },
  now = new Date(),
): Promise<SaveAnswersResult> {
  if (editor.access === "owner") {
    const saved = await saveOwnAnswers(db, ref, input, now);
    if (saved) return saved;
    // Nothing written: say why (reads only on this rare path).
    const [latest, state] = await Promise.all([
      findSubmissionRef(db, ref.id),
      formState(db, ref.formId, now),
    ]);
    refuseUnlessEditable(latest, state, "owner");
    throw new AppError("STALE_REVISION", SUBMISSION_MESSAGES.staleSave);
  }
  const values = await answersToSave(db, ref, input, now);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(submissions).where(eq(submissions.id, ref.id)).for("update");
    if (!current) throw notFound();
    if (current.revision !== input.revision)
      throw new AppError("STALE_REVISION", SUBMISSION_MESSAGES.staleSave);
    await tx.update(submissions).set(values).where(eq(submissions.id, ref.id));
    const changes = answerChanges(current.answers, values.answers);
    if (changes.length > 0) {
      await tx.insert(submissionEdits).values({ submissionId: ref.id, userId: editor.userId, changes });
      // The log names the questions; the answers before and after stay in submission_edits.
      const names = await questionNames(tx, ref);
      await recordAdminEdit(tx, { ...ref, identifier: values.identifier }, editor.userId, {
        questions: changes.map((c) => names.get(c.questionId) ?? c.questionId),
      });
    }
    return { revision: values.revision, lastSaveDate: now.toISOString(), identifier: values.identifier };
  });
}

/**
 * The receipt (forms-and-applicants, "7. The calls"), to every submitter in the language they used on the
 * form (docs/decisions/028): an account's address with a link to the portal, or a guest's contact email
 * with a single-use link back to the application. A guest who gave no usable contact email gets none.
 */
async function enqueueReceipt(
  tx: Tx,
  row: Pick<SubmissionRow, "id" | "userId" | "organizationId">,
  content: FormContent,
  answers: readonly Answer[],
  options: { language: Language; publicUrl: string },
  now: Date,
) {
  const [user] = row.userId
    ? await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, row.userId))
    : [];
  const to = user ? user.email : contactEmailOf(content, answers);
  if (!to) return;
  const link = user
    ? { kind: "portal" as const, url: `${options.publicUrl}/portal/applicant` }
    : {
        kind: "guest" as const,
        url: await issueContinueLink(tx, row.id, options.publicUrl, now),
        hours: CONTINUE_LINK_HOURS,
      };
  await enqueueEmail(tx, {
    kind: "submission-receipt",
    to: [to],
    organizationId: row.organizationId,
    ...submissionReceiptEmail({
      language: options.language,
      name: user?.name ?? "",
      formName: localize(content.name, options.language, content.settings),
      confirmation: localize(content.settings.confirmationMessage, options.language, content.settings),
      submittedAt: now,
      link,
    }),
  });
}

/**
 * Submit (the answers are judged by the same rules as in the browser, on the sections the applicant's
 * branching leads through) or unsubmit (only when the form allows editing and still accepts). The
 * receipt and the admins' notices go out in the same transaction.
 */
export async function setSubmitted(
  db: Db,
  ref: SubmissionRef,
  input: { submitted: boolean; revision: number },
  options: { language: Language; publicUrl: string },
  now = new Date(),
) {
  const state = await formState(db, ref.formId, now);
  if (!state.accepting) throw new AppError("FORM_CLOSED", SUBMISSION_MESSAGES.closed);
  const content = await versionContent(db, ref.formId, ref.formVersion);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(submissions).where(eq(submissions.id, ref.id)).for("update");
    if (!row) throw notFound();
    if (row.revision !== input.revision) throw new AppError("STALE_REVISION", SUBMISSION_MESSAGES.staleSave);
    if (!input.submitted) {
      if (row.submissionDate === null) return { submissionDate: null, revision: row.revision };
      if (!state.allowEdit) throw new AppError("CONFLICT", SUBMISSION_MESSAGES.editNotAllowed);
      await tx
        .update(submissions)
        .set({ submissionDate: null, revision: row.revision + 1 })
        .where(eq(submissions.id, row.id));
      return { submissionDate: null, revision: row.revision + 1 };
    }
    if (row.submissionDate !== null) {
      return { submissionDate: row.submissionDate.toISOString(), revision: row.revision };
    }
    const files = await filesOf(tx, row.id);
    const answers = withFileAnswers(content, row.answers, files);
    const problems = submissionProblems(content.sections, answers, translator(options.language));
    if (Object.keys(problems).length > 0) {
      throw new AppError("VALIDATION", SUBMISSION_MESSAGES.incomplete, problems);
    }
    const identifier = identifierOf(content.sections, answers);
    await tx
      .update(submissions)
      .set({ submissionDate: now, revision: row.revision + 1, identifier })
      .where(eq(submissions.id, row.id));
    await enqueueReceipt(tx, row, content, answers, options, now);
    await enqueueSubmissionNotices(tx, { ...row, identifier }, content.name, now, options.publicUrl);
    return { submissionDate: now.toISOString(), revision: row.revision + 1 };
  });
}

/** Submitted applications of a form (unpublishing is refused while there are any). */
export async function submittedCount(tx: Tx, formId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(submissions)
    .where(and(eq(submissions.formId, formId), isNotNull(submissions.submissionDate)));
  return row?.n ?? 0;
}

// ---------------------------------------------------------------------------------------------
// The applicant portal
// ---------------------------------------------------------------------------------------------

/** The user's applications, newest first, with each form's name and applicant-link state. */
export async function listOwnSubmissions(
  db: Tx,
  userId: string,
  page: number,
  pageSize: number,
  now = new Date(),
): Promise<{ rows: PortalRow[]; total: number }> {
  // A draft is listed from its first save: opening a form link while signed in makes the row the autosave
  // writes to, and an application the applicant never answered is not one of theirs yet
  // (docs/decisions/038-decision-release-and-portal.md).
  const where = and(
    eq(submissions.userId, userId),
    eq(submissions.softDeleted, false),
    sql`(${submissions.submissionDate} is not null or ${submissions.revision} > 0 or json_array_length(${submissions.answers}) > 0)`,
  );
  const [totalRow] = await db.select({ n: count() }).from(submissions).where(where);
  const latestLink = sql<{ id: string; close_at: string | null } | null>`(
    select json_build_object('id', l.id, 'close_at', l.close_at) from ${formLinks} l
    where l.form_id = ${submissions.formId} and l.kind = 'submission'
    order by l.created_at desc limit 1)`;
  const rows = await db
    .select({
      id: submissions.id,
      formId: submissions.formId,
      formName: sql<string>`${forms.content}->>'name'`,
      organizationName: organizations.name,
      draft: forms.draft,
      allowEdit: forms.allowEdit,
      identifier: submissions.identifier,
      submissionDate: submissions.submissionDate,
      lastSaveDate: submissions.lastSaveDate,
      link: latestLink,
      status: submissions.status,
      amountCents: submissions.amountCents,
      decisionsReleaseAt: programs.decisionsReleaseAt,
    })
    .from(submissions)
    .innerJoin(forms, eq(forms.id, submissions.formId))
    .innerJoin(programs, eq(programs.id, submissions.programId))
    .innerJoin(organizations, eq(organizations.id, submissions.organizationId))
    .where(where)
    .orderBy(desc(submissions.createdAt), desc(submissions.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    total: totalRow?.n ?? 0,
    rows: rows.map((r) => {
      const closeAt = r.link?.close_at ? new Date(r.link.close_at) : null;
      return {
        _id: r.id,
        formId: r.formId,
        formName: r.formName ?? "",
        organizationName: r.organizationName,
        identifier: r.identifier,
        submissionDate: r.submissionDate ? r.submissionDate.toISOString() : null,
        lastSaveDate: r.lastSaveDate.toISOString(),
        outcome: portalOutcome(r.submissionDate !== null, r.decisionsReleaseAt, r.status, r.amountCents, now),
        accepting: !r.draft && r.link !== null && (closeAt === null || closeAt > now),
        closesAt: closeAt ? closeAt.toISOString() : null,
        allowEdit: r.allowEdit,
        linkId: r.link?.id ?? null,
      };
    }),
  };
}

/** A user's applications to one program (GET /api/submissions/user/{userId}/{program}). */
export async function listUserProgramSubmissions(db: Tx, userId: string, programId: string) {
  const rows = await db
    .select({
      id: submissions.id,
      formId: submissions.formId,
      identifier: submissions.identifier,
      submissionDate: submissions.submissionDate,
      lastSaveDate: submissions.lastSaveDate,
    })
    .from(submissions)
    .where(
      and(
        eq(submissions.userId, userId),
        eq(submissions.programId, programId),
        eq(submissions.softDeleted, false),
      ),
    )
    .orderBy(desc(submissions.createdAt));
  return rows.map((r) => ({
    _id: r.id,
    formId: r.formId,
    identifier: r.identifier,
    submissionDate: r.submissionDate ? r.submissionDate.toISOString() : null,
    lastSaveDate: r.lastSaveDate.toISOString(),
  }));
}
