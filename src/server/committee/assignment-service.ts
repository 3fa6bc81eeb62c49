import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import {
  type AssignmentListQuery,
  type AssignmentListResult,
  type AssignmentRow,
  assignmentListQuerySchema,
  COMMITTEE_MESSAGES,
  type GroupRef,
  type Person,
} from "../../shared/schemas/committee";
import { addedAndRemoved, groupLabels, personLabels } from "../audit/labels";
import { recordAudit } from "../audit/record";
import type { Db, Tx } from "../db/client";
import {
  programMembers,
  reviewerGroups,
  submissionReviewerGroups,
  submissionReviewers,
  submissions,
  users,
} from "../db/schema";
import { EditConflict, sameIds } from "../http/edit-conflict";
import { notFound } from "../http/errors";
import { isUuid } from "../http/ids";
import { listOrderKey } from "../reviewing/candidate-list";
import { isReviewableSql } from "../reviewing/candidates";
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
} from "../reviewing/list-paging";
import { programCountSql } from "../reviewing/program-counts";
import {
  ASSIGNABLE_ROLES,
  assignableAmong,
  committeeAndGroups,
  distinct,
  groupsOfProgramAmong,
  refusedIds,
} from "./committee-members";

/**
 * Assign reviewers (review-and-administration, "2. Screens and routes", "6. Roles and permissions"): which
 * committee members and reviewer groups review which candidate. Only the assignment tables are written;
 * `submissions.open_to_all` follows them through the database's triggers (src/server/db/sql/open-to-all.sql),
 * so what a reviewer sees changes with the transaction's commit.
 *
 * Every writer locks the candidates it changes (in id order) before touching their assignments, and
 * the groups it assigns before the candidates: the triggers take the same locks in the same order, so
 * two admins (or an admin and a group's deletion) never deadlock, and two replacements of one
 * candidate's list apply one after the other instead of interleaving. A replacement that says which
 * list its client last saw (`expected`, decision 016) is compared with the stored one under that lock:
 * a list changed meanwhile by someone else is not overwritten (409 with the stored assignment).
 */

type ProgramRef = { id: string; organizationId: string };

/** A submission as the assignment routes need it: enough to authorize and to answer. */
export interface AssignmentTarget {
  id: string;
  programId: string;
  organizationId: string;
  identifier: string;
}

/** The submission, whoever may see it (the caller authorizes on its program); 404 for unknown ids. */
export async function findAssignmentTarget(db: Tx, submissionId: string): Promise<AssignmentTarget> {
  if (!isUuid(submissionId)) throw notFound();
  const [row] = await db
    .select({
      id: submissions.id,
      programId: submissions.programId,
      organizationId: submissions.organizationId,
      identifier: submissions.identifier,
    })
    .from(submissions)
    .where(eq(submissions.id, submissionId));
  if (!row) throw notFound();
  return row;
}

// ————— The list —————

/** LIKE's wildcards (and its escape character) typed in a search box are plain characters. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The applicant name contains the search, whatever the case: the stored name_key is lower(identifier),
 * and the search is lowered by the database too, so both sides fold case the same way.
 */
function nameContains(search: string | undefined): SQL | undefined {
  if (search === undefined || search === "") return undefined;
  return sql`${submissions.nameKey} like '%' || lower(${escapeLike(search)}) || '%' escape '\\'`;
}

/** GET /api/admin/assignments: the shared query, and the neighbour a page was reached from. */
export const assignmentPageQuerySchema = assignmentListQuerySchema
  .extend(pageAnchorShape)
  .refine(oneAnchorAtMost, { message: ANCHOR_CONFLICT, path: ["before"] });
export type AssignmentPageQuery = AssignmentListQuery & PageAnchor;

/**
 * How many candidates the list holds: the program's submitted non-tests (programCountSql), or those
 * whose name contains the search, which only reading every name can tell.
 */
const totalOf = (program: ProgramRef, filter: SQL | undefined, search: SQL | undefined) =>
  search === undefined
    ? programCountSql(program.id, "reviewable")
    : sql<number>`(select count(*)::int from ${submissions} where ${filter})`;

/**
 * One page of the program's submitted, non-test candidates in step 1's order (the name without regard
 * to case, then the id), read as `read` says (see src/server/reviewing/list-paging.ts), with the total
 * and whether the read's anchor is still in the list, in one statement: the counts are a one-row CTE
 * the page is left-joined to, so a page past the end still has them.
 */
async function readAssignmentPage(
  db: Tx,
  program: ProgramRef,
  search: string | undefined,
  read: PageRead,
  counted = true,
) {
  const matching = nameContains(search);
  const filter = and(eq(submissions.programId, program.id), isReviewableSql(), matching);
  const id = sql`${submissions.id}`;
  const anchor =
    read.by === "anchor"
      ? db.$with("anchor").as(
          db
            .select({ nameKey: sql<string>`${submissions.nameKey}`.as("anchor_key"), id: submissions.id })
            .from(submissions)
            .where(
              and(
                eq(submissions.id, read.anchorId),
                // Found by primary key: see lockCandidatesOfProgram.
                sql`${submissions.programId} is not distinct from ${program.id}`,
                isReviewableSql(),
                matching,
              ),
            ),
        )
      : null;
  const anchorKey = anchor
    ? db.select({ nameKey: anchor.nameKey, id: anchor.id }).from(anchor).getSQL()
    : sql``;
  const page = db.$with("page").as(
    db
      .select({ id: submissions.id, identifier: submissions.identifier, nameKey: submissions.nameKey })
      .from(submissions)
      .where(and(filter, beyondAnchor(read, listOrderKey, id, anchorKey)))
      .orderBy(...orderOf(read, listOrderKey, id))
      .limit(read.limit)
      .offset(offsetOf(read)),
  );
  const counts = db.$with("counts").as(
    db
      .select({
        // A second read of the same request has the total from the first: null instead of counting again.
        total: sql<number>`${counted ? totalOf(program, filter, matching) : sql`null`}`.as("total"),
        anchorFound: (anchor ? sql<boolean>`exists (select 1 from ${anchor})` : sql<boolean>`false`).as(
          "anchor_found",
        ),
      })
      .from(sql`(select 1) as one`),
  );
  const rows = await db
    .with(...(anchor ? [anchor] : []), page, counts)
    .select({
      total: counts.total,
      anchorFound: counts.anchorFound,
      id: page.id,
      identifier: page.identifier,
      reviewers: reviewersOfSql(sql`${page.id}`),
      reviewerGroups: groupsOfSql(sql`${page.id}`),
    })
    .from(counts)
    .leftJoin(page, sql`true`)
    .orderBy(page.nameKey, page.id);
  return {
    total: Number(rows[0]?.total ?? 0),
    anchorFound: rows[0]?.anchorFound === true,
    rows: rows.flatMap(({ id, identifier, reviewers, reviewerGroups }): AssignmentRow[] =>
      id === null ? [] : [{ _id: id, identifier: identifier!, reviewers, reviewerGroups }],
    ),
  };
}

/**
 * The page asked for: one statement for page 1, a page anchored on its neighbour's row and a page named
 * by number near the start (list-paging.ts, READ_FROM_START_ROWS); a deeper page named by number alone,
 * or one whose anchor no longer holds, takes a second, read by position from the nearer end of the list
 * once the first has given the total (which the second does not count again).
 */
async function assignmentPage(db: Tx, program: ProgramRef, query: AssignmentPageQuery) {
  const first = readWithoutTotal(query.page, query.pageSize, query);
  const found = await readAssignmentPage(db, program, query.search, first ?? COUNTS_ONLY);
  if (first !== null && anchorReadHolds(first, found.anchorFound, found.rows.length)) return found;
  const byPosition = readByPosition(query.page, query.pageSize, found.total);
  const { rows } = await readAssignmentPage(db, program, query.search, byPosition, false);
  return { total: found.total, rows };
}

/**
 * The reviewers of the submission whose id is `submissionId`, by name, as a json array: a probe of the
 * assignments' primary key, then of users' for each of them. A reviewer who has since left the committee
 * is still listed, so an admin sees the assignment and can remove it.
 */
const reviewersOfSql = (submissionId: SQL) =>
  sql<Person[]>`(select coalesce(json_agg(json_build_object('_id', u.id, 'name', u.name, 'email', u.email)
      order by lower(u.name), u.email, u.id), '[]'::json)
    from ${submissionReviewers} sr join ${users} u on u.id = sr.user_id
    where sr.submission_id = ${submissionId})`;

/** The reviewer groups of the submission whose id is `submissionId`, by name, as a json array. */
const groupsOfSql = (submissionId: SQL) =>
  sql<GroupRef[]>`(select coalesce(json_agg(json_build_object('_id', g.id, 'name', g.name)
      order by lower(g.name), g.id), '[]'::json)
    from ${submissionReviewerGroups} sg join ${reviewerGroups} g on g.id = sg.group_id
    where sg.submission_id = ${submissionId})`;

/**
 * The reviewers (by name) and groups (by name) of some candidates, in one query whatever their number:
 * each candidate's lists are built by the database (see reviewersOfSql).
 */
export async function assignmentRows(
  db: Tx,
  candidates: readonly { id: string; identifier: string }[],
): Promise<AssignmentRow[]> {
  if (candidates.length === 0) return [];
  const ids = sql.join(
    candidates.map((c) => sql`(${c.id}::uuid)`),
    sql`, `,
  );
  const rows = await db
    .select({
      id: sql<string>`ids.id`,
      reviewers: reviewersOfSql(sql`ids.id`),
      reviewerGroups: groupsOfSql(sql`ids.id`),
    })
    .from(sql`(values ${ids}) as ids(id)`);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return candidates.map((c) => ({
    _id: c.id,
    identifier: c.identifier,
    reviewers: byId.get(c.id)?.reviewers ?? [],
    reviewerGroups: byId.get(c.id)?.reviewerGroups ?? [],
  }));
}

/**
 * The Assign reviewers table: a page of candidates with their reviewers and groups, and who and what
 * may be assigned. Two queries whatever the page size (the page with its total and its rows'
 * reviewers and groups; the statistics versions under which the committee and the groups are kept,
 * see committeeAndGroups), two more when those changed.
 */
export async function listAssignments(
  db: Db,
  program: ProgramRef,
  query: AssignmentPageQuery,
): Promise<AssignmentListResult> {
  const [page, { committee, groups }] = await Promise.all([
    assignmentPage(db, program, query),
    committeeAndGroups(db, program),
  ]);
  return {
    rows: page.rows,
    total: page.total,
    page: query.page,
    pageSize: query.pageSize,
    committee,
    groups,
  };
}

// ————— Replacing one candidate's reviewers or groups —————

/** Locks the candidate for the transaction (its assignments are about to change); 404 if it is gone. */
async function lockCandidate(tx: Tx, target: AssignmentTarget) {
  const [row] = await tx
    .select({ id: submissions.id })
    .from(submissions)
    .where(eq(submissions.id, target.id))
    .for("no key update");
  if (!row) throw notFound();
}

const byName = (a: string, b: string) => a.localeCompare(b);

/** Who changed a candidate's assignments, for the audit log. */
const assignmentScope = (target: AssignmentTarget, actorUserId: string) => ({
  organizationId: target.organizationId,
  programId: target.programId,
  actorUserId,
  subject: { type: "submission" as const, id: target.id, label: target.identifier },
});

/**
 * Decision 016: a replacement based on a list that is no longer stored (someone else changed it since
 * the client read it) is refused before anything is written — 409 with the candidate's assignment as
 * stored now. The lists are compared as sets: the order and repeats the client sends do not matter.
 * Called under the candidate's lock, so the comparison and the write see the same list.
 */
async function assertStillStored(
  tx: Tx,
  target: AssignmentTarget,
  kind: "reviewers" | "reviewerGroups",
  stored: readonly string[],
  expected: readonly string[] | undefined,
) {
  if (expected === undefined || sameIds(stored, expected)) return;
  const [row] = await assignmentRows(tx, [target]);
  throw new EditConflict(kind, row!);
}

/** What to delete and what to insert to turn `current` into `wanted`. */
function difference(current: ReadonlySet<string>, wanted: readonly string[]) {
  const keep = new Set(wanted);
  return {
    adding: wanted.filter((id) => !current.has(id)),
    removing: [...current].filter((id) => !keep.has(id)),
  };
}

/**
 * PATCH /api/submissions/reviewers/{id}: the candidate's individual reviewers become exactly `userIds`.
 * Everyone added must be an assignable member of the program (ADMIN_REVIEWER, REVIEWER or GUEST), or
 * nothing changes. Someone already assigned may stay listed even if they have since left the
 * committee: sending back the list as shown must not fail because of a change made elsewhere.
 * Removing a reviewer leaves their review alone (reviews are their own table). With `expected` (the
 * ids the client last saw), a list changed meanwhile is refused: 409, nothing written or logged.
 */
export async function setReviewers(
  db: Db,
  target: AssignmentTarget,
  userIds: readonly string[],
  actorUserId: string,
  expected?: readonly string[],
) {
  const wanted = distinct(userIds);
  return db.transaction(async (tx) => {
    await lockCandidate(tx, target);
    const stored = await tx
      .select({ userId: submissionReviewers.userId })
      .from(submissionReviewers)
      .where(eq(submissionReviewers.submissionId, target.id));
    const storedIds = stored.map((r) => r.userId);
    await assertStillStored(tx, target, "reviewers", storedIds, expected);
    const { adding, removing } = difference(new Set(storedIds), wanted);
    const assignable = await assignableAmong(tx, { id: target.programId }, adding);
    if (adding.some((id) => !assignable.has(id))) {
      throw refusedIds({ reviewers: COMMITTEE_MESSAGES.notACommitteeMember });
    }
    if (removing.length > 0) {
      await tx
        .delete(submissionReviewers)
        .where(
          and(eq(submissionReviewers.submissionId, target.id), inArray(submissionReviewers.userId, removing)),
        );
    }
    if (adding.length > 0) {
      await tx
        .insert(submissionReviewers)
        .values(adding.map((userId) => ({ submissionId: target.id, userId, programId: target.programId })))
        .onConflictDoNothing();
    }
    if (adding.length + removing.length > 0) {
      const [added, removed] = await Promise.all([personLabels(tx, adding), personLabels(tx, removing)]);
      await recordAudit(tx, {
        ...assignmentScope(target, actorUserId),
        action: "assignment.reviewers_changed",
        details: addedAndRemoved(added, removed),
      });
    }
    const [row] = await assignmentRows(tx, [target]);
    return row!;
  });
}

/**
 * PATCH /api/submissions/reviewerGroups/{id}: the candidate's reviewer groups become exactly `groupIds`,
 * every one a group of the candidate's program, or nothing changes. With `expected` (the ids the client
 * last saw), a list changed meanwhile is refused: 409, nothing written or logged.
 */
export async function setReviewerGroups(
  db: Db,
  target: AssignmentTarget,
  groupIds: readonly string[],
  actorUserId: string,
  expected?: readonly string[],
) {
  const wanted = distinct(groupIds);
  return db.transaction(async (tx) => {
    // The groups first, then the candidate: the lock order of a group's deletion.
    const ofProgram = await groupsOfProgramAmong(tx, { id: target.programId }, wanted);
    if (wanted.some((id) => !ofProgram.has(id))) {
      throw refusedIds({ reviewerGroups: COMMITTEE_MESSAGES.notAGroupOfProgram });
    }
    await lockCandidate(tx, target);
    const stored = await tx
      .select({ groupId: submissionReviewerGroups.groupId })
      .from(submissionReviewerGroups)
      .where(eq(submissionReviewerGroups.submissionId, target.id));
    const storedIds = stored.map((r) => r.groupId);
    await assertStillStored(tx, target, "reviewerGroups", storedIds, expected);
    const { adding, removing } = difference(new Set(storedIds), wanted);
    if (removing.length > 0) {
      await tx
        .delete(submissionReviewerGroups)
        .where(
          and(
            eq(submissionReviewerGroups.submissionId, target.id),
            inArray(submissionReviewerGroups.groupId, removing),
          ),
        );
    }
    if (adding.length > 0) {
      await tx
        .insert(submissionReviewerGroups)
        .values(adding.map((groupId) => ({ submissionId: target.id, groupId, programId: target.programId })))
        .onConflictDoNothing();
    }
    if (adding.length + removing.length > 0) {
      const [added, removed] = await Promise.all([groupLabels(tx, adding), groupLabels(tx, removing)]);
      await recordAudit(tx, {
        ...assignmentScope(target, actorUserId),
        action: "assignment.groups_changed",
        details: addedAndRemoved(added, removed),
      });
    }
    const [row] = await assignmentRows(tx, [target]);
    return row!;
  });
}

// ————— Bulk —————

/**
 * POST /api/admin/assignments/bulk: adds the reviewers and groups to every listed candidate (never
 * removes any). Every id is checked first — candidates of the program (404 for the whole request),
 * then reviewers and groups (400) — then at most two INSERT … SELECT statements write the cross
 * product, so a thousand rows cost the same round trips as one.
 */
export async function bulkAssign(
  db: Db,
  program: ProgramRef,
  body: { submissionIds: readonly string[]; reviewers: readonly string[]; reviewerGroups: readonly string[] },
  actorUserId: string,
): Promise<{ updated: number }> {
  const submissionIds = distinct(body.submissionIds);
  const reviewerIds = distinct(body.reviewers);
  const groupIds = distinct(body.reviewerGroups);
  return db.transaction(async (tx) => {
    const groups = await groupsOfProgramAmong(tx, program, groupIds);
    const assignable = await assignableAmong(tx, program, reviewerIds);
    const locked = await lockCandidatesOfProgram(tx, program, submissionIds);
    // A candidate outside the program is not found, whatever else is wrong with the request.
    if (locked.length < submissionIds.length) throw notFound();
    const refused: Record<string, string> = {};
    if (reviewerIds.some((id) => !assignable.has(id))) {
      refused.reviewers = COMMITTEE_MESSAGES.notACommitteeMember;
    }
    if (groupIds.some((id) => !groups.has(id)))
      refused.reviewerGroups = COMMITTEE_MESSAGES.notAGroupOfProgram;
    if (Object.keys(refused).length > 0) throw refusedIds(refused);

    const ofProgram = and(eq(submissions.programId, program.id), inArray(submissions.id, submissionIds));
    if (reviewerIds.length > 0) {
      await tx
        .insert(submissionReviewers)
        .select(
          tx
            .select({
              submissionId: submissions.id,
              userId: programMembers.userId,
              programId: submissions.programId,
            })
            .from(submissions)
            .innerJoin(programMembers, eq(programMembers.programId, submissions.programId))
            .where(
              and(
                ofProgram,
                inArray(programMembers.userId, reviewerIds),
                inArray(programMembers.role, [...ASSIGNABLE_ROLES]),
              ),
            ),
        )
        .onConflictDoNothing();
    }
    if (groupIds.length > 0) {
      await tx
        .insert(submissionReviewerGroups)
        .select(
          tx
            .select({
              submissionId: submissions.id,
              groupId: reviewerGroups.id,
              programId: submissions.programId,
            })
            .from(submissions)
            .innerJoin(reviewerGroups, eq(reviewerGroups.programId, submissions.programId))
            .where(and(ofProgram, inArray(reviewerGroups.id, groupIds))),
        )
        .onConflictDoNothing();
    }
    const [reviewerNames, groupNames] = await Promise.all([
      personLabels(tx, reviewerIds),
      groupLabels(tx, groupIds),
    ]);
    await recordAudit(tx, {
      organizationId: program.organizationId,
      programId: program.id,
      actorUserId,
      action: "assignment.bulk_added",
      subject: { type: "program", id: program.id, label: `${locked.length} candidates` },
      details: {
        candidates: locked.map((c) => c.identifier).sort(byName),
        reviewers: reviewerNames,
        reviewerGroups: groupNames,
      },
    });
    return { updated: submissionIds.length };
  });
}

/**
 * Locks the listed candidates that belong to the program, in id order, and gives them back (by name).
 * The program is compared with IS NOT DISTINCT FROM (the same as = on this NOT NULL column) so that
 * the planner probes the primary key for the ids rather than walking the program's rows (see
 * foundByIdInProgramSql in src/server/reviewing/candidate-list.ts).
 */
async function lockCandidatesOfProgram(tx: Tx, program: ProgramRef, ids: readonly string[]) {
  const wellFormed = ids.filter(isUuid);
  if (wellFormed.length === 0) return [];
  return tx
    .select({ id: submissions.id, identifier: submissions.identifier })
    .from(submissions)
    .where(
      and(
        inArray(submissions.id, wellFormed),
        sql`${submissions.programId} is not distinct from ${program.id}`,
      ),
    )
    .orderBy(submissions.id)
    .for("no key update");
}
