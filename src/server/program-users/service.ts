import { randomBytes, randomUUID } from "node:crypto";
import { and, asc, eq, like, ne, sql } from "drizzle-orm";
import type { Actor } from "../../shared/authz/actor";
import { isProgramAdminRole, type ProgramRole } from "../../shared/authz/roles";
import { INVITATION_DAYS } from "../../shared/limits";
import { PROGRAM_USER_MESSAGES } from "../../shared/program-users/seats";
import type { ProgramUser } from "../../shared/schemas/program-users";
import { personLabel } from "../audit/labels";
import { recordAudit } from "../audit/record";
import { assertOrganizationCanGrow } from "../billing/plan-changes";
import type { Db, Tx } from "../db/client";
import { organizations, programMembers, users, verifications } from "../db/schema";
import { enqueueEmail } from "../email/outbox";
import { invitationEmail, programAccessEmail } from "../email/templates";
import { EditConflict } from "../http/edit-conflict";
import { AppError, notFound } from "../http/errors";
import type { ProgramRow } from "../programs/service";
import { holdsAdminRole, withinSeatLimits } from "./seats";

/**
 * The program's members, each with their organization-wide seat and whether they still have to
 * choose a password (no credential yet). One query, ordered by name then email.
 */
export async function listProgramUsers(
  tx: Tx,
  program: ProgramRow,
  onlyUserId?: string,
): Promise<ProgramUser[]> {
  const adminElsewhere = sql<boolean>`exists (
    select 1 from program_members as any_membership
    where any_membership.organization_id = ${programMembers.organizationId}
      and any_membership.user_id = ${programMembers.userId}
      and any_membership.role in ('ADMIN', 'ADMIN_REVIEWER'))`;
  const hasPassword = sql<boolean>`exists (
    select 1 from accounts as credential
    where credential.user_id = ${users.id} and credential.provider_id = 'credential')`;
  const rows = await tx
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      role: programMembers.role,
      adminSeat: adminElsewhere,
      hasPassword,
    })
    .from(programMembers)
    .innerJoin(users, eq(users.id, programMembers.userId))
    .where(
      and(
        eq(programMembers.programId, program.id),
        onlyUserId === undefined ? undefined : eq(programMembers.userId, onlyUserId),
      ),
    )
    .orderBy(asc(sql`lower(${users.name})`), asc(users.email));
  return rows.map((r) => ({
    userId: r.userId,
    name: r.name,
    email: r.email,
    role: r.role,
    deleted: false,
    invitationPending: !r.hasPassword,
    seat: r.adminSeat ? "admin" : "reviewer",
  }));
}

export async function findProgramUser(tx: Tx, program: ProgramRow, userId: string): Promise<ProgramUser> {
  const [member] = await listProgramUsers(tx, program, userId);
  if (!member) throw notFound();
  return member;
}

/** Refuses a change that would leave the program without anyone holding an admin role. */
async function assertNotLastAdmin(
  tx: Tx,
  program: ProgramRow,
  member: ProgramUser,
  newRole: ProgramRole | null,
) {
  if (!isProgramAdminRole(member.role) || (newRole !== null && isProgramAdminRole(newRole))) return;
  const [other] = await tx
    .select({ userId: programMembers.userId })
    .from(programMembers)
    .where(
      and(eq(programMembers.programId, program.id), ne(programMembers.userId, member.userId), holdsAdminRole),
    )
    .limit(1);
  if (!other) throw new AppError("CONFLICT", PROGRAM_USER_MESSAGES.lastAdmin);
}

interface InvitationContext {
  publicUrl: string;
  invitedBy: string;
}

/** A fresh set-password token, stored the way better-auth stores reset tokens (its reset endpoint consumes it). */
async function issueInvitationToken(tx: Tx, userId: string): Promise<string> {
  // One live invitation per person: resending replaces the previous link.
  await tx
    .delete(verifications)
    .where(and(eq(verifications.value, userId), like(verifications.identifier, "reset-password:%")));
  const token = randomBytes(18).toString("base64url");
  await tx.insert(verifications).values({
    id: randomUUID().replaceAll("-", ""),
    identifier: `reset-password:${token}`,
    value: userId,
    expiresAt: new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60 * 1000),
  });
  return token;
}

/**
 * Queues the email a member gets: the invitation with a set-password link when they have no
 * password yet, otherwise a note that they have access. Both lead to /login?email={email}.
 */
async function queueAccessEmail(
  tx: Tx,
  program: ProgramRow,
  member: ProgramUser,
  context: InvitationContext,
) {
  const [org] = await tx
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, program.organizationId));
  const login = new URL("/login", context.publicUrl);
  login.searchParams.set("email", member.email);
  if (member.invitationPending)
    login.searchParams.set("invite", await issueInvitationToken(tx, member.userId));
  const invite = {
    programName: program.name,
    organizationName: org?.name ?? "",
    invitedBy: context.invitedBy,
    url: login.toString(),
  };
  await enqueueEmail(tx, {
    kind: member.invitationPending ? "invitation" : "program-access",
    to: [member.email],
    organizationId: program.organizationId,
    ...(member.invitationPending ? invitationEmail(invite, INVITATION_DAYS) : programAccessEmail(invite)),
  });
}

/** The user with this email (any letter case), creating a password-less account for a newcomer. */
async function userForInvitation(tx: Tx, email: string) {
  const [existing] = await tx
    .select({ id: users.id, applicant: users.applicant })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  if (existing) {
    if (existing.applicant) throw new AppError("CONFLICT", PROGRAM_USER_MESSAGES.applicantAccount);
    return existing.id;
  }
  const id = randomUUID().replaceAll("-", "");
  await tx.insert(users).values({ id, email, name: "" });
  return id;
}

/** Who changed a member's access, for the audit log. */
const memberScope = (program: ProgramRow, member: ProgramUser, actorUserId: string) => ({
  organizationId: program.organizationId,
  programId: program.id,
  actorUserId,
  subject: { type: "user" as const, id: member.userId, label: personLabel(member) },
});

/** Adds a person to the program (inviting them when they are new), all or nothing. */
export async function addProgramUser(
  db: Db,
  program: ProgramRow,
  input: { email: string; role: ProgramRole },
  context: InvitationContext,
  actorUserId: string,
): Promise<ProgramUser> {
  return db.transaction(async (tx) => {
    await assertOrganizationCanGrow(tx, program.organizationId);
    const member = await withinSeatLimits(tx, program.organizationId, async () => {
      const userId = await userForInvitation(tx, input.email);
      const inserted = await tx
        .insert(programMembers)
        .values({ programId: program.id, organizationId: program.organizationId, userId, role: input.role })
        .onConflictDoNothing()
        .returning({ userId: programMembers.userId });
      if (inserted.length === 0) throw new AppError("CONFLICT", PROGRAM_USER_MESSAGES.alreadyMember);
      return findProgramUser(tx, program, userId);
    });
    await queueAccessEmail(tx, program, member, context);
    await recordAudit(tx, {
      ...memberScope(program, member, actorUserId),
      action: "member.added",
      details: { role: member.role },
    });
    return member;
  });
}

/**
 * A member's new role, checked against the last admin and the plan's seats. With `expected` (decision
 * 016) a role changed meanwhile by someone else is refused: 409 with the member as stored, nothing
 * written or logged. Setting the role already stored changes nothing.
 */
export async function changeProgramUserRole(
  db: Db,
  program: ProgramRow,
  userId: string,
  role: ProgramRole,
  actorUserId: string,
  expected?: { role: ProgramRole },
) {
  return db.transaction(async (tx) => {
    // Locked, so that the role compared below is the one replaced (decision 016).
    await tx
      .select({ role: programMembers.role })
      .from(programMembers)
      .where(and(eq(programMembers.programId, program.id), eq(programMembers.userId, userId)))
      .for("update");
    const member = await findProgramUser(tx, program, userId);
    if (member.role === role) return member;
    if (expected !== undefined && expected.role !== member.role) throw new EditConflict("role", member);
    await assertNotLastAdmin(tx, program, member, role);
    const changed = await withinSeatLimits(tx, program.organizationId, async () => {
      await tx
        .update(programMembers)
        .set({ role })
        .where(and(eq(programMembers.programId, program.id), eq(programMembers.userId, userId)));
      return findProgramUser(tx, program, userId);
    });
    await recordAudit(tx, {
      ...memberScope(program, member, actorUserId),
      action: "member.role_changed",
      details: { role: { before: member.role, after: role } },
    });
    return changed;
  });
}

/** Takes a person's access away; their finished reviews stay. Nobody removes themselves. */
export async function removeProgramUser(db: Db, program: ProgramRow, userId: string, actor: Actor) {
  if (userId === actor.userId) throw new AppError("CONFLICT", PROGRAM_USER_MESSAGES.cannotRemoveSelf);
  await db.transaction(async (tx) => {
    const member = await findProgramUser(tx, program, userId);
    await assertNotLastAdmin(tx, program, member, null);
    await tx
      .delete(programMembers)
      .where(and(eq(programMembers.programId, program.id), eq(programMembers.userId, userId)));
    await recordAudit(tx, {
      ...memberScope(program, member, actor.userId),
      action: "member.removed",
      details: { role: member.role },
    });
  });
}

/** Resend Email: a fresh invitation link for someone still without a password, or the access note. */
export async function resendAccessEmail(
  db: Db,
  program: ProgramRow,
  userId: string,
  context: InvitationContext,
) {
  await db.transaction(async (tx) => {
    const member = await findProgramUser(tx, program, userId);
    await queueAccessEmail(tx, program, member, context);
  });
}

/** The inviter's name as the email shows it. */
export async function inviterName(db: Db, actor: Actor): Promise<string> {
  const [row] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, actor.userId));
  return row?.name || row?.email || "Your program admin";
}
