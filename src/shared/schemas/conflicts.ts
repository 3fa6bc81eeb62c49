import { z } from "zod";
import { personSchema } from "./committee";
import { CONFLICT_LIMITS } from "./conflicts-constants";

// Without Zod, so a page can use them before Zod has loaded (docs/decisions/043-zod-off-the-first-paint.md).
export { CONFLICT_LIMITS, CONFLICT_MESSAGES } from "./conflicts-constants";

/**
 * Conflicts of interest (docs/decisions/036-conflicts-of-interest.md): a committee member declares that
 * they must not judge a candidate (or an admin records it for them); the candidate leaves their list and
 * their review stops counting until an admin reverts it.
 */

const id = z.string().min(1).max(64);

/** POST /api/programs/{programId}/conflicts. `userId` absent (or one's own): declaring for oneself. */
export const declareConflictBodySchema = z.strictObject({
  submissionId: id,
  userId: id.optional(),
  reason: z.string().trim().max(CONFLICT_LIMITS.reasonLength).optional(),
});
export type DeclareConflictBody = z.infer<typeof declareConflictBodySchema>;

/** POST /api/programs/{programId}/submissions/{submissionId}/no-conflict: the confirmation as stored. */
export const noConflictConfirmationSchema = z.object({
  submissionId: z.string(),
  /** When the member first confirmed (a second confirmation keeps the first). */
  confirmedAt: z.string(),
});
export type NoConflictConfirmation = z.infer<typeof noConflictConfirmationSchema>;

export const DECLARED_BY = ["self", "admin"] as const;

export const conflictSchema = z.object({
  _id: z.string(),
  submissionId: z.string(),
  identifier: z.string(),
  member: personSchema,
  reason: z.string(),
  declaredBy: z.enum(DECLARED_BY),
  /** Who wrote it (the member, or the admin on their behalf); null once that account is gone. */
  recordedBy: personSchema.nullable(),
  createdAt: z.string(),
  revertedAt: z.string().nullable(),
  revertedBy: personSchema.nullable(),
  /** The member is assigned to the candidate (directly or through a group): a replacement may be wanted. */
  assigned: z.boolean(),
});
export type Conflict = z.infer<typeof conflictSchema>;

/** A member whose email domain is the applicant's: for an admin to confirm, never applied by itself. */
export const suggestedConflictSchema = z.object({
  submissionId: z.string(),
  identifier: z.string(),
  member: personSchema,
  domain: z.string(),
});
export type SuggestedConflict = z.infer<typeof suggestedConflictSchema>;

export const conflictListSchema = z.object({
  conflicts: z.array(conflictSchema),
  /** Active (not reverted) conflicts: the admin pages' count. */
  active: z.number().int(),
  /** Admins only (empty for a member). */
  suggestions: z.array(suggestedConflictSchema),
});
export type ConflictList = z.infer<typeof conflictListSchema>;

export const replacementSchema = z.object({
  reviewer: personSchema.extend({ load: z.number().int() }).nullable(),
});
export type Replacement = z.infer<typeof replacementSchema>;

/**
 * Free-mail providers: a member and an applicant both writing from one of these says nothing about a
 * tie between them, so no conflict is suggested for it.
 */
export const FREE_MAIL_DOMAINS: readonly string[] = [
  "gmail.com",
  "googlemail.com",
  "outlook.com",
  "hotmail.com",
  "hotmail.fr",
  "live.com",
  "live.fr",
  "msn.com",
  "yahoo.com",
  "yahoo.fr",
  "ymail.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "aol.com",
  "proton.me",
  "protonmail.com",
  "pm.me",
  "gmx.com",
  "gmx.de",
  "gmx.net",
  "web.de",
  "mail.com",
  "zoho.com",
  "yandex.com",
  "yandex.ru",
  "orange.fr",
  "wanadoo.fr",
  "free.fr",
  "laposte.net",
  "sfr.fr",
  "fastmail.com",
  "tutanota.com",
  "qq.com",
  "163.com",
];

/** The domain of an address, in lower case; null when it has none. */
export function emailDomain(email: string): string | null {
  const at = email.lastIndexOf("@");
  if (at < 0 || at === email.length - 1) return null;
  return email
    .slice(at + 1)
    .trim()
    .toLowerCase();
}
