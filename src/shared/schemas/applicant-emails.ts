import { z } from "zod";

/**
 * The applicant's emails beyond the spec's one call (docs/decisions/028): the link a guest asks for to
 * continue in another browser, the per-form notice to chosen admins, and the language kept with an account.
 */

/** How long a guest's link to continue (and the one in a guest's receipt) works, once. */
export const CONTINUE_LINK_HOURS = 72;

/** Where the emailed link opens: the token after `#`, so it never reaches a server log or a Referer. */
export const CONTINUE_PATH = "/continue-application";

export const continueLinkResultSchema = z.object({
  /** The contact email the link was sent to (the guest typed it: nothing is revealed). */
  email: z.string(),
  hours: z.number().int(),
});
export type ContinueLinkResult = z.infer<typeof continueLinkResultSchema>;

export const redeemContinueLinkBodySchema = z.strictObject({
  token: z
    .string()
    .min(32)
    .max(200)
    .regex(/^[\w-]+$/, "Not a link token"),
});

export const redeemContinueLinkResultSchema = z.object({
  submissionId: z.string(),
  /** The applicant link the application was started on (null when that link was deleted). */
  linkId: z.string().nullable(),
  /** The new guest token of the application: this browser's key from now on. */
  token: z.string(),
});
export type RedeemContinueLinkResult = z.infer<typeof redeemContinueLinkResultSchema>;

/** At most this many admins are told about each new submission of one form. */
export const SUBMISSION_NOTICE_MAX = 50;

export const submissionNoticeBodySchema = z.strictObject({
  /** The program's admins to tell, by user id; empty turns the notice off. */
  recipients: z.array(z.string().min(1).max(64)).max(SUBMISSION_NOTICE_MAX),
});

export const submissionNoticeSchema = z.object({
  recipients: z.array(z.string()),
  /** Who may be chosen: the program's admins (ADMIN and ADMIN_REVIEWER members, the organization admin). */
  candidates: z.array(z.object({ userId: z.string(), name: z.string(), email: z.string() })),
});
export type SubmissionNotice = z.infer<typeof submissionNoticeSchema>;

export const languageBodySchema = z.strictObject({ language: z.enum(["en", "fr"]) });
