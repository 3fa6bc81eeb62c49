import { z } from "zod";
import { MAX_EMAIL_LENGTH, MAX_NAME_LENGTH } from "../limits";
import { MESSAGES } from "../messages";

/** An email the way the product accepts it: trimmed, lowercased, a standard address pattern. */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(MAX_EMAIL_LENGTH)
  .pipe(z.email({ message: MESSAGES.invalidEmail }));

/**
 * Line breaks, as Unicode counts them (LF, VT, FF, CR, NEL, LS, PS). A name shows on one line — in
 * lists, in headings and in the subjects of the emails that carry it — so a name never holds one.
 */
export const LINE_BREAK = /[\n\v\f\r\u0085\u2028\u2029]/;
export const hasNoLineBreak = (text: string) => !LINE_BREAK.test(text);

/** A person's name: trimmed, required, on one line. */
export const nameSchema = z
  .string()
  .trim()
  .min(1, "Required")
  .max(MAX_NAME_LENGTH)
  .refine(hasNoLineBreak, "Names must be on one line");

/** The error body every failing API call returns. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.array(z.string())).optional(),
    /** A stale save's 409 (decision 016): the value stored now, which the client shows beside its own. */
    current: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const okSchema = z.object({ ok: z.literal(true) });
