import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { type FormContent, liveSections } from "../../../shared/forms/model";
import type { ReviewTemplateDefinition } from "../../../shared/review/templates";
import { templateCanvasTitles } from "../../../shared/review/templates";
import type { Tx } from "../../db/client";
import { reviewComments, submissions, users } from "../../db/schema";
import { versionContent } from "../../forms/versions";
import { programTemplate } from "../../review-templates/service";
import { isReviewableSql } from "../../reviewing/candidates";
import {
  LEGACY_APP_VERSION,
  LEGACY_FINAL_SECTION_ID,
  LEGACY_SECTION_IDS,
} from "../../reviewing/review-service";
import { candidatePages, candidatesAfter, LIST_ORDER, nameKey } from "../tabular/candidate-pages";
import { type Cell, openTable, tableContentType } from "../tabular/table";
import type { ExportContext, ExportProducer } from "../types";

/**
 * The comment export (docs/decisions/011-exports.md; review-and-administration, "6. Roles and permissions"):
 * every comment on the program's submitted, non-test candidates with its candidate, section, author, date and
 * text — except those of internal test accounts (addresses in the configured internal domains), which the
 * statistics leave out too.
 *
 * Ordered by candidate, in the lists' order, and each candidate's comments oldest first, as the
 * submission view shows them: an admin preparing a meeting reads a candidate's comments together, and
 * the candidates in the order of every other list and export. The date is the comment's last change
 * (what the submission view shows beside it), in UTC.
 */

export const COMMENT_HEADERS = [
  "Candidate",
  "Section",
  "Author",
  "Author email",
  "Date (UTC)",
  "Comment",
] as const;

const PAGE_SIZE = 500;
const FINAL_RATING_TITLE = "Final Rating";

/** The email's domain (after the last "@") is one of `domains` (lowercase), as reviewer-stats.ts decides it. */
function inDomains(email: SQL | typeof users.email, domains: readonly string[]): SQL {
  if (domains.length === 0) return sql`false`;
  return sql`lower(substring(${email} from '[^@]*$')) in (${sql.join(
    domains.map((d) => sql`${d.toLowerCase()}`),
    sql`, `,
  )})`;
}

/**
 * Section titles by section id in one form version. A legacy program's comments are filed under
 * canvas_1 … canvas_9 — the i-th live section that is not Admin Info — and "final" (the Final Rating).
 */
export function sectionTitles(
  content: FormContent,
  appVersion: number,
  template: ReviewTemplateDefinition | null = null,
): Map<string, string> {
  const titleOf = (name: string) => name.replace(/\s+/g, " ").trim() || "Untitled section";
  const live = liveSections(content.sections);
  if (appVersion !== LEGACY_APP_VERSION) return new Map(live.map((s) => [s._id, titleOf(s.name)]));
  const canvas = live.filter((s) => s.sectionType !== "Admin Info");
  // A program bound to a review template files its canvases under the template's section titles
  // (docs/decisions/040-review-templates.md).
  const titles =
    template === null
      ? new Map<string, string>(
          LEGACY_SECTION_IDS.map((id, i) => [
            id,
            canvas[i] ? titleOf(canvas[i].name) : `Canvas entry ${i + 1}`,
          ]),
        )
      : templateCanvasTitles(template);
  titles.set(LEGACY_FINAL_SECTION_ID, FINAL_RATING_TITLE);
  return titles;
}

function commentsWhere(programId: string, internalDomains: readonly string[], ids?: readonly string[]): SQL {
  return and(
    eq(reviewComments.programId, programId),
    ids === undefined ? undefined : inArray(reviewComments.submissionId, [...ids]),
    sql`not ${inDomains(users.email, internalDomains)}`,
  )!;
}

async function countComments(db: Tx, programId: string, internalDomains: readonly string[]) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(reviewComments)
    .innerJoin(users, eq(users.id, reviewComments.userId))
    .innerJoin(submissions, eq(submissions.id, reviewComments.submissionId))
    .where(and(commentsWhere(programId, internalDomains), isReviewableSql()));
  return row?.n ?? 0;
}

/** The comments on a page of candidates, by candidate, each candidate's oldest first. */
async function commentsOf(
  db: Tx,
  programId: string,
  internalDomains: readonly string[],
  ids: readonly string[],
) {
  const rows = await db
    .select({
      submissionId: reviewComments.submissionId,
      sectionId: reviewComments.sectionId,
      body: reviewComments.body,
      updatedAt: reviewComments.updatedAt,
      authorName: users.name,
      authorEmail: users.email,
    })
    .from(reviewComments)
    .innerJoin(users, eq(users.id, reviewComments.userId))
    .where(commentsWhere(programId, internalDomains, ids))
    .orderBy(asc(reviewComments.createdAt), asc(reviewComments.id));
  const bySubmission = new Map<string, typeof rows>();
  for (const row of rows) {
    const list = bySubmission.get(row.submissionId);
    if (list) list.push(row);
    else bySubmission.set(row.submissionId, [row]);
  }
  return bySubmission;
}

function pageOf(db: Tx, programId: string) {
  return (cursor: Parameters<typeof candidatesAfter>[1], limit: number) =>
    db
      .select({
        id: submissions.id,
        key: nameKey,
        identifier: submissions.identifier,
        formId: submissions.formId,
        formVersion: submissions.formVersion,
      })
      .from(submissions)
      .where(candidatesAfter(programId, cursor))
      .orderBy(...LIST_ORDER)
      .limit(limit);
}

async function run(ctx: ExportContext): Promise<void> {
  const { db, program, params, signal, internalEmailDomains } = ctx;
  const total = await countComments(db, program.id, internalEmailDomains);
  const titles = new Map<string, Map<string, string>>();
  const template = await programTemplate(db, program.id);
  const titlesOf = async (formId: string, version: number) => {
    const key = `${formId}:${version}`;
    let found = titles.get(key);
    if (!found) {
      // A version that cannot be read leaves the section ids as they are rather than failing the export.
      const content = await versionContent(db, formId, version).catch(() => null);
      found =
        content === null ? new Map<string, string>() : sectionTitles(content, program.appVersion, template);
      titles.set(key, found);
    }
    return found;
  };

  const table = openTable(params.format, ctx.output, signal, "Comments");
  await table.header(COMMENT_HEADERS);
  await ctx.progress(0, total);
  let processed = 0;
  for await (const page of candidatePages(pageOf(db, program.id), PAGE_SIZE, signal)) {
    const comments = await commentsOf(
      db,
      program.id,
      internalEmailDomains,
      page.map((c) => c.id),
    );
    for (const candidate of page) {
      const own = comments.get(candidate.id);
      if (!own) continue;
      const sections = await titlesOf(candidate.formId, candidate.formVersion);
      for (const comment of own) {
        const cells: Cell[] = [
          candidate.identifier,
          sections.get(comment.sectionId) ?? comment.sectionId,
          comment.authorName,
          comment.authorEmail,
          comment.updatedAt,
          comment.body,
        ];
        await table.row(cells);
      }
      processed += own.length;
    }
    await ctx.progress(processed, Math.max(total, processed));
  }
  await table.end();
}

export const commentsExport: ExportProducer = { kind: "comments", contentType: tableContentType, run };
