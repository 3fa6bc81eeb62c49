import { aliasedTable, and, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import {
  CONFLICT_LIMITS,
  CONFLICT_MESSAGES,
  type Conflict,
  type ConflictList,
  FREE_MAIL_DOMAINS,
  type SuggestedConflict,
} from "../../shared/schemas/conflicts";
import { personLabel } from "../audit/labels";
import { recordAudit, type Transaction } from "../audit/record";
import type { Db, Tx } from "../db/client";
import { conflicts, programMembers, programs, submissions, users } from "../db/schema";
import { enqueueEmails } from "../email/outbox";
import { conflictNoticeEmail } from "../email/templates";
import { AppError, notFound } from "../http/errors";
import { isUuid } from "../http/ids";
import { contactAnswerSql, contactQuestionIdsOver } from "../submissions/contact-answer";

/**
 * Conflicts of interest (docs/decisions/036-conflicts-of-interest.md): declared by a committee member or
 * recorded by an admin for them, listed (a member sees only their own), reverted by an admin. The rows are
 * never deleted: reverting stamps them. What a conflict changes elsewhere is in active.ts.
 */

type ProgramRef = { id: string; organizationId: string };

/** Members who rate: who may have (or be recorded with) a conflict. Guests only read (decision 008). */
const RATING_ROLES = ["ADMIN_REVIEWER", "REVIEWER"] as const;

const member = aliasedTable(users, "member");

/** The conflicts matching `where`, newest first, as the API shows them. */
async function readConflicts(db: Tx, where: SQL | undefined): Promise<Conflict[]> {
  const person = (table: typeof member) => ({ id: table.id, name: table.name, email: table.email });
  const rows = await db
    .select({
      conflict: conflicts,
      identifier: submissions.identifier,
      member: person(member),
      assigned: sql<boolean>`exists (select 1 from reviewer_candidates rc
        where rc.submission_id = ${conflicts.submissionId} and rc.user_id = ${conflicts.userId})`,
    })
    .from(conflicts)
    .innerJoin(submissions, eq(submissions.id, conflicts.submissionId))
    .innerJoin(member, eq(member.id, conflicts.userId))
    .where(where)
    .orderBy(desc(conflicts.createdAt), desc(conflicts.id))
    .limit(CONFLICT_LIMITS.listed);
  // Who recorded and reverted them: a few people, read once.
  const others = [
    ...new Set(
      rows.flatMap((r) => [r.conflict.recordedBy, r.conflict.revertedBy]).filter((id) => id !== null),
    ),
  ];
  const people = new Map(
    (others.length === 0
      ? []
      : await db
          .select(person(users))
          .from(users)
          .where(inArray(users.id, others as string[]))
    ).map((p) => [p.id, { _id: p.id, name: p.name, email: p.email }]),
  );
  const personById = (id: string | null) => (id === null ? null : (people.get(id) ?? null));
  return rows.map(({ conflict: c, identifier, member: m, assigned }) => ({
    _id: c.id,
    submissionId: c.submissionId,
    identifier,
    member: { _id: m.id, name: m.name, email: m.email },
    reason: c.reason,
    declaredBy: c.declaredBy,
    recordedBy: personById(c.recordedBy),
    createdAt: c.createdAt.toISOString(),
    revertedAt: c.revertedAt === null ? null : c.revertedAt.toISOString(),
    revertedBy: personById(c.revertedBy),
    assigned,
  }));
}

const active = isNull(conflicts.revertedAt);

/** The program's active conflicts: the count the admin pages show. */
export async function countActiveConflicts(db: Tx, programId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(conflicts)
    .where(and(eq(conflicts.programId, programId), active));
  return Number(row?.count ?? 0);
}

/**
 * GET /api/programs/{programId}/conflicts: every conflict of the program with the suggestions (admins),
 * or the member's own active ones and nothing else (a member never learns who else declared one).
 */
export async function listConflicts(
  db: Tx,
  program: ProgramRef,
  scope: { all: true } | { userId: string },
): Promise<ConflictList> {
  if ("all" in scope) {
    const [list, count, suggestions] = await Promise.all([
      readConflicts(db, and(eq(conflicts.programId, program.id))),
      countActiveConflicts(db, program.id),
      suggestedConflicts(db, program.id),
    ]);
    return { conflicts: list, active: count, suggestions };
  }
  const own = await readConflicts(
    db,
    and(eq(conflicts.programId, program.id), eq(conflicts.userId, scope.userId), active),
  );
  return { conflicts: own, active: own.length, suggestions: [] };
}

/** Suggestions shown at most: an admin confirms them one by one. */
const SUGGESTIONS_SHOWN = 200;

/**
 * Members whose email domain is the applicant's — the account that applied or, for a guest's application
 * (no account), the contact email it gives — free-mail domains excepted, with no active conflict yet: for an
 * admin to confirm. Nothing is applied without a person.
 */
export async function suggestedConflicts(db: Tx, programId: string): Promise<SuggestedConflict[]> {
  // The contact questions of the versions guests applied on: usually one or two versions, read once each.
  const guestVersions = await db
    .selectDistinct({ formId: submissions.formId, formVersion: submissions.formVersion })
    .from(submissions)
    .where(and(eq(submissions.programId, programId), isNull(submissions.userId), submissions.reviewable));
  const contactEmail = contactAnswerSql(sql`s.answers`, await contactQuestionIdsOver(db, guestVersions));
  const freeMail = sql.join(
    FREE_MAIL_DOMAINS.map((d) => sql`${d}`),
    sql`, `,
  );
  const roles = sql.join(
    RATING_ROLES.map((r) => sql`${r}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    with applicants as (
      select s.id, s.identifier, lower(split_part(coalesce(a.email, ${contactEmail}), '@', 2)) as domain
      from ${submissions} s left join ${users} a on a.id = s.user_id
      where s.program_id = ${programId} and s.reviewable
    ), committee as (
      select u.id, u.name, u.email, lower(split_part(u.email, '@', 2)) as domain
      from ${programMembers} m join ${users} u on u.id = m.user_id
      where m.program_id = ${programId} and m.role::text in (${roles})
    )
    select ap.id as "submissionId", ap.identifier, c.id as "userId", c.name, c.email, c.domain
    from applicants ap join committee c on c.domain = ap.domain
    where c.domain <> '' and c.domain not in (${freeMail})
      and not exists (select 1 from ${conflicts} cf where cf.submission_id = ap.id and cf.user_id = c.id
        and cf.reverted_at is null)
    order by lower(ap.identifier), ap.id, lower(c.name), c.id
    limit ${SUGGESTIONS_SHOWN}`);
  const rows = (
    result as unknown as {
      rows: {
        submissionId: string;
        identifier: string;
        userId: string;
        name: string;
        email: string;
        domain: string;
      }[];
    }
  ).rows;
  return rows.map((r) => ({
    submissionId: r.submissionId,
    identifier: r.identifier,
    member: { _id: r.userId, name: r.name, email: r.email },
    domain: r.domain,
  }));
}

/** A committee member (who rates) of the program, or a 400 naming the field. */
async function committeeMember(tx: Tx, programId: string, userId: string) {
  const [row] = await tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(programMembers)
    .innerJoin(users, eq(users.id, programMembers.userId))
    .where(
      and(
        eq(programMembers.programId, programId),
        eq(programMembers.userId, userId),
        inArray(programMembers.role, [...RATING_ROLES]),
      ),
    );
  if (!row) {
    throw new AppError("VALIDATION", "Some fields are not valid.", {
      userId: [CONFLICT_MESSAGES.notOnCommittee],
    });
  }
  return row;
}

export interface Declaration {
  submissionId: string;
  identifier: string;
  userId: string;
  reason: string;
  declaredBy: "self" | "admin";
}

/**
 * Writes a conflict (the caller has authorized it and checked the candidate is reviewable), its audit
 * event and the notice to the program's admins, in one transaction. 409 when one is already active.
 */
export async function declareConflict(
  db: Db,
  program: ProgramRef,
  declaration: Declaration,
  actorUserId: string,
  links: { conflictsUrl: string },
): Promise<Conflict> {
  return db.transaction(async (tx) => {
    const person = await committeeMember(tx, program.id, declaration.userId);
    const [inserted] = await tx
      .insert(conflicts)
      .values({
        organizationId: program.organizationId,
        programId: program.id,
        submissionId: declaration.submissionId,
        userId: declaration.userId,
        reason: declaration.reason,
        declaredBy: declaration.declaredBy,
        recordedBy: actorUserId,
      })
      .onConflictDoNothing()
      .returning({ id: conflicts.id });
    if (!inserted) throw new AppError("CONFLICT", CONFLICT_MESSAGES.alreadyDeclared);
    await recordAudit(tx, {
      organizationId: program.organizationId,
      programId: program.id,
      actorUserId,
      action: declaration.declaredBy === "self" ? "conflict.declared" : "conflict.recorded",
      subject: { type: "submission", id: declaration.submissionId, label: declaration.identifier },
      details: { member: personLabel(person) },
    });
    await noticeToAdmins(
      tx,
      program,
      { ...declaration, id: inserted.id, member: person },
      actorUserId,
      links,
    );
    const [written] = await readConflicts(tx, and(eq(conflicts.id, inserted.id)));
    return written!;
  });
}

/**
 * The program's admins (ADMIN and ADMIN_REVIEWER members) are told, one message each, except whoever
 * wrote it. The reason stays on the Conflicts page: an email travels further than the product.
 */
async function noticeToAdmins(
  tx: Transaction,
  program: ProgramRef,
  conflict: Declaration & { id: string; member: { name: string; email: string } },
  actorUserId: string,
  links: { conflictsUrl: string },
) {
  const [admins, [named]] = await Promise.all([
    tx
      .select({ id: users.id, name: users.name, email: users.email })
      .from(programMembers)
      .innerJoin(users, eq(users.id, programMembers.userId))
      .where(
        and(
          eq(programMembers.programId, program.id),
          inArray(programMembers.role, ["ADMIN", "ADMIN_REVIEWER"]),
        ),
      ),
    tx.select({ name: programs.name }).from(programs).where(eq(programs.id, program.id)),
  ]);
  const recipients = admins.filter((a) => a.id !== actorUserId);
  await enqueueEmails(
    tx,
    recipients.map((admin) => ({
      kind: "conflict-notice",
      to: [admin.email],
      organizationId: program.organizationId,
      dedupeKey: `conflict:${conflict.id}:${admin.id}`,
      ...conflictNoticeEmail({
        name: admin.name,
        member: personLabel(conflict.member),
        candidate: conflict.identifier,
        programName: named?.name ?? "",
        byAdmin: conflict.declaredBy === "admin",
        url: links.conflictsUrl,
      }),
    })),
  );
}

/** DELETE /api/programs/{programId}/conflicts/{conflictId}: reverted (kept, stamped), audited. */
export async function revertConflict(
  db: Db,
  program: ProgramRef,
  conflictId: string,
  actorUserId: string,
): Promise<Conflict> {
  if (!isUuid(conflictId)) throw notFound();
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: conflicts.id, revertedAt: conflicts.revertedAt })
      .from(conflicts)
      .where(and(eq(conflicts.id, conflictId), eq(conflicts.programId, program.id)))
      .for("update");
    if (!found) throw notFound();
    if (found.revertedAt !== null) throw new AppError("CONFLICT", CONFLICT_MESSAGES.alreadyReverted);
    await tx
      .update(conflicts)
      .set({ revertedAt: new Date(), revertedBy: actorUserId })
      .where(eq(conflicts.id, conflictId));
    const [reverted] = await readConflicts(tx, and(eq(conflicts.id, conflictId)));
    await recordAudit(tx, {
      organizationId: program.organizationId,
      programId: program.id,
      actorUserId,
      action: "conflict.reverted",
      subject: { type: "submission", id: reverted!.submissionId, label: reverted!.identifier },
      details: { member: personLabel(reverted!.member) },
    });
    return reverted!;
  });
}

/** One active conflict of the program (404 otherwise): what a replacement is offered for. */
export async function findActiveConflict(db: Tx, program: ProgramRef, conflictId: string) {
  if (!isUuid(conflictId)) throw notFound();
  const [row] = await db
    .select({ id: conflicts.id, submissionId: conflicts.submissionId, userId: conflicts.userId })
    .from(conflicts)
    .where(and(eq(conflicts.id, conflictId), eq(conflicts.programId, program.id), active));
  if (!row) throw notFound();
  return row;
}
