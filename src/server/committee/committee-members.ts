import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { ProgramRole } from "../../shared/authz/roles";
import type { AssignmentListResult, GroupRef } from "../../shared/schemas/committee";
import type { Tx } from "../db/client";
import { programMembers, reviewerGroups, reviewerListCounts, users } from "../db/schema";
import { AppError } from "../http/errors";
import { isUuid } from "../http/ids";
import { KeptFigures } from "../statistics/kept-figures";
import { statisticsVersions } from "../statistics/stats-versions";

/**
 * Who may be assigned to a candidate or put in a reviewer group: the program's members other than
 * plain admins (who see every candidate anyway) — committee members and guests. Both the assignment
 * screens and the reviewer groups check ids against this, in the same words.
 */
export const ASSIGNABLE_ROLES = [
  "ADMIN_REVIEWER",
  "REVIEWER",
  "GUEST",
] as const satisfies readonly ProgramRole[];

type ProgramRef = { id: string };

const assignableIn = (programId: string) =>
  and(eq(programMembers.programId, programId), inArray(programMembers.role, [...ASSIGNABLE_ROLES]));

/**
 * Each member's load in the program (see readCommittee): their reviewable assigned candidates, kept per
 * (program, member) in reviewer_list_counts (docs/decisions/052-members-list-counts.md), one row per member
 * with any, as a subquery. Kept by the database in the transaction of every write, so a transaction reads
 * its own assignments in it.
 */
export function memberLoads(db: Tx, program: ProgramRef) {
  return db
    .select({ userId: reviewerListCounts.userId, assigned: reviewerListCounts.assigned })
    .from(reviewerListCounts)
    .where(eq(reviewerListCounts.programId, program.id))
    .as("loads");
}

/**
 * The program's assignable members by name (then email), with their role and their load: how many
 * submitted, non-test candidates are assigned to them, directly or through a group (candidates open to
 * all are not counted: they are everyone's).
 */
async function readCommittee(db: Tx, program: ProgramRef): Promise<AssignmentListResult["committee"]> {
  const loads = memberLoads(db, program);
  const rows = await db
    .select({
      _id: users.id,
      name: users.name,
      email: users.email,
      role: programMembers.role,
      assigned: sql<number>`coalesce(${loads.assigned}, 0)`.mapWith(Number),
    })
    .from(programMembers)
    .innerJoin(users, eq(users.id, programMembers.userId))
    .leftJoin(loads, eq(loads.userId, programMembers.userId))
    .where(assignableIn(program.id))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.email), asc(users.id));
  return rows.map((r) => ({ ...r, role: r.role as (typeof ASSIGNABLE_ROLES)[number] }));
}

/** The program's reviewer groups by name: what the Reviewer Groups pickers offer. */
function readGroupRefs(db: Tx, program: ProgramRef): Promise<GroupRef[]> {
  return db
    .select({ _id: reviewerGroups.id, name: reviewerGroups.name })
    .from(reviewerGroups)
    .where(eq(reviewerGroups.programId, program.id))
    .orderBy(asc(sql`lower(${reviewerGroups.name})`), asc(reviewerGroups.id));
}

type CommitteeAndGroups = Pick<AssignmentListResult, "committee" | "groups">;

/**
 * Who and what Assign Reviewers offers, kept per program under the versions of what it shows
 * (src/server/statistics/stats-versions.ts): "committee" moves with the members, their roles, names and
 * emails, the groups and every assignment; "candidates" with whether a candidate is submitted and not a
 * test, which decides whether it counts in a load. While neither moved, a page reads one row of versions
 * instead of the committee (every member with their name and load) and the groups again: 50 admins at once
 * were answered 90 pages a second with it, 68 without (decision 034, "Members' loads on Assign Reviewers").
 * The few programs whose assignments are being worked on are the ones kept.
 */
const keptCommittees = new KeptFigures<CommitteeAndGroups>(20);

export async function committeeAndGroups(db: Tx, program: ProgramRef): Promise<CommitteeAndGroups> {
  const v = await statisticsVersions(db, program.id);
  return keptCommittees.get(program.id, `${v.committee}/${v.candidates}`, async () => {
    const [committee, groups] = await Promise.all([readCommittee(db, program), readGroupRefs(db, program)]);
    return { committee, groups };
  });
}

/** Of `userIds`, those who are assignable members of the program. */
export async function assignableAmong(db: Tx, program: ProgramRef, userIds: readonly string[]) {
  if (userIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ userId: programMembers.userId })
    .from(programMembers)
    .where(and(assignableIn(program.id), inArray(programMembers.userId, [...userIds])));
  return new Set(rows.map((r) => r.userId));
}

/**
 * Of `groupIds`, those that are reviewer groups of the program, locked against deletion (FOR KEY SHARE)
 * until the transaction ends. Taking this lock before the candidates' rows keeps one lock order with
 * a group's deletion (group first, then the candidates its cascade touches), so the two never deadlock.
 */
export async function groupsOfProgramAmong(tx: Tx, program: ProgramRef, groupIds: readonly string[]) {
  // A malformed id names no group (and would make PostgreSQL's uuid cast fail).
  const wellFormed = groupIds.filter(isUuid);
  if (wellFormed.length === 0) return new Set<string>();
  const rows = await tx
    .select({ id: reviewerGroups.id })
    .from(reviewerGroups)
    .where(and(eq(reviewerGroups.programId, program.id), inArray(reviewerGroups.id, wellFormed)))
    .orderBy(reviewerGroups.id)
    .for("key share");
  return new Set(rows.map((r) => r.id));
}

/** The ids without repeats, in their first order: the lists are sets. */
export const distinct = (ids: readonly string[]) => [...new Set(ids)];

/** A 400 naming the field whose ids are refused, in the one field-error shape. */
export function refusedIds(fields: Record<string, string>): AppError {
  return new AppError(
    "VALIDATION",
    "Some fields are not valid.",
    Object.fromEntries(Object.entries(fields).map(([field, message]) => [field, [message]])),
  );
}
