import { emptyValidation } from "../../../shared/forms/defaults";
import type { Validation, ValidationType } from "../../../shared/forms/model";

/** The text validations of forms-and-applicants, "5. Validation rules", as the builder names them. */
export const TEXT_VALIDATION_CHOICES: readonly { value: ValidationType; label: string }[] = [
  { value: "WORD", label: "Word count" },
  { value: "CHAR", label: "Character count" },
  { value: "NUMBER", label: "Number" },
  { value: "EMAIL", label: "Email" },
  { value: "PHONE", label: "Phone number" },
  { value: "URL", label: "URL" },
  { value: "DATE", label: "Date (YYYY/MM/DD)" },
];

/** Validations with an "at most" or "at least" count: word and character counts, checkbox selections. */
export function isCounted(type: ValidationType | null): boolean {
  return type === null || type === "WORD" || type === "CHAR";
}

export type Bound = "max" | "min";

export const BOUND_CHOICES: readonly { value: Bound; label: string }[] = [
  { value: "max", label: "At most" },
  { value: "min", label: "At least" },
];

/** Which bound a stored validation has: "at least" only when it stores a minimum and no maximum. */
export function boundOf(validation: Validation): Bound {
  return validation.min > 0 && validation.max === 0 ? "min" : "max";
}

export function countOf(validation: Validation): number {
  return boundOf(validation) === "max" ? validation.max : validation.min;
}

/** The count under one bound; the other is 0, as the applicant side reads it. */
export function withCount(validation: Validation, bound: Bound, count: number): Validation {
  return bound === "max" ? { ...validation, max: count, min: 0 } : { ...validation, min: count, max: 0 };
}

/** A count typed by hand: digits only (empty counts as 0); null for anything else. */
export function parseCount(text: string): number | null {
  if (!/^\d*$/.test(text)) return null;
  const count = text === "" ? 0 : Number(text);
  return count > 1_000_000 ? null : count;
}

/** Turning validation on: a text question starts with a word count, a checkbox question with a selection count. */
export function activeValidation(forCheckboxes: boolean): Validation {
  return { ...emptyValidation(), active: true, type: forCheckboxes ? null : "WORD" };
}

/** review-and-administration, "9. Business constants and limits": the word limits offered in form questions. */
export const WORD_LIMIT_PRESETS = [25, 50, 100, 150, 200, 250, 300] as const;

/** The choice for "another number": the count is then typed in its own box. */
export const CUSTOM_WORD_LIMIT = "custom";

export const WORD_LIMIT_CHOICES: readonly { value: string; label: string }[] = [
  { value: "", label: "Choose a limit" },
  ...WORD_LIMIT_PRESETS.map((n) => ({ value: String(n), label: `${n} words` })),
  { value: CUSTOM_WORD_LIMIT, label: "Custom number" },
];

/** Which word-limit choice a typed count is: a preset's number, none yet (""), or the custom one. */
export function wordLimitChoice(countText: string): string {
  if (countText === "" || countText === "0") return "";
  const count = parseCount(countText);
  return count !== null && (WORD_LIMIT_PRESETS as readonly number[]).includes(count)
    ? String(count)
    : CUSTOM_WORD_LIMIT;
}
