import { and, eq, inArray, or } from "drizzle-orm";
import type { SubmissionNotice } from "../../shared/schemas/applicant-emails";
import { recordAudit } from "../audit/record";
import type { Db, Tx } from "../db/client";
import { forms, programMembers, programs, users } from "../db/schema";
import { enqueueEmails } from "../email/outbox";
import { submissionNoticeEmail } from "../email/templates";
import { type FormRef, formScope } from "../forms/service";
import { AppError } from "../http/errors";

/**
 * The notice to an admin list (forms-and-applicants, "7. The calls"), made a per-form setting
 * (docs/decisions/028): the form names which of its program's admins are told about each new submission.
 * Only people who can open the application are ever chosen or written to, and one who stops
 * administering the program stops receiving it without anyone editing the list.
 */

type ProgramScope = { programId: string; organizationId: string };

/** Who administers the program now: its ADMIN and ADMIN_REVIEWER members and its organization's admins. */
async function programAdmins(tx: Tx, scope: ProgramScope, only?: readonly string[]) {
  if (only?.length === 0) return [];
  const member = tx
    .select({ userId: programMembers.userId })
    .from(programMembers)
    .where(
      and(
        eq(programMembers.programId, scope.programId),
        inArray(programMembers.role, ["ADMIN", "ADMIN_REVIEWER"]),
      ),
    );
  return tx
    .select({ userId: users.id, name: users.name, email: users.email })
    .from(users)
    .where(
      and(
        or(eq(users.adminOrganizationId, scope.organizationId), inArray(users.id, member)),
        only ? inArray(users.id, [...only]) : undefined,
      ),
    )
    .orderBy(users.name, users.email);
}

/** The form's notice list and who may be on it. */
export async function submissionNoticeOf(db: Db, form: FormRef): Promise<SubmissionNotice> {
  const candidates = await programAdmins(db, form);
  const current = new Set(candidates.map((c) => c.userId));
  // Someone chosen who no longer administers the program is not shown: they are not written to either.
  return { recipients: form.submissionNoticeUserIds.filter((id) => current.has(id)), candidates };
}

/** Replaces the list: each one must administer the program (else 400, nothing changed). */
export async function setSubmissionNotice(
  db: Db,
  form: FormRef,
  recipients: readonly string[],
  actorUserId: string,
): Promise<SubmissionNotice> {
  const wanted = [...new Set(recipients)];
  await db.transaction(async (tx) => {
    const admins = new Set((await programAdmins(tx, form, wanted)).map((a) => a.userId));
    const strangers = wanted.filter((id) => !admins.has(id));
    if (strangers.length > 0) {
      const message = "Only the program's admins can be told about new submissions.";
      throw new AppError("VALIDATION", message, { recipients: [message] });
    }
    const [before] = await tx
      .select({ ids: forms.submissionNoticeUserIds })
      .from(forms)
      .where(eq(forms.id, form.id))
      .for("update");
    await tx
      .update(forms)
      .set({ submissionNoticeUserIds: wanted, updatedAt: new Date() })
      .where(eq(forms.id, form.id));
    const previous = before?.ids ?? [];
    if (previous.length === wanted.length && previous.every((id) => wanted.includes(id))) return;
    await recordAudit(tx, {
      ...formScope(form, actorUserId),
      action: "form.notice_changed",
      details: { recipients: { before: previous.length, after: wanted.length } },
    });
  });
  return submissionNoticeOf(db, { ...form, submissionNoticeUserIds: wanted });
}

/**
 * In the submit's transaction: one message to each chosen admin who still administers the program, with
 * the applicant's name and a link to the application in the committee's submission view.
 */
export async function enqueueSubmissionNotices(
  tx: Tx,
  submission: { id: string; formId: string; programId: string; organizationId: string; identifier: string },
  formName: string,
  submittedAt: Date,
  publicUrl: string,
): Promise<number> {
  const [form] = await tx
    .select({ ids: forms.submissionNoticeUserIds, programName: programs.name })
    .from(forms)
    .innerJoin(programs, eq(programs.id, forms.programId))
    .where(eq(forms.id, submission.formId));
  if (!form || form.ids.length === 0) return 0;
  const recipients = await programAdmins(tx, submission, form.ids);
  const url = `${publicUrl}/submissions/${submission.programId}/${submission.id}`;
  return enqueueEmails(
    tx,
    recipients.map((admin) => ({
      kind: "submission-notice",
      to: [admin.email],
      organizationId: submission.organizationId,
      ...submissionNoticeEmail({
        name: admin.name,
        applicant: submission.identifier,
        formName,
        programName: form.programName,
        submittedAt,
        url,
      }),
    })),
  );
}
