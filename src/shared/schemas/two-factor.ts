import { z } from "zod";

// Without Zod, so a page can use them before Zod has loaded (docs/decisions/043-zod-off-the-first-paint.md).
export { TWO_FACTOR_TEXT } from "./two-factor-constants";

/**
 * Two-factor authentication (docs/decisions/015-two-factor.md): admins add an authenticator app
 * (TOTP) to their account, and an organization may require it of its admins. The specification words none
 * of these messages; they are ours.
 */

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
