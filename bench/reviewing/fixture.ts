import { EXPORTS_PROGRAM_NAME } from "../exports/prepare";
import { ANCHOR } from "../generator";
import type { SqlClient } from "../lib/sql-client";
import type { ReviewerFixture } from "../scenarios/types";

/** Candidates per reviewer the submission view rotates over, and the review saves go to. */
const VIEWED_CANDIDATES = 20;
const UNREVIEWED_CANDIDATES = 50;

export interface ReviewPrograms {
  /** The program of the list, the submission view and the review saves: the most applications. */
  review: string;
  /** The program of the ranking saves: the second most (500 candidates, open to everyone). */
  ranking: string;
}

/**
 * The generator's two review programs, told apart by their number of submitted applications (it puts
 * applications in those two only). Null for a data set made before the reviewing steps existed.
 */
export async function findReviewPrograms(sql: SqlClient): Promise<ReviewPrograms | null> {
  const [tables] = await sql.query<{ present: boolean }>(
    "select to_regclass('public.reviews') is not null as present",
  );
  if (!tables?.present) return null;
  // The exports benchmark's program (bench/exports/prepare.ts) has submitted applications too: not one of them.
  const rows = await sql.query<{ program_id: string }>(
    `select program_id from submissions where submission_date is not null
        and program_id not in (select id from programs where name = $1)
      group by program_id order by count(*) desc, program_id limit 2`,
    [EXPORTS_PROGRAM_NAME],
  );
  const [review, ranking] = rows.map((row) => row.program_id);
  return review && ranking ? { review, ranking } : null;
}

/**
 * What an earlier run's review saves changed: reviews created after the generator's anchor date (the
 * generator dates everything before it) are deleted, and the review counts they added taken back,
 * so each run reviews the same unreviewed candidates and lists the same counts.
 */
export async function undoReviewSaves(sql: SqlClient): Promise<void> {
  await sql.query(
    `with gone as (delete from reviews where created_at > $1 returning submission_id, started_at)
     update submissions s set review_count = s.review_count - g.n
       from (select submission_id, count(*)::int as n from gone where started_at is not null
              group by submission_id) g
      where s.id = g.submission_id`,
    [ANCHOR],
  );
}

/** `count` items spread evenly over `items` (all of them if there are fewer). */
function spread<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  return Array.from({ length: count }, (_, i) => items[Math.floor((i * items.length) / count)]!);
}

function addTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * Each reviewer's share of the review program, by email: the candidates they see under the
 * visibility rule (src/server/reviewing/candidates.ts: assigned to them, to a group of theirs, or to
 * nobody; submitted, not tests), computed here from the assignment tables in a few queries rather
 * than once per reviewer. Answers other than 200 in the scenarios would show it if this ever
 * disagreed with the server.
 */
export async function reviewerFixtures(
  sql: SqlClient,
  emails: readonly string[],
): Promise<Map<string, ReviewerFixture>> {
  const programs = await findReviewPrograms(sql);
  if (programs === null) {
    throw new Error(
      "The data set has no review programs (the reviewing scenarios need them): run with --fresh.",
    );
  }
  const programId = programs.review;
  const users = await sql.query<{ id: string; email: string }>(
    "select id, email from users where email = any($1::text[])",
    [emails],
  );
  const candidates = await sql.query<{ id: string }>(
    `select id from submissions
      where program_id = $1 and reviewable
      order by lower(identifier), id`,
    [programId],
  );
  const direct = await sql.query<{ submission_id: string; user_id: string }>(
    "select submission_id, user_id from submission_reviewers where program_id = $1",
    [programId],
  );
  const grouped = await sql.query<{ submission_id: string; group_id: string }>(
    "select submission_id, group_id from submission_reviewer_groups where program_id = $1",
    [programId],
  );
  const memberships = await sql.query<{ group_id: string; user_id: string }>(
    `select gm.group_id, gm.user_id from reviewer_group_members gm
       join reviewer_groups g on g.id = gm.group_id where g.program_id = $1`,
    [programId],
  );
  const reviewed = await sql.query<{ submission_id: string; user_id: string }>(
    "select submission_id, user_id from reviews where program_id = $1 and user_id = any($2::text[])",
    [programId, users.map((u) => u.id)],
  );

  const assigned = new Set([...direct, ...grouped].map((row) => row.submission_id));
  const directPairs = new Set(direct.map((row) => `${row.submission_id} ${row.user_id}`));
  const groupsOfUser = new Map<string, string[]>();
  for (const row of memberships) addTo(groupsOfUser, row.user_id, row.group_id);
  const groupsOfSubmission = new Map<string, string[]>();
  for (const row of grouped) addTo(groupsOfSubmission, row.submission_id, row.group_id);
  const reviewedPairs = new Set(reviewed.map((row) => `${row.submission_id} ${row.user_id}`));

  const fixtures = new Map<string, ReviewerFixture>();
  for (const user of users) {
    const groups = new Set(groupsOfUser.get(user.id));
    const visible = candidates
      .map((c) => c.id)
      .filter(
        (id) =>
          !assigned.has(id) ||
          directPairs.has(`${id} ${user.id}`) ||
          (groupsOfSubmission.get(id) ?? []).some((groupId) => groups.has(groupId)),
      );
    fixtures.set(user.email, {
      programId,
      rankingProgramId: programs.ranking,
      visibleCount: visible.length,
      candidates: spread(visible, VIEWED_CANDIDATES),
      unreviewed: spread(
        visible.filter((id) => !reviewedPairs.has(`${id} ${user.id}`)),
        UNREVIEWED_CANDIDATES,
      ),
    });
  }
  return fixtures;
}
