import { KeptFigures } from "../../src/server/statistics/kept-figures";
import { type AssignmentPageRow, assignmentPageSql, assignmentRowsOf } from "../baseline/assignments";
import { isUuid, notFound, roleIn, rules, sessionOf, unauthenticated } from "../baseline/reviewing";
import type { SqlQuery } from "../lib/sql-client";
import { REVIEWING_TARGETS } from "./candidate-list";
import { statisticsVersionsOf } from "./candidate-stats";
import type { BenchUser, Scenario } from "./types";

/**
 * The Assign reviewers screen: the first page of the review program's 10,000 candidates (10
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

const COMMITTEE_SQL = `select u.id, u.name, u.email, pm.role, coalesce(loads.assigned, 0) as assigned
    from program_members pm
    join users u on u.id = pm.user_id
    left join (select user_id, assigned from reviewer_list_counts
                where program_id = $1) loads on loads.user_id = pm.user_id
   where pm.program_id = $1 and pm.role in ('ADMIN_REVIEWER', 'REVIEWER', 'GUEST')
   order by lower(u.name), u.email, u.id`;
const GROUPS_SQL = `select id, name from reviewer_groups where program_id = $1 order by lower(name), id`;

interface Offered {
  committee: { _id: string; name: string; email: string; role: string; assigned: number }[];
  groups: { _id: string; name: string }[];
}

/**
 * committeeAndGroups (src/server/committee/committee-members.ts): the committee with its loads and the
 * groups, kept per program under the statistics versions "committee" and "candidates".
 */
const keptOffers = new KeptFigures<Offered>(20);

async function offeredIn(sql: SqlQuery, programId: string): Promise<Offered> {
  const v = await statisticsVersionsOf(sql, programId);
  return keptOffers.get(programId, `${v.committee}/${v.candidates}`, async () => {
    const [committee, groups] = await Promise.all([
      sql.query<{ id: string; name: string; email: string; role: string; assigned: string | number }>(
        COMMITTEE_SQL,
        [programId],
      ),
      sql.query<{ id: string; name: string }>(GROUPS_SQL, [programId]),
    ]);
    return {
      committee: committee.map((m) => ({
        _id: m.id,
        name: m.name,
        email: m.email,
        role: m.role,
        assigned: Number(m.assigned),
      })),
      groups: groups.map((g) => ({ _id: g.id, name: g.name })),
    };
  });
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
  // No latency budget for this screen (a handful of admins use it, not 50 at once): the
  // ratio says what our server adds to the same SQL.
  targets: REVIEWING_TARGETS,
  baseline: {
    pattern: /^\/api\/admin\/assignments$/,
    // listAssignments: the program and the caller's role, then the page with its total and its rows'
    // reviewers and groups, and beside it the versions with the committee and the groups kept under them.
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
      const [pageRows, { committee, groups }] = await Promise.all([
        sql.query<AssignmentPageRow>(assignmentPageSql(search !== ""), params),
        offeredIn(sql, program.id),
      ]);
      return {
        status: 200,
        body: {
          rows: assignmentRowsOf(pageRows),
          total: Number(pageRows[0]?.total ?? 0),
          page,
          pageSize,
          committee,
          groups,
        },
      };
    },
  },
};
