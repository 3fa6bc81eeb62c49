/** Messages of the sign-in card that the specification does not word (so they are not in shared/messages). */
export const SIGN_IN_TEXT = {
  invalidResetLink: "This reset link is invalid or has expired.",
  passwordChanged: "Your password has been changed. Please log in.",
  invitationExpired:
    "This invitation link has expired. Ask your program admin to resend the invitation email, or use Forgot password.",
  invitationPasswordSet: "Your password is set. Please log in.",
} as const;
