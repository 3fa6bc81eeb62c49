import { and, asc, eq, ne, or, sql } from "drizzle-orm";
import type { Actor } from "../../shared/authz/actor";
import { isProgramAdminRole, type ProgramRole } from "../../shared/authz/roles";
import { PROGRAM_USER_MESSAGES } from "../../shared/program-users/seats";
import type { ProgramInvitation, ProgramUser } from "../../shared/schemas/program-users";
import { personLabel } from "../audit/labels";
import { recordAudit, type Transaction } from "../audit/record";
import { assertOrganizationCanGrow } from "../billing/plan-changes";
import type { Db, Tx } from "../db/client";
import { organizations, programMembers, users } from "../db/schema";
import { enqueueEmail } from "../email/outbox";
import { programAccessEmail } from "../email/templates";
import { EditConflict } from "../http/edit-conflict";
import { AppError, notFound } from "../http/errors";
import type { ProgramRow } from "../programs/service";
import { countProgramEmail, inviteToProgram, type Sender } from "./invitations";
import { holdsAdminRole, withinSeatLimits } from "./seats";

/**
 * The program's members, each with their organization-wide seat. One query, ordered by name then
 * email. Someone still to accept is an invitation (invitations.ts), never a member.
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
  const rows = await tx
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      role: programMembers.role,
      adminSeat: adminElsewhere,
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
    invitationPending: false,
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

/**
 * The note to someone added at once (already in the organization): they have access, and sign in as
 * usual at /login?email={email}.
 */
async function queueAccessEmail(tx: Tx, program: ProgramRow, member: ProgramUser, sender: Sender) {
  const [org] = await tx
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, program.organizationId));
  const login = new URL("/login", sender.publicUrl);
  login.searchParams.set("email", member.email);
  await enqueueEmail(tx, {
    kind: "program-access",
    to: [member.email],
    organizationId: program.organizationId,
    ...programAccessEmail({
      programName: program.name,
      organizationName: org?.name ?? "",
      invitedBy: sender.invitedBy,
      url: login.toString(),
    }),
  });
}

/**
 * The account with this address if it has already consented to this organization: its admin, or a
 * member of one of its programs. Anyone else (another organization's user, an applicant, nobody) is
 * invited instead, and the answer does not tell which (decision 019).
 */
async function accountInOrganization(tx: Tx, organizationId: string, email: string) {
  const [account] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = ${email}`,
        or(
          eq(users.adminOrganizationId, organizationId),
          sql`exists (select 1 from program_members as m
            where m.user_id = ${users.id} and m.organization_id = ${organizationId})`,
        ),
      ),
    );
  return account?.id;
}

/** Who changed a member's access, for the audit log. */
const memberScope = (program: ProgramRow, member: ProgramUser, actorUserId: string) => ({
  organizationId: program.organizationId,
  programId: program.id,
  actorUserId,
  subject: { type: "user" as const, id: member.userId, label: personLabel(member) },
});

/**
 * Adds a person to the program, all or nothing: someone already in the organization at once (with
 * the access note), anyone else by an invitation they accept or decline (decision 019).
 */
export async function addProgramUser(
  db: Db,
  program: ProgramRow,
  input: { email: string; role: ProgramRole },
  sender: Sender,
): Promise<{ user: ProgramUser } | { invitation: ProgramInvitation }> {
  return db.transaction(async (tx) => {
    await assertOrganizationCanGrow(tx, program.organizationId);
    // Concurrent additions to one organization queue here (the seat count below reads a stable state).
    await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, program.organizationId))
      .for("update");
    return addProgramUserInTx(tx, program, input, sender);
  });
}

/**
 * addProgramUser inside the caller's transaction, which has locked the organization's row (a legacy
 * program's import adds its people this way, docs/decisions/032-legacy-program-import.md).
 */
export async function addProgramUserInTx(
  tx: Transaction,
  program: ProgramRow,
  input: { email: string; role: ProgramRole },
  sender: Sender,
): Promise<{ user: ProgramUser } | { invitation: ProgramInvitation }> {
  const userId = await accountInOrganization(tx, program.organizationId, input.email);
  if (userId === undefined) return { invitation: await inviteToProgram(tx, program, input, sender) };
  const member = await withinSeatLimits(tx, program.organizationId, async () => {
    const inserted = await tx
      .insert(programMembers)
      .values({ programId: program.id, organizationId: program.organizationId, userId, role: input.role })
      .onConflictDoNothing()
      .returning({ userId: programMembers.userId });
    if (inserted.length === 0) throw new AppError("CONFLICT", PROGRAM_USER_MESSAGES.alreadyMember);
    return findProgramUser(tx, program, userId);
  });
  await countProgramEmail(tx, program.id, member.email, sender, false);
  await queueAccessEmail(tx, program, member, sender);
  await recordAudit(tx, {
    ...memberScope(program, member, sender.actorUserId),
    action: "member.added",
    details: { role: member.role },
  });
  return { user: member };
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

/** Resend Email for a member: the access note again, within the invitation-email limits. */
export async function resendAccessEmail(db: Db, program: ProgramRow, userId: string, sender: Sender) {
  await db.transaction(async (tx) => {
    const member = await findProgramUser(tx, program, userId);
    await countProgramEmail(tx, program.id, member.email, sender, true);
    await queueAccessEmail(tx, program, member, sender);
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
