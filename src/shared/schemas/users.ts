import { z } from "zod";
import { PROGRAM_ROLES } from "../authz/roles";
import { MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../limits";
import { MESSAGES } from "../messages";
import { emailSchema, nameSchema } from "./common";

/**
 * A password's length, the client's and the server's rule: at least 8 characters, passphrases up to 128.
 * The server also refuses common passwords (server/users/common-passwords.ts: the list is too large
 * for the client bundle).
 */
export const passwordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `At least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH);

/** POST /api/users/create — the seed's sign-up payload. */
export const signUpBodySchema = z.strictObject({
  displayName: nameSchema,
  email: emailSchema,
  password: passwordSchema,
  applicant: z.boolean().default(false),
  admin: z.boolean().default(true),
  organizationName: z.string().trim().max(MAX_NAME_LENGTH).optional(),
  emailConsent: z.boolean().default(false),
  /** Id of a public plan. */
  organizationPlan: z.uuid({ message: "Choose a plan" }).optional(),
});
export type SignUpBody = z.input<typeof signUpBodySchema>;

/** The sign-up form as the person sees it: the payload plus the confirmation. */
export const signUpFormSchema = z
  .object({
    displayName: nameSchema,
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string(),
    organizationName: z.string().trim().min(1, "Required").max(MAX_NAME_LENGTH),
    organizationPlan: z.string().min(1, "Required"),
    emailConsent: z.boolean(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ["confirmPassword"],
  });

export const signUpResultSchema = z.object({ userId: z.string(), organizationId: z.string().nullable() });

export const passwordResetRequestSchema = z.strictObject({ email: emailSchema });

/** First-login name entry: first and last name, stored as "first last". */
export const firstLoginNameSchema = z.object({
  firstName: nameSchema,
  lastName: nameSchema,
});
export function fullName(v: { firstName: string; lastName: string }): string {
  return `${v.firstName.trim()} ${v.lastName.trim()}`;
}

export const updateNameBodySchema = z.strictObject({ name: nameSchema });

/**
 * What better-auth's `POST /api/auth/update-user` may change: the name, under the same rules as
 * `updateNameBodySchema`; `image` only emptied (the product shows no account picture, so any address
 * there, `javascript:` included, would be stored for nothing). Other fields are better-auth's to refuse.
 */
export const authUpdateUserBodySchema = z.looseObject({
  name: nameSchema.optional(),
  image: z.union([z.null(), z.literal("")], { message: "No picture can be set for an account" }).optional(),
});
export const updateCurrentProgramBodySchema = z.strictObject({
  programId: z.string().min(1).max(64).nullable(),
});

export const programRoleSchema = z.enum(PROGRAM_ROLES);

export const userProgramSchema = z.object({
  id: z.string(),
  name: z.string(),
  organizationId: z.string(),
  organizationName: z.string(),
  /** The user's role in the program; null when they see it only as organization admin. */
  role: programRoleSchema.nullable(),
  isOrganizationAdmin: z.boolean(),
  archived: z.boolean(),
  archivedAt: z.string().nullable(),
  appVersion: z.number().int(),
});
export type UserProgram = z.infer<typeof userProgramSchema>;

export const userProfileSchema = z.object({
  userId: z.string(),
  name: z.string(),
  preferredName: z.string().nullable(),
  email: z.string(),
  applicant: z.boolean(),
  /** True when the user administers an organization. */
  admin: z.boolean(),
  adminOrganization: z.string().nullable(),
  currentProgram: z.string().nullable(),
  programs: z.array(z.object({ id: z.string(), organizationId: z.string(), role: programRoleSchema })),
  emailConsent: z.boolean(),
  /** The language chosen on applicant pages, kept with the account (docs/decisions/028); null: never chosen. */
  // Literal, not LANGUAGES: the client bundle evaluates this schema before the catalog's chunk.
  language: z.enum(["en", "fr"]).nullable(),
  /** False for an account the product does not know (no applicant flag, organization or program). */
  registered: z.boolean(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/**
 * GET /api/users/{uid} asked by anyone but the user (the spec's call table marks it public): that the
 * account exists and nothing else — no name, email, role or organization (docs/decisions/030).
 */
export const publicUserProfileSchema = z.strictObject({
  userId: z.string(),
  visibility: z.literal("public"),
});
export type PublicUserProfile = z.infer<typeof publicUserProfileSchema>;

export const userProgramsResultSchema = z.object({ programs: z.array(userProgramSchema) });

export const currentProgramResultSchema = z.object({ currentProgram: userProgramSchema.nullable() });
