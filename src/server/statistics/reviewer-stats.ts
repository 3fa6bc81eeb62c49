import { type SQL, sql } from "drizzle-orm";
import type { ReviewerStatsResult, ReviewerStatsRow } from "../../shared/schemas/committee";
import { NOT_RATED } from "../../shared/schemas/reviews";
import type { Tx } from "../db/client";
import {
  conflicts,
  programMembers,
  reviewerGroupMembers,
  reviewerGroups,
  reviews,
  submissionReviewerGroups,
  submissionReviewers,
  submissions,
  users,
} from "../db/schema";
import { isReviewableSql } from "../reviewing/candidates";
import { KeptFigures } from "./kept-figures";
import { statisticsVersions } from "./stats-versions";

/**
 * Reviewer Statistics (review-and-administration, "2. Screens and routes", "6. Roles and permissions"): each
 * committee member and guest of the program with how many candidates they see and how many of those they have
 * rated. Plain ADMIN members are left out (they rate nothing and see everyone), and so are internal test
 * accounts — addresses in the configured internal domains (config INTERNAL_EMAIL_DOMAINS).
 *
 * What a member sees is the rule of reviewing/candidates.ts: every submitted, non-test candidate open
 * to all (submissions.open_to_all: assigned to no one and no group), plus those assigned to them directly
 * or through a reviewer group, each once. An ADMIN_REVIEWER is an admin: their list holds every submitted
 * candidate. So a member's count is the open candidates plus their own, and what they rated is counted
 * among the open ones and their own.
 *
 * One statement reads the program once, without ever listing every (member, assigned candidate) pair —
 * at 100,000 candidates assigned through groups of 60 that is half a million pairs, which the single
 * SQL statement this replaced (test/reviewer-stats-reference.ts) sorted on disk for seconds:
 *
 * - per reviewer, from one pass over the program's reviews: their rated reviews of listed candidates,
 *   of open ones, the closed ones they rated, and their latest save;
 * - the closed candidates assigned directly, per member, and through each group, per group (each list
 *   of candidates as short numbers given by the statement, not uuids);
 * - the groups' members.
 *
 * Then, here, a member's own candidates are their direct ones plus those of their groups: the number a
 * group brings is counted per set of groups a candidate is assigned to (a handful of sets), less the
 * direct ones already counted, so no member's candidates are ever enumerated.
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

/** One member as the statement lists them, by name. */
type MemberRow = [
  userId: string,
  role: ReviewerStatsRow["role"],
  name: string,
  email: string,
  /** Rated reviews of listed candidates, of open ones, and the closed ones rated (`k`s, comma-separated). */
  rated: number | null,
  ratedOpen: number | null,
  ratedClosed: string | null,
  /** Their latest save, in milliseconds since the epoch (truncated, as a Date keeps it). */
  lastReviewed: number | null,
];

interface Facts {
  members: MemberRow[];
  reviewable: number;
  open: number;
  /** Closed candidates assigned directly: by member. */
  direct: Map<string, string[]>;
  /** Closed candidates assigned to each group: by group. */
  grouped: Map<string, string[]>;
  /** Each member's groups. */
  groupsOf: Map<string, Set<string>>;
  /** Each member's active conflicts of interest with reviewable candidates: (k, open to all). */
  conflicted: Map<string, [k: string, open: boolean][]>;
}

const split = (ids: string | null) => (ids === null ? [] : ids.split(","));

async function readFacts(db: Tx, programId: string, internalDomains: readonly string[]): Promise<Facts> {
  const roles = sql.join(
    STATISTICS_ROLES.map((role) => sql`${role}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    with members as (
      select m.user_id, m.role::text as role, u.name, u.email
      from ${programMembers} m join ${users} u on u.id = m.user_id
      where m.program_id = ${programId} and m.role::text in (${roles})
        and not ${inDomains(sql`u.email`, internalDomains)}
    ),
    reviewable as materialized (
      -- k: a short number for each candidate, for the lists below (a uuid printed is 36 characters).
      select ${submissions.id} as id, ${submissions.openToAll} as open_to_all, row_number() over () as k
      from ${submissions} where ${submissions.programId} = ${programId} and ${isReviewableSql()}
    ),
    by_reviewer as (
      select rv.user_id,
        (count(*) filter (where rv.rating > ${NOT_RATED} and r.id is not null and cf.id is null))::int as rated,
        (count(*) filter (where rv.rating > ${NOT_RATED} and r.open_to_all and cf.id is null))::int as rated_open,
        string_agg(r.k::text, ',') filter (where rv.rating > ${NOT_RATED} and not r.open_to_all
          and cf.id is null) as rated_closed,
        -- The latest save is activity whatever became of it: a conflict's review still says when.
        floor(extract(epoch from max(rv.last_reviewed)) * 1000)::float8 as last_reviewed
      from ${reviews} rv left join reviewable r on r.id = rv.submission_id
        -- A review set aside by its author's conflict of interest counts in no number (one row at most).
        left join ${conflicts} cf on cf.submission_id = rv.submission_id and cf.user_id = rv.user_id
          and cf.reverted_at is null
      where rv.program_id = ${programId}
      group by rv.user_id
    )
    select
      (select json_agg(json_build_array(m.user_id, m.role, m.name, m.email,
          b.rated, b.rated_open, b.rated_closed, b.last_reviewed)
        order by lower(m.name), lower(m.email), m.user_id)
        from members m left join by_reviewer b on b.user_id = m.user_id)::text as members,
      (select count(*)::int from reviewable) as reviewable,
      (select count(*)::int from reviewable where open_to_all) as open,
      (select json_agg(json_build_array(d.user_id, d.ids))::text from (
        select sr.user_id, string_agg(r.k::text, ',') as ids
        from ${submissionReviewers} sr join reviewable r on r.id = sr.submission_id and not r.open_to_all
        where sr.program_id = ${programId} group by sr.user_id) d) as direct,
      (select json_agg(json_build_array(g.group_id, g.ids))::text from (
        select sg.group_id, string_agg(r.k::text, ',') as ids
        from ${submissionReviewerGroups} sg join reviewable r on r.id = sg.submission_id and not r.open_to_all
        where sg.program_id = ${programId} group by sg.group_id) g) as grouped,
      (select json_agg(json_build_array(gm.user_id, gm.group_id))::text
        from ${reviewerGroupMembers} gm join ${reviewerGroups} g on g.id = gm.group_id
        where g.program_id = ${programId}) as memberships,
      (select json_agg(json_build_array(c.user_id, r.k::text, r.open_to_all))::text
        from ${conflicts} c join reviewable r on r.id = c.submission_id
        where c.program_id = ${programId} and c.reverted_at is null) as conflicted`);
  const [row] = (
    result as unknown as {
      rows: {
        members: string | null;
        reviewable: number;
        open: number;
        direct: string | null;
        grouped: string | null;
        memberships: string | null;
        conflicted: string | null;
      }[];
    }
  ).rows;
  const pairs = (text: string | null | undefined) => (text ? (JSON.parse(text) as [string, string][]) : []);
  const groupsOf = new Map<string, Set<string>>();
  for (const [userId, groupId] of pairs(row?.memberships)) {
    const groups = groupsOf.get(userId) ?? new Set<string>();
    groups.add(groupId);
    groupsOf.set(userId, groups);
  }
  const conflicted = new Map<string, [string, boolean][]>();
  if (row?.conflicted) {
    for (const [userId, k, open] of JSON.parse(row.conflicted) as [string, string, boolean][]) {
      conflicted.set(userId, [...(conflicted.get(userId) ?? []), [k, open]]);
    }
  }
  return {
    conflicted,
    members: row?.members ? (JSON.parse(row.members) as MemberRow[]) : [],
    reviewable: Number(row?.reviewable ?? 0),
    open: Number(row?.open ?? 0),
    direct: new Map(pairs(row?.direct).map(([userId, ids]) => [userId, split(ids)])),
    grouped: new Map(pairs(row?.grouped).map(([groupId, ids]) => [groupId, split(ids)])),
    groupsOf,
  };
}

/** The closed candidates assigned to groups: each one's groups, and how many share each set of groups. */
function groupAssignments(grouped: ReadonlyMap<string, string[]>) {
  const groupsOfCandidate = new Map<string, string[]>();
  for (const [groupId, ids] of grouped) {
    for (const id of ids) {
      const groups = groupsOfCandidate.get(id);
      if (groups === undefined) groupsOfCandidate.set(id, [groupId]);
      else groups.push(groupId);
    }
  }
  const sets = new Map<string, { groups: string[]; candidates: number }>();
  for (const groups of groupsOfCandidate.values()) {
    const key = [...groups].sort().join(",");
    const set = sets.get(key);
    if (set === undefined) sets.set(key, { groups, candidates: 1 });
    else set.candidates += 1;
  }
  return { groupsOfCandidate, sets: [...sets.values()] };
}

/**
 * The rows are kept per program under the versions of what they show (the candidates, the reviews, the
 * committee) and the internal domains: while none changed, a request sends one statement.
 */
const kept = new KeptFigures<ReviewerStatsResult>(50);

export async function reviewerStats(
  db: Tx,
  program: { id: string },
  internalDomains: readonly string[],
): Promise<ReviewerStatsResult> {
  const v = await statisticsVersions(db, program.id);
  const key = [v.candidates, v.reviews, v.committee, internalDomains.join(",")].join("/");
  return kept.get(program.id, key, () => computeReviewerStats(db, program.id, internalDomains));
}

async function computeReviewerStats(
  db: Tx,
  programId: string,
  internalDomains: readonly string[],
): Promise<ReviewerStatsResult> {
  const facts = await readFacts(db, programId, internalDomains);
  const { groupsOfCandidate, sets } = groupAssignments(facts.grouped);
  const noGroups = new Set<string>();

  const rows = facts.members.map(
    ([userId, role, name, email, rated, ratedOpen, ratedClosed, lastReviewed]): ReviewerStatsRow => {
      const base = {
        _id: userId,
        name,
        email,
        role,
        lastReviewed: lastReviewed === null ? null : new Date(lastReviewed).toISOString(),
      };
      // A candidate the member declared a conflict with is not one of theirs (their review of it is not
      // counted above either): docs/decisions/036-conflicts-of-interest.md.
      const conflicts = facts.conflicted.get(userId) ?? [];
      if (role === "ADMIN_REVIEWER") {
        return { ...base, assigned: facts.reviewable - conflicts.length, reviewed: rated ?? 0 };
      }
      const groups = facts.groupsOf.get(userId) ?? noGroups;
      const throughGroups = (id: string) => groupsOfCandidate.get(id)?.some((g) => groups.has(g)) ?? false;
      const direct = facts.direct.get(userId) ?? [];
      const directly = new Set(direct);
      // Own = direct ∪ through groups: the candidates of every set of groups that names one of theirs,
      // plus the direct ones no such group brings.
      let own = direct.filter((id) => !throughGroups(id)).length;
      for (const set of sets) if (set.groups.some((g) => groups.has(g))) own += set.candidates;
      for (const [k, open] of conflicts) if (open || directly.has(k) || throughGroups(k)) own -= 1;
      let reviewed = ratedOpen ?? 0;
      for (const id of split(ratedClosed)) if (directly.has(id) || throughGroups(id)) reviewed += 1;
      return { ...base, assigned: facts.open + own, reviewed };
    },
  );
  return { rows };
}
