import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { ProgramRole } from "../../shared/authz/roles";
import { INVITATION_DAYS, INVITATION_EMAIL_LIMITS } from "../../shared/limits";
import { PROGRAM_USER_MESSAGES, seatOf } from "../../shared/program-users/seats";
import type { InvitationView, MyInvitation } from "../../shared/schemas/invitations";
import type { ProgramInvitation } from "../../shared/schemas/program-users";
import { recordAudit, type Transaction } from "../audit/record";
import { assertOrganizationCanGrow } from "../billing/plan-changes";
import type { Db, Tx } from "../db/client";
import { organizations, programInvitations, programMembers, programs, users } from "../db/schema";
import { enqueueEmail } from "../email/outbox";
import { invitationEmail, oneLineName } from "../email/templates";
import { AppError, notFound } from "../http/errors";
import { isUuid } from "../http/ids";
import { appRateLimitKey, countHit, secondsLeftIn } from "../http/rate-limit";
import type { ProgramRow } from "../programs/service";
import { claimPlaceholder, createAccountWithPassword, isPlaceholderAccount } from "../users/accounts";
import { seatsOf, withinSeatLimits } from "./seats";

/**
 * Invitations (decision 019): a person outside the organization joins a program only by accepting.
 * An invitation row gives no access; accepting it adds the program_members row, within the plan's seats.
 */

type InvitationRow = typeof programInvitations.$inferSelect;

/** Who sends, for the email and the audit log. */
export interface Sender {
  publicUrl: string;
  invitedBy: string;
  actorUserId: string;
  /** Off in tests and development unless asked for (config AUTH_RATE_LIMIT), like every other limit. */
  rateLimited: boolean;
}

/** A refusal over an invitation-email limit: the route answers 429 with this Retry-After. */
export class InvitationRateLimited extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super("RATE_LIMITED", message);
  }
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** Only the token's SHA-256 is stored: the database alone never lets anyone accept. */
export const hashInvitationToken = sha256;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Counts one email against a limit, inside the caller's transaction: a refusal rolls the count back
 * with everything else, so a refused call writes nothing and the window keeps its start.
 */
async function countEmail(
  tx: Tx,
  key: string,
  limit: { max: number; windowSeconds: number },
  message: string,
): Promise<void> {
  const window = await countHit(tx, key, limit.windowSeconds);
  if (window.count > limit.max) {
    throw new InvitationRateLimited(message, secondsLeftIn(window, limit.windowSeconds));
  }
}

/**
 * The limits of one email about a program to one address: per program always, per recipient for
 * invitations and resends (the note to someone added at once is counted per program only: an admin
 * setting up several programs with their own people must not be stopped by it).
 */
export async function countProgramEmail(
  tx: Tx,
  programId: string,
  email: string,
  sender: Sender,
  perRecipient: boolean,
): Promise<void> {
  if (!sender.rateLimited) return;
  const { perProgram, perRecipient: recipientLimit } = INVITATION_EMAIL_LIMITS;
  await countEmail(
    tx,
    appRateLimitKey("program-emails", programId),
    perProgram,
    PROGRAM_USER_MESSAGES.tooManyInProgram,
  );
  if (perRecipient) {
    await countEmail(
      tx,
      // A digest of the address, as the sign-in counters keep it (decision 013): keys of one length.
      appRateLimitKey("invitation-recipient", sha256(email.toLowerCase()).slice(0, 32)),
      recipientLimit,
      PROGRAM_USER_MESSAGES.tooManyToRecipient,
    );
  }
}

export function toProgramInvitation(row: InvitationRow, now = new Date()): ProgramInvitation {
  return {
    invitationId: row.id,
    email: row.email,
    name: "",
    role: row.role,
    invitationPending: true,
    seat: seatOf(row.role),
    expired: row.expiresAt <= now,
    lastSentAt: row.lastSentAt.toISOString(),
  };
}

/** The program's pending invitations, by address. */
export async function listProgramInvitations(tx: Tx, program: ProgramRow): Promise<ProgramInvitation[]> {
  const rows = await tx
    .select()
    .from(programInvitations)
    .where(eq(programInvitations.programId, program.id))
    .orderBy(asc(programInvitations.email));
  const now = new Date();
  return rows.map((row) => toProgramInvitation(row, now));
}

/** Refuses early an invitation whose seat kind is already full: accepting it could only fail. */
async function assertSeatFree(tx: Tx, organizationId: string, role: ProgramRole) {
  const seats = await seatsOf(tx, organizationId);
  if (seatOf(role) === "admin") {
    if (seats.adminLimit > 0 && seats.admins >= seats.adminLimit) {
      throw new AppError("PLAN_LIMIT", PROGRAM_USER_MESSAGES.adminLimit(seats.adminLimit));
    }
  } else if (seats.reviewerLimit > 0 && seats.reviewers >= seats.reviewerLimit) {
    throw new AppError("PLAN_LIMIT", PROGRAM_USER_MESSAGES.reviewerLimit(seats.reviewerLimit));
  }
}

async function organizationName(tx: Tx, organizationId: string): Promise<string> {
  const [org] = await tx
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return org?.name ?? "";
}

/** The email's link: the spec's "/login?email={email}" with the invitation's token. */
export function invitationLink(publicUrl: string, email: string, token: string): string {
  const login = new URL("/login", publicUrl);
  login.searchParams.set("email", email);
  login.searchParams.set("invitation", token);
  return login.toString();
}

/** A fresh token for the row (the previous link stops working), a new expiry, and the email. */
async function sendWithFreshToken(tx: Tx, program: ProgramRow, row: InvitationRow, sender: Sender) {
  const token = randomBytes(32).toString("base64url");
  const [sent] = await tx
    .update(programInvitations)
    .set({
      tokenHash: hashInvitationToken(token),
      expiresAt: new Date(Date.now() + INVITATION_DAYS * DAY_MS),
      lastSentAt: new Date(),
      invitedByUserId: sender.actorUserId,
    })
    .where(eq(programInvitations.id, row.id))
    .returning();
  await enqueueEmail(tx, {
    kind: "invitation",
    to: [row.email],
    organizationId: program.organizationId,
    ...invitationEmail(
      {
        programName: program.name,
        organizationName: await organizationName(tx, program.organizationId),
        invitedBy: sender.invitedBy,
        role: row.role,
        url: invitationLink(sender.publicUrl, row.email, token),
      },
      INVITATION_DAYS,
    ),
  });
  return sent!;
}

const invitationScope = (program: ProgramRow, row: InvitationRow, actorUserId: string) => ({
  organizationId: program.organizationId,
  programId: program.id,
  actorUserId,
  subject: { type: "invitation" as const, id: row.id, label: row.email },
});

/**
 * Invites the address to the program, or refreshes its pending invitation (role, token, expiry), and
 * emails the link. The caller's transaction; the same answer whoever owns the address.
 */
export async function inviteToProgram(
  tx: Transaction,
  program: ProgramRow,
  input: { email: string; role: ProgramRole },
  sender: Sender,
): Promise<ProgramInvitation> {
  await assertSeatFree(tx, program.organizationId, input.role);
  await countProgramEmail(tx, program.id, input.email, sender, true);
  const [row] = await tx
    .insert(programInvitations)
    .values({
      programId: program.id,
      organizationId: program.organizationId,
      email: input.email,
      role: input.role,
      invitedByUserId: sender.actorUserId,
      // Replaced at once by sendWithFreshToken: a placeholder that no token hashes to.
      tokenHash: `pending:${randomBytes(16).toString("hex")}`,
      expiresAt: new Date(),
    })
    .onConflictDoUpdate({
      target: [programInvitations.programId, programInvitations.email],
      set: { role: input.role },
    })
    .returning();
  const sent = await sendWithFreshToken(tx, program, row!, sender);
  await recordAudit(tx, {
    ...invitationScope(program, sent, sender.actorUserId),
    action: "invitation.sent",
    details: { role: sent.role },
  });
  return toProgramInvitation(sent);
}

async function programInvitation(tx: Tx, program: ProgramRow, invitationId: string, lock = false) {
  if (!isUuid(invitationId)) throw notFound();
  const query = tx
    .select()
    .from(programInvitations)
    .where(and(eq(programInvitations.programId, program.id), eq(programInvitations.id, invitationId)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound();
  return row;
}

/** Resend Email for an invitation: a fresh link (the old one stops working), within the email limits. */
export async function resendInvitation(db: Db, program: ProgramRow, invitationId: string, sender: Sender) {
  return db.transaction(async (tx) => {
    const row = await programInvitation(tx, program, invitationId, true);
    await countProgramEmail(tx, program.id, row.email, sender, true);
    const sent = await sendWithFreshToken(tx, program, row, sender);
    await recordAudit(tx, {
      ...invitationScope(program, sent, sender.actorUserId),
      action: "invitation.sent",
      details: { role: sent.role },
    });
    return toProgramInvitation(sent);
  });
}

/** The role the invitee will have; the link stays as it is (the email said "invited", not the role's rights). */
export async function changeInvitationRole(
  db: Db,
  program: ProgramRow,
  invitationId: string,
  role: ProgramRole,
  actorUserId: string,
) {
  return db.transaction(async (tx) => {
    const row = await programInvitation(tx, program, invitationId, true);
    if (row.role === role) return toProgramInvitation(row);
    await assertSeatFree(tx, program.organizationId, role);
    const [changed] = await tx
      .update(programInvitations)
      .set({ role })
      .where(eq(programInvitations.id, row.id))
      .returning();
    await recordAudit(tx, {
      ...invitationScope(program, row, actorUserId),
      action: "invitation.role_changed",
      details: { role: { before: row.role, after: role } },
    });
    return toProgramInvitation(changed!);
  });
}

/** Cancels the invitation: its link stops working at once. */
export async function cancelInvitation(
  db: Db,
  program: ProgramRow,
  invitationId: string,
  actorUserId: string,
) {
  await db.transaction(async (tx) => {
    const row = await programInvitation(tx, program, invitationId, true);
    await tx.delete(programInvitations).where(eq(programInvitations.id, row.id));
    await recordAudit(tx, {
      ...invitationScope(program, row, actorUserId),
      action: "invitation.cancelled",
      details: { role: row.role },
    });
  });
}

// ——— The invitee's side ———

const inviter = sql<string>`coalesce((select coalesce(nullif(u.name, ''), u.email) from users u
  where u.id = ${programInvitations.invitedByUserId}), '')`;

const viewColumns = {
  invitation: programInvitations,
  programName: programs.name,
  organizationName: organizations.name,
  invitedBy: inviter,
};

function invitationsWith(tx: Tx) {
  return tx
    .select(viewColumns)
    .from(programInvitations)
    .innerJoin(programs, eq(programs.id, programInvitations.programId))
    .innerJoin(organizations, eq(organizations.id, programInvitations.organizationId));
}

/** The live invitation of this token (not expired, not answered), or 404 with the reason. */
async function invitationOfToken(tx: Tx, token: string, lock = false) {
  const query = invitationsWith(tx).where(
    and(
      eq(programInvitations.tokenHash, hashInvitationToken(token)),
      gt(programInvitations.expiresAt, sql`now()`),
    ),
  );
  const [row] = lock ? await query.for("update", { of: programInvitations }) : await query;
  if (!row) throw new AppError("NOT_FOUND", PROGRAM_USER_MESSAGES.invitationGone);
  return row;
}

/** What accepting needs to know of an account. */
const accountColumns = {
  id: users.id,
  email: users.email,
  applicant: users.applicant,
  emailVerified: users.emailVerified,
};

async function accountOf(tx: Tx, email: string) {
  const [account] = await tx
    .select(accountColumns)
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return account;
}

/**
 * An account that can sign in with the address. A person a legacy import brought over has a user row but no
 * sign-in yet: they create their account from the invitation (docs/decisions/032-legacy-program-import.md).
 */
async function canSignIn(tx: Tx, email: string): Promise<boolean> {
  const account = await accountOf(tx, email);
  return account !== undefined && !(await isPlaceholderAccount(tx, account.id));
}

/** What the token's holder sees: who invites them to what, as what, and whether they have an account. */
export async function viewInvitation(db: Db, token: string): Promise<InvitationView> {
  const row = await invitationOfToken(db, token);
  return {
    programName: oneLineName(row.programName, ""),
    organizationName: oneLineName(row.organizationName, ""),
    invitedBy: oneLineName(row.invitedBy, "A program admin"),
    role: row.invitation.role,
    email: row.invitation.email,
    accountExists: await canSignIn(db, row.invitation.email),
  };
}

/**
 * Accepting: the membership, within the plan's seats, and the invitation gone — in the caller's
 * transaction. An applicant account never holds a program role (told to the invitee only).
 */
async function acceptInTx(
  tx: Transaction,
  invitation: InvitationRow,
  account: { id: string; email: string; applicant: boolean },
) {
  if (account.applicant) throw new AppError("CONFLICT", PROGRAM_USER_MESSAGES.applicantAccount);
  await assertOrganizationCanGrow(tx, invitation.organizationId);
  await withinSeatLimits(tx, invitation.organizationId, () =>
    tx
      .insert(programMembers)
      .values({
        programId: invitation.programId,
        organizationId: invitation.organizationId,
        userId: account.id,
        role: invitation.role,
      })
      .onConflictDoNothing(),
  );
  await tx.delete(programInvitations).where(eq(programInvitations.id, invitation.id));
  await recordAudit(tx, {
    organizationId: invitation.organizationId,
    programId: invitation.programId,
    actorUserId: account.id,
    subject: { type: "invitation", id: invitation.id, label: invitation.email },
    action: "invitation.accepted",
    details: { role: invitation.role },
  });
  return { programId: invitation.programId };
}

/** The signed-in account must have the invited address; saying which address helps only its owner. */
function assertSameAddress(invitation: InvitationRow, account: { email: string }) {
  if (account.email.toLowerCase() !== invitation.email) {
    throw new AppError("CONFLICT", PROGRAM_USER_MESSAGES.invitationForAnotherAddress(invitation.email));
  }
}

async function declineInTx(tx: Transaction, invitation: InvitationRow, actorUserId: string | null) {
  await tx.delete(programInvitations).where(eq(programInvitations.id, invitation.id));
  await recordAudit(tx, {
    organizationId: invitation.organizationId,
    programId: invitation.programId,
    actorUserId,
    subject: { type: "invitation", id: invitation.id, label: invitation.email },
    action: "invitation.declined",
    details: { role: invitation.role },
  });
}

/** Accept by the email's token, signed in with the invited address; the token proves the address. */
export async function acceptByToken(db: Db, token: string, userId: string) {
  return db.transaction(async (tx) => {
    const { invitation } = await invitationOfToken(tx, token, true);
    const [account] = await tx.select(accountColumns).from(users).where(eq(users.id, userId));
    if (!account) throw notFound();
    assertSameAddress(invitation, account);
    const accepted = await acceptInTx(tx, invitation, account);
    await tx.update(users).set({ emailVerified: true }).where(eq(users.id, account.id));
    return accepted;
  });
}

/** Decline by the email's token: no account needed (the holder owns the address). */
export async function declineByToken(db: Db, token: string, userId: string | null) {
  await db.transaction(async (tx) => {
    const { invitation } = await invitationOfToken(tx, token, true);
    await declineInTx(tx, invitation, userId);
  });
}

/**
 * The "create your account" step: the account (its address verified by the token), the membership
 * and the invitation gone, in one transaction. The client then signs in with the new password.
 */
export async function createAccountAndAccept(
  db: Db,
  token: string,
  body: { name: string; password: string },
) {
  return db.transaction(async (tx) => {
    const { invitation } = await invitationOfToken(tx, token, true);
    const existing = await accountOf(tx, invitation.email);
    if (existing && !(await isPlaceholderAccount(tx, existing.id))) {
      throw new AppError("EMAIL_TAKEN", PROGRAM_USER_MESSAGES.invitationAccountExists);
    }
    if (existing) {
      await claimPlaceholder(tx, existing.id, body);
      await tx.update(users).set({ emailVerified: true }).where(eq(users.id, existing.id));
      return acceptInTx(tx, invitation, { id: existing.id, email: invitation.email, applicant: false });
    }
    const userId = await createAccountWithPassword(tx, {
      email: invitation.email,
      name: body.name,
      password: body.password,
    });
    await tx.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
    return acceptInTx(tx, invitation, { id: userId, email: invitation.email, applicant: false });
  });
}

/** The signed-in account's live invitations; their details only once its address is verified. */
export async function listMyInvitations(db: Db, userId: string) {
  const [account] = await db
    .select({ email: users.email, emailVerified: users.emailVerified, applicant: users.applicant })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) throw notFound();
  const rows = await invitationsWith(db)
    .where(
      and(
        eq(programInvitations.email, account.email.toLowerCase()),
        gt(programInvitations.expiresAt, sql`now()`),
      ),
    )
    .orderBy(asc(programs.name));
  const invitations: MyInvitation[] = rows.map((r) => ({
    id: r.invitation.id,
    programName: oneLineName(r.programName, ""),
    organizationName: oneLineName(r.organizationName, ""),
    invitedBy: oneLineName(r.invitedBy, "A program admin"),
    role: r.invitation.role,
  }));
  return account.emailVerified
    ? { emailVerified: true, invitations, unverifiedCount: 0 }
    : { emailVerified: false, invitations: [], unverifiedCount: invitations.length };
}

/** One of the account's own live invitations, its address verified; 404 for anyone else's. */
async function myInvitation(tx: Tx, userId: string, invitationId: string) {
  if (!isUuid(invitationId)) throw new AppError("NOT_FOUND", PROGRAM_USER_MESSAGES.invitationGone);
  const [account] = await tx.select(accountColumns).from(users).where(eq(users.id, userId));
  const [invitation] = account
    ? await tx
        .select()
        .from(programInvitations)
        .where(
          and(
            eq(programInvitations.id, invitationId),
            eq(programInvitations.email, account.email.toLowerCase()),
            gt(programInvitations.expiresAt, sql`now()`),
          ),
        )
        .for("update")
    : [];
  if (!account || !invitation) throw new AppError("NOT_FOUND", PROGRAM_USER_MESSAGES.invitationGone);
  // Sign-up checks no address: an unverified account may be someone else's pre-registration of it.
  if (!account.emailVerified) throw new AppError("CONFLICT", PROGRAM_USER_MESSAGES.openInvitationLink);
  return { account, invitation };
}

export async function acceptMine(db: Db, userId: string, invitationId: string) {
  return db.transaction(async (tx) => {
    const { account, invitation } = await myInvitation(tx, userId, invitationId);
    return acceptInTx(tx, invitation, account);
  });
}

export async function declineMine(db: Db, userId: string, invitationId: string) {
  await db.transaction(async (tx) => {
    const { account, invitation } = await myInvitation(tx, userId, invitationId);
    await declineInTx(tx, invitation, account.id);
  });
}
