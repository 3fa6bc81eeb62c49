import { and, eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { CandidateResource } from "../../shared/authz/matrix";
import type { Tx } from "../db/client";
import {
  organizations,
  programs,
  reviewerGroupMembers,
  submissionReviewerGroups,
  submissionReviewers,
  submissions,
} from "../db/schema";
import { notFound } from "../http/errors";
import { isUuid } from "../http/ids";

/**
 * Who reviews which candidate (review-and-administration §6): a committee member sees a candidate
 * assigned to them directly or to a group they belong to, or a candidate assigned to no one and no
 * group. The same rule serves the lists (as SQL, so pages and counts come straight from the database)
 * and the single candidate (as a flag handed to the role matrix): the two can never disagree.
 */
export function visibleToReviewerSql(submissionId: AnyPgColumn, userId: string): SQL<boolean> {
  return sql<boolean>`(exists (select 1 from ${submissionReviewers} sr
      where sr.submission_id = ${submissionId} and sr.user_id = ${userId})
    or exists (select 1 from ${submissionReviewerGroups} sg
      join ${reviewerGroupMembers} gm on gm.group_id = sg.group_id
      where sg.submission_id = ${submissionId} and gm.user_id = ${userId})
    or (not exists (select 1 from ${submissionReviewers} sr where sr.submission_id = ${submissionId})
      and not exists (select 1 from ${submissionReviewerGroups} sg where sg.submission_id = ${submissionId})))`;
}

/** A submitted, non-test candidate: what step 1 shows outside Admin Mode and what reviews count on. */
export function isReviewableSql(): SQL {
  return sql`${submissions.submissionDate} is not null and ${submissions.softDeleted} = false`;
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
      status: submissions.status,
      amountCents: submissions.amountCents,
      reviewCount: submissions.reviewCount,
      visibleToReviewer: userId === null ? sql<boolean>`false` : visibleToReviewerSql(submissions.id, userId),
      program: {
        name: programs.name,
        appVersion: programs.appVersion,
        archived: programs.archived,
        overrideFinalRating: programs.overrideFinalRating,
        reviewSettings: programs.reviewSettings,
      },
      incrementTenths: organizations.incrementTenths,
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
    draftOrTest: row.submissionDate === null || row.softDeleted,
  };
  return { candidate: row, resource };
}
export type Candidate = Awaited<ReturnType<typeof findCandidate>>["candidate"];

/** The organization's rating step (1 or 0.5), stored in tenths. */
export const incrementOf = (incrementTenths: number) => incrementTenths / 10;
