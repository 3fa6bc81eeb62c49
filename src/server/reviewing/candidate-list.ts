import { and, asc, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Actor } from "../../shared/authz/actor";
import type { CandidateOrder } from "../../shared/schemas/programs";
import {
  type CandidateListQuery,
  type CandidateListResult,
  type CandidateRow,
  candidateListQuerySchema,
  NOT_RATED,
} from "../../shared/schemas/reviews";
import { recordAudit, type Transaction } from "../audit/record";
import { conflictedInListSql, notConflictedSql } from "../conflicts/active";
import type { Tx } from "../db/client";
import { preparedPerDatabase, UNNAMED } from "../db/prepared";
import {
  organizations,
  programs,
  reviewerCandidates,
  reviewerListCounts,
  reviews,
  submissions,
} from "../db/schema";
import { may } from "../http/door";
import { AppError, notFound } from "../http/errors";
import { isUuid } from "../http/ids";
import { amountOf } from "./amounts";
import { assignedReviewableSql, isReviewableSql, visibleToReviewerByIdSql } from "./candidates";
import { assignedKeySql, type MemberOrder, memberOrder, openKeySql, openStretches } from "./list-order";
import {
  ANCHOR_CONFLICT,
  anchorReadHolds,
  beyondAnchor,
  COUNTS_ONLY,
  offsetOf,
  oneAnchorAtMost,
  orderOf,
  type PageAnchor,
  type PageRead,
  pageAnchorShape,
  readByPosition,
  readWithoutTotal,
  rowsThroughPage,
} from "./list-paging";
import { isoOrNull, reviewProgram } from "./present";
import { programCountSql } from "./program-counts";

/**
 * Step 1's list (review-and-administration, "2. Screens and routes", "6. Roles and permissions"). Everything
 * is filtered, counted and paged in SQL with the one visibility rule, so a page costs the same few queries
 * whatever its size.
 */

/** GET /api/applications: the shared query, and the neighbour a page was reached from (list-paging.ts). */
export const candidatePageQuerySchema = candidateListQuerySchema
  .extend(pageAnchorShape)
  .refine(oneAnchorAtMost, { message: ANCHOR_CONFLICT, path: ["before"] });

export type ReviewProgramRow = typeof programs.$inferSelect & { incrementTenths: number };

/** A program with its organization's rating increment, in one query; 404 for unknown ids. */
export async function findReviewProgram(db: Tx, programId: string): Promise<ReviewProgramRow> {
  if (!isUuid(programId)) throw notFound();
  const [row] = await reviewProgramStatement(db).execute({ programId });
  if (!row) throw notFound();
  return { ...row.program, incrementTenths: row.incrementTenths };
}

/** Sent by every request of the reviewing pages and the statistics: built once (db/prepared.ts). */
const reviewProgramStatement = preparedPerDatabase((db) =>
  db
    .select({ program: programs, incrementTenths: organizations.incrementTenths })
    .from(programs)
    .innerJoin(organizations, eq(organizations.id, programs.organizationId))
    .where(eq(programs.id, sql.placeholder("programId")))
    .prepare(UNNAMED),
);

/** Whose list it is: their ratings fill the rows and their role decides which candidates are in it. */
export interface Viewer {
  userId: string;
  isAdmin: boolean;
}

type ProgramRef = { id: string; organizationId: string; archived: boolean };

/** What the viewer may do in the program: read everything (admins), and rate. */
export function viewerIn(
  actor: Actor,
  program: ProgramRef,
): Viewer & { canRate: boolean; committee: boolean } {
  const scope = { programId: program.id, organizationId: program.organizationId };
  return {
    userId: actor.userId,
    isAdmin: may(actor, "review:readAll", scope),
    committee: may(actor, "ranking:write", { ...scope, archived: false }),
    canRate: may(actor, "review:write", {
      ...scope,
      visibleToReviewer: true,
      draftOrTest: false,
      archived: program.archived,
    }),
  };
}

/**
 * The candidates in the viewer's list. Admins see every submitted, non-test candidate — and in Admin
 * Mode drafts and tests too; everyone else the submitted, non-test candidates visible to them. An
 * admin's list is walked with it; a committee member's is read from two indexes (listQuery), and the
 * rule checks the few rows found by id there (an anchor, a page's rows, a neighbour).
 */
export function candidateFilter(program: ProgramRef, viewer: Viewer, adminMode: boolean): SQL {
  return and(inProgramSql(program), inViewersList(viewer, adminMode))!;
}

/** candidateFilter without the program (none: every submission of the program). */
function inViewersList(viewer: Viewer, adminMode: boolean): SQL | undefined {
  if (viewer.isAdmin) return adminMode ? undefined : isReviewableSql();
  return and(isReviewableSql(), visibleToReviewerByIdSql(viewer.userId));
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
 * A candidate's id and its place in the list order (by default the stored submissions.name_key, which is
 * lower(identifier) and which an index can hold): what a page is made of before its rows are read.
 */
const placeOf = (key: SQL = sql`${submissions.nameKey}`) => ({
  id: submissions.id,
  sortKey: sql<string | number>`${key}`.as("sort_key"),
});

/**
 * A candidate's place in the viewer's list order, found by id (an anchor, the candidate whose neighbours are
 * asked): its name key, or in a member's shuffled order (list-order.ts) its key among their assigned ones or
 * its place in their walk of the open ones.
 */
function placeKeySql(viewer: Viewer, order: MemberOrder): SQL {
  if (viewer.isAdmin || !order.shuffled) return sql`${submissions.nameKey}`;
  return sql`case when ${submissions.openToAll} then ${openKeySql(order.start)}
    else ${assignedKeySql(viewer.userId, sql`${submissions.id}`)} end`;
}

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
    where ${reviews.programId} = ${programId} and ${reviews.userId} = ${userId} and ${reviews.rating} > ${NOT_RATED}
      and ${notConflictedSql(sql`${reviews.submissionId}`, userId)}))`;

/**
 * The candidate a page is anchored on, if it is still in the viewer's list (found by primary key): its
 * place in the list order. An anchor that left the list (a draft force-submitted out of Admin Mode, a
 * candidate assigned to someone else) is not found, and the page is read by position instead: a row the
 * viewer may not see never says where the page starts.
 */
function anchorOf(
  db: Tx,
  program: ProgramRef,
  viewer: Viewer,
  adminMode: boolean,
  anchorId: string,
  order: MemberOrder,
) {
  return db.$with("anchor").as(
    db
      .select({
        sortKey: sql<string | number>`${placeKeySql(viewer, order)}`.as("anchor_key"),
        id: submissions.id,
      })
      .from(submissions)
      .where(
        and(eq(submissions.id, anchorId), foundByIdInProgramSql(program), inViewersList(viewer, adminMode)),
      ),
  );
}

/**
 * A read's anchor: its CTE, its (sort key, id) as a one-row subquery (`shifted`: its key plus a shift, to
 * compare with a stretch's raw keys, list-order.ts), and whether it was found.
 */
function anchorParts(
  db: Tx,
  program: ProgramRef,
  viewer: Viewer,
  adminMode: boolean,
  read: PageRead,
  order: MemberOrder,
) {
  if (read.by !== "anchor") {
    return { ctes: [], key: sql`null, null`, shifted: () => sql`null, null`, found: sql<boolean>`false` };
  }
  const anchor = anchorOf(db, program, viewer, adminMode, read.anchorId, order);
  return {
    ctes: [anchor],
    key: db.select({ sortKey: anchor.sortKey, id: anchor.id }).from(anchor).getSQL(),
    shifted: (shift: number) =>
      db
        .select({ sortKey: sql`${anchor.sortKey} - ${shift}::bigint`, id: anchor.id })
        .from(anchor)
        .getSQL(),
    found: sql<boolean>`exists (select 1 from ${anchor})`,
  };
}

/**
 * One page of the list, read as `read` says (see list-paging.ts), and its counts (total, and for the
 * two-step bar the submitted, non-test candidates shown to the viewer and how many of those they rated)
 * in one statement. Its cost grows with the page's distance from its anchor or from the nearer end of
 * the list, never with the program or the viewer's share of it:
 *
 * - a committee member's candidates are those open to all — read in list order (the stored name_key)
 *   from their own partial index (submissions_open_name_idx) — merged with those assigned to them or
 *   their groups, read in list order from theirs (reviewer_candidates_list_idx): two walks that stop
 *   after the page, from the anchor or the nearer end; the two sets never overlap (open_to_all). Their
 *   counts are the program's open candidates (programCountSql) and the member's own, read from
 *   reviewer_candidates' and reviewer_open_ratings' indexes alone. Every row of the page is checked
 *   again against the rule itself (visibleToReviewerByIdSql) as it is read: a candidate the member may not
 *   see never leaves the database, whatever the stored rows say;
 * - an admin's are the program's, walked in list order on submissions_program_name_idx.
 *
 * The program-wide counts come from programCountSql. The counts are a one-row CTE the page is
 * left-joined to, so a page past the end still has them.
 */
function listQuery(
  db: Tx,
  program: ProgramRef,
  viewer: Viewer,
  adminMode: boolean,
  read: PageRead,
  counted: boolean,
  order: MemberOrder,
) {
  // A second read of the same request has its counts from the first: null instead of counting again.
  const ifCounted = (count: SQL) => (counted ? count : sql`null`);
  const reviewable = isReviewableSql();
  const anchor = anchorParts(db, program, viewer, adminMode, read, order);
  const anchorKey = anchor.key;
  const anchorFound = sql<boolean>`${anchor.found}`.as("anchor_found");

  if (viewer.isAdmin) {
    const where = candidateFilter(program, viewer, adminMode);
    const rated = ratedByViewerSql(program.id, viewer.userId);
    const page = db.$with("page").as(
      db
        .select(placeOf())
        .from(submissions)
        .where(and(where, beyondAnchor(read, listOrderKey, sql`${submissions.id}`, anchorKey)))
        .orderBy(...orderOf(read, listOrderKey, sql`${submissions.id}`))
        .limit(read.limit)
        .offset(offsetOf(read)),
    );
    const counts = db.$with("counts").as(
      db
        .select({
          total: sql<number>`${ifCounted(programCountSql(program.id, adminMode ? "all" : "reviewable"))}`.as(
            "total",
          ),
          // The two-step bar leaves out the candidates the admin-reviewer declared a conflict with.
          shown: sql<number>`${ifCounted(
            sql`(${programCountSql(program.id, "reviewable")} - ${conflictedInListSql(program.id, viewer.userId).reviewable})`,
          )}`.as("shown"),
          rated: sql<number>`${ifCounted(sql`(select count(*)::int from ${submissions}
            where ${rated} and ${foundByIdInProgramSql(program)} and ${reviewable})`)}`.as("rated"),
          anchorFound,
        })
        .from(sql`(select 1) as one`),
    );
    return { ctes: [...anchor.ctes, page, counts], page, counts, shown: counts.shown, seen: undefined };
  }

  // The first rows of each part from the anchor or the nearer end: all a page can need of them. The open
  // candidates are one stretch of their index in name order, two in a shuffled one (list-order.ts).
  const stretches = order.shuffled
    ? openStretches(order.start).map((stretch) => ({ ...stretch, anchorRaw: anchor.shifted(stretch.shift) }))
    : [
        {
          where: undefined,
          raw: sql`${submissions.nameKey}`,
          place: sql`${submissions.nameKey}`,
          anchorRaw: anchorKey,
        },
      ];
  const [first, ...more] = stretches.map((stretch) =>
    db
      .select(placeOf(stretch.place))
      .from(submissions)
      .where(
        and(
          eq(submissions.programId, program.id),
          reviewable,
          submissions.openToAll,
          notConflictedSql(submissions.id, viewer.userId),
          stretch.where,
          beyondAnchor(read, stretch.raw, sql`${submissions.id}`, stretch.anchorRaw),
        ),
      )
      .orderBy(...orderOf(read, stretch.raw, sql`${submissions.id}`))
      .limit(rowsThroughPage(read)),
  );
  const mineKey = order.shuffled ? sql`${reviewerCandidates.shuffleKey}` : sql`${reviewerCandidates.nameKey}`;
  const mineId = sql`${reviewerCandidates.submissionId}`;
  const mine = db
    .select({ id: reviewerCandidates.submissionId, sortKey: sql<string | number>`${mineKey}`.as("sort_key") })
    .from(reviewerCandidates)
    .where(
      and(
        assignedReviewableSql(program.id, viewer.userId),
        notConflictedSql(reviewerCandidates.submissionId, viewer.userId),
        beyondAnchor(read, mineKey, mineId, anchorKey),
      ),
    )
    .orderBy(...orderOf(read, mineKey, mineId))
    .limit(rowsThroughPage(read));
  const parts = more.reduce((union, part) => union.unionAll(part), first!.$dynamic()).unionAll(mine);
  const page = db.$with("page").as(
    db
      .select()
      .from(parts.as("candidates"))
      .orderBy(...orderOf(read, sql`sort_key`, sql`id`))
      .limit(read.limit)
      .offset(offsetOf(read)),
  );
  // The member's kept counts (reviewer_list_counts): their reviewable assigned candidates, how many of those
  // they rated, and their ratings of candidates open to all. No row: all 0.
  const kept = db.$with("kept").as(
    db
      .select({
        assigned: sql<number>`coalesce(max(${reviewerListCounts.assigned}), 0)`.as("kept_assigned"),
        rated:
          sql<number>`coalesce(max(${reviewerListCounts.assignedRated} + ${reviewerListCounts.openRated}), 0)`.as(
            "kept_rated",
          ),
      })
      .from(reviewerListCounts)
      .where(and(eq(reviewerListCounts.programId, program.id), eq(reviewerListCounts.userId, viewer.userId))),
  );
  // Candidates the member declared a conflict with are in the kept counts and taken out here.
  const conflicted = conflictedInListSql(program.id, viewer.userId);
  const counts = db.$with("counts").as(
    counted
      ? db
          .select({
            total:
              sql<number>`(${programCountSql(program.id, "open")} + ${kept.assigned} - ${conflicted.shown})::int`.as(
                "total",
              ),
            rated: sql<number>`(${kept.rated} - ${conflicted.rated})::int`.as("rated"),
            anchorFound,
          })
          .from(kept)
      : db
          .select({ total: sql<number>`null`.as("total"), rated: sql<number>`null`.as("rated"), anchorFound })
          .from(sql`(select 1) as one`),
  );
  // Everything a committee member's list shows is submitted and not a test: shown is the total (read
  // from it in JS: selecting the column twice would have PostgreSQL count twice).
  return {
    ctes: [...anchor.ctes, page, ...(counted ? [kept] : []), counts],
    page,
    counts,
    shown: sql<number | null>`null`,
    seen: inViewersList(viewer, false),
  };
}

/** One statement: the page as `read` says, with the list's counts unless `counted` is false. */
async function readList(
  db: Tx,
  program: ProgramRef,
  viewer: Viewer,
  adminMode: boolean,
  read: PageRead,
  order: MemberOrder,
  counted = true,
) {
  const { ctes, page, counts, shown, seen } = listQuery(db, program, viewer, adminMode, read, counted, order);
  // The viewer's review of each row of the page, probed by (candidate, member). LIMIT 1 (there is one at
  // most) keeps it a probe per row: joined plainly, a planner without column statistics (PGlite) reads
  // every review of the viewer in the program to match ten rows.
  const own = db
    .select({ rating: reviews.rating, lastReviewed: reviews.lastReviewed })
    .from(reviews)
    .where(and(eq(reviews.submissionId, page.id), eq(reviews.userId, viewer.userId)))
    .limit(1)
    .as("own");
  const rows = await db
    .with(...ctes)
    .select({
      total: counts.total,
      shown,
      rated: counts.rated,
      anchorFound: counts.anchorFound,
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
      rating: own.rating,
      lastReviewed: own.lastReviewed,
      // An admin-reviewer's list keeps the candidates they declared a conflict with (they read it as an
      // admin): a probe per row says which, so the row offers no second declaration. A committee member's
      // list has none of them.
      conflicted: viewer.isAdmin
        ? sql<boolean>`not ${notConflictedSql(submissions.id, viewer.userId)}`
        : sql<boolean>`false`,
    })
    .from(counts)
    .leftJoin(page, sql`true`)
    // A row of the page that fails the check reads as the counts' row alone, and is left out.
    .leftJoin(submissions, and(eq(submissions.id, page.id), seen))
    .leftJoinLateral(own, sql`true`)
    .orderBy(page.sortKey, page.id);
  const first = rows[0];
  return {
    total: Number(first?.total ?? 0),
    shown: Number(first?.shown ?? first?.total ?? 0),
    rated: Number(first?.rated ?? 0),
    anchorFound: first?.anchorFound === true,
    candidates: rows.flatMap(({ candidate, rating, lastReviewed, conflicted }) =>
      candidate === null ? [] : [{ ...candidate, rating, lastReviewed, conflicted }],
    ),
  };
}

/** The viewer's list order: name order for admins, the program's choice for committee members. */
export function orderOfList(
  program: { id: string; reviewSettings: { candidateOrder?: CandidateOrder } },
  viewer: Viewer,
): MemberOrder {
  if (viewer.isAdmin) return { shuffled: false };
  return memberOrder(program.reviewSettings.candidateOrder ?? "shuffled", viewer.userId, program.id);
}

/**
 * Step 1's list for the viewer: one statement for page 1, for a page anchored on its neighbour's row and
 * for a page named by number near the start (list-paging.ts, READ_FROM_START_ROWS); a deeper page named
 * by number alone, or one whose anchor no longer holds, takes a second, read by position from the nearer
 * end once the first has given the counts (which the second does not read again).
 */
export async function listCandidates(
  db: Tx,
  program: ReviewProgramRow,
  viewer: Viewer & { canRate: boolean; committee: boolean },
  query: CandidateListQuery & PageAnchor,
): Promise<CandidateListResult> {
  const adminMode = viewer.isAdmin && query.adminMode === "true";
  const order = orderOfList(program, viewer);
  const first = readWithoutTotal(query.page, query.pageSize, query);
  const counts = await readList(db, program, viewer, adminMode, first ?? COUNTS_ONLY, order);
  let { candidates } = counts;
  if (first === null || !anchorReadHolds(first, counts.anchorFound, candidates.length)) {
    const byPosition = readByPosition(query.page, query.pageSize, counts.total);
    ({ candidates } = await readList(db, program, viewer, adminMode, byPosition, order, false));
  }
  return {
    program: reviewProgram(program, program.incrementTenths),
    rows: candidates.map((candidate) => presentRow(candidate, viewer.isAdmin)),
    total: counts.total,
    page: query.page,
    pageSize: query.pageSize,
    progress: { shown: counts.shown, rated: counts.rated },
    isAdmin: viewer.isAdmin,
    canRate: viewer.canRate,
    committee: viewer.committee,
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
    conflicted: boolean;
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
    // Said only when true: the caller's own declaration (docs/decisions/036-conflicts-of-interest.md).
    ...(row.conflicted ? { conflicted: true } : {}),
  };
}

/**
 * The candidates just before and after one in the viewer's list order, by keyset (the list's sort
 * key compared as a row), so a program of any size costs one query: an admin's on the program's name
 * index, a committee member's as the nearer of the candidates open to all and theirs (each on its own
 * index, as listQuery reads them, in the same order), checked against the rule itself like a page's rows.
 */
export async function neighboursOf(
  db: Tx,
  program: ProgramRef,
  viewer: Viewer,
  candidate: { id: string; identifier: string },
  order: MemberOrder = { shuffled: false },
): Promise<{ previousId: string | null; nextId: string | null }> {
  const neighbour = viewer.isAdmin ? programNeighbour : memberNeighbour;
  // The candidate's place: its name key, or in a shuffled order its key as the viewer's list has it.
  const position = order.shuffled
    ? sql`(select ${placeKeySql(viewer, order)}, ${submissions.id} from ${submissions}
        where ${submissions.id} = ${candidate.id})`
    : sql`(lower(${candidate.identifier}), ${candidate.id}::uuid)`;
  const [row] = await db
    .select({
      previousId: sql<string | null>`(${neighbour(db, program, viewer, position, "before", order)})`,
      nextId: sql<string | null>`(${neighbour(db, program, viewer, position, "after", order)})`,
    })
    .from(sql`(select 1) as anchor`);
  return { previousId: row?.previousId ?? null, nextId: row?.nextId ?? null };
}

type Side = "before" | "after";

/** (key, id) on `side` of the position, nearest first. */
function sideOf(side: Side, key: SQL, id: SQL, position: SQL) {
  return side === "before"
    ? { where: sql`(${key}, ${id}) < ${position}`, order: [desc(key), desc(id)] }
    : { where: sql`(${key}, ${id}) > ${position}`, order: [asc(key), asc(id)] };
}

function programNeighbour(db: Tx, program: ProgramRef, viewer: Viewer, position: SQL, side: Side) {
  const near = sideOf(side, listOrderKey, sql`${submissions.id}`, position);
  return db
    .select({ id: submissions.id })
    .from(submissions)
    .where(and(candidateFilter(program, viewer, false), near.where))
    .orderBy(...near.order)
    .limit(1);
}

function memberNeighbour(
  db: Tx,
  program: ProgramRef,
  viewer: Viewer,
  position: SQL,
  side: Side,
  order: MemberOrder,
) {
  // The position as (key, id), shifted to a stretch's raw keys (list-order.ts).
  const shifted = (shift: number) => sql`(select k - ${shift}::bigint, i from ${position} as p(k, i))`;
  const stretches = order.shuffled
    ? openStretches(order.start).map((stretch) => ({ ...stretch, position: shifted(stretch.shift) }))
    : [{ where: undefined, raw: sql`${submissions.nameKey}`, place: sql`${submissions.nameKey}`, position }];
  const opens = stretches.map((stretch) => {
    const near = sideOf(side, stretch.raw, sql`${submissions.id}`, stretch.position);
    return db
      .select(placeOf(stretch.place))
      .from(submissions)
      .where(
        and(
          eq(submissions.programId, program.id),
          isReviewableSql(),
          submissions.openToAll,
          notConflictedSql(submissions.id, viewer.userId),
          stretch.where,
          near.where,
        ),
      )
      .orderBy(...near.order)
      .limit(1);
  });
  const mineKey = order.shuffled ? sql`${reviewerCandidates.shuffleKey}` : sql`${reviewerCandidates.nameKey}`;
  const mineNear = sideOf(side, mineKey, sql`${reviewerCandidates.submissionId}`, position);
  const mine = db
    .select({ id: reviewerCandidates.submissionId, sortKey: sql<string | number>`${mineKey}`.as("sort_key") })
    .from(reviewerCandidates)
    .where(
      and(
        assignedReviewableSql(program.id, viewer.userId),
        notConflictedSql(reviewerCandidates.submissionId, viewer.userId),
        mineNear.where,
      ),
    )
    .orderBy(...mineNear.order)
    .limit(1);
  const [first, ...more] = opens;
  const parts = more.reduce((union, part) => union.unionAll(part), first!.$dynamic()).unionAll(mine);
  const nearest = side === "before" ? sql`c.sort_key desc, c.id desc` : sql`c.sort_key, c.id`;
  return sql`select c.id from (${parts}) c
    where exists (select 1 from ${submissions} where ${submissions.id} = c.id and ${inViewersList(viewer, false)})
    order by ${nearest} limit 1`;
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

/**
 * Every submission of a program, drafts and tests included, a page at a time (admins): the total first,
 * then the page read by position from the nearer end of the list (see list-paging.ts).
 */
export async function listProgramSubmissions(
  db: Tx,
  program: { id: string; organizationId: string },
  page: number,
  pageSize: number,
) {
  const [counted] = await db
    .select({ total: programCountSql(program.id, "all") })
    .from(sql`(select 1) as one`);
  const total = Number(counted?.total ?? 0);
  const read = readByPosition(page, pageSize, total);
  const rows =
    read.limit === 0
      ? []
      : await db
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
          .where(eq(submissions.programId, program.id))
          .orderBy(...orderOf(read, listOrderKey, sql`${submissions.id}`))
          .limit(read.limit)
          .offset(offsetOf(read));
  if (read.descending) rows.reverse();
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
    total,
    page,
    pageSize,
  };
}
