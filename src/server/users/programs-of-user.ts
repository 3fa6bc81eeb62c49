import { and, asc, eq, isNotNull, or, sql } from "drizzle-orm";
import type { Actor } from "../../shared/authz/actor";
import type { UserProgram } from "../../shared/schemas/users";
import type { Db } from "../db/client";
import { organizations, programMembers, programs, users } from "../db/schema";
import { notFound } from "../http/errors";

/**
 * The programs a user may open: those they hold a role in, plus every program of the organization
 * they administer. Non-archived before archived (the program menu's order), then by name.
 */
export async function listProgramsOfUser(db: Db, actor: Actor): Promise<UserProgram[]> {
  const visible = actor.adminOrganizationId
    ? or(isNotNull(programMembers.userId), eq(programs.organizationId, actor.adminOrganizationId))
    : isNotNull(programMembers.userId);
  const rows = await db
    .select({
      id: programs.id,
      name: programs.name,
      organizationId: programs.organizationId,
      organizationName: organizations.name,
      role: programMembers.role,
      archived: programs.archived,
      archivedAt: programs.archivedAt,
      appVersion: programs.appVersion,
    })
    .from(programs)
    .innerJoin(organizations, eq(organizations.id, programs.organizationId))
    .leftJoin(
      programMembers,
      and(eq(programMembers.programId, programs.id), eq(programMembers.userId, actor.userId)),
    )
    .where(visible)
    .orderBy(asc(programs.archived), asc(sql`lower(${programs.name})`), asc(programs.id));
  return rows.map((r) => ({
    ...r,
    role: r.role ?? null,
    isOrganizationAdmin: actor.adminOrganizationId === r.organizationId,
    archivedAt: r.archivedAt ? r.archivedAt.toISOString() : null,
  }));
}

/**
 * The spec's current-program rule: reset when the user lost access, then default to the first
 * accessible program (non-archived first) and save it.
 */
export async function resolveCurrentProgram(db: Db, actor: Actor): Promise<UserProgram | null> {
  const [row] = await db
    .select({ currentProgramId: users.currentProgramId })
    .from(users)
    .where(eq(users.id, actor.userId));
  const stored = row?.currentProgramId ?? null;
  const list = await listProgramsOfUser(db, actor);
  const current = list.find((p) => p.id === stored) ?? list[0] ?? null;
  if ((current?.id ?? null) !== stored) {
    await db
      .update(users)
      .set({ currentProgramId: current?.id ?? null, updatedAt: new Date() })
      .where(eq(users.id, actor.userId));
  }
  return current;
}

export async function setCurrentProgram(
  db: Db,
  actor: Actor,
  programId: string | null,
): Promise<UserProgram | null> {
  const list = await listProgramsOfUser(db, actor);
  const chosen = programId === null ? null : list.find((p) => p.id === programId);
  // A program the user cannot open is answered like one that does not exist.
  if (chosen === undefined) throw notFound();
  await db
    .update(users)
    .set({ currentProgramId: chosen?.id ?? null, updatedAt: new Date() })
    .where(eq(users.id, actor.userId));
  return chosen;
}
