import { and, eq, gt, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Actor } from "../../shared/authz/actor";
import { applyTwoFactorRequirement, requirementOf } from "../auth/two-factor-requirement";
import type { Db } from "../db/client";
import { preparedPerDatabase, UNNAMED } from "../db/prepared";
import { organizations, programMembers, sessions, users } from "../db/schema";

const actorColumns = {
  userId: users.id,
  applicant: users.applicant,
  adminOrganizationId: users.adminOrganizationId,
  programId: programMembers.programId,
  organizationId: programMembers.organizationId,
  role: programMembers.role,
};

type ActorRow = {
  userId: string;
  applicant: boolean;
  adminOrganizationId: string | null;
  programId: string | null;
  organizationId: string | null;
  role: Actor["memberships"][number]["role"] | null;
};

/** One row per membership (or one with null membership columns) → the actor. Null if no row. */
function actorOf(rows: ActorRow[]): Actor | null {
  const first = rows[0];
  if (!first) return null;
  return {
    userId: first.userId,
    applicant: first.applicant,
    adminOrganizationId: first.adminOrganizationId,
    memberships: rows.flatMap((r) =>
      r.programId && r.organizationId && r.role
        ? [{ programId: r.programId, organizationId: r.organizationId, role: r.role }]
        : [],
    ),
  };
}

/** Loads what the role matrix needs about a user, in one query. Null if the user is gone. */
export async function loadActor(db: Db, userId: string): Promise<Actor | null> {
  const rows = await db
    .select(actorColumns)
    .from(users)
    .leftJoin(programMembers, eq(programMembers.userId, users.id))
    .where(eq(users.id, userId));
  return actorOf(rows);
}

const adminOrganization = alias(organizations, "admin_organization");
const memberOrganization = alias(organizations, "member_organization");

/**
 * The actor of a live session, in one query: what better-auth's getSession checks (the token
 * exists and has not expired; sessions are never refreshed, see auth.ts) joined to what the role
 * matrix needs. A signed-out or revoked session has no row, so it takes effect at once. Admin roles
 * in an organization that requires two-factor authentication the user has not set up are withheld
 * (decision 015), so that every check of the request sees only the roles they may use now.
 */
export async function loadSessionActor(db: Db, sessionToken: string): Promise<Actor | null> {
  const rows = await actorOfSessionStatement(db).execute({ sessionToken });
  const actor = actorOf(rows);
  return actor && applyTwoFactorRequirement(actor, requirementOf(rows));
}

/** Sent by every signed-in API request: built once (db/prepared.ts). */
const actorOfSessionStatement = preparedPerDatabase((db) =>
  db
    .select({
      ...actorColumns,
      twoFactorEnabled: users.twoFactorEnabled,
      adminOrganizationRequires: adminOrganization.requireAdminTwoFactor,
      memberOrganizationRequires: memberOrganization.requireAdminTwoFactor,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(programMembers, eq(programMembers.userId, users.id))
    .leftJoin(adminOrganization, eq(adminOrganization.id, users.adminOrganizationId))
    .leftJoin(memberOrganization, eq(memberOrganization.id, programMembers.organizationId))
    .where(and(eq(sessions.token, sql.placeholder("sessionToken")), gt(sessions.expiresAt, sql`now()`)))
    .prepare(UNNAMED),
);
