import {
  isUuid,
  notFound,
  REVIEWABLE_SQL,
  roleIn,
  rules,
  sessionOf,
  unauthenticated,
} from "../baseline/reviewing";
import type { SqlQuery } from "../lib/sql-client";
import { REVIEWING_TARGETS } from "./candidate-list";
import type { BenchUser, Scenario } from "./types";

/**
 * Issue 7's Assign reviewers screen: the first page of the review program's 10,000 candidates (10
 * rows) with each row's reviewers and groups, the committee (200 reviewers) and the program's groups,
 * as the organization admin. Every other request searches the applicant names for a short string, as
 * the search box does: a substring filter that the page walk and the total both apply.
 */

const PAGE_SIZE = 10;
/** The requests in turn: no search, a common fragment, no search, a last name (about one name in 32). */
const SEARCHES = ["", "art", "", "kumar"] as const;

function reviewProgramOf(user: BenchUser): string {
  if (!user.reviewPrograms)
    throw new Error(`No review program for ${user.email}: the scenario runs as the organization admin.`);
  return user.reviewPrograms.review;
}

/** LIKE's wildcards typed in the search box are plain characters (escapeLike in assignment-service.ts). */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The page and its total in one statement ($1 program, $2 page size, $3 offset, $4 search): the
 * counts a one-row CTE the page is left-joined to, as assignmentPage in
 * src/server/committee/assignment-service.ts.
 */
const pageSql = (searching: boolean) => {
  const where = `s.program_id = $1 and ${REVIEWABLE_SQL}${
    searching ? ` and s.name_key like '%' || lower($4) || '%' escape '\\'` : ""
  }`;
  return `with page as (
      select s.id, s.identifier, s.name_key from submissions s where ${where}
       order by lower(s.identifier), s.id limit $2 offset $3),
    counts as (select count(*)::int as total from submissions s where ${where})
    select counts.total, page.id, page.identifier from counts left join page on true
     order by page.name_key, page.id`;
};

const COMMITTEE_SQL = `select u.id, u.name, u.email, pm.role from program_members pm
    join users u on u.id = pm.user_id
   where pm.program_id = $1 and pm.role in ('ADMIN_REVIEWER', 'REVIEWER', 'GUEST')
   order by lower(u.name), u.email, u.id`;
const GROUPS_SQL = `select id, name from reviewer_groups where program_id = $1 order by lower(name), id`;

/** `$1, $2, …` for a list of values, as Drizzle's inArray writes it. */
const placeholders = (values: readonly unknown[]) => values.map((_, i) => `$${i + 1}`).join(", ");

interface Person {
  _id: string;
  name: string;
  email: string;
}

/** Each row's reviewers and groups by name: one query each for the whole page (assignmentRows). */
async function rowsOf(sql: SqlQuery, page: { id: string; identifier: string }[]) {
  if (page.length === 0) return [];
  const ids = page.map((row) => row.id);
  const [reviewerRows, groupRows] = await Promise.all([
    sql.query<{ submission_id: string; id: string; name: string; email: string }>(
      `select sr.submission_id, u.id, u.name, u.email from submission_reviewers sr
         join users u on u.id = sr.user_id
        where sr.submission_id in (${placeholders(ids)})
        order by lower(u.name), u.email, u.id`,
      ids,
    ),
    sql.query<{ submission_id: string; id: string; name: string }>(
      `select sg.submission_id, g.id, g.name from submission_reviewer_groups sg
         join reviewer_groups g on g.id = sg.group_id
        where sg.submission_id in (${placeholders(ids)})
        order by lower(g.name), g.id`,
      ids,
    ),
  ]);
  const reviewers = new Map<string, Person[]>();
  for (const r of reviewerRows) {
    reviewers.set(r.submission_id, [
      ...(reviewers.get(r.submission_id) ?? []),
      { _id: r.id, name: r.name, email: r.email },
    ]);
  }
  const groups = new Map<string, { _id: string; name: string }[]>();
  for (const g of groupRows) {
    groups.set(g.submission_id, [...(groups.get(g.submission_id) ?? []), { _id: g.id, name: g.name }]);
  }
  return page.map((row) => ({
    _id: row.id,
    identifier: row.identifier,
    reviewers: reviewers.get(row.id) ?? [],
    reviewerGroups: groups.get(row.id) ?? [],
  }));
}

export const assignListScenario: Scenario = {
  name: "assign-list",
  description:
    "GET /api/admin/assignments?programId=…&page=1&pageSize=10[&search=…] as the organization admin: a page of candidates with reviewers and groups, the committee, the groups",
  method: "GET",
  path: (user, variant) => {
    const search = SEARCHES[variant % SEARCHES.length]!;
    const programId = encodeURIComponent(reviewProgramOf(user));
    return `/api/admin/assignments?programId=${programId}&page=1&pageSize=${PAGE_SIZE}${
      search === "" ? "" : `&search=${encodeURIComponent(search)}`
    }`;
  },
  variants: SEARCHES.length,
  request: "GET /api/admin/assignments?programId={programId}&page=1&pageSize=10[&search={art, kumar}]",
  actor: "organizationAdmin",
  signedIn: true,
  expectStatus: 200,
  // No latency budget in the issue for this screen (a handful of admins use it, not 50 at once): the
  // ratio says what our server adds to the same SQL.
  targets: REVIEWING_TARGETS,
  baseline: {
    pattern: /^\/api\/admin\/assignments$/,
    // listAssignments: the program and the caller's role, then the page with its total, the committee
    // and the groups side by side, then the page's reviewers and groups side by side.
    async handle(request, context) {
      const { sql } = context;
      const session = await sessionOf(request, context);
      if (!session) return unauthenticated();
      const programId = request.query.get("programId") ?? "";
      const page = Number(request.query.get("page") ?? 1);
      const pageSize = Number(request.query.get("pageSize") ?? PAGE_SIZE);
      const search = (request.query.get("search") ?? "").trim();
      if (!isUuid(programId)) return notFound();
      const [program] = await sql.query<{ id: string; organization_id: string }>(
        "select * from programs where id = $1",
        [programId],
      );
      if (!program) return notFound();
      const actor = { ...session, role: await roleIn(sql, session.userId, program.id) };
      if (!rules(actor, program.organization_id).administers) return notFound();
      const params: unknown[] = [program.id, pageSize, (page - 1) * pageSize];
      if (search !== "") params.push(escapeLike(search));
      const [pageRows, committee, groups] = await Promise.all([
        sql.query<{ total: number; id: string | null; identifier: string | null }>(
          pageSql(search !== ""),
          params,
        ),
        sql.query<{ id: string; name: string; email: string; role: string }>(COMMITTEE_SQL, [program.id]),
        sql.query<{ id: string; name: string }>(GROUPS_SQL, [program.id]),
      ]);
      const candidates = pageRows.flatMap((row) =>
        row.id === null ? [] : [{ id: row.id, identifier: row.identifier ?? "" }],
      );
      return {
        status: 200,
        body: {
          rows: await rowsOf(sql, candidates),
          total: Number(pageRows[0]?.total ?? 0),
          page,
          pageSize,
          committee: committee.map((m) => ({ _id: m.id, name: m.name, email: m.email, role: m.role })),
          groups: groups.map((g) => ({ _id: g.id, name: g.name })),
        },
      };
    },
  },
};
