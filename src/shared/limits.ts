/** Constants from the specification and the product's own input limits. */
export const SESSION_HOURS = 24;
export const FREE_TRIAL_PLAN_NAME = "Free Trial";
export const FREE_TRIAL_MONTHS = 1;
/** An invitation's link works this long; Resend Email issues a fresh one (decision 019). */
export const INVITATION_DAYS = 7;
/**
 * Invitation emails (invite and resend), decision 019: per recipient address across every program and
 * organization, and per program, in fixed one-hour windows. Over either: 429 and nothing sent.
 */
export const INVITATION_EMAIL_LIMITS = {
  perRecipient: { max: 5, windowSeconds: 60 * 60 },
  perProgram: { max: 50, windowSeconds: 60 * 60 },
} as const;
/** A name quoted in an email (inviter, program, organization): one line, at most this many characters. */
export const EMAIL_NAME_MAX_LENGTH = 80;
export const PROGRAM_MENU_MAX_HEIGHT_PX = 480;
export const TOP_BAR_HEIGHT_PX = 56;
export const TOP_BAR_MIN_WIDTH_PX = 960;

/**
 * The route groups whose pages are made for a desk (a program's administration, the organization's): they
 * keep the full top bar, TOP_BAR_MIN_WIDTH_PX at least, whatever the screen. Read by the client's shell and by
 * the build's static first screen (vite.config.ts), so both draw the same bar.
 */
export const WIDE_TOP_BAR_GROUPS: ReadonlySet<string> = new Set(["ADMIN", "ORGANIZATION_ADMIN"]);

/** Input bounds: generous for people, tight enough that nobody can flood the database. */
export const MAX_NAME_LENGTH = 200;
export const MAX_EMAIL_LENGTH = 254;
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;
export const MAX_FEEDBACK_LENGTH = 5000;
export const MAX_ERROR_MESSAGE_LENGTH = 5000;
/** Whole request bodies above this are refused before parsing. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;
/** A whole form's save (`PUT /api/forms/{formId}`): a 1,000-question form is about 0.6 MB. */
export const MAX_FORM_BODY_BYTES = 8 * 1024 * 1024;
/**
 * A legacy program's zip with its attachments (POST /api/programs/import as application/zip), received as it
 * streams in and stopped past this (docs/decisions/032-legacy-program-import.md).
 */
export const MAX_LEGACY_ZIP_BYTES = 512 * 1024 * 1024;
/** Uploads (PUT to a signed address) above this are refused before reading: the largest plan's file size. */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
