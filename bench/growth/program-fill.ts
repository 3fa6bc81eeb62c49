import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../src/server/db/client";
import { LAST_NAMES, ORGANIZATION_KINDS, PROGRAM_TOPICS, PROSE_WORDS } from "../generator/names";
import { GROWTH_SHAPE } from "./shape";

/**
 * A growth program's rows, written by a few INSERT … SELECT statements over generate_series rather than
 * rows built in JavaScript: 100,000 applications and their reviews in seconds, on PGlite and PostgreSQL
 * alike. What varies from row to row (names, dates, assignments, ratings) comes from the row's number or
 * from hashtext() of its id, so every run of the same code builds the same shape.
 */
export interface ProgramFill {
  organizationId: string;
  programId: string;
  formId: string;
  linkId: string;
  /** Submitted applications; drafts and tests come on top, in the review program's proportions. */
  size: number;
  reviewerIds: readonly string[];
  applicantIds: readonly string[];
  groupIds: readonly string[];
  /** One application's answers as JSON, with IDENTIFIER_MARK and SERIAL_MARK where they differ. */
  answersTemplate: string;
  /** One review's sections as JSON, with RATING_MARK for each criterion's value. */
  sectionsTemplate: string;
  /** The Decision Criteria section the comments are on. */
  commentSectionId: string;
  /** Dates are drawn before this day. */
  anchor: Date;
}

export const IDENTIFIER_MARK = "@@identifier@@";
/** Numbers, so they fit where the answers hold the applicant's serial (contact987654321@…). */
export const SERIAL_MARK = 987_654_321;
export const RATING_MARK = 77_777;

/** A row's pseudo-random number in [0, 2^32) from text: hashtext() is a signed 32-bit integer. */
const spread = (text: SQL) => sql`(hashtext(${text})::bigint + 2147483648)`;
/**
 * values[index] (index from 0) in SQL. The list is one parameter made into an array by an uncorrelated
 * sub-select, which PostgreSQL evaluates once per statement: `json ->> n` on the parameter itself would
 * parse and walk the whole list again for every row.
 */
const itemOf = (values: readonly string[], index: SQL) =>
  sql`(select array(select json_array_elements_text(${JSON.stringify(values)}::json)))[(${index}) + 1]`;
/** The growth program's submitted, non-test applications. */
const candidatesOf = (programId: string) => sql`s.program_id = ${programId}::uuid and s.reviewable`;
const percent = (share: number) => Math.round(share * 100);

/**
 * Submitted applications, then drafts, then tests (drafts marked as tests), named "Kumar Rural Health
 * Trust 004217". Each row is written as it ends up, so the later steps rewrite none (a rewritten row
 * leaves its old version behind: three times the table to scan): its id is drawn here, so whether it
 * will be assigned (from the id's hash, see insertAssignments) sets open_to_all now, and the two
 * reviews every submitted candidate gets (insertReviews) its review count.
 */
async function insertApplications(tx: Tx, f: ProgramFill): Promise<void> {
  const drafts = Math.round(f.size * GROWTH_SHAPE.draftShare);
  const total = f.size + drafts + Math.round(f.size * GROWTH_SHAPE.testShare);
  const [names, topics] = [LAST_NAMES.length, PROGRAM_TOPICS.length];
  const assigned = percent(GROWTH_SHAPE.directShare) + percent(GROWTH_SHAPE.groupShare);
  await tx.execute(sql`
    insert into submissions (id, organization_id, program_id, form_id, form_version, link_id, user_id, answers,
      identifier, submission_date, last_save_date, revision, soft_deleted, status, amount_cents, review_count,
      open_to_all, created_at)
    select n.id, ${f.organizationId}::uuid, ${f.programId}::uuid, ${f.formId}::uuid, 1, ${f.linkId}::uuid,
      ${itemOf(f.applicantIds, sql`n.i - 1`)},
      replace(replace(${f.answersTemplate}::text, ${IDENTIFIER_MARK}::text, n.identifier),
        ${String(SERIAL_MARK)}::text, n.i::text)::json,
      n.identifier,
      case when n.submitted then n.saved end,
      n.saved, 1 + n.i % 30, n.i > ${f.size + drafts}::int, n.status,
      case when n.status = 'approved' or n.i % 5 = 0 then (10 + n.i % 491) * 10000 end,
      case when n.submitted then ${GROWTH_SHAPE.reviewsPerCandidate}::int else 0 end,
      not (n.submitted and ${spread(sql`n.id::text`)} % 100 < ${assigned}::int),
      n.saved - interval '1 hour' * (n.i % 240)
    from (
      select i, gen_random_uuid() as id, i <= ${f.size}::int as submitted,
        concat_ws(' ', ${itemOf(LAST_NAMES, sql`i % ${names}::int`)},
          ${itemOf(PROGRAM_TOPICS, sql`i / ${names}::int % ${topics}::int`)},
          ${itemOf(ORGANIZATION_KINDS, sql`i / ${names * topics}::int % ${ORGANIZATION_KINDS.length}::int`)},
          lpad(i::text, 6, '0')) as identifier,
        ${f.anchor.toISOString()}::timestamptz - interval '1 minute' * (i * 7919 % 86400) as saved,
        case when i > ${f.size}::int or i * 37 % 100 < 80 then 'pending'
             when i * 37 % 100 < 92 then 'approved' else 'disapproved' end as status
      from generate_series(1, ${total}::int) i
    ) n`);
}

/**
 * 30 % of the candidates get 3–5 reviewers (consecutive in steps of 37 from a hashed start: always
 * distinct among 200), the next 20 % one reviewer group. The triggers of migration 0008 find their
 * open_to_all flag already cleared (insertApplications).
 */
async function insertAssignments(tx: Tx, f: ProgramFill): Promise<void> {
  const [min, max] = GROWTH_SHAPE.directReviewers;
  const direct = percent(GROWTH_SHAPE.directShare);
  const hashed = sql`cross join lateral (select ${spread(sql`s.id::text`)} as v) h`;
  await tx.execute(sql`
    insert into submission_reviewers (submission_id, user_id, program_id)
    select s.id, ${itemOf(f.reviewerIds, sql`((h.v + k * 37) % ${f.reviewerIds.length}::int)::int`)}, s.program_id
    from submissions s ${hashed} cross join generate_series(0, ${max - 1}::int) k
    where ${candidatesOf(f.programId)} and h.v % 100 < ${direct}::int
      and k < ${min}::int + (h.v / 100) % ${max - min + 1}::int`);
  await tx.execute(sql`
    insert into submission_reviewer_groups (submission_id, group_id, program_id)
    select s.id, ${itemOf(f.groupIds, sql`((h.v / 100) % ${f.groupIds.length}::int)::int`)}::uuid, s.program_id
    from submissions s ${hashed}
    where ${candidatesOf(f.programId)} and h.v % 100 >= ${direct}::int
      and h.v % 100 < ${direct + percent(GROWTH_SHAPE.groupShare)}::int`);
}

/**
 * Two reviews per candidate by committee members who see it (its direct reviewers, its group's members,
 * or for an open candidate two of everyone), rated 1–5 in halves, every criterion at the overall (which
 * the weighted criteria then give back as the suggested rating); the candidates' review counts; a
 * comment on one review in ten.
 */
async function insertReviews(tx: Tx, f: ProgramFill): Promise<void> {
  const perCandidate = GROWTH_SHAPE.reviewsPerCandidate;
  const pair = sql`v.user_id || v.submission_id::text`;
  // The reviewer's list tables (migration 0017) follow each rating through a deferred row trigger, one
  // sync per review at commit: 20 minutes for the 100,000 program's reviews on PGlite. The fill turns it
  // off for its own insert and makes the same sync once, for every pair, below.
  await tx.execute(sql`alter table reviews disable trigger reviews_reviewer_candidates_insert`);
  // Likewise the review counts (src/server/db/sql/review-count.sql): put right once, below.
  await tx.execute(sql`alter table reviews disable trigger reviews_count_started_insert`);
  // Who may review each candidate, ranked by a hash of the pair: set-based, one pass per table.
  await tx.execute(sql`
    insert into reviews (organization_id, program_id, submission_id, user_id, rating, suggested_rating,
      sections, started_at, last_reviewed, created_at)
    select ${f.organizationId}::uuid, ${f.programId}::uuid, v.submission_id, v.user_id, r.rating, r.rating,
      replace(${f.sectionsTemplate}::text, ${String(RATING_MARK)}::text, r.rating::text)::jsonb, r.at, r.at, r.at
    from (
      select submission_id, user_id,
        row_number() over (partition by submission_id order by hashtext(user_id || submission_id::text)) as nth
      from (
        select sr.submission_id, sr.user_id from submission_reviewers sr where sr.program_id = ${f.programId}::uuid
        union all
        select sg.submission_id, gm.user_id from submission_reviewer_groups sg
          join reviewer_group_members gm on gm.group_id = sg.group_id where sg.program_id = ${f.programId}::uuid
        union all
        select s.id, ${itemOf(f.reviewerIds, sql`((${spread(sql`s.id::text`)} + k * 37) % ${f.reviewerIds.length}::int)::int`)}
          from submissions s cross join generate_series(0, ${perCandidate - 1}::int) k
          where ${candidatesOf(f.programId)} and s.open_to_all
      ) seen
    ) v
    cross join lateral (
      select (1 + ${spread(pair)} % 9 / 2.0)::double precision as rating,
        ${f.anchor.toISOString()}::timestamptz - interval '1 minute' * (${spread(pair)} % 43200) as at
    ) r
    where v.nth <= ${perCandidate}::int`);
  // ALTER TABLE refuses a table with trigger events queued (the statistics counters'): they run now.
  await tx.execute(sql`set constraints all immediate`);
  await tx.execute(sql`set constraints all deferred`);
  await tx.execute(sql`alter table reviews enable trigger reviews_reviewer_candidates_insert`);
  await tx.execute(sql`alter table reviews enable trigger reviews_count_started_insert`);
  await tx.execute(sql`
    select reviewer_ratings_sync(array_agg(submission_id), array_agg(user_id))
    from reviews where program_id = ${f.programId}::uuid and rating > -1`);
  // The counts insertApplications wrote, put right where they are not (none, while every submitted
  // candidate has at least two members who see it).
  await tx.execute(sql`
    update submissions s set review_count = c.n
    from (select submission_id, count(*)::int as n from reviews
          where program_id = ${f.programId}::uuid and started_at is not null group by submission_id) c
    where s.id = c.submission_id and s.review_count <> c.n`);
  await tx.execute(sql`
    insert into review_comments (organization_id, program_id, submission_id, user_id, section_id, body,
      created_at, updated_at)
    select organization_id, program_id, submission_id, user_id, ${f.commentSectionId}, ${PROSE_WORDS.slice(0, 20).join(" ")},
      last_reviewed, last_reviewed
    from reviews
    where program_id = ${f.programId}::uuid and ${spread(sql`id::text`)} % 100 < ${percent(GROWTH_SHAPE.commentShare)}::int`);
}

/**
 * Each reviewer's stored stacked ranking: their rated candidates best first, filled up with candidates
 * open to all in list order, up to 500 (our server adds the rest of their candidates when it is read).
 */
async function insertRankings(tx: Tx, f: ProgramFill): Promise<void> {
  const length = GROWTH_SHAPE.rankingLength;
  await tx.execute(sql`
    insert into rankings (program_id, user_id, organization_id, applications, top_five_changed, revision, updated_at)
    select ${f.programId}::uuid, u.user_id, ${f.organizationId}::uuid, coalesce((
      select jsonb_agg(y.id order by y.part, y.ord, y.name) from (
        select x.id, x.part, x.ord, x.name from (
          (select r.submission_id as id, 0 as part, -r.rating as ord, '' as name from reviews r
            where r.program_id = ${f.programId}::uuid and r.user_id = u.user_id and r.rating > -1)
          union all
          (select s.id, 1, 0::double precision, s.name_key || s.id::text from submissions s
            where ${candidatesOf(f.programId)} and s.open_to_all
              and not exists (select 1 from reviews r2 where r2.submission_id = s.id and r2.user_id = u.user_id)
            order by s.name_key, s.id limit ${length}::int)
        ) x order by x.part, x.ord, x.name limit ${length}::int
      ) y), '[]'::jsonb), false, 1, ${f.anchor.toISOString()}::timestamptz
    from json_array_elements_text(${JSON.stringify(f.reviewerIds)}::json) u(user_id)`);
}

/** All of a growth program's applications, assignments, reviews, comments and rankings. */
export async function fillProgram(tx: Tx, f: ProgramFill, log: (step: string) => void): Promise<void> {
  const steps: [string, (tx: Tx, f: ProgramFill) => Promise<void>][] = [
    ["applications", insertApplications],
    ["assignments", insertAssignments],
    ["reviews", insertReviews],
    ["rankings", insertRankings],
  ];
  for (const [name, step] of steps) {
    const started = performance.now();
    await step(tx, f);
    log(`${name} ${Math.round(performance.now() - started)} ms`);
  }
}
