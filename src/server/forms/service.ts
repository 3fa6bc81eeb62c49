import { and, desc, eq, sql } from "drizzle-orm";
import { logicWarnings } from "../../shared/forms/branching";
import { copyWithNewIds, defaultFormContent } from "../../shared/forms/defaults";
import {
  type Form,
  type FormContent,
  HEADER_IMAGE_MESSAGE,
  headerImageProgram,
} from "../../shared/forms/model";
import { FORM_MESSAGES, formProblems } from "../../shared/forms/publish-check";
import { publishedEditProblem } from "../../shared/forms/structure-lock";
import type { FormResult, SaveFormResult } from "../../shared/schemas/forms";
import { recordAudit } from "../audit/record";
import type { Db, Tx } from "../db/client";
import { formLinks, forms, formVersions, organizations, plans } from "../db/schema";
import { AppError, notFound } from "../http/errors";
import { isUuid } from "../http/ids";
import { ensureFormAddress, formAddress } from "./address";
import { forgetVersion } from "./versions";

export type FormRow = typeof forms.$inferSelect;
/** A form without its content: what access checks and locks need (the content is the heavy part). */
export type FormRef = Omit<FormRow, "content">;

const refColumns = {
  id: forms.id,
  organizationId: forms.organizationId,
  programId: forms.programId,
  draft: forms.draft,
  allowEdit: forms.allowEdit,
  revision: forms.revision,
  publishedVersion: forms.publishedVersion,
  createdBy: forms.createdBy,
  submissionNoticeUserIds: forms.submissionNoticeUserIds,
  lastEditedAt: forms.lastEditedAt,
  slug: forms.slug,
  createdAt: forms.createdAt,
  updatedAt: forms.updatedAt,
};

/** The form's ids and state, without reading its (large) content; 404 when missing. */
export async function findFormRef(db: Tx, formId: string): Promise<FormRef> {
  if (!isUuid(formId)) throw notFound();
  const [row] = await db.select(refColumns).from(forms).where(eq(forms.id, formId));
  if (!row) throw notFound();
  return row;
}
type LinkRow = typeof formLinks.$inferSelect;
type PlanSettings = Form["planSettings"];

export async function findForm(db: Tx, formId: string): Promise<FormRow> {
  if (!isUuid(formId)) throw notFound();
  const [row] = await db.select().from(forms).where(eq(forms.id, formId));
  if (!row) throw notFound();
  return row;
}

/** Creates the program's form with the spec's default content and its preview link (open now, never closing). */
export async function createDefaultForm(
  tx: Tx,
  program: { id: string; organizationId: string; name: string },
  createdBy: string | null,
  content: FormContent = defaultFormContent(program.name),
): Promise<void> {
  const [row] = await tx
    .insert(forms)
    .values({ organizationId: program.organizationId, programId: program.id, content, createdBy })
    .onConflictDoNothing({ target: forms.programId })
    .returning({ id: forms.id });
  if (row) await tx.insert(formLinks).values({ formId: row.id, kind: "preview" });
}

/** Duplicate program: the form's content with fresh ids, unpublished, no applicant links, no versions. */
export async function copyProgramForm(
  tx: Tx,
  fromProgramId: string,
  to: { id: string; organizationId: string; name: string },
  createdBy: string,
): Promise<void> {
  const [source] = await tx
    .select({ content: forms.content })
    .from(forms)
    .where(eq(forms.programId, fromProgramId));
  await createDefaultForm(tx, to, createdBy, source ? copyWithNewIds(source.content) : undefined);
}

/** The program's form, created with the default content when it is missing (spec: "a missing form on load"). */
export async function formOfProgram(
  db: Db,
  program: { id: string; organizationId: string; name: string },
  userId: string,
): Promise<FormRow> {
  const find = () => db.select().from(forms).where(eq(forms.programId, program.id));
  const [existing] = await find();
  // A form published before stable addresses existed gets its address when its administrators next open it.
  if (existing && !existing.draft && existing.slug === null) {
    await db.transaction((tx) => ensureFormAddress(tx, existing.id));
    return (await find())[0]!;
  }
  if (existing) return existing;
  await db.transaction((tx) => createDefaultForm(tx, program, userId));
  const [created] = await find();
  return created!;
}

async function planSettingsOf(db: Tx, organizationId: string): Promise<PlanSettings> {
  const [row] = await db
    .select({
      maxFileSizeMB: plans.maxFileSizeMB,
      maxFiles: plans.maxFiles,
      logoBranding: plans.logoBranding,
    })
    .from(organizations)
    .innerJoin(plans, eq(plans.id, organizations.planId))
    .where(eq(organizations.id, organizationId));
  return row ?? { maxFileSizeMB: 20, maxFiles: 0, logoBranding: false };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const presentLink = (link: LinkRow) => ({
  _id: link.id,
  open: link.openAt.toISOString(),
  close: iso(link.closeAt),
  ...(link.kind === "submission" && link.scheduledCloseAt
    ? { scheduledClose: link.scheduledCloseAt.toISOString() }
    : {}),
});

/** The form as its administrators see it, with what blocks publishing and what the logic check warns about. */
export async function presentForm(db: Tx, row: FormRow): Promise<FormResult> {
  const [links, planSettings, address] = await Promise.all([
    db.select().from(formLinks).where(eq(formLinks.formId, row.id)).orderBy(formLinks.createdAt),
    planSettingsOf(db, row.organizationId),
    formAddress(db, row.id),
  ]);
  const preview = links.find((l) => l.kind === "preview");
  const form: Form = {
    ...row.content,
    _id: row.id,
    programId: row.programId,
    organizationId: row.organizationId,
    draft: row.draft,
    allowEdit: row.allowEdit,
    previewLink: preview
      ? presentLink(preview)
      : { _id: row.id, open: row.createdAt.toISOString(), close: null },
    submissionLinks: links.filter((l) => l.kind === "submission").map(presentLink),
    revision: row.revision,
    lastEditedAt: row.lastEditedAt.toISOString(),
    publishedVersion: row.publishedVersion,
    planSettings,
    address,
  };
  return {
    form,
    problems: formProblems(row.content.sections, planSettings),
    warnings: logicWarnings(row.content.sections),
  };
}

/** A save's answer: the new revision and the content's problems and warnings, without the content. */
export async function saveReceipt(db: Tx, row: FormRow): Promise<SaveFormResult> {
  const planSettings = await planSettingsOf(db, row.organizationId);
  return {
    revision: row.revision,
    lastEditedAt: row.lastEditedAt.toISOString(),
    problems: formProblems(row.content.sections, planSettings),
    warnings: logicWarnings(row.content.sections),
  };
}

/** Locks the form row and checks the caller saw its latest revision (without reading the content). */
async function lockAtRevision(tx: Tx, formId: string, revision: number): Promise<FormRef> {
  const [row] = await tx.select(refColumns).from(forms).where(eq(forms.id, formId)).for("update");
  if (!row) throw notFound();
  if (row.revision !== revision) throw new AppError("STALE_REVISION", FORM_MESSAGES.staleSave);
  return row;
}

async function contentOf(tx: Tx, formId: string): Promise<FormContent> {
  const [row] = await tx.select({ content: forms.content }).from(forms).where(eq(forms.id, formId));
  if (!row) throw notFound();
  return row.content;
}

/**
 * Writes new content, all or nothing: based on the caller's revision (a stale one is refused), and
 * on a published form only within what may still change (titles, descriptions, criteria, look).
 * `change` gets the current content when it needs it (`null` asks for none: a whole-form save
 * replaces it without reading the large document back, unless the published structure must be kept).
 */
async function writeContent(
  db: Db,
  formId: string,
  revision: number,
  change: (current: FormContent | null) => FormContent,
  needsCurrent: boolean,
): Promise<FormRow> {
  const saved = await db.transaction(async (tx) => {
    const row = await lockAtRevision(tx, formId, revision);
    const current = needsCurrent || !row.draft ? await contentOf(tx, formId) : null;
    const content = change(current);
    await checkHeaderImage(tx, row, content, current);
    if (!row.draft) {
      const problem = publishedEditProblem(current!, content);
      if (problem) throw new AppError("FORM_LOCKED", problem);
    }
    const now = new Date();
    const [updated] = await tx
      .update(forms)
      .set({ content, revision: row.revision + 1, lastEditedAt: now, updatedAt: now })
      .where(eq(forms.id, formId))
      .returning(refColumns);
    // The published version takes the edits a published form allows, in the same transaction: applicants,
    // reviewers and the PDF read the version, and its structure (what answers are checked against) is
    // the same as before (decision 006, "Edits after publishing").
    if (!row.draft && row.publishedVersion !== null) {
      await tx
        .update(formVersions)
        .set({ content, edits: sql`${formVersions.edits} + 1` })
        .where(and(eq(formVersions.formId, formId), eq(formVersions.version, row.publishedVersion)));
    }
    return { ...updated!, content };
  });
  // Once committed: a read in this process from now on takes the saved version.
  if (!saved.draft && saved.publishedVersion !== null) forgetVersion(formId, saved.publishedVersion);
  return saved;
}

/**
 * The header image is none, or one of this program's own uploaded images (the schema has checked the
 * address's shape; here, whose program it names). One the form already holds is kept as it is: a
 * duplicated program's form shows its source's image until someone uploads another.
 */
async function checkHeaderImage(
  tx: Tx,
  form: Pick<FormRef, "id" | "programId">,
  content: FormContent,
  current: FormContent | null,
): Promise<void> {
  const address = content.settings.headerImage;
  if (!address || headerImageProgram(address) === form.programId) return;
  const held = current
    ? current.settings.headerImage
    : (
        await tx
          .select({ address: sql<string | null>`${forms.content}->'settings'->>'headerImage'` })
          .from(forms)
          .where(eq(forms.id, form.id))
      )[0]?.address;
  if (address === held) return;
  throw new AppError("VALIDATION", HEADER_IMAGE_MESSAGE, {
    "content.settings.headerImage": [HEADER_IMAGE_MESSAGE],
  });
}

/** The whole-form save. */
export function replaceContent(db: Db, formId: string, revision: number, content: FormContent) {
  return writeContent(db, formId, revision, () => content, false);
}

/** A change computed from the current content (add, delete, restore a section). */
export function changeContent(
  db: Db,
  formId: string,
  revision: number,
  change: (current: FormContent) => FormContent,
) {
  return writeContent(db, formId, revision, (current) => change(current!), true);
}

function sectionIndex(content: FormContent, sectionId: string): number {
  const index = content.sections.findIndex((s) => s._id === sectionId);
  if (index < 0) throw notFound();
  return index;
}

/** Soft delete or restore (UNDO) a section. The section holding the Identifier question stays. */
export function setSectionDeleted(content: FormContent, sectionId: string, deleted: boolean): FormContent {
  const index = sectionIndex(content, sectionId);
  const section = content.sections[index]!;
  if (deleted && section.questions.some((q) => q.type === "IDENTIFIER")) {
    throw new AppError("CONFLICT", "The section with the Identifier question cannot be deleted.");
  }
  const sections = content.sections.map((s, i) => (i === index ? { ...s, deleted } : s));
  return { ...content, sections };
}

/** A change to a form's state, as the audit log records it (the program column names the form). */
export const formScope = (
  form: Pick<FormRef, "id" | "organizationId" | "programId">,
  actorUserId: string | null,
) => ({
  organizationId: form.organizationId,
  programId: form.programId,
  actorUserId,
  subject: { type: "form" as const, id: form.id },
});

/**
 * Publish: refused while anything blocks it; otherwise the content is frozen as the next version,
 * the preview link closes, and the form gets an applicant link when it has none. Recorded in the audit
 * log (by nobody when the demo seed or a test publishes).
 */
export async function publishForm(
  db: Db,
  formId: string,
  revision: number,
  actorUserId: string | null = null,
): Promise<void> {
  return db.transaction(async (tx) => {
    const row = await lockAtRevision(tx, formId, revision);
    if (!row.draft) return;
    const content = await contentOf(tx, formId);
    const problems = formProblems(content.sections, await planSettingsOf(tx, row.organizationId));
    if (problems.length > 0) {
      throw new AppError("VALIDATION", FORM_MESSAGES.formError, { form: problems.map((p) => p.message) });
    }
    const version = (row.publishedVersion ?? 0) + 1;
    const now = new Date();
    await tx.insert(formVersions).values({ formId, version, content });
    await tx
      .update(formLinks)
      .set({ closeAt: now })
      .where(and(eq(formLinks.formId, formId), eq(formLinks.kind, "preview")));
    const [link] = await tx
      .select({ id: formLinks.id })
      .from(formLinks)
      .where(and(eq(formLinks.formId, formId), eq(formLinks.kind, "submission")))
      .limit(1);
    if (!link) await tx.insert(formLinks).values({ formId, kind: "submission", openAt: now });
    await ensureFormAddress(tx, formId);
    await tx
      .update(forms)
      .set({ draft: false, publishedVersion: version, revision: row.revision + 1, updatedAt: now })
      .where(eq(forms.id, formId));
    await recordAudit(tx, { ...formScope(row, actorUserId), action: "form.published", details: { version } });
  });
}

/**
 * Unpublish: back to draft and the preview link reopens. Refused once applications have been
 * submitted (counted by `submittedCount`, which the submissions module provides).
 */
export async function unpublishForm(
  db: Db,
  formId: string,
  revision: number,
  actorUserId: string,
  submittedCount: (tx: Tx, formId: string) => Promise<number> = async () => 0,
): Promise<void> {
  return db.transaction(async (tx) => {
    const row = await lockAtRevision(tx, formId, revision);
    if (row.draft) return;
    if ((await submittedCount(tx, formId)) > 0) {
      throw new AppError("CONFLICT", "This form has submitted applications: it cannot be unpublished.");
    }
    await tx
      .update(formLinks)
      .set({ closeAt: null })
      .where(and(eq(formLinks.formId, formId), eq(formLinks.kind, "preview")));
    await tx
      .update(forms)
      .set({ draft: true, revision: row.revision + 1, updatedAt: new Date() })
      .where(eq(forms.id, formId));
    await recordAudit(tx, { ...formScope(row, actorUserId), action: "form.unpublished" });
  });
}

async function latestSubmissionLink(tx: Tx, formId: string) {
  const [link] = await tx
    .select()
    .from(formLinks)
    .where(and(eq(formLinks.formId, formId), eq(formLinks.kind, "submission")))
    .orderBy(desc(formLinks.createdAt))
    .limit(1);
  return link;
}

/** Accepting while the latest applicant link has no close date or one in the future. */
export function isAccepting(link: { closeAt: Date | null } | undefined, now = new Date()): boolean {
  return link !== undefined && (link.closeAt === null || link.closeAt > now);
}

/**
 * Close now, or schedule the close: the time is stored, so closing happens on time with no job running.
 * Closing now before a scheduled close keeps that schedule beside the link, for a reopening to restore
 * (docs/decisions/027-stable-form-address.md).
 */
export async function closeForm(db: Db, row: FormRef, at: Date | null, actorUserId: string): Promise<void> {
  if (row.draft) throw new AppError("CONFLICT", "Publish the form before managing applicant access.");
  const link = await latestSubmissionLink(db, row.id);
  if (!link) throw notFound();
  const now = new Date();
  const closeAt = at ?? now;
  const schedule = link.closeAt !== null && link.closeAt > now ? link.closeAt : link.scheduledCloseAt;
  const scheduledCloseAt = at === null ? schedule : null;
  await db.transaction(async (tx) => {
    await tx.update(formLinks).set({ closeAt, scheduledCloseAt }).where(eq(formLinks.id, link.id));
    await recordAudit(tx, {
      ...formScope(row, actorUserId),
      action: "form.closed",
      details: { closeAt: { before: link.closeAt?.toISOString() ?? null, after: closeAt.toISOString() } },
    });
  });
}

/**
 * Reopen: a new applicant link (and so a new /form/{linkId} URL; the stable address follows it), open now.
 * It keeps the close the administrators had scheduled, when that is still ahead, unless they give another
 * (`closeAt`: a date, or null for none).
 */
export async function reopenForm(
  db: Db,
  row: FormRef,
  actorUserId: string,
  change: { closeAt?: Date | null } = {},
): Promise<void> {
  if (row.draft) throw new AppError("CONFLICT", "Publish the form before managing applicant access.");
  const now = new Date();
  if (change.closeAt && change.closeAt <= now) {
    throw new AppError("VALIDATION", "Choose a close date in the future.", {
      closeAt: ["Choose a close date in the future."],
    });
  }
  await db.transaction(async (tx) => {
    await tx.select({ id: forms.id }).from(forms).where(eq(forms.id, row.id)).for("update");
    const latest = await latestSubmissionLink(tx, row.id);
    if (isAccepting(latest, now)) return;
    const kept = latest?.scheduledCloseAt && latest.scheduledCloseAt > now ? latest.scheduledCloseAt : null;
    const closeAt = change.closeAt === undefined ? kept : change.closeAt;
    await tx.insert(formLinks).values({ formId: row.id, kind: "submission", closeAt });
    await recordAudit(tx, {
      ...formScope(row, actorUserId),
      action: "form.reopened",
      details: closeAt ? { closeAt: closeAt.toISOString() } : {},
    });
  });
}

/** Editing of submitted applications can be switched only while the form accepts responses. */
export async function setAllowEdit(
  db: Db,
  row: FormRef,
  allowEdit: boolean,
  actorUserId: string,
): Promise<void> {
  if (!isAccepting(await latestSubmissionLink(db, row.id))) {
    throw new AppError("CONFLICT", "Editing can be allowed only while the form accepts responses.");
  }
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ allowEdit: forms.allowEdit })
      .from(forms)
      .where(eq(forms.id, row.id))
      .for("update");
    await tx.update(forms).set({ allowEdit, updatedAt: new Date() }).where(eq(forms.id, row.id));
    if (before === undefined || before.allowEdit === allowEdit) return;
    await recordAudit(tx, {
      ...formScope(row, actorUserId),
      action: "form.editing_changed",
      details: { allowEdit: { before: before.allowEdit, after: allowEdit } },
    });
  });
}

/** Published forms of the organization, for mapping questions (names and types only). */
export async function mappableForms(db: Db, organizationId: string) {
  const rows = await db
    .select({ id: forms.id, content: forms.content })
    .from(forms)
    .where(and(eq(forms.organizationId, organizationId), eq(forms.draft, false)));
  return rows.map(({ id, content }) => ({
    _id: id,
    name: content.name,
    sections: content.sections
      .filter((s) => !s.deleted)
      .map((s) => ({
        _id: s._id,
        name: s.name,
        questions: s.questions.map((q) => ({ _id: q._id, name: q.name, type: q.type })),
      })),
  }));
}
