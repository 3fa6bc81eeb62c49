/**
 * User-facing messages, word for word from the specification (plain misspellings corrected).
 * One place, so the client and the server say the same thing.
 */
export const SUPPORT_EMAIL = "support@decisionhub.example";

export const MESSAGES = {
  wrongCredentials: "Wrong user name or password!",
  notRegistered: "You are not a registered user, please contact support for assistance.",
  unknownResetEmail:
    "No user is registered with this email address. Check it and try again, or reply to the welcome email for support.",
  invalidEmail: "Invalid Email",
  passwordsDoNotMatch: "Passwords do not match",
  signUpFailedSuffix: `If you already have an account at this email address please contact us at ${SUPPORT_EMAIL} to resolve`,
  signUpFailedNoMessage: "Something went wrong. User created unsuccessfully.",
  noPrograms: "You don't have access to any programs",
  noOtherPages: "You don't have access to other pages",
  reminderSent: (email: string) => `Reminder email sent successfully to ${email}`,
  emailFailed: "Error sending email - please contact support for assistance",
} as const;

/**
 * A request refused because the page was opened at another address than the server's PUBLIC_URL
 * (docs/decisions/031-admin-and-copy-fixes.md). The server says which address it accepts; the sign-in card
 * shows this instead of "wrong user name or password", which would send the person hunting for a password.
 */
export const ORIGIN_REFUSED = {
  title: "This address is not the one this server expects",
  withAddress: (opened: string, expected: string) =>
    `This page was opened at ${opened}, but this server accepts sign-ins only at ${expected}. Open ${expected} and sign in there.`,
  withoutAddress: (opened: string) =>
    `This page was opened at ${opened}, which this server does not accept. Open the address your administrator gave you (the server's PUBLIC_URL) and sign in there.`,
} as const;

/**
 * A sign-in refused by the per-account limits (docs/decisions/013-sign-in-abuse.md; the specification has no
 * wording for it). Shared because the server answers with it and the sign-in card shows it for any 429.
 */
export const TOO_MANY_SIGN_IN_ATTEMPTS =
  "Too many sign-in attempts. Please wait a few minutes and try again.";

/**
 * A sign-in refused by the per-account limits (decision 020): the owner learns that a password reset lets
 * them in at once (it clears the account's counters and lock). The sign-in card shows it for any 429.
 */
export const SIGN_IN_LOCKED =
  "Too many sign-in attempts. Please try again later, or reset your password with “Forgot password?” to sign in at once.";

/**
 * A new password found in the list of common passwords (ASVS 2.1.7; the specification has no wording
 * for it). Shared: the server answers with it and the applicant's sign-up translates it.
 */
export const COMMON_PASSWORD = "This password is one of the most common passwords; choose another.";

/** The error page's message per code (forms-and-applicants, "8. Error catalogue"). */
export function errorPageMessage(code: string | null | undefined): string {
  switch (code) {
    case "400":
      return "We cannot handle this request.";
    case "401":
      return "You are unauthorized to access this content.";
    case "403":
      return "We understood what you are trying to do but this request is forbidden.";
    case "404":
      return "Uh Oh! We cannot find what you are looking for.";
    case "500":
      return "There was a problem internally.";
    case "501":
      return "We were unable to fulfil your request.";
    case undefined:
    case null:
    case "":
    case "No Error":
      return "Whoops... this should not have happened. Please try again!";
    default:
      return "You have run into an unknown error.";
  }
}
