import { type SQL, sql } from "drizzle-orm";
import type { ReviewerStatsResult, ReviewerStatsRow } from "../../../shared/schemas/committee";
import { NOT_RATED } from "../../../shared/schemas/reviews";
import type { Tx } from "../../db/client";
import {
  programMembers,
  reviewerGroupMembers,
  reviews,
  submissionReviewerGroups,
  submissionReviewers,
  submissions,
  users,
} from "../../db/schema";
import { isReviewableSql } from "../../reviewing/candidates";

/**
 * Reviewer Statistics as one SQL statement, as it once was: for tests only, the
 * straightforward computation that reviewer-stats.ts must match (reviewer-stats.test.ts). It turns the
 * visibility rule of reviewing/candidates.ts around: every submitted, non-test candidate open to all,
 * plus those assigned to the member directly or through a reviewer group (UNION: counted once). At
 * 100,000 candidates it materializes every (member, assigned candidate) pair and reads every review's
 * row: seconds, hence reviewer-stats.ts.
 */

const STATISTICS_ROLES = ["ADMIN_REVIEWER", "REVIEWER", "GUEST"] as const;

/** The email's domain (after the last "@") is one of `domains` (lowercase). */
function inDomains(email: SQL | typeof users.email, domains: readonly string[]): SQL {
  if (domains.length === 0) return sql`false`;
  return sql`lower(substring(${email} from '[^@]*$')) in (${sql.join(
    domains.map((d) => sql`${d}`),
    sql`, `,
  )})`;
}

export async function referenceReviewerStats(
  db: Tx,
  program: { id: string },
  internalDomains: readonly string[],
): Promise<ReviewerStatsResult> {
  const roles = sql.join(
    STATISTICS_ROLES.map((role) => sql`${role}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    with members as (
      select m.user_id, m.role::text as role, u.name, u.email
      from ${programMembers} m join ${users} u on u.id = m.user_id
      where m.program_id = ${program.id} and m.role::text in (${roles})
        and not ${inDomains(sql`u.email`, internalDomains)}
    ),
    reviewable as (
      select ${submissions.id} as id, ${submissions.openToAll} as open_to_all from ${submissions}
      where ${submissions.programId} = ${program.id} and ${isReviewableSql()}
    ),
    assigned as (
      select sr.user_id, sr.submission_id from ${submissionReviewers} sr
        where sr.program_id = ${program.id}
      union
      select gm.user_id, sg.submission_id from ${submissionReviewerGroups} sg
        join ${reviewerGroupMembers} gm on gm.group_id = sg.group_id
        where sg.program_id = ${program.id}
    ),
    own as (
      select a.user_id, a.submission_id from assigned a
        join reviewable r on r.id = a.submission_id and not r.open_to_all
      where a.user_id in (select user_id from members)
    ),
    own_counts as (select user_id, count(*)::int as n from own group by user_id),
    review_counts as (
      select rv.user_id,
        (count(*) filter (where rv.rating > ${NOT_RATED} and r.id is not null
          and (m.role = 'ADMIN_REVIEWER' or r.open_to_all or o.user_id is not null)))::int as reviewed,
        max(rv.last_reviewed) as last_reviewed
      from ${reviews} rv
        join members m on m.user_id = rv.user_id
        left join reviewable r on r.id = rv.submission_id
        left join own o on o.user_id = rv.user_id and o.submission_id = rv.submission_id
      where rv.program_id = ${program.id}
      group by rv.user_id
    )
    select m.user_id, m.role, m.name, m.email,
      case when m.role = 'ADMIN_REVIEWER' then (select count(*) from reviewable)::int
        else (select count(*) from reviewable where open_to_all)::int + coalesce(oc.n, 0) end as assigned,
      coalesce(rc.reviewed, 0) as reviewed, rc.last_reviewed
    from members m
      left join own_counts oc on oc.user_id = m.user_id
      left join review_counts rc on rc.user_id = m.user_id
    order by lower(m.name), lower(m.email), m.user_id`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return {
    rows: rows.map(
      (r): ReviewerStatsRow => ({
        _id: r.user_id as string,
        name: r.name as string,
        email: r.email as string,
        role: r.role as ReviewerStatsRow["role"],
        assigned: Number(r.assigned),
        reviewed: Number(r.reviewed),
        lastReviewed: r.last_reviewed === null ? null : new Date(r.last_reviewed as string).toISOString(),
      }),
    ),
  };
}
