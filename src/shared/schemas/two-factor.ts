import { z } from "zod";

/**
 * Two-factor authentication (docs/decisions/015-two-factor.md): admins add an authenticator app
 * (TOTP) to their account, and an organization may require it of its admins. The specification words none
 * of these messages; they are ours.
 */

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

/** GET /api/auth/two-factor/requirement: the signed-in user's own two-factor state. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** Names of the organizations that require it of this user as one of their admins. */
  requiredBy: z.array(z.string()),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** GET and PUT /api/organizations/{orgId}/two-factor: the organization admin's setting. */
export const organizationTwoFactorSchema = z.object({
  required: z.boolean(),
  /** "Name (email)" of each of its admins who has not set up two-factor authentication. */
  adminsWithoutTwoFactor: z.array(z.string()),
});
export type OrganizationTwoFactor = z.infer<typeof organizationTwoFactorSchema>;
export const organizationTwoFactorResultSchema = z.object({ twoFactor: organizationTwoFactorSchema });

export const updateOrganizationTwoFactorBodySchema = z.strictObject({
  required: z.boolean({ message: "Choose whether two-factor authentication is required" }),
});
