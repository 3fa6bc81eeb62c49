import { and, count, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Actor } from "../../shared/authz/actor";
import { can } from "../../shared/authz/matrix";
import type { AuditDetails } from "../../shared/schemas/audit";
import { COMMITTEE_MESSAGES, type DecisionBody, type DecisionResult } from "../../shared/schemas/committee";
import type {
  CandidateListQuery,
  CandidateListResult,
  CandidateRow,
  DecisionStatus,
} from "../../shared/schemas/reviews";
import { NOT_RATED } from "../../shared/schemas/reviews";
import { recordAudit, type Transaction } from "../audit/record";
import type { Tx } from "../db/client";
import { organizations, programs, reviews, submissions } from "../db/schema";
import { AppError, notFound } from "../http/errors";
import { isUuid } from "../http/ids";
import { assignedToReviewerSql, isReviewableSql, visibleToReviewerSql } from "./candidates";
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
  const inProgram = inProgramSql(program);
  if (viewer.isAdmin) return adminMode ? inProgram : and(inProgram, isReviewableSql())!;
  return and(inProgram, isReviewableSql(), visibleToReviewerSql(viewer.userId))!;
}

/**
 * A program's submissions. Its organization goes without saying (a submission takes both from its form),
 * and saying it costs: without column statistics (PGlite never runs ANALYZE) the planner guesses each
 * equality keeps 0.5 % of the rows, so a second one makes it expect a single candidate and sort them all
 * rather than walk the name index and stop after a page or a neighbour.
 */
const inProgramSql = (program: ProgramRef) => eq(submissions.programId, program.id);

/** The list's order: the applicant name without regard to case, then the id so ties stay stable. */
export const listOrderKey = sql`lower(${submissions.identifier})`;

/**
 * A candidate's id and its place in the list order (the stored submissions.name_key, which is
 * lower(identifier) and which an index can hold): what a page is made of before its rows are read.
 */
const placeOf = () => ({ id: submissions.id, nameKey: submissions.nameKey });

/**
 * The program check for submissions found by id (a few hundred primary-key probes): IS NOT DISTINCT FROM,
 * the same as = on these NOT NULL columns, so the planner does not make an index condition of it.
 * Without column statistics (PGlite never runs ANALYZE) it would rather walk the program's whole name
 * index (submissions_program_name_idx) looking for those ids than probe the primary key.
 */
const foundByIdInProgramSql = (program: ProgramRef) =>
  sql`${submissions.programId} is not distinct from ${program.id}`;

/** Submissions among the viewer's rated reviews (a rating above -1): a few hundred ids, from (program, user). */
const ratedByViewerSql = (programId: string, userId: string) =>
  sql`${submissions.id} = any(array(select ${reviews.submissionId} from ${reviews}
    where ${reviews.programId} = ${programId} and ${reviews.userId} = ${userId} and ${reviews.rating} > ${NOT_RATED}))`;

/**
 * One page of the list and its counts (total, and for the two-step bar the submitted, non-test
 * candidates shown to the viewer and how many of those they rated) in one statement, whose cost grows
 * with the page's depth and the viewer's assignments, never with the rest of the program:
 *
 * - a committee member's candidates are those open to all — read in list order (the stored name_key)
 *   from their own partial index (submissions_open_name_idx), so a page is a walk that stops after it,
 *   and it and their number come from the index alone once the table is vacuumed — merged with the few
 *   assigned to them or their groups (`assigned`: their ids from the assignment tables, then those
 *   rows by primary key); the two sets never overlap (open_to_all);
 * - an admin's are the program's, walked in list order on submissions_program_name_idx.
 *
 * The counts come as a one-row CTE the page is left-joined to, so a page past the end still has them.
 */
function listQuery(
  db: Tx,
  program: ProgramRef,
  viewer: Viewer,
  adminMode: boolean,
  query: CandidateListQuery,
) {
  const offset = (query.page - 1) * query.pageSize;
  const inProgram = inProgramSql(program);
  const reviewable = isReviewableSql();
  const rated = ratedByViewerSql(program.id, viewer.userId);

  if (viewer.isAdmin) {
    const where = candidateFilter(program, viewer, adminMode);
    const page = db
      .$with("page")
      .as(
        db
          .select(placeOf())
          .from(submissions)
          .where(where)
          .orderBy(listOrderKey, submissions.id)
          .limit(query.pageSize)
          .offset(offset),
      );
    const counts = db.$with("counts").as(
      db
        .select({
          total: sql<number>`count(*)::int`.as("total"),
          shown: sql<number>`(count(*) filter (where ${reviewable}))::int`.as("shown"),
          rated: sql<number>`(select count(*)::int from ${submissions}
            where ${rated} and ${foundByIdInProgramSql(program)} and ${reviewable})`.as("rated"),
        })
        .from(submissions)
        .where(where),
    );
    return { ctes: [page, counts] as const, page, counts, shown: counts.shown };
  }

  const assigned = db.$with("assigned").as(
    db
      .select(placeOf())
      .from(submissions)
      .where(
        and(
          sql`${submissions.id} = any(array(${assignedToReviewerSql(program.id, viewer.userId)}))`,
          foundByIdInProgramSql(program),
          reviewable,
          sql`not ${submissions.openToAll}`,
        ),
      ),
  );
  const openToAll = and(inProgram, reviewable, submissions.openToAll);
  // The first offset + pageSize open candidates are all a page can need from them.
  const open = db
    .select(placeOf())
    .from(submissions)
    .where(openToAll)
    .orderBy(submissions.nameKey, submissions.id)
    .limit(offset + query.pageSize);
  const candidates = open.unionAll(db.select({ id: assigned.id, nameKey: assigned.nameKey }).from(assigned));
  const page = db
    .$with("page")
    .as(
      db
        .select()
        .from(candidates.as("candidates"))
        .orderBy(sql`name_key`, sql`id`)
        .limit(query.pageSize)
        .offset(offset),
    );
  const counts = db.$with("counts").as(
    db
      .select({
        total: sql<number>`((select count(*) from ${submissions} where ${openToAll})
          + (select count(*) from ${assigned}))::int`.as("total"),
        rated: sql<number>`(select count(*)::int from ${submissions}
          where ${rated} and ${foundByIdInProgramSql(program)} and ${reviewable}
            and (${submissions.openToAll} or ${submissions.id} in (select ${assigned.id} from ${assigned})))`.as(
          "rated",
        ),
      })
      .from(sql`(select 1) as one`),
  );
  // Everything a committee member's list shows is submitted and not a test: shown is the total (read
  // from it in JS: selecting the column twice would have PostgreSQL count twice).
  return { ctes: [assigned, page, counts] as const, page, counts, shown: sql<number | null>`null` };
}

export async function listCandidates(
  db: Tx,
  program: ReviewProgramRow,
  viewer: Viewer & { canRate: boolean },
  query: CandidateListQuery,
): Promise<CandidateListResult> {
  const adminMode = viewer.isAdmin && query.adminMode === "true";
  const { ctes, page, counts, shown } = listQuery(db, program, viewer, adminMode, query);
  const rows = await db
    .with(...ctes)
    .select({
      total: counts.total,
      shown,
      rated: counts.rated,
      // Null on the counts' row of a page past the end.
      candidate: {
        id: submissions.id,
        formId: submissions.formId,
        identifier: submissions.identifier,
        submissionDate: submissions.submissionDate,
        softDeleted: submissions.softDeleted,
        status: submissions.status,
        amountCents: submissions.amountCents,
      },
      rating: reviews.rating,
      lastReviewed: reviews.lastReviewed,
    })
    .from(counts)
    .leftJoin(page, sql`true`)
    .leftJoin(submissions, eq(submissions.id, page.id))
    .leftJoin(reviews, and(eq(reviews.submissionId, page.id), eq(reviews.userId, viewer.userId)))
    .orderBy(page.nameKey, page.id);
  const counted = rows[0];
  return {
    program: reviewProgram(program, program.incrementTenths),
    rows: rows.flatMap(({ candidate, rating, lastReviewed }) =>
      candidate === null ? [] : [presentRow({ ...candidate, rating, lastReviewed }, viewer.isAdmin)],
    ),
    total: Number(counted?.total ?? 0),
    page: query.page,
    pageSize: query.pageSize,
    progress: { shown: Number(counted?.shown ?? counted?.total ?? 0), rated: Number(counted?.rated ?? 0) },
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

/** A candidate as an admin's change to it is recorded in the audit log. */
type AuditedCandidate = { id: string; programId: string; organizationId: string; identifier: string };

const auditScope = (candidate: AuditedCandidate, actorUserId: string) => ({
  organizationId: candidate.organizationId,
  programId: candidate.programId,
  actorUserId,
  subject: { type: "submission" as const, id: candidate.id, label: candidate.identifier },
});

export const ROW_ACTION_REFUSALS = {
  forceSubmit: "This application has already been submitted.",
  markAsTest: "Only a draft that is not already a test can be marked as a test.",
} as const;

/**
 * Force submit (a draft gets today's submission date) or mark as test (a non-test draft becomes a
 * test). The state is checked in the UPDATE's WHERE, so two admins acting at once cannot both win;
 * the revision bump makes an applicant's open tab reload instead of saving over the change. Recorded in
 * the audit log, in the caller's transaction.
 */
export async function applyRowAction(
  db: Transaction,
  candidate: AuditedCandidate,
  action: keyof typeof ROW_ACTION_REFUSALS,
  actorUserId: string,
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
  await recordAudit(db, {
    ...auditScope(candidate, actorUserId),
    action: action === "forceSubmit" ? "submission.force_submitted" : "submission.marked_as_test",
  });
}

/** Why a decision was refused (409): only a submitted, non-test candidate is decided. */
export const DECISION_REFUSAL =
  "Only a submitted application that is not a test can be approved or disapproved.";

/** Exact cents from dollars as typed (amountSchema allows at most two decimals): 0.29 → 29, never 28. */
const centsOf = (dollars: number) => Math.round(dollars * 100);

type DecisionState = { status: DecisionStatus; amountCents: number | null };

/** The decision's fields that changed, before and after (the amount in dollars, as admins typed it). */
function decisionChanges(before: DecisionState, after: DecisionState): AuditDetails {
  const changes: AuditDetails = {};
  if (before.status !== after.status) changes.status = { before: before.status, after: after.status };
  if (before.amountCents !== after.amountCents) {
    changes.amount = { before: amountOf(before.amountCents), after: amountOf(after.amountCents) };
  }
  return changes;
}

/**
 * A decision (review-and-administration §4): the status, the amount, or both. An amount of 0
 * disapproves; approving needs an amount above 0, sent with it or already stored; approving an
 * approved candidate (or disapproving a disapproved one) changes nothing and succeeds; "pending" may
 * be set back. One UPDATE computes the new status and amount from the row as it is when written, and
 * its WHERE refuses a result that would be approved without an amount above 0: under PostgreSQL's row
 * lock the second of two racing admins is checked against the first one's result, so an admin clearing
 * the amount while another approves can never leave an approved candidate without one. The revision is
 * not bumped: a decision does not touch the answers, so an applicant's open tab may keep saving. A
 * change (not a repeat) is recorded in the audit log, in the caller's transaction.
 */
export async function applyDecision(
  db: Transaction,
  candidate: AuditedCandidate,
  body: DecisionBody,
  actorUserId: string,
): Promise<DecisionResult> {
  const cents = body.amount === undefined || body.amount === null ? body.amount : centsOf(body.amount);
  const status = body.amount === 0 && body.status !== "approved" ? "disapproved" : (body.status ?? undefined);
  if (status === "approved" && (cents === 0 || cents === null)) {
    throw new AppError("VALIDATION", COMMITTEE_MESSAGES.approveNeedsAmount, {
      status: [COMMITTEE_MESSAGES.approveNeedsAmount],
    });
  }
  const newStatus = status === undefined ? sql`${submissions.status}` : sql`${status}::text`;
  const newAmount = cents === undefined ? sql`${submissions.amountCents}` : sql`${cents}::bigint`;
  // The row as it was, locked until the decision commits: the audit log's "before".
  const [before] = await db
    .select({ status: submissions.status, amountCents: submissions.amountCents })
    .from(submissions)
    .where(and(eq(submissions.programId, candidate.programId), eq(submissions.id, candidate.id)))
    .for("no key update");
  const [row] = await db
    .update(submissions)
    .set({
      ...(status === undefined ? {} : { status }),
      ...(cents === undefined ? {} : { amountCents: cents }),
    })
    .where(
      and(
        eq(submissions.programId, candidate.programId),
        eq(submissions.id, candidate.id),
        isReviewableSql(),
        sql`not (${newStatus} = 'approved' and coalesce(${newAmount}, 0) <= 0)`,
      ),
    )
    .returning({ id: submissions.id, status: submissions.status, amountCents: submissions.amountCents });
  if (row) {
    const changes = decisionChanges(before!, row);
    if (Object.keys(changes).length > 0) {
      await recordAudit(db, {
        ...auditScope(candidate, actorUserId),
        action: "candidate.decided",
        details: changes,
      });
    }
    return { _id: row.id, status: row.status, amount: amountOf(row.amountCents) };
  }

  // Refused: say why, from the row as it is now.
  const [now] = await db
    .select({ reviewable: sql<boolean>`${isReviewableSql()}` })
    .from(submissions)
    .where(and(eq(submissions.programId, candidate.programId), eq(submissions.id, candidate.id)));
  if (!now?.reviewable) throw new AppError("CONFLICT", DECISION_REFUSAL);
  // Approving with no amount stored, or clearing the amount of an approved candidate.
  const field = status === "approved" ? "status" : "amount";
  throw new AppError("VALIDATION", COMMITTEE_MESSAGES.approveNeedsAmount, {
    [field]: [COMMITTEE_MESSAGES.approveNeedsAmount],
  });
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
