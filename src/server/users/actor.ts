import { eq } from "drizzle-orm";
import type { Actor } from "../../shared/authz/actor";
import type { Db } from "../db/client";
import { programMembers, users } from "../db/schema";

/** Loads what the role matrix needs about a user, in one query. Null if the user is gone. */
export async function loadActor(db: Db, userId: string): Promise<Actor | null> {
  const rows = await db
    .select({
      applicant: users.applicant,
      adminOrganizationId: users.adminOrganizationId,
      programId: programMembers.programId,
      organizationId: programMembers.organizationId,
      role: programMembers.role,
    })
    .from(users)
    .leftJoin(programMembers, eq(programMembers.userId, users.id))
    .where(eq(users.id, userId));
  const first = rows[0];
  if (!first) return null;
  return {
    userId,
    applicant: first.applicant,
    adminOrganizationId: first.adminOrganizationId,
    memberships: rows.flatMap((r) =>
      r.programId && r.organizationId && r.role
        ? [{ programId: r.programId, organizationId: r.organizationId, role: r.role }]
        : [],
    ),
  };
}
