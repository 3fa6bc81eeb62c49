import { z } from "zod";
import { MAX_ERROR_MESSAGE_LENGTH, MAX_FEEDBACK_LENGTH, MAX_NAME_LENGTH } from "../limits";
import { EXPERIENCES, FEEDBACK_TYPES } from "./support-constants";

// Without Zod, so a page can use them before Zod has loaded (docs/decisions/043-zod-off-the-first-paint.md).
export { EXPERIENCES, FEEDBACK_TYPES } from "./support-constants";

/** POST /api/email — the Submit Feedback popover. */
export const feedbackBodySchema = z.strictObject({
  userId: z.string().max(64).optional(),
  user: z.string().max(MAX_NAME_LENGTH).optional(),
  experience: z.enum(EXPERIENCES),
  feedbackType: z.enum(FEEDBACK_TYPES),
  comment: z.string().trim().min(1, "Required").max(MAX_FEEDBACK_LENGTH),
});
export type FeedbackBody = z.infer<typeof feedbackBodySchema>;

/** POST /api/email/error — what the error page reports. */
export const errorReportBodySchema = z.strictObject({
  code: z.string().max(32),
  message: z.string().max(MAX_ERROR_MESSAGE_LENGTH),
  userId: z.string().max(64).nullable().optional(),
  user: z.string().max(MAX_NAME_LENGTH).nullable().optional(),
  path: z.string().max(2000).optional(),
});

/**
 * Its answer: the report's id, which the error page shows so that whoever writes to support can name
 * the report (the page shows nothing else of what the link said).
 */
export const errorReportResultSchema = z.object({ ok: z.literal(true), reportId: z.string() });

export const mailboxMessageSchema = z.object({
  id: z.string(),
  kind: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  status: z.string(),
  createdAt: z.string(),
});
export type MailboxMessage = z.infer<typeof mailboxMessageSchema>;

export const mailboxResultSchema = z.object({ messages: z.array(mailboxMessageSchema) });
