import { and, eq, gt, sql } from "drizzle-orm";
import type { Actor } from "../../shared/authz/actor";
import type { Db } from "../db/client";
import { programMembers, sessions, users } from "../db/schema";

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

/**
 * The actor of a live session, in one query: what better-auth's getSession checks (the token
 * exists and has not expired; sessions are never refreshed, see auth.ts) joined to what the role
 * matrix needs. A signed-out or revoked session has no row, so it takes effect at once.
 */
export async function loadSessionActor(db: Db, sessionToken: string): Promise<Actor | null> {
  const rows = await db
    .select(actorColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(programMembers, eq(programMembers.userId, users.id))
    .where(and(eq(sessions.token, sessionToken), gt(sessions.expiresAt, sql`now()`)));
  return actorOf(rows);
}
