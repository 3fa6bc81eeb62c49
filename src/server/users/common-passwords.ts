import { createRequire } from "node:module";
import type { z } from "zod";
import { COMMON_PASSWORD } from "../../shared/messages";
import { passwordSchema } from "../../shared/schemas/users";
import { AppError } from "../http/errors";

/**
 * The rule every new password follows on the server (decision 021): the shared length rule
 * (`passwordSchema`: 8 to 128 characters, so long passphrases pass) and not one of the 41,622 most
 * common passwords of 8 characters or more, compared case-insensitively. The list ships with the product
 * (npm `popular-passwords`, zxcvbn's frequency lists) and is read on this machine, never sent anywhere.
 * It stays on the server: the client shows the server's field error.
 *
 * Wherever a password is set: `newPasswordSchema` to validate a body, `refuseCommonPassword` in a
 * service, `isCommonPassword` for another error shape (better-auth's hooks in auth/auth.ts).
 */

let list: ReadonlySet<string> | null = null;

/** Read once, on the first password set (about 0.6 MB of JSON, lower case already). */
function commonPasswords(): ReadonlySet<string> {
  if (list === null) {
    const words = createRequire(import.meta.url)("popular-passwords") as string[];
    list = new Set(words.map((w) => w.toLowerCase()));
  }
  return list;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** A new password in a request body: the shared length rule, then the list. */
export const newPasswordSchema = passwordSchema.refine((p) => !isCommonPassword(p), COMMON_PASSWORD);

/** For a service: a 400 with the field error the forms show under `field`. */
export function refuseCommonPassword(password: string, field = "password"): void {
  if (isCommonPassword(password)) {
    throw new AppError("VALIDATION", "Some fields are not valid.", { [field]: [COMMON_PASSWORD] });
  }
}

export type NewPassword = z.infer<typeof newPasswordSchema>;
