/** What a refused `authClient.resetPassword` means for the person choosing a password. */
export type NewPasswordFailure =
  /** better-auth refused the password itself (too short, too long): say so at the field. */
  | "password"
  /** The server failed or is rate-limiting: the link may still be good, so try again later. */
  | "unavailable"
  /** Anything else is a stale, used or unknown token: the link is no good any more. */
  | "invalidToken";

export function newPasswordFailure(error: { status: number; code?: string | undefined }): NewPasswordFailure {
  if (error.code?.startsWith("PASSWORD_") === true) return "password";
  if (error.status >= 500 || error.status === 429) return "unavailable";
  return "invalidToken";
}
