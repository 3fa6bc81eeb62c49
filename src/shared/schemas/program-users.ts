import { z } from "zod";
import { emailSchema } from "./common";
import { programRoleSchema } from "./users";

/** A row of Manage User Access: a member of the program. */
export const programUserSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: programRoleSchema,
  /** Always false: removing a user deletes the membership (kept for the seed's shape). */
  deleted: z.boolean(),
  /** Always false for a member: someone still to accept is an invitation (decision 019), listed apart. */
  invitationPending: z.boolean(),
  /** The seat this person takes in the organization's plan (admin wins over reviewer). */
  seat: z.enum(["admin", "reviewer"]),
});
export type ProgramUser = z.infer<typeof programUserSchema>;

/**
 * Seats used in the organization against the plan. A person counts once: as an admin when they
 * hold ADMIN or ADMIN_REVIEWER in any of the organization's programs, otherwise as a reviewer
 * (REVIEWER or GUEST). A limit of 0 means no limit.
 */
export const seatsSchema = z.object({
  admins: z.number().int(),
  reviewers: z.number().int(),
  adminLimit: z.number().int(),
  reviewerLimit: z.number().int(),
});
export type Seats = z.infer<typeof seatsSchema>;

/**
 * A pending invitation as the program's admins see it (decision 019): the address as typed, never a
 * name, whether or not an account has it. It takes no seat until accepted.
 */
export const programInvitationSchema = z.object({
  invitationId: z.string(),
  email: z.string(),
  name: z.literal(""),
  role: programRoleSchema,
  invitationPending: z.literal(true),
  /** The seat it will take once accepted. */
  seat: z.enum(["admin", "reviewer"]),
  /** Its link no longer works: Resend Email sends a fresh one. */
  expired: z.boolean(),
  lastSentAt: z.string(),
});
export type ProgramInvitation = z.infer<typeof programInvitationSchema>;

export const programUsersResultSchema = z.object({
  users: z.array(programUserSchema),
  invitations: z.array(programInvitationSchema),
  seats: seatsSchema,
  /** False when the organization's free trial has ended: nobody new can be invited. */
  canInvite: z.boolean(),
});
export type ProgramUsersResult = z.infer<typeof programUsersResultSchema>;

/** POST /api/programs/{id}/user — the invitation email is lowercased and trimmed. */
export const addProgramUserBodySchema = z.strictObject({
  email: emailSchema,
  role: programRoleSchema,
});

/** PATCH /api/programs/{programId}/user/{userId} */
/**
 * PATCH /api/programs/{programId}/user/{userId}. `expected` (decision 016): the role the client last
 * saw; changed meanwhile by someone else, nothing is written and the answer is 409 with the stored
 * member. Our client always sends it; the seed's call (no place for it) sets the role whatever it is.
 */
export const updateProgramUserBodySchema = z.strictObject({
  role: programRoleSchema,
  expected: z.strictObject({ role: programRoleSchema }).optional(),
});

export const programUserResultSchema = z.object({ user: programUserSchema, seats: seatsSchema });

/**
 * POST /api/programs/{id}/user: a member of another of the organization's programs is added at once
 * (`user`); anyone else is invited (`invitation`), and that answer is the same whoever owns the address.
 */
export const addProgramUserResultSchema = z.union([
  z.object({ user: programUserSchema, seats: seatsSchema }),
  z.object({ invitation: programInvitationSchema, seats: seatsSchema }),
]);

/** PATCH /api/programs/{programId}/invitation/{invitationId} */
export const updateInvitationBodySchema = z.strictObject({ role: programRoleSchema });
export const invitationResultSchema = z.object({ invitation: programInvitationSchema });
