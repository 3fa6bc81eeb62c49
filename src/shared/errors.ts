/** Error codes the client can switch on. The HTTP status for each lives with the code. */
export const ERROR_STATUS = {
  VALIDATION: 400,
  BODY_TOO_LARGE: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN_ORIGIN: 403,
  /** An admin-only call by an admin whose organization requires two-factor authentication they have not set up. */
  TWO_FACTOR_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** A form save based on an older revision: someone else saved in between. */
  STALE_REVISION: 409,
  /** A structure edit of a published form. */
  FORM_LOCKED: 409,
  EMAIL_TAKEN: 409,
  /** The form does not take responses now (closed, or unpublished). */
  FORM_CLOSED: 409,
  /** A change to an application that has been submitted. */
  SUBMITTED: 409,
  UNKNOWN_EMAIL: 404,
  PLAN_LIMIT: 403,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;
