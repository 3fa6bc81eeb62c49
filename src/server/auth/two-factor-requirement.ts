import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { Actor, Membership } from "../../shared/authz/actor";
import { isProgramAdminRole, type ProgramRole } from "../../shared/authz/roles";
import { personLabel } from "../audit/labels";
import type { Db, Tx } from "../db/client";
import { organizations, programMembers, users } from "../db/schema";

/**
 * An organization's "Require two-factor authentication for admins" (decision 015). It applies to the
 * organization admin and to every ADMIN and ADMIN_REVIEWER of its programs. While one of them has not set
 * up two-factor authentication, their admin roles in that organization are withheld: they sign in and keep
 * every other role (a committee seat, another organization), and each admin-only call answers 403.
 */

const ADMIN_ROLES: ProgramRole[] = ["ADMIN", "ADMIN_REVIEWER"];

/**
 * The actor a user may act as now. `requiredBy` holds the organizations, among those where they are an
 * admin, that require two-factor authentication; with it set up (`enabled`), nothing is withheld. An
 * ADMIN_REVIEWER keeps their committee seat (REVIEWER); a plain ADMIN keeps nothing in that program.
 */
export function applyTwoFactorRequirement(
  actor: Actor,
  requirement: { enabled: boolean; requiredBy: ReadonlySet<string> },
): Actor {
  if (requirement.enabled) return actor;
  const withheld = (organizationId: string | null) =>
    organizationId !== null && requirement.requiredBy.has(organizationId);
  const withheldRole = (m: Membership) => withheld(m.organizationId) && isProgramAdminRole(m.role);
  if (!withheld(actor.adminOrganizationId) && !actor.memberships.some(withheldRole)) return actor;
  return {
    ...actor,
    adminOrganizationId: withheld(actor.adminOrganizationId) ? null : actor.adminOrganizationId,
    memberships: actor.memberships.flatMap((m) => {
      if (!withheldRole(m)) return [m];
      return m.role === "ADMIN_REVIEWER" ? [{ ...m, role: "REVIEWER" as const }] : [];
    }),
    withTwoFactor: actor,
  };
}

/** One row of the session query (users/actor.ts): the user's flag and the requirement of each role's organization. */
export interface RequirementRow {
  twoFactorEnabled: boolean;
  adminOrganizationId: string | null;
  adminOrganizationRequires: boolean | null;
  organizationId: string | null;
  role: ProgramRole | null;
  memberOrganizationRequires: boolean | null;
}

/** The requirement that applies to a user, from the rows of their session query. */
export function requirementOf(rows: readonly RequirementRow[]): {
  enabled: boolean;
  requiredBy: Set<string>;
} {
  const requiredBy = new Set<string>();
  for (const r of rows) {
    if (r.adminOrganizationId !== null && r.adminOrganizationRequires) requiredBy.add(r.adminOrganizationId);
    if (
      r.organizationId !== null &&
      r.role !== null &&
      isProgramAdminRole(r.role) &&
      r.memberOrganizationRequires
    )
      requiredBy.add(r.organizationId);
  }
  return { enabled: rows[0]?.twoFactorEnabled ?? false, requiredBy };
}

/** Organizations where the user is an admin (of the organization or of one of its programs). */
const administeredBy = (userId: string) =>
  or(
    eq(
      organizations.id,
      sql`(select ${users.adminOrganizationId} from ${users} where ${users.id} = ${userId})`,
    ),
    inArray(
      organizations.id,
      sql`(select ${programMembers.organizationId} from ${programMembers} where ${programMembers.userId} = ${userId} and ${inArray(programMembers.role, ADMIN_ROLES)})`,
    ),
  );

/** Names of the organizations, among those the user administers, that require two-factor authentication. */
export async function organizationsRequiringTwoFactorOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(and(eq(organizations.requireAdminTwoFactor, true), administeredBy(userId)))
    .orderBy(asc(organizations.name));
  return rows.map((r) => r.name);
}

/** Whether the user holds an admin role anywhere: who may set up two-factor authentication. */
export async function holdsAdminRole(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ yes: sql<number>`1` })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        or(
          sql`${users.adminOrganizationId} is not null`,
          sql`exists (select 1 from ${programMembers} where ${programMembers.userId} = ${users.id} and ${inArray(programMembers.role, ADMIN_ROLES)})`,
        ),
      ),
    );
  return row !== undefined;
}

/**
 * Everyone the requirement of an organization applies to who has not set up two-factor authentication, as
 * "Name (email)", in name order.
 */
export async function adminsWithoutTwoFactor(tx: Tx, organizationId: string): Promise<string[]> {
  const rows = await tx
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.twoFactorEnabled, false),
        or(
          eq(users.adminOrganizationId, organizationId),
          sql`exists (select 1 from ${programMembers} where ${programMembers.userId} = ${users.id} and ${programMembers.organizationId} = ${organizationId} and ${inArray(programMembers.role, ADMIN_ROLES)})`,
        ),
      ),
    )
    .orderBy(asc(sql`lower(${users.name})`), asc(users.email));
  return rows.map(personLabel);
}
