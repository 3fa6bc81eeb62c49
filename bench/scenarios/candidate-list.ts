import {
  amountOf,
  assignedSql,
  findReviewProgram,
  isoOrNull,
  NOT_RATED,
  notFound,
  presentProgram,
  REVIEWABLE_SQL,
  roleIn,
  rules,
  sessionOf,
  unauthenticated,
} from "../baseline/reviewing";
import type { BenchUser, ReviewerFixture, Scenario } from "./types";

/**
 * The reviewing targets (bench/README.md, "Reviewing"): reviewer list and submission view, 50 concurrent
 * users.
 */
export const REVIEWING_TARGETS = { p99Ms: 50, minRatio: 0.7 } as const;

const PAGE_SIZE = 10;
/** The pages each reviewer opens: the first five, then deeper into the list (fractions of their last page). */
const FIRST_PAGES = 5;
const DEEP_PAGES = [0.1, 0.25, 0.5, 0.75, 1] as const;

export function fixtureOf(user: BenchUser): ReviewerFixture {
  if (!user.review)
    throw new Error(`No review data for ${user.email}: the runner prepares it before the scenarios.`);
  return user.review;
}

/** Page `variant` of the pages a reviewer opens (see FIRST_PAGES and DEEP_PAGES). */
export function pageFor(fixture: ReviewerFixture, variant: number): number {
  if (variant < FIRST_PAGES) return variant + 1;
  const lastPage = Math.max(1, Math.ceil(fixture.visibleCount / PAGE_SIZE));
  return Math.max(1, Math.ceil(DEEP_PAGES[variant - FIRST_PAGES]! * lastPage));
}

/** The counts (int). A committee member's list has no `shown` column: it is the total. */
interface Counts {
  total: number | string;
  shown?: number | string | null;
  rated: number | string;
}

/** The program check for rows found by id: IS NOT DISTINCT FROM, as foundByIdInProgramSql. */
const FOUND_BY_ID_IN_PROGRAM = "s.program_id is not distinct from $2";

/** Submissions among the user's rated reviews. */
const RATED_SQL = `s.id = any(array(select r.submission_id from reviews r
    where r.program_id = $2 and r.user_id = $1 and r.rating > ${NOT_RATED}))`;

/**
 * A committee member's list ($1 user, $2 program, $3 page size, $4 offset, $5 offset +
 * page size): the candidates open to all (in list order, the stored name_key, from their partial index:
 * the first offset + page size) merged with those assigned to them; counts from the same two sets.
 */
const reviewerListSql = `assigned as (
    select s.id, s.name_key from submissions s
     where s.id = any(array(${assignedSql("$2", "$1")}))
       and ${FOUND_BY_ID_IN_PROGRAM} and ${REVIEWABLE_SQL} and not s.open_to_all),
  page as (
    select id, name_key from (
      (select s.id, s.name_key from submissions s
        where s.program_id = $2 and ${REVIEWABLE_SQL} and s.open_to_all
        order by s.name_key, s.id limit $5)
      union all
      (select id, name_key from assigned)) candidates
    order by name_key, id limit $3 offset $4),
  counts as (
    select ((select count(*) from submissions s
              where s.program_id = $2 and ${REVIEWABLE_SQL} and s.open_to_all)
            + (select count(*) from assigned))::int as total,
           (select count(*)::int from submissions s
             where ${RATED_SQL} and ${FOUND_BY_ID_IN_PROGRAM} and ${REVIEWABLE_SQL}
               and (s.open_to_all or s.id in (select id from assigned))) as rated
      from (select 1) as one)`;

/** An admin's list (same parameters): the program's candidates, drafts and tests too in Admin Mode. */
const adminListSql = (adminMode: boolean) => {
  const where = `s.program_id = $2${adminMode ? "" : ` and ${REVIEWABLE_SQL}`}`;
  return `page as (
    select s.id, s.name_key from submissions s where ${where}
     order by lower(s.identifier), s.id limit $3 offset $4),
  counts as (
    select count(*)::int as total, (count(*) filter (where ${REVIEWABLE_SQL}))::int as shown,
           (select count(*)::int from submissions s
             where ${RATED_SQL} and ${FOUND_BY_ID_IN_PROGRAM} and ${REVIEWABLE_SQL}) as rated
      from submissions s where ${where})`;
};

interface RowOfList {
  id: string;
  form_id: string;
  identifier: string;
  submission_date: Date | null;
  soft_deleted: boolean;
  status: string;
  amount_cents: string | number | null;
  rating: number | null;
  last_reviewed: Date | null;
}

/**
 * Step 1's list as a reviewer: one page of the candidates they see (10 of about 5,000 in the large
 * data set), with their own rating, the total and the two-step bar's counts. Each reviewer opens
 * pages 1–5 and pages at 10 %, 25 %, 50 %, 75 % and 100 % of their list, in turn.
 */
export const candidateListScenario: Scenario = {
  name: "candidate-list",
  description:
    "GET /api/applications?programId=…&page=N as a reviewer: a page of the candidates they see, counts, their ratings",
  method: "GET",
  path: (user, variant) => {
    const fixture = fixtureOf(user);
    return `/api/applications?programId=${encodeURIComponent(fixture.programId)}&page=${pageFor(fixture, variant)}`;
  },
  variants: FIRST_PAGES + DEEP_PAGES.length,
  request: "GET /api/applications?programId={programId}&page={1…5, 10 %…100 % of the list}",
  signedIn: true,
  expectStatus: 200,
  targets: REVIEWING_TARGETS,
  usesReviewData: true,
  baseline: {
    pattern: /^\/api\/applications$/,
    // listCandidates in src/server/reviewing/candidate-list.ts: the program, then one statement with the
    // page and its counts (a one-row CTE the page is left-joined to, so a page past the end has them).
    async handle(request, context) {
      const { sql } = context;
      const session = await sessionOf(request, context);
      if (!session) return unauthenticated();
      const programId = request.query.get("programId") ?? "";
      const page = Number(request.query.get("page") ?? 1);
      const pageSize = Number(request.query.get("pageSize") ?? PAGE_SIZE);
      const program = await findReviewProgram(sql, programId);
      if (!program) return notFound();
      const actor = { ...session, role: await roleIn(sql, session.userId, program.id) };
      const may = rules(actor, program.organization_id);
      if (!may.member) return notFound();
      const adminMode = may.administers && request.query.get("adminMode") === "true";
      const offset = (page - 1) * pageSize;
      // The program alone: it implies its organization (inProgramSql).
      const params = [session.userId, program.id, pageSize, offset];
      if (!may.administers) params.push(offset + pageSize);
      const rows = await sql.query<Partial<RowOfList> & Counts>(
        `with ${may.administers ? adminListSql(adminMode) : reviewerListSql}
         select counts.*, s.id, s.form_id, s.identifier, s.submission_date, s.soft_deleted, s.status,
                s.amount_cents, r.rating, r.last_reviewed
           from counts left join page on true
           left join submissions s on s.id = page.id
           left join reviews r on r.submission_id = page.id and r.user_id = $1
          order by page.name_key, page.id`,
        params,
      );
      const counts = rows[0];
      return {
        status: 200,
        body: {
          program: presentProgram(program, program.increment_tenths),
          rows: rows
            .flatMap((row) => (row.id === undefined || row.id === null ? [] : [row as RowOfList]))
            .map((row) => ({
              _id: row.id,
              formId: row.form_id,
              identifier: row.identifier,
              rating: row.rating ?? NOT_RATED,
              lastReviewed: isoOrNull(row.last_reviewed),
              submissionDate: isoOrNull(row.submission_date),
              draft: row.submission_date === null,
              test: row.soft_deleted,
              ...(may.administers ? { status: row.status, amount: amountOf(row.amount_cents) } : {}),
            })),
          total: Number(counts?.total ?? 0),
          page,
          pageSize,
          progress: {
            shown: Number(counts?.shown ?? counts?.total ?? 0),
            rated: Number(counts?.rated ?? 0),
          },
          isAdmin: may.administers,
          canRate: may.onCommittee && !program.archived,
          committee: may.onCommittee,
        },
      };
    },
  },
};
