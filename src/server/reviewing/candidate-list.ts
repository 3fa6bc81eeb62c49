import { and, count, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Actor } from "../../shared/authz/actor";
import { can } from "../../shared/authz/matrix";
import type { CandidateListQuery, CandidateListResult, CandidateRow } from "../../shared/schemas/reviews";
import { NOT_RATED } from "../../shared/schemas/reviews";
import type { Tx } from "../db/client";
import { organizations, programs, reviews, submissions } from "../db/schema";
import { AppError, notFound } from "../http/errors";
import { isUuid } from "../http/ids";
import { isReviewableSql, visibleToReviewerSql } from "./candidates";
import { amountOf, isoOrNull, reviewProgram } from "./present";

/**
 * Step 1's list (review-and-administration §2, §6). Everything is filtered, counted and paged in SQL
 * with the one visibility rule, so a page costs the same few queries whatever its size.
 */

export type ReviewProgramRow = typeof programs.$inferSelect & { incrementTenths: number };

/** A program with its organization's rating increment, in one query; 404 for unknown ids. */
export async function findReviewProgram(db: Tx, programId: string): Promise<ReviewProgramRow> {
  if (!isUuid(programId)) throw notFound();
  const [row] = await db
    .select({ program: programs, incrementTenths: organizations.incrementTenths })
    .from(programs)
    .innerJoin(organizations, eq(organizations.id, programs.organizationId))
    .where(eq(programs.id, programId));
  if (!row) throw notFound();
  return { ...row.program, incrementTenths: row.incrementTenths };
}

/** Whose list it is: their ratings fill the rows and their role decides which candidates are in it. */
export interface Viewer {
  userId: string;
  isAdmin: boolean;
}

type ProgramRef = { id: string; organizationId: string; archived: boolean };

/** What the viewer may do in the program: read everything (admins), and rate. */
export function viewerIn(actor: Actor, program: ProgramRef): Viewer & { canRate: boolean } {
  const scope = { programId: program.id, organizationId: program.organizationId };
  return {
    userId: actor.userId,
    isAdmin: can(actor, "review:readAll", scope),
    canRate: can(actor, "review:write", {
      ...scope,
      visibleToReviewer: true,
      draftOrTest: false,
      archived: program.archived,
    }),
  };
}

/**
 * The candidates in the viewer's list. Admins see every submitted, non-test candidate — and in Admin
 * Mode drafts and tests too; everyone else the submitted, non-test candidates visible to them.
 */
export function candidateFilter(program: ProgramRef, viewer: Viewer, adminMode: boolean): SQL {
  const inProgram = and(
    eq(submissions.organizationId, program.organizationId),
    eq(submissions.programId, program.id),
  )!;
  if (viewer.isAdmin) return adminMode ? inProgram : and(inProgram, isReviewableSql())!;
  return and(inProgram, isReviewableSql(), visibleToReviewerSql(submissions.id, viewer.userId))!;
}

/** The list's order: the applicant name without regard to case, then the id so ties stay stable. */
export const listOrderKey = sql`lower(${submissions.identifier})`;

const viewerReview = (userId: string) =>
  and(eq(reviews.submissionId, submissions.id), eq(reviews.userId, userId));

/**
 * The counts the list needs: its total, and for the two-step bar the submitted, non-test candidates
 * shown to the viewer and how many of those they rated — even in Admin Mode (outside it the filter
 * already says so). As window aggregates (`over ()`) they ride along with the page's rows in one scan.
 */
function countColumns(over: SQL) {
  const reviewable = isReviewableSql();
  const rated = sql`${reviewable} and ${reviews.rating} > ${NOT_RATED}`;
  return {
    total: sql<number>`count(*) ${over}`.mapWith(Number),
    shown: sql<number>`count(*) filter (where ${reviewable}) ${over}`.mapWith(Number),
    rated: sql<number>`count(*) filter (where ${rated}) ${over}`.mapWith(Number),
  };
}

export async function listCandidates(
  db: Tx,
  program: ReviewProgramRow,
  viewer: Viewer & { canRate: boolean },
  query: CandidateListQuery,
): Promise<CandidateListResult> {
  const adminMode = viewer.isAdmin && query.adminMode === "true";
  const where = candidateFilter(program, viewer, adminMode);
  const rows = await db
    .select({
      id: submissions.id,
      formId: submissions.formId,
      identifier: submissions.identifier,
      submissionDate: submissions.submissionDate,
      softDeleted: submissions.softDeleted,
      status: submissions.status,
      amountCents: submissions.amountCents,
      rating: reviews.rating,
      lastReviewed: reviews.lastReviewed,
      ...countColumns(sql`over ()`),
    })
    .from(submissions)
    .leftJoin(reviews, viewerReview(viewer.userId))
    .where(where)
    .orderBy(listOrderKey, submissions.id)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  // A page past the end has no row to carry the counts: only then are they asked for on their own.
  const counts =
    rows[0] ??
    (
      await db
        .select(countColumns(sql``))
        .from(submissions)
        .leftJoin(reviews, viewerReview(viewer.userId))
        .where(where)
    )[0];
  return {
    program: reviewProgram(program, program.incrementTenths),
    rows: rows.map((row) => presentRow(row, viewer.isAdmin)),
    total: counts?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    progress: { shown: counts?.shown ?? 0, rated: counts?.rated ?? 0 },
    isAdmin: viewer.isAdmin,
    canRate: viewer.canRate,
  };
}

function presentRow(
  row: {
    id: string;
    formId: string;
    identifier: string;
    submissionDate: Date | null;
    softDeleted: boolean;
    status: CandidateRow["status"];
    amountCents: number | null;
    rating: number | null;
    lastReviewed: Date | null;
  },
  isAdmin: boolean,
): CandidateRow {
  return {
    _id: row.id,
    formId: row.formId,
    identifier: row.identifier,
    rating: row.rating ?? NOT_RATED,
    lastReviewed: isoOrNull(row.lastReviewed),
    submissionDate: isoOrNull(row.submissionDate),
    draft: row.submissionDate === null,
    test: row.softDeleted,
    // The decision and the amount are the admins' business.
    ...(isAdmin ? { status: row.status, amount: amountOf(row.amountCents) } : {}),
  };
}

/**
 * The candidates just before and after one in the viewer's list order, by keyset (the list's sort
 * key compared as a row), so a program of any size costs one query.
 */
export async function neighboursOf(
  db: Tx,
  program: ProgramRef,
  viewer: Viewer,
  candidate: { id: string; identifier: string },
): Promise<{ previousId: string | null; nextId: string | null }> {
  const where = candidateFilter(program, viewer, false);
  const position = sql`(lower(${candidate.identifier}), ${candidate.id}::uuid)`;
  const before = db
    .select({ id: submissions.id })
    .from(submissions)
    .where(and(where, sql`(${listOrderKey}, ${submissions.id}) < ${position}`))
    .orderBy(desc(listOrderKey), desc(submissions.id))
    .limit(1);
  const after = db
    .select({ id: submissions.id })
    .from(submissions)
    .where(and(where, sql`(${listOrderKey}, ${submissions.id}) > ${position}`))
    .orderBy(listOrderKey, submissions.id)
    .limit(1);
  const [row] = await db
    .select({
      previousId: sql<string | null>`(${before})`,
      nextId: sql<string | null>`(${after})`,
    })
    .from(sql`(select 1) as anchor`);
  return { previousId: row?.previousId ?? null, nextId: row?.nextId ?? null };
}

// ---------------------------------------------------------------------------------------------
// The admins' per-row actions and their plain list of a program's submissions
// ---------------------------------------------------------------------------------------------

export const ROW_ACTION_REFUSALS = {
  forceSubmit: "This application has already been submitted.",
  markAsTest: "Only a draft that is not already a test can be marked as a test.",
} as const;

/**
 * Force submit (a draft gets today's submission date) or mark as test (a non-test draft becomes a
 * test). The state is checked in the UPDATE's WHERE, so two admins acting at once cannot both win;
 * the revision bump makes an applicant's open tab reload instead of saving over the change.
 */
export async function applyRowAction(
  db: Tx,
  candidate: { id: string; programId: string },
  action: keyof typeof ROW_ACTION_REFUSALS,
): Promise<void> {
  const isDraft = isNull(submissions.submissionDate);
  const [changed] = await db
    .update(submissions)
    .set({
      ...(action === "forceSubmit" ? { submissionDate: new Date() } : { softDeleted: true }),
      revision: sql`${submissions.revision} + 1`,
    })
    .where(
      and(
        eq(submissions.programId, candidate.programId),
        eq(submissions.id, candidate.id),
        action === "forceSubmit" ? isDraft : and(isDraft, eq(submissions.softDeleted, false)),
      ),
    )
    .returning({ id: submissions.id });
  if (!changed) throw new AppError("CONFLICT", ROW_ACTION_REFUSALS[action]);
}

/** Every submission of a program, drafts and tests included, a page at a time (admins). */
export async function listProgramSubmissions(
  db: Tx,
  program: { id: string; organizationId: string },
  page: number,
  pageSize: number,
) {
  const where = and(
    eq(submissions.organizationId, program.organizationId),
    eq(submissions.programId, program.id),
  );
  const [totalRow] = await db.select({ n: count() }).from(submissions).where(where);
  const rows = await db
    .select({
      id: submissions.id,
      formId: submissions.formId,
      identifier: submissions.identifier,
      submissionDate: submissions.submissionDate,
      lastSaveDate: submissions.lastSaveDate,
      softDeleted: submissions.softDeleted,
      status: submissions.status,
      amountCents: submissions.amountCents,
    })
    .from(submissions)
    .where(where)
    .orderBy(listOrderKey, submissions.id)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    submissions: rows.map((r) => ({
      _id: r.id,
      formId: r.formId,
      identifier: r.identifier,
      submissionDate: isoOrNull(r.submissionDate),
      lastSaveDate: r.lastSaveDate.toISOString(),
      softDeleted: r.softDeleted,
      status: r.status,
      amount: amountOf(r.amountCents),
    })),
    total: totalRow?.n ?? 0,
    page,
    pageSize,
  };
}
