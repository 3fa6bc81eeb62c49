import { and, eq, type SQL, sql } from "drizzle-orm";
import type { CandidateResource } from "../../shared/authz/matrix";
import { notConflictedSql } from "../conflicts/active";
import type { Tx } from "../db/client";
import {
  organizations,
  programs,
  reviewerCandidates,
  reviewerGroupMembers,
  submissionReviewerGroups,
  submissionReviewers,
  submissions,
} from "../db/schema";
import { notFound } from "../http/errors";
import { isUuid } from "../http/ids";

/**
 * Who reviews which candidate (review-and-administration, "6. Roles and permissions"): a committee member
 * sees a candidate assigned to them directly or to a group they belong to, or a candidate assigned to no one
 * and no group. The same rule serves the lists (as SQL, so pages and counts come straight from the database)
 * and the single candidate (as a flag handed to the role matrix): the two can never disagree. This
 * form suits a walk of many candidates (a ranking, the committee emails); visibleToReviewerByIdSql
 * says the same of a few found by id.
 *
 * "Assigned to no one and no group" is stored: `submissions.open_to_all`, kept by database triggers on
 * the assignment tables (src/server/db/sql/open-to-all.sql), so the rule reads one column of the row
 * instead of probing both assignment tables for every candidate of the program.
 */
export function visibleToReviewerSql(userId: string): SQL<boolean> {
  // The program_id conditions say nothing new (an assignment is in its submission's program) but let
  // the planner read the (program, user) and (program, group) indexes instead of every program's rows.
  // A candidate the member declared a conflict with is out of their list whatever its assignments.
  return sql<boolean>`${notConflictedSql(submissions.id, userId)} and (${submissions.openToAll}
    or exists (select 1 from ${submissionReviewers} sr
      where sr.submission_id = ${submissions.id} and sr.program_id = ${submissions.programId}
        and sr.user_id = ${userId})
    or exists (select 1 from ${submissionReviewerGroups} sg
      join ${reviewerGroupMembers} gm on gm.group_id = sg.group_id
      where sg.submission_id = ${submissions.id} and sg.program_id = ${submissions.programId}
        and gm.user_id = ${userId}))`;
}

/**
 * The same rule for a few rows already found by id (the single candidate, a page's rows, a neighbour,
 * an anchor): probes of the assignment tables' primary keys for each candidate. OFFSET 0 keeps each EXISTS a probe per row: without column
 * statistics (PGlite never runs ANALYZE) the planner would rather hash every assignment of the member's
 * groups — as many as their share of the program — to check ten rows.
 */
export function visibleToReviewerByIdSql(userId: string): SQL<boolean> {
  return sql<boolean>`${notConflictedSql(submissions.id, userId)} and (${submissions.openToAll}
    or exists (select 1 from ${submissionReviewers} sr
      where sr.submission_id = ${submissions.id} and sr.user_id = ${userId} offset 0)
    or exists (select 1 from ${submissionReviewerGroups} sg
      join ${reviewerGroupMembers} gm on gm.group_id = sg.group_id
      where sg.submission_id = ${submissions.id} and gm.user_id = ${userId} offset 0))`;
}

/**
 * The ids of a program's submissions assigned to a committee member, directly or through their reviewer
 * groups (an id twice when both): the other half of the rule, for lists that need all of a member's
 * candidates anyway (their ranking). Read from the assignment tables' (program, user) and (user)
 * indexes. Step 1's list reads the same half stored in list order (assignedReviewableSql).
 */
export function assignedToReviewerSql(programId: string, userId: string): SQL {
  return sql`select sr.submission_id from ${submissionReviewers} sr
      where sr.program_id = ${programId} and sr.user_id = ${userId}
    union all
    select sg.submission_id from ${submissionReviewerGroups} sg
      join ${reviewerGroupMembers} gm on gm.group_id = sg.group_id
      where sg.program_id = ${programId} and gm.user_id = ${userId}`;
}

/**
 * The other half of the rule, stored: a committee member's candidates assigned to them directly or
 * through their reviewer groups, one row each in reviewer_candidates, kept by database triggers
 * (src/server/db/sql/reviewer-candidates.sql) with the candidate's list key, whether it is submitted and
 * not a test, and whether the member rated it. Those submitted and not tests are in their own index in
 * list order (reviewer_candidates_list_idx): a page of them is a walk that stops after it, whatever the
 * size of the program; their counts are kept beside them (reviewer_list_counts, decision 052).
 */
export function assignedReviewableSql(programId: string, userId: string): SQL {
  // "reviewable" as the index's predicate says it, so the planner sees the index serves the query.
  return sql`${reviewerCandidates.programId} = ${programId} and ${reviewerCandidates.userId} = ${userId}
    and ${reviewerCandidates.reviewable}`;
}

/**
 * A submitted, non-test candidate: what step 1 shows outside Admin Mode and what reviews count on. The
 * generated column submissions.reviewable, as the partial indexes' predicates say it (so the planner sees
 * they serve the query).
 */
export function isReviewableSql(): SQL {
  return sql`${submissions.reviewable}`;
}

/** One candidate with the program facts its review needs, and the flags the role matrix decides on. */
export async function findCandidate(db: Tx, userId: string | null, submissionId: string, programId?: string) {
  if (!isUuid(submissionId) || (programId !== undefined && !isUuid(programId))) throw notFound();
  const [row] = await db
    .select({
      id: submissions.id,
      organizationId: submissions.organizationId,
      programId: submissions.programId,
      formId: submissions.formId,
      formVersion: submissions.formVersion,
      identifier: submissions.identifier,
      submissionDate: submissions.submissionDate,
      lastSaveDate: submissions.lastSaveDate,
      softDeleted: submissions.softDeleted,
      reviewable: submissions.reviewable,
      status: submissions.status,
      amountCents: submissions.amountCents,
      reviewCount: submissions.reviewCount,
      visibleToReviewer: userId === null ? sql<boolean>`false` : visibleToReviewerByIdSql(userId),
      conflicted:
        userId === null ? sql<boolean>`false` : sql<boolean>`not ${notConflictedSql(submissions.id, userId)}`,
      program: {
        name: programs.name,
        appVersion: programs.appVersion,
        archived: programs.archived,
        overrideFinalRating: programs.overrideFinalRating,
        reviewSettings: programs.reviewSettings,
      },
      incrementTenths: organizations.incrementTenths,
      /** A legacy program's review template (docs/decisions/040-review-templates.md), or null. */
      reviewTemplateId: programs.reviewTemplateId,
    })
    .from(submissions)
    .innerJoin(programs, eq(programs.id, submissions.programId))
    .innerJoin(organizations, eq(organizations.id, submissions.organizationId))
    .where(
      programId === undefined
        ? eq(submissions.id, submissionId)
        : and(eq(submissions.id, submissionId), eq(submissions.programId, programId)),
    );
  if (!row) throw notFound();
  const resource: CandidateResource = {
    programId: row.programId,
    organizationId: row.organizationId,
    visibleToReviewer: row.visibleToReviewer,
    draftOrTest: !row.reviewable,
    conflicted: row.conflicted,
  };
  return { candidate: row, resource };
}
export type Candidate = Awaited<ReturnType<typeof findCandidate>>["candidate"];

/** The organization's rating step (1 or 0.5), stored in tenths. */
export const incrementOf = (incrementTenths: number) => incrementTenths / 10;
