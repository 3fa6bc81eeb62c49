import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { AuditDetails } from "../../shared/schemas/audit";
import {
  COMMITTEE_MESSAGES,
  type ReviewerGroup,
  type updateReviewerGroupBodySchema,
} from "../../shared/schemas/committee";
import { addedAndRemoved, personLabels } from "../audit/labels";
import { recordAudit } from "../audit/record";
import type { Db, Tx } from "../db/client";
import { reviewerGroupMembers, reviewerGroups, users } from "../db/schema";
import { EditConflict, sameIds } from "../http/edit-conflict";
import { notFound } from "../http/errors";
import { isUuid } from "../http/ids";
import { assignableAmong, distinct, refusedIds } from "./committee-members";

/**
 * Reviewer groups (the Manage Groups dialog): a named set of a program's committee members that can be
 * assigned to candidates as one. Deleting a group takes its assignments with it (foreign-key cascade,
 * which the open_to_all triggers follow) and leaves every review alone.
 */

type GroupRow = typeof reviewerGroups.$inferSelect;
/** A group's fields as validated: the name trimmed and present, description and members defaulted. */
type GroupFields = z.infer<typeof updateReviewerGroupBodySchema>;

/** A group and the program it belongs to (for the role matrix); 404 for unknown or malformed ids. */
export async function findGroup(db: Tx, groupId: string): Promise<GroupRow> {
  if (!isUuid(groupId)) throw notFound();
  const [row] = await db.select().from(reviewerGroups).where(eq(reviewerGroups.id, groupId));
  if (!row) throw notFound();
  return row;
}

/**
 * Groups by name, each with its members by name (then id): two queries whatever the number of groups
 * (the groups, then every member of them at once). Either every group of a program, or one group.
 */
async function presentGroups(db: Tx, where: { programId: string } | { groupId: string }) {
  const which =
    "programId" in where
      ? eq(reviewerGroups.programId, where.programId)
      : eq(reviewerGroups.id, where.groupId);
  const groups = await db
    .select()
    .from(reviewerGroups)
    .where(which)
    .orderBy(asc(sql`lower(${reviewerGroups.name})`), asc(reviewerGroups.id));
  if (groups.length === 0) return [];
  const members = await db
    .select({ groupId: reviewerGroupMembers.groupId, _id: users.id, name: users.name })
    .from(reviewerGroupMembers)
    .innerJoin(users, eq(users.id, reviewerGroupMembers.userId))
    .innerJoin(reviewerGroups, eq(reviewerGroups.id, reviewerGroupMembers.groupId))
    .where(which)
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
  const membersOf = new Map<string, ReviewerGroup["reviewers"]>();
  for (const { groupId, ...member } of members) {
    const list = membersOf.get(groupId);
    if (list) list.push(member);
    else membersOf.set(groupId, [member]);
  }
  return groups.map(
    (g): ReviewerGroup => ({
      _id: g.id,
      programId: g.programId,
      name: g.name,
      description: g.description,
      reviewers: membersOf.get(g.id) ?? [],
    }),
  );
}

/** GET /api/reviewerGroups/{programId}. */
export function listReviewerGroups(db: Db, program: { id: string }): Promise<ReviewerGroup[]> {
  return presentGroups(db, { programId: program.id });
}

async function presentGroup(tx: Tx, groupId: string): Promise<ReviewerGroup> {
  const [group] = await presentGroups(tx, { groupId });
  if (!group) throw notFound();
  return group;
}

/** Who changed a reviewer group, for the audit log. */
const groupScope = (
  group: { id: string; name: string; programId: string; organizationId: string },
  actorUserId: string,
) => ({
  organizationId: group.organizationId,
  programId: group.programId,
  actorUserId,
  subject: { type: "reviewer_group" as const, id: group.id, label: group.name },
});

/** Refuses (400, nothing written) members who are not assignable members of the program. */
async function assertAssignable(tx: Tx, programId: string, userIds: readonly string[]) {
  const assignable = await assignableAmong(tx, { id: programId }, userIds);
  if (userIds.some((id) => !assignable.has(id))) {
    throw refusedIds({ reviewers: COMMITTEE_MESSAGES.notACommitteeMember });
  }
}

/** POST /api/reviewerGroups: the group and its members, in one transaction. */
export async function createReviewerGroup(
  db: Db,
  program: { id: string; organizationId: string },
  body: GroupFields,
  actorUserId: string,
): Promise<ReviewerGroup> {
  const memberIds = distinct(body.reviewers);
  return db.transaction(async (tx) => {
    await assertAssignable(tx, program.id, memberIds);
    const [group] = await tx
      .insert(reviewerGroups)
      .values({
        organizationId: program.organizationId,
        programId: program.id,
        name: body.name,
        description: body.description,
      })
      .returning({ id: reviewerGroups.id });
    if (memberIds.length > 0) {
      await tx
        .insert(reviewerGroupMembers)
        .values(memberIds.map((userId) => ({ groupId: group!.id, userId })));
    }
    await recordAudit(tx, {
      ...groupScope(
        { ...group!, ...body, programId: program.id, organizationId: program.organizationId },
        actorUserId,
      ),
      action: "reviewer_group.created",
      details: { members: await personLabels(tx, memberIds) },
    });
    return presentGroup(tx, group!.id);
  });
}

/**
 * PUT /api/reviewerGroups/{id}: name, description and the whole member list. Members added must be
 * assignable members of the program; someone already in the group may stay listed even if they have
 * since left the committee (the list is sent back as shown). The group row is locked first, so two
 * admins' edits apply one after the other and a deleted group answers 404; with `expected` (decision
 * 016), a group no longer as the client saw it (name, description, members) is refused under that lock:
 * 409 with the stored group, nothing written or logged.
 */
export async function updateReviewerGroup(
  db: Db,
  group: GroupRow,
  body: GroupFields,
  actorUserId: string,
): Promise<ReviewerGroup> {
  const wanted = distinct(body.reviewers);
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: reviewerGroups.id, name: reviewerGroups.name, description: reviewerGroups.description })
      .from(reviewerGroups)
      .where(eq(reviewerGroups.id, group.id))
      .for("update");
    if (!locked) throw notFound();
    const stored = await tx
      .select({ userId: reviewerGroupMembers.userId })
      .from(reviewerGroupMembers)
      .where(eq(reviewerGroupMembers.groupId, group.id));
    const current = new Set(stored.map((r) => r.userId));
    const { expected } = body;
    if (
      expected !== undefined &&
      (expected.name !== locked.name ||
        expected.description !== locked.description ||
        !sameIds(current, expected.reviewers))
    ) {
      throw new EditConflict("reviewerGroup", await presentGroup(tx, group.id));
    }
    const keep = new Set(wanted);
    const adding = wanted.filter((id) => !current.has(id));
    const removing = [...current].filter((id) => !keep.has(id));
    await assertAssignable(tx, group.programId, adding);
    await tx
      .update(reviewerGroups)
      .set({ name: body.name, description: body.description })
      .where(eq(reviewerGroups.id, group.id));
    if (removing.length > 0) {
      await tx
        .delete(reviewerGroupMembers)
        .where(
          and(eq(reviewerGroupMembers.groupId, group.id), inArray(reviewerGroupMembers.userId, removing)),
        );
    }
    if (adding.length > 0) {
      await tx
        .insert(reviewerGroupMembers)
        .values(adding.map((userId) => ({ groupId: group.id, userId })))
        .onConflictDoNothing();
    }
    const changes: AuditDetails = {};
    if (locked.name !== body.name) changes.name = { before: locked.name, after: body.name };
    if (locked.description !== body.description) {
      changes.description = { before: locked.description, after: body.description };
    }
    const [added, removed] = await Promise.all([personLabels(tx, adding), personLabels(tx, removing)]);
    Object.assign(changes, addedAndRemoved(added, removed));
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, {
        ...groupScope({ ...group, name: body.name }, actorUserId),
        action: "reviewer_group.updated",
        details: changes,
      });
    }
    return presentGroup(tx, group.id);
  });
}

/**
 * DELETE /api/reviewerGroups/{id}. The cascade removes the group's members and its assignments; the
 * candidates it was the last assignment of become open to all again (the triggers), and reviews stay.
 */
export async function deleteReviewerGroup(db: Db, group: GroupRow, actorUserId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(reviewerGroups)
      .where(eq(reviewerGroups.id, group.id))
      .returning({ id: reviewerGroups.id });
    if (deleted.length === 0) throw notFound();
    await recordAudit(tx, { ...groupScope(group, actorUserId), action: "reviewer_group.deleted" });
  });
}
