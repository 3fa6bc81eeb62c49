import { and, asc, eq } from "drizzle-orm";
import { EXPORT_SLUG_LENGTH, fileSlug } from "../../../shared/file-names";
import type { FormContent } from "../../../shared/forms/model";
import { NOT_RATED, type ReviewSection } from "../../../shared/schemas/reviews";
import { notConflictedSql } from "../../conflicts/active";
import type { Tx } from "../../db/client";
import { reviewComments, reviews, submissions, users } from "../../db/schema";
import { isUuid } from "../../http/ids";
import { programTemplate } from "../../review-templates/service";
import { isReviewableSql } from "../../reviewing/candidates";
import { BOM, csvRecord } from "../tabular/csv";
import type { Cell } from "../tabular/table";
import type { ExportContext, ExportProducer } from "../types";
import { addAttachments, MissingFiles } from "../zip/attachment-entries";
import { ExportForms, type ExportSubmission, filesOf, renderExportPdf } from "../zip/submissions";
import { ZipWriter } from "../zip/zip-writer";
import { sectionTitles } from "./comments";

/**
 * Everything for one candidate (docs/decisions/011-exports.md), in one zip: their PDF (as in the PDF export),
 * their files in "attachments/" (as in the attachment zip), reviews.csv (each review: reviewer, overall
 * rating, each section's rating and criteria, last change) and comments.csv (author, section, date,
 * text; internal test accounts left out, as in the comment export, review-and-administration,
 * "6. Roles and permissions"). Anonymized answers and their files stay out unless the admin asked for them.
 * The candidate must still be one of the program's candidates when the job runs (submitted, not a test: as
 * POST /api/exports checked) — any other id fails the job as "not found", whatever it names elsewhere.
 */

export const DOSSIER_MESSAGES = {
  notFound: "This candidate is not in the program.",
} as const;

export const DOSSIER_REVIEW_HEADERS = ["Reviewer", "Reviewer email", "Rating"] as const;
export const DOSSIER_COMMENT_HEADERS = [
  "Author",
  "Author email",
  "Section",
  "Date (UTC)",
  "Comment",
] as const;
const LAST_REVIEWED = "Last reviewed (UTC)";
const ATTACHMENTS_FOLDER = "attachments";

async function findSubmission(db: Tx, programId: string, submissionId: string | undefined) {
  if (submissionId === undefined || !isUuid(submissionId)) return null;
  const [row] = await db
    .select({
      id: submissions.id,
      formId: submissions.formId,
      formVersion: submissions.formVersion,
      identifier: submissions.identifier,
      submissionDate: submissions.submissionDate,
      answers: submissions.answers,
    })
    .from(submissions)
    .where(and(eq(submissions.programId, programId), eq(submissions.id, submissionId), isReviewableSql()));
  if (!row) return null;
  const files = await filesOf(db, [row.id]);
  return { ...row, files: files.get(row.id) ?? [] } satisfies ExportSubmission;
}

/** A rating cell: the number, or empty when not rated (-1). */
const ratingCell = (value: number): Cell => (value > NOT_RATED ? value : null);
/** A yes/no criterion: 1 yes, 0 no, -1 unanswered. */
const yesNoCell = (value: number): Cell => (value === 1 ? "Yes" : value === 0 ? "No" : null);

interface ReviewColumn {
  title: string;
  cell(sections: readonly ReviewSection[]): Cell;
}

/**
 * The per-section columns of reviews.csv: for each section some review rated, its rating; for each
 * criterion some review answered, its value — in form order, titled "Section" and "Section: criterion".
 */
function reviewColumns(
  content: FormContent,
  appVersion: number,
  rows: readonly { sections: ReviewSection[] }[],
): ReviewColumn[] {
  const titles = sectionTitles(content, appVersion);
  const criteriaOf = new Map(
    content.sections.map((s) => [s._id, new Map(s.criteria.map((c) => [c._id, c]))]),
  );
  const used = new Map<string, { rated: boolean; criteria: Map<string, "SCALE" | "BOOLEAN"> }>();
  for (const row of rows) {
    for (const section of row.sections) {
      const entry = used.get(section.sectionId) ?? { rated: false, criteria: new Map() };
      entry.rated ||= section.rating > NOT_RATED;
      for (const criterion of section.criteria) entry.criteria.set(criterion.criteriaId, criterion.type);
      used.set(section.sectionId, entry);
    }
  }
  // Form order first (the titles' order), then anything a review holds that the form no longer has.
  const order = [...titles.keys(), ...[...used.keys()].filter((id) => !titles.has(id))];
  const columns: ReviewColumn[] = [];
  for (const sectionId of order) {
    const entry = used.get(sectionId);
    if (!entry) continue;
    const title = titles.get(sectionId) ?? sectionId;
    const find = (sections: readonly ReviewSection[]) => sections.find((s) => s.sectionId === sectionId);
    if (entry.rated) columns.push({ title, cell: (s) => ratingCell(find(s)?.rating ?? NOT_RATED) });
    for (const [criterionId, type] of entry.criteria) {
      const description = criteriaOf
        .get(sectionId)
        ?.get(criterionId)
        ?.description.replace(/\s+/g, " ")
        .trim();
      columns.push({
        title: `${title}: ${description || criterionId}`,
        cell: (s) => {
          const value = find(s)?.criteria.find((c) => c.criteriaId === criterionId)?.value ?? NOT_RATED;
          return type === "BOOLEAN" ? yesNoCell(value) : ratingCell(value);
        },
      });
    }
  }
  return columns;
}

async function reviewsCsv(db: Tx, ctx: ExportContext, submission: ExportSubmission, content: FormContent) {
  const rows = await db
    .select({
      name: users.name,
      email: users.email,
      rating: reviews.rating,
      sections: reviews.sections,
      lastReviewed: reviews.lastReviewed,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(
      and(
        eq(reviews.programId, ctx.program.id),
        eq(reviews.submissionId, submission.id),
        // A review set aside by its author's conflict of interest is not part of the dossier.
        notConflictedSql(reviews.submissionId, reviews.userId),
      ),
    )
    .orderBy(asc(users.name), asc(users.email));
  const columns = reviewColumns(content, ctx.program.appVersion, rows);
  let text = BOM + csvRecord([...DOSSIER_REVIEW_HEADERS, ...columns.map((c) => c.title), LAST_REVIEWED]);
  for (const row of rows) {
    text += csvRecord([
      row.name,
      row.email,
      ratingCell(row.rating),
      ...columns.map((c) => c.cell(row.sections)),
      row.lastReviewed,
    ]);
  }
  return text;
}

/** The email's domain (after the last "@"), lowercased. */
const domainOf = (email: string) => email.slice(email.lastIndexOf("@") + 1).toLowerCase();

async function commentsCsv(db: Tx, ctx: ExportContext, submission: ExportSubmission, content: FormContent) {
  const rows = await db
    .select({
      name: users.name,
      email: users.email,
      sectionId: reviewComments.sectionId,
      body: reviewComments.body,
      updatedAt: reviewComments.updatedAt,
    })
    .from(reviewComments)
    .innerJoin(users, eq(users.id, reviewComments.userId))
    .where(and(eq(reviewComments.programId, ctx.program.id), eq(reviewComments.submissionId, submission.id)))
    .orderBy(asc(reviewComments.createdAt), asc(reviewComments.id));
  const internal = new Set(ctx.internalEmailDomains.map((d) => d.toLowerCase()));
  const titles = sectionTitles(content, ctx.program.appVersion);
  let text = BOM + csvRecord(DOSSIER_COMMENT_HEADERS);
  for (const row of rows) {
    if (internal.has(domainOf(row.email))) continue;
    text += csvRecord([
      row.name,
      row.email,
      titles.get(row.sectionId) ?? row.sectionId,
      row.updatedAt,
      row.body,
    ]);
  }
  return text;
}

async function run(ctx: ExportContext): Promise<void> {
  const { db, program, signal, storage } = ctx;
  const submission = await findSubmission(db, program.id, ctx.params.submissionId);
  if (submission === null) throw new Error(DOSSIER_MESSAGES.notFound);
  const total = 3 + submission.files.length;
  let processed = 0;
  const step = async () => {
    processed += 1;
    await ctx.progress(processed, total);
  };
  await ctx.progress(0, total);

  const forms = new ExportForms(db, ctx.params.includeAnonymized);
  const content = await forms.content(submission.formId, submission.formVersion);
  const missing = new MissingFiles();
  const zip = new ZipWriter(ctx.output, signal);
  try {
    const pdf = await renderExportPdf(forms, submission, await programTemplate(db, program.id));
    await zip.addFile(`${fileSlug(submission.identifier, EXPORT_SLUG_LENGTH)}.pdf`, pdf, {
      modified: submission.submissionDate,
    });
    await step();
    await addAttachments(zip, storage, {
      folder: ATTACHMENTS_FOLDER,
      identifier: submission.identifier,
      files: submission.files,
      withheld: await forms.withheld(submission.formId, submission.formVersion),
      missing,
      onFile: step,
    });
    await missing.addTo(zip);
    await zip.addFile("reviews.csv", await reviewsCsv(db, ctx, submission, content), { compress: true });
    await step();
    await zip.addFile("comments.csv", await commentsCsv(db, ctx, submission, content), { compress: true });
    await step();
    await zip.finish();
  } catch (error) {
    zip.abort();
    throw error;
  }
}

export const dossierExport: ExportProducer = {
  kind: "dossier",
  contentType: () => "application/zip",
  run,
};
