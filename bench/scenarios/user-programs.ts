import { findSessionUser, sessionTokenFrom } from "../baseline/session";
import type { Scenario } from "./types";

interface ProgramRow {
  id: string;
  name: string;
  organization_id: string;
  organization_name: string;
  role: string | null;
  archived: boolean;
  archived_at: Date | null;
  app_version: number;
}

/**
 * Programs visible to the user: those they hold a role in, plus all programs of the organization
 * they administer; non-archived first, then by name. The same query our server builds (see
 * src/server/users/programs-of-user.ts), with the organization clause only for organization admins.
 */
const PROGRAMS_SQL = `
  select p.id, p.name, p.organization_id, o.name as organization_name, pm.role,
         p.archived, p.archived_at, p.app_version
    from programs p
    join organizations o on o.id = p.organization_id
    left join program_members pm on pm.program_id = p.id and pm.user_id = $1
   where pm.user_id is not null`;
const ORDER_SQL = " order by p.archived, lower(p.name), p.id";

/** A signed-in read: session lookup plus one join over programs, members and organizations. */
export const userProgramsScenario: Scenario = {
  name: "user-programs",
  description: "GET /api/users/{userId}/programs as that reviewer: session check, programs they may open",
  method: "GET",
  path: (user) => `/api/users/${encodeURIComponent(user.userId)}/programs`,
  signedIn: true,
  expectStatus: 200,
  baseline: {
    pattern: /^\/api\/users\/([^/]+)\/programs$/,
    async handle(request, { sql, secret }) {
      const token = sessionTokenFrom(request.headers.cookie, secret);
      const session = token ? await findSessionUser(sql, token) : null;
      if (!session) return { status: 401, body: { message: "Please sign in." } };
      // Our server answers 404, never 403, for someone else's data.
      if (decodeURIComponent(request.params[0] ?? "") !== session.userId) {
        return { status: 404, body: { message: "Not found." } };
      }
      const rows = session.adminOrganizationId
        ? await sql.query<ProgramRow>(`${PROGRAMS_SQL} or p.organization_id = $2${ORDER_SQL}`, [
            session.userId,
            session.adminOrganizationId,
          ])
        : await sql.query<ProgramRow>(`${PROGRAMS_SQL}${ORDER_SQL}`, [session.userId]);
      // Same fields in the same order as our server, so both answers are byte for byte equal.
      const programs = rows.map((r) => ({
        id: r.id,
        name: r.name,
        organizationId: r.organization_id,
        organizationName: r.organization_name,
        role: r.role,
        archived: r.archived,
        archivedAt: r.archived_at ? r.archived_at.toISOString() : null,
        appVersion: r.app_version,
        isOrganizationAdmin: r.organization_id === session.adminOrganizationId,
      }));
      return { status: 200, body: { programs } };
    },
  },
};
