import { and, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { fillTemplate } from "../../shared/email/committee-template";
import type { CustomEmailResult, customEmailBodySchema } from "../../shared/schemas/committee";
import { emailSchema } from "../../shared/schemas/common";
import type { Db, Tx } from "../db/client";
import { programMembers, reviews, submissions, users } from "../db/schema";
import { ENQUEUE_BATCH, enqueueEmail, enqueueEmails, type OutgoingEmail } from "../email/outbox";
import { committeeEmail, reviewerReminderEmail } from "../email/templates";
import { notFound } from "../http/errors";
import { isUuid } from "../http/ids";
import type { ProgramRow } from "../programs/service";
import { isReviewableSql, visibleToReviewerSql } from "../reviewing/candidates";
import { contactAnswerSql, contactQuestionIdsOver } from "../submissions/contact-answer";
import { ASSIGNABLE_ROLES, distinct } from "./committee-members";

/**
 * The committee's emails (review-and-administration, "5. Validation rules", "7. The calls"): the Send Emails
 * dialog's messages to candidates and the reminders to committee members. Both only write to the outbox
 * (decision 002): the caller's answer means the messages are stored, and the dispatcher delivers them.
 */

type CustomEmail = z.output<typeof customEmailBodySchema>;

/**
 * A chosen candidate and where to write: the account that applied, else (a guest's application) the
 * contact email they gave; null when there is neither.
 */
interface Recipient {
  submissionId: string;
  identifier: string;
  amountCents: number | null;
  ownerName: string | null;
  ownerEmail: string | null;
}

/**
 * The questions that ask for an email address (an active EMAIL validation), over every form version the
 * chosen candidates applied on: a guest's application is answered to its first such answer.
 */
async function programContactQuestionIds(
  tx: Tx,
  program: ProgramRow,
  ids: readonly string[],
): Promise<string[]> {
  const versions = await tx
    .selectDistinct({ formId: submissions.formId, formVersion: submissions.formVersion })
    .from(submissions)
    .where(and(eq(submissions.programId, program.id), inArray(submissions.id, [...ids])));
  return contactQuestionIdsOver(tx, versions);
}

/**
 * The chosen candidates in the order asked, with their owners, in one query. Each must be a submitted,
 * non-test candidate of this program: anything else (another program's, a draft, a test, an id that names
 * nothing) makes the whole request 404, so nothing is sent to a list the caller did not see. A submission
 * no account owns (a guest's) is addressed to the contact email its applicant gave, picked out in SQL so
 * the answers themselves never leave the database.
 */
async function chosenCandidates(tx: Tx, program: ProgramRow, ids: readonly string[]): Promise<Recipient[]> {
  const wanted = distinct(ids);
  if (!wanted.every(isUuid)) throw notFound();
  const contactQuestions = await programContactQuestionIds(tx, program, wanted);
  const contactEmail = contactAnswerSql(submissions.answers, contactQuestions);
  const rows = await tx
    .select({
      submissionId: submissions.id,
      identifier: submissions.identifier,
      amountCents: submissions.amountCents,
      ownerName: users.name,
      ownerEmail: sql<string | null>`coalesce(${users.email}, ${contactEmail})`,
    })
    .from(submissions)
    .leftJoin(users, eq(users.id, submissions.userId))
    .where(and(eq(submissions.programId, program.id), inArray(submissions.id, wanted), isReviewableSql()));
  if (rows.length !== wanted.length) throw notFound();
  const byId = new Map(rows.map((r) => [r.submissionId, r]));
  return wanted.map((id) => byId.get(id)!);
}

/**
 * Where a recipient's message goes: their account's address or the contact email they gave (as the
 * product stores addresses), or why there is none — the invalid address itself, or "{identifier} (no
 * email address)". Those are the `rejected` entries of the answer.
 */
function addressOf(r: Recipient): { to: string } | { rejected: string } {
  const email = r.ownerEmail?.trim() ?? "";
  if (email === "") return { rejected: `${r.identifier || r.submissionId} (no email address)` };
  const parsed = emailSchema.safeParse(email);
  return parsed.success ? { to: parsed.data } : { rejected: email };
}

/** One candidate's message: the template filled with their values, replies and copies as asked. */
function messageFor(program: ProgramRow, body: CustomEmail, r: Recipient, to: string): OutgoingEmail {
  const values = {
    name: r.ownerName?.trim() || r.identifier,
    application: r.identifier,
    amount: r.amountCents === null ? null : r.amountCents / 100,
  };
  return {
    kind: "committee-email",
    to: [to],
    replyTo: body.replyTo || null,
    bcc: body.bcc ? [body.bcc] : [],
    organizationId: program.organizationId,
    // The same request sent again (a retry, a double click) names the same keys: nothing is queued twice.
    dedupeKey: `${body.idempotencyKey}:${r.submissionId}`,
    ...committeeEmail(fillTemplate(body.subject, values), fillTemplate(body.body, values)),
  };
}

/**
 * POST /api/email/custom: one message per chosen candidate, all written to the outbox in one transaction
 * (all or none), one INSERT per ENQUEUE_BATCH messages. Rendering goes batch by batch, so a request for
 * thousands of candidates never holds every filled body at once. The answer depends only on the request
 * and the candidates, so a retry with the same key answers as the first call did.
 */
export async function sendCustomEmails(
  db: Db,
  program: ProgramRow,
  body: CustomEmail,
): Promise<CustomEmailResult> {
  return db.transaction(async (tx) => {
    const recipients = await chosenCandidates(tx, program, body.submissionIds);
    const accepted: string[] = [];
    const rejected: string[] = [];
    const sendable: { recipient: Recipient; to: string }[] = [];
    for (const recipient of recipients) {
      const address = addressOf(recipient);
      if ("rejected" in address) {
        rejected.push(address.rejected);
      } else {
        accepted.push(address.to);
        sendable.push({ recipient, to: address.to });
      }
    }
    // Inserted in submission id order: two deliveries of the same request (same keys) then take the
    // unique index's locks in the same order, so they wait for each other instead of deadlocking.
    sendable.sort((a, b) => (a.recipient.submissionId < b.recipient.submissionId ? -1 : 1));
    for (let start = 0; start < sendable.length; start += ENQUEUE_BATCH) {
      const batch = sendable.slice(start, start + ENQUEUE_BATCH);
      await enqueueEmails(
        tx,
        batch.map(({ recipient, to }) => messageFor(program, body, recipient, to)),
      );
    }
    return { accepted, rejected };
  });
}

/**
 * How far a member is: the submitted, non-test candidates they see (all of them for an ADMIN_REVIEWER,
 * else by the visibility rule of decision 008) and how many of those they have rated — one query. A guest
 * reads without rating: no count of rated.
 */
async function progressOf(db: Tx, program: ProgramRow, userId: string, role: string) {
  const [row] = await db
    .select({
      assigned: sql<number>`count(*)::int`,
      reviewed: sql<number>`(count(*) filter (where ${reviews.rating} > -1))::int`,
    })
    .from(submissions)
    .leftJoin(reviews, and(eq(reviews.submissionId, submissions.id), eq(reviews.userId, userId)))
    .where(
      and(
        eq(submissions.programId, program.id),
        isReviewableSql(),
        role === "ADMIN_REVIEWER" ? undefined : visibleToReviewerSql(userId),
      ),
    );
  return { assigned: row?.assigned ?? 0, reviewed: role === "GUEST" ? null : (row?.reviewed ?? 0) };
}

/**
 * POST /api/email/reminder: a reminder to one committee member or guest of the program, with a link to
 * their candidate list. Anyone else (a plain admin, a member of another program, no one) is 404.
 */
export async function sendReviewerReminder(
  db: Db,
  program: ProgramRow,
  userId: string,
  context: { sentBy: string; publicUrl: string },
): Promise<{ email: string }> {
  const [member] = await db
    .select({ email: users.email, name: users.name, role: programMembers.role })
    .from(programMembers)
    .innerJoin(users, eq(users.id, programMembers.userId))
    .where(
      and(
        eq(programMembers.programId, program.id),
        eq(programMembers.userId, userId),
        inArray(programMembers.role, [...ASSIGNABLE_ROLES]),
      ),
    );
  if (!member) throw notFound();
  const progress = await progressOf(db, program, userId, member.role);
  await enqueueEmail(db, {
    kind: "reviewer-reminder",
    to: [member.email],
    organizationId: program.organizationId,
    ...reviewerReminderEmail({
      name: member.name,
      programName: program.name,
      sentBy: context.sentBy,
      progress,
      url: new URL("/applications", context.publicUrl).toString(),
    }),
  });
  return { email: member.email };
}
