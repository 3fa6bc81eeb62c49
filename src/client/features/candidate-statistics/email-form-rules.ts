import type { z } from "zod";
import { fillTemplate } from "../../../shared/email/committee-template";
import {
  COMMITTEE_MESSAGES,
  type CustomEmailResult,
  customEmailBodySchema,
  DEFAULT_EMAIL_TEMPLATE,
} from "../../../shared/schemas/committee";

/**
 * The Send Emails dialog's rules (review-and-administration, "5. Validation rules", "8. Error catalogue"),
 * apart from the screen. They check the form with the very schema the server validates the request with, so
 * the dialog never enables Send for a message the server would refuse, nor disables it for one it would take.
 */

/** What the person typed. */
export interface EmailDraft {
  subject: string;
  body: string;
  replyTo: string;
  bcc: string;
}

/** The fields of the dialog that can be wrong, named as in the request. */
export type EmailField = "subject" | "body" | "replyTo" | "bcc" | "submissionIds";

/** The request as it goes to POST /api/email/custom (trimmed, addresses lowercased, defaults applied). */
export type CustomEmailRequest = z.output<typeof customEmailBodySchema>;

export interface EmailFormCheck {
  /** The request to send, or null while any rule fails (Send is then disabled). */
  request: CustomEmailRequest | null;
  /** The first message per failing field: "Invalid Email" for reply-to and bcc. */
  errors: Partial<Record<EmailField, string>>;
}

/** Every opening starts from the committee's template (subject and body), with no reply-to or bcc. */
export function initialEmailDraft(): EmailDraft {
  return { subject: DEFAULT_EMAIL_TEMPLATE.subject, body: DEFAULT_EMAIL_TEMPLATE.body, replyTo: "", bcc: "" };
}

const FIELDS: readonly EmailField[] = ["subject", "body", "replyTo", "bcc", "submissionIds"];

/**
 * Checks the draft for these recipients. The idempotency key is part of the request, so the request
 * returned is exactly what is sent, retries included.
 */
export function checkEmailForm(input: {
  programId: string;
  submissionIds: readonly string[];
  draft: EmailDraft;
  idempotencyKey: string;
}): EmailFormCheck {
  const parsed = customEmailBodySchema.safeParse({
    programId: input.programId,
    // A candidate picked twice is still emailed once.
    submissionIds: [...new Set(input.submissionIds)],
    ...input.draft,
    idempotencyKey: input.idempotencyKey,
  });
  if (parsed.success) return { request: parsed.data, errors: {} };
  const errors: Partial<Record<EmailField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = FIELDS.find((name) => name === issue.path[0]);
    if (field !== undefined && errors[field] === undefined) errors[field] = issue.message;
  }
  return { request: null, errors };
}

/** Why Send is disabled, in words, for the note beside it (the fields themselves say what is wrong). */
export function sendBlockedReasons(errors: EmailFormCheck["errors"]): string[] {
  const reasons: string[] = [];
  if (errors.submissionIds !== undefined) reasons.push("Choose at least one recipient.");
  if (errors.subject !== undefined) reasons.push(`Subject: ${errors.subject}`);
  if (errors.body !== undefined) reasons.push(`Body: ${errors.body}`);
  if (errors.replyTo !== undefined) reasons.push(`Reply-to: ${errors.replyTo}`);
  if (errors.bcc !== undefined) reasons.push(`Bcc: ${errors.bcc}`);
  return reasons;
}

/** The recipient the preview is filled for. */
export interface PreviewRecipient {
  identifier: string;
  amount: number | null;
}

/**
 * The email as the first recipient will read it. The dialog knows the application's identifier, not the
 * applicant's account name, so the preview puts the identifier for {{name}} (the dialog says so); the
 * server fills the real name.
 */
export function previewEmail(draft: Pick<EmailDraft, "subject" | "body">, recipient: PreviewRecipient) {
  const values = { name: recipient.identifier, application: recipient.identifier, amount: recipient.amount };
  return { subject: fillTemplate(draft.subject, values), body: fillTemplate(draft.body, values) };
}

/** What the result alert says after a send. */
export type SendOutcome =
  | { kind: "sent"; accepted: string[]; rejected: string[] }
  /** Nothing was accepted, or the call failed: the spec's one message, with the refused addresses if known. */
  | { kind: "failed"; message: string; rejected: string[] };

export function sendOutcome(result: CustomEmailResult): SendOutcome {
  if (result.accepted.length === 0) {
    return { kind: "failed", message: COMMITTEE_MESSAGES.emailFailed, rejected: result.rejected };
  }
  return { kind: "sent", accepted: result.accepted, rejected: result.rejected };
}

export const SEND_FAILED: SendOutcome = {
  kind: "failed",
  message: COMMITTEE_MESSAGES.emailFailed,
  rejected: [],
};

/** An address of the result alert, once, with how many emails went to it (an applicant with two applications). */
export interface AddressCount {
  address: string;
  count: number;
}

export function countAddresses(addresses: readonly string[]): AddressCount[] {
  const counts = new Map<string, number>();
  for (const address of addresses) counts.set(address, (counts.get(address) ?? 0) + 1);
  return [...counts].map(([address, count]) => ({ address, count }));
}
