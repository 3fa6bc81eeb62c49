export const TWO_FACTOR_TEXT = {
  /** The 403 of every admin-only API while the requirement is not met (error code TWO_FACTOR_REQUIRED). */
  required:
    "Your organization requires two-factor authentication for admins. Set up two-factor authentication in your account settings to use admin features.",
  adminsOnly: "Two-factor authentication is available to admins.",
  cannotDisableWhileRequired:
    "Your organization requires two-factor authentication for admins, so it cannot be turned off.",
  setUpYourOwnFirst:
    "Set up two-factor authentication for your own account before requiring it for your organization's admins.",
  wrongCode: "That code is not right. Check your authenticator app and try again.",
  wrongBackupCode: "That backup code is not right, or it has been used already.",
  wrongPassword: "That password is not right.",
  challengeExpired: "The sign-in took too long. Please log in again.",
} as const;
