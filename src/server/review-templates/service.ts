import { isDeepStrictEqual } from "node:util";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Section } from "../../shared/forms/model";
import {
  arrangeSections,
  placeQuestions,
  type ReviewTemplateDefinition,
  TEMPLATE_OTHER_TITLE,
} from "../../shared/review/templates";
import type { AuditDetails } from "../../shared/schemas/audit";
import type {
  ReviewTemplate,
  ReviewTemplateList,
  TemplatePreview,
  TemplateProgram,
} from "../../shared/schemas/review-templates";
import { recordAudit, type Transaction } from "../audit/record";
import type { Db, Tx } from "../db/client";
import { forms, programs, reviewTemplates, submissionFiles, submissions } from "../db/schema";
import { answerText } from "../exports/tabular/answer-text";
import { versionContent } from "../forms/versions";
import { EditConflict } from "../http/edit-conflict";
import { AppError, notFound } from "../http/errors";
import { isUuid } from "../http/ids";

/**
 * The organization's review templates (docs/decisions/040-review-templates.md). Only legacy programs
 * (appVersion 1) are bound to one: a template places answers under the nine canvas sections, which only
 * the legacy review has.
 */

const LEGACY_APP_VERSION = 1;
/** The preview's submission picker lists at most this many (by identifier). */
const PREVIEW_SUBMISSIONS = 500;

type TemplateRow = typeof reviewTemplates.$inferSelect;

const present = (row: TemplateRow): ReviewTemplate => ({
  _id: row.id,
  name: row.name,
  definition: row.definition,
  revision: row.revision,
  updatedAt: row.updatedAt.toISOString(),
});

/** A template of the organization, or 404 (another organization's, a malformed id). */
async function templateOf(db: Tx, organizationId: string, templateId: string): Promise<TemplateRow> {
  if (!isUuid(templateId)) throw notFound();
  const [row] = await db
    .select()
    .from(reviewTemplates)
    .where(and(eq(reviewTemplates.id, templateId), eq(reviewTemplates.organizationId, organizationId)));
  if (!row) throw notFound();
  return row;
}

export async function getTemplate(db: Tx, organizationId: string, templateId: string) {
  return present(await templateOf(db, organizationId, templateId));
}

/** The templates, by name, and the organization's legacy programs with what their template leaves to "Other". */
export async function listTemplates(db: Tx, organizationId: string): Promise<ReviewTemplateList> {
  const [rows, legacy] = await Promise.all([
    db
      .select()
      .from(reviewTemplates)
      .where(eq(reviewTemplates.organizationId, organizationId))
      .orderBy(asc(reviewTemplates.name), asc(reviewTemplates.id)),
    db
      .select({
        id: programs.id,
        name: programs.name,
        appVersion: programs.appVersion,
        archived: programs.archived,
        reviewTemplateId: programs.reviewTemplateId,
        sections: sql<Section[] | null>`${forms.content}->'sections'`,
      })
      .from(programs)
      .leftJoin(forms, eq(forms.programId, programs.id))
      .where(and(eq(programs.organizationId, organizationId), eq(programs.appVersion, LEGACY_APP_VERSION)))
      .orderBy(asc(programs.name), asc(programs.id)),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row.definition]));
  const programList: TemplateProgram[] = legacy.map((program) => {
    const template = program.reviewTemplateId === null ? undefined : byId.get(program.reviewTemplateId);
    return {
      _id: program.id,
      name: program.name,
      appVersion: program.appVersion,
      archived: program.archived,
      reviewTemplateId: program.reviewTemplateId,
      unplaced:
        template === undefined
          ? []
          : placeQuestions(program.sections ?? [], template)
              .filter((p) => p.section === null)
              .map((p) => ({ questionId: p.questionId, wording: p.wording })),
    };
  });
  return { templates: rows.map(present), programs: programList };
}

/** What the audit log keeps of a definition: its names and sizes, never the whole rules. */
const auditDetailsOf = (definition: ReviewTemplateDefinition) => ({
  form: definition.form,
  sections: definition.sections.length,
  rules: definition.rules.length,
});

/**
 * What an edit changed, for the audit log: the name and form before and after; the sections and rules by their
 * counts, or marked changed when their number stayed but their content did not.
 */
function changesOf(before: ReviewTemplateDefinition, after: ReviewTemplateDefinition): AuditDetails {
  const changed: AuditDetails = {};
  if (before.name !== after.name) changed.name = { before: before.name, after: after.name };
  if (before.form !== after.form) changed.form = { before: before.form, after: after.form };
  for (const key of ["sections", "rules"] as const) {
    if (before[key].length !== after[key].length)
      changed[key] = { before: before[key].length, after: after[key].length };
    // Stored as jsonb, whose objects come back with their keys reordered: compared by value.
    else if (!isDeepStrictEqual(before[key], after[key])) changed[key] = "changed";
  }
  return changed;
}

/** The audit log's record of a change to a template (an organization-level change: no program). */
function recordTemplateChange(
  tx: Transaction,
  organizationId: string,
  actorUserId: string | null,
  action: "review_template.created" | "review_template.updated" | "review_template.deleted",
  template: { id: string; name: string },
  details: AuditDetails,
) {
  return recordAudit(tx, {
    organizationId,
    actorUserId,
    action,
    subject: { type: "review_template", id: template.id, label: template.name },
    details,
  });
}

export async function createTemplate(
  db: Db,
  organizationId: string,
  definition: ReviewTemplateDefinition,
  actorUserId: string | null,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(reviewTemplates)
      .values({ organizationId, name: definition.name, definition })
      .returning();
    await recordTemplateChange(tx, organizationId, actorUserId, "review_template.created", row!, {
      ...auditDetailsOf(definition),
    });
    return present(row!);
  });
}

/**
 * Replaces a template's definition, based on the revision its editor last read (decision 016): a stale one
 * is refused with 409 and the template as stored now, and nothing is written.
 */
export async function updateTemplate(
  db: Db,
  organizationId: string,
  templateId: string,
  update: { definition: ReviewTemplateDefinition; revision: number },
  actorUserId: string | null,
) {
  const { definition } = update;
  return db.transaction(async (tx) => {
    const found = await templateOf(tx, organizationId, templateId);
    const [current] = await tx
      .select()
      .from(reviewTemplates)
      .where(eq(reviewTemplates.id, found.id))
      .for("update");
    if (current!.revision !== update.revision) throw new EditConflict("reviewTemplate", present(current!));
    const [row] = await tx
      .update(reviewTemplates)
      .set({ name: definition.name, definition, revision: current!.revision + 1, updatedAt: new Date() })
      .where(eq(reviewTemplates.id, current!.id))
      .returning();
    // Saving the same definition again changes nothing and records nothing (decision 012).
    const changed = changesOf(current!.definition, definition);
    if (Object.keys(changed).length > 0)
      await recordTemplateChange(tx, organizationId, actorUserId, "review_template.updated", row!, changed);
    return present(row!);
  });
}

/** Deletes a template; its programs go back to their form's own sections (the foreign key sets null). */
export async function deleteTemplate(
  db: Db,
  organizationId: string,
  templateId: string,
  actorUserId: string | null,
) {
  await db.transaction(async (tx) => {
    const row = await templateOf(tx, organizationId, templateId);
    const bound = await tx
      .select({ name: programs.name })
      .from(programs)
      .where(eq(programs.reviewTemplateId, row.id))
      .orderBy(asc(programs.name));
    await tx.delete(reviewTemplates).where(eq(reviewTemplates.id, row.id));
    await recordAudit(tx, {
      organizationId,
      actorUserId,
      action: "review_template.deleted",
      subject: { type: "review_template", id: row.id, label: row.name },
      details: { ...auditDetailsOf(row.definition), unboundPrograms: bound.map((p) => p.name) },
    });
  });
}

/** A program of the organization, or 404. */
async function programOf(db: Tx, organizationId: string, programId: string) {
  if (!isUuid(programId)) throw notFound();
  const [row] = await db
    .select({
      id: programs.id,
      name: programs.name,
      appVersion: programs.appVersion,
      reviewTemplateId: programs.reviewTemplateId,
    })
    .from(programs)
    .where(and(eq(programs.id, programId), eq(programs.organizationId, organizationId)));
  if (!row) throw notFound();
  return row;
}

export const NOT_LEGACY_MESSAGE =
  "Only a legacy program (appVersion 1) is reviewed in fixed sections: this program has its own form's sections.";

/** Binds a legacy program to a template of its organization, or unbinds it (null); recorded in the audit log. */
export async function bindTemplate(
  db: Db,
  organizationId: string,
  programId: string,
  templateId: string | null,
  actorUserId: string | null,
) {
  await db.transaction(async (tx) => {
    const program = await programOf(tx, organizationId, programId);
    const template = templateId === null ? null : await templateOf(tx, organizationId, templateId);
    if (template !== null && program.appVersion !== LEGACY_APP_VERSION) {
      throw new AppError("VALIDATION", "Some fields are not valid.", { templateId: [NOT_LEGACY_MESSAGE] });
    }
    if (program.reviewTemplateId === (template?.id ?? null)) return;
    const previous =
      program.reviewTemplateId === null
        ? null
        : (
            await tx
              .select({ name: reviewTemplates.name })
              .from(reviewTemplates)
              .where(eq(reviewTemplates.id, program.reviewTemplateId))
          )[0];
    await tx
      .update(programs)
      .set({ reviewTemplateId: template?.id ?? null, updatedAt: new Date() })
      .where(eq(programs.id, program.id));
    await recordAudit(tx, {
      organizationId,
      programId: program.id,
      actorUserId,
      action: "review_template.bound",
      subject: { type: "program", id: program.id, label: program.name },
      details: { template: { before: previous?.name ?? null, after: template?.name ?? null } },
    });
  });
}

/** For a chosen submission of a program, where each of its answers lands under `definition`. */
export async function previewTemplate(
  db: Tx,
  organizationId: string,
  definition: ReviewTemplateDefinition,
  programId: string,
  submissionId: string | undefined,
): Promise<TemplatePreview> {
  const program = await programOf(db, organizationId, programId);
  const list = await db
    .select({ id: submissions.id, identifier: submissions.identifier })
    .from(submissions)
    .where(eq(submissions.programId, program.id))
    .orderBy(asc(submissions.identifier), asc(submissions.id))
    .limit(PREVIEW_SUBMISSIONS);
  const chosenId = submissionId ?? list[0]?.id;
  const choices = list.map((s) => ({ _id: s.id, identifier: s.identifier }));
  if (chosenId === undefined) return { submissions: choices, submissionId: null, placements: [] };
  if (!isUuid(chosenId)) throw notFound();
  const [submission] = await db
    .select({
      id: submissions.id,
      formId: submissions.formId,
      formVersion: submissions.formVersion,
      answers: submissions.answers,
    })
    .from(submissions)
    .where(and(eq(submissions.id, chosenId), eq(submissions.programId, program.id)));
  if (!submission) throw notFound();
  const [content, files] = await Promise.all([
    versionContent(db, submission.formId, submission.formVersion),
    db
      .select({ id: submissionFiles.id, questionId: submissionFiles.questionId, name: submissionFiles.name })
      .from(submissionFiles)
      .where(eq(submissionFiles.submissionId, submission.id)),
  ]);
  const questions = new Map(content.sections.flatMap((s) => s.questions.map((q) => [q._id, q] as const)));
  const answers = new Map((submission.answers ?? []).map((a) => [a.questionId, a]));
  const titles = new Map(definition.sections.map((s) => [s.number, s.title]));
  return {
    submissions: choices,
    submissionId: submission.id,
    placements: placeQuestions(content.sections, definition).map((p) => ({
      questionId: p.questionId,
      wording: p.wording,
      section: p.section,
      sectionTitle: p.section === null ? TEMPLATE_OTHER_TITLE : (titles.get(p.section) ?? ""),
      rule: p.rule,
      answer: answerText(questions.get(p.questionId)!, answers.get(p.questionId), files),
    })),
  };
}

/**
 * The template a legacy program's submissions are reviewed with, or null (not bound, or not legacy).
 * Read by the legacy review page's view, the PDFs and the comment export.
 */
export async function programTemplate(db: Tx, programId: string): Promise<ReviewTemplateDefinition | null> {
  const [row] = await db
    .select({ definition: reviewTemplates.definition })
    .from(programs)
    .innerJoin(reviewTemplates, eq(reviewTemplates.id, programs.reviewTemplateId))
    .where(and(eq(programs.id, programId), eq(programs.appVersion, LEGACY_APP_VERSION)));
  return row?.definition ?? null;
}

/** The form's sections as a program's submissions are reviewed: its template's, when it has one. */
export function reviewedSections(sections: Section[], template: ReviewTemplateDefinition | null): Section[] {
  return template === null ? sections : arrangeSections(sections, template);
}
