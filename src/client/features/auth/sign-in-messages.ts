/** Messages of the sign-in card that the specification does not word (so they are not in shared/messages). */
export const SIGN_IN_TEXT = {
  invalidResetLink: "This reset link is invalid or has expired.",
  passwordChanged: "Your password has been changed. Please log in.",
  invitationDeclined: "You declined the invitation. Nothing was shared with the program.",
  invitationAccountCreated: "Your account is created and the invitation accepted. Please log in.",
} as const;
