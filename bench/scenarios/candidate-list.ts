import {
  amountOf,
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
  visibleSql,
} from "../baseline/reviewing";
import type { BenchUser, ReviewerFixture, Scenario } from "./types";

/** Issue 6 / issue 9: reviewer list and submission view, 50 concurrent users. */
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

/** count(*) is a bigint: a string from pg, a number from PGlite. */
interface Counts {
  total: number | string;
  shown: number | string;
  rated: number | string;
}

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
    // listCandidates in src/server/reviewing/candidate-list.ts: the program, then the page with the
    // counts, in one query filtered with the visibility rule.
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
      const where = [
        "s.organization_id = $2 and s.program_id = $3",
        ...(adminMode ? [] : [REVIEWABLE_SQL]),
        ...(may.administers ? [] : [visibleSql("$1")]),
      ].join(" and ");
      const params = [session.userId, program.organization_id, program.id];
      const from = `from submissions s left join reviews r on r.submission_id = s.id and r.user_id = $1 where ${where}`;
      // The counts as window aggregates: they ride along with the page's rows in one scan.
      const counted = (over: string) => `count(*) ${over} as total,
                count(*) filter (where ${REVIEWABLE_SQL}) ${over} as shown,
                count(*) filter (where ${REVIEWABLE_SQL} and r.rating > ${NOT_RATED}) ${over} as rated`;
      const rows = await sql.query<RowOfList & Counts>(
        `select s.id, s.form_id, s.identifier, s.submission_date, s.soft_deleted, s.status, s.amount_cents,
                r.rating, r.last_reviewed, ${counted("over ()")}
           ${from}
          order by lower(s.identifier), s.id limit $4 offset $5`,
        [...params, pageSize, (page - 1) * pageSize],
      );
      // A page past the end has no row to carry the counts: only then are they asked for on their own.
      const counts = rows[0] ?? (await sql.query<Counts>(`select ${counted("")} ${from}`, params))[0];
      return {
        status: 200,
        body: {
          program: presentProgram(program, program.increment_tenths),
          rows: rows.map((row) => ({
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
          progress: { shown: Number(counts?.shown ?? 0), rated: Number(counts?.rated ?? 0) },
          isAdmin: may.administers,
          canRate: may.onCommittee && !program.archived,
        },
      };
    },
  },
};
