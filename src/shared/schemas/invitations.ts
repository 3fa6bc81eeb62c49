import { z } from "zod";
import { programRoleSchema, signUpBodySchema } from "./users";

/**
 * The invitee's side of an invitation (decision 019). The token comes only in the invitation email,
 * so whoever holds it owns the address: they may read who invites them to what, as what.
 */
export const invitationViewSchema = z.object({
  programName: z.string(),
  organizationName: z.string(),
  invitedBy: z.string(),
  role: programRoleSchema,
  email: z.string(),
  /** An account has this address: sign in, then accept or decline. Otherwise: create it. */
  accountExists: z.boolean(),
});
export type InvitationView = z.infer<typeof invitationViewSchema>;

/** POST /api/invitations/{token}/account: the new account's name and password (the sign-up's rules). */
export const invitationAccountBodySchema = z.strictObject({
  name: signUpBodySchema.shape.displayName,
  password: signUpBodySchema.shape.password,
});

export const acceptedInvitationSchema = z.object({ programId: z.string() });

/** One of the signed-in account's pending invitations (the Programs page). */
export const myInvitationSchema = z.object({
  id: z.string(),
  programName: z.string(),
  organizationName: z.string(),
  invitedBy: z.string(),
  role: programRoleSchema,
});
export type MyInvitation = z.infer<typeof myInvitationSchema>;

/**
 * GET /api/invitations. An account whose address is not verified may have been made by someone else
 * with that address: it learns only how many invitations wait, and answers them from the email's link.
 */
export const myInvitationsSchema = z.object({
  emailVerified: z.boolean(),
  invitations: z.array(myInvitationSchema),
  unverifiedCount: z.number().int(),
});
