import { z } from "zod";
import { fileSlug } from "../file-names";

/**
 * A form's stable public address, /apply/{organization}/{form}: it always opens the form's latest
 * applicant link, so a link published on a website survives a reopening (docs/decisions/027-stable-form-address.md).
 * Both parts are slugs: lower-case letters, digits and single dashes.
 */
export const ADDRESS_SLUG_MAX = 60;
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const ADDRESS_MESSAGES = {
  invalid: "Use lower-case letters, digits and single dashes (for example community-grants-2026).",
  taken: "Another form of your organization already has this address.",
} as const;

export const addressSlugSchema = z
  .string()
  .trim()
  .min(1, "Enter an address")
  .max(ADDRESS_SLUG_MAX, `At most ${ADDRESS_SLUG_MAX} characters`)
  .regex(SLUG_PATTERN, ADDRESS_MESSAGES.invalid);

/** A slug from a name: accents folded, lower case, anything else a dash; `fallback` when nothing is left. */
export function addressSlug(name: string, fallback: string): string {
  const slug = fileSlug(name, ADDRESS_SLUG_MAX, fallback)
    .toLowerCase()
    .replace(/_/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^-|-$/g, "");
  return slug || fallback;
}

/** The n-th candidate for a taken slug: `name`, then `name-2`, `name-3`… kept within the length. */
export function numberedSlug(base: string, n: number): string {
  if (n <= 1) return base;
  const suffix = `-${n}`;
  return `${base.slice(0, ADDRESS_SLUG_MAX - suffix.length).replace(/-$/, "")}${suffix}`;
}

/** The address's path, as the browser opens it. */
export function applyPath(organizationSlug: string, formSlug: string): string {
  return `/apply/${encodeURIComponent(organizationSlug)}/${encodeURIComponent(formSlug)}`;
}

/** PUT /api/forms/{formId}/address: the form's part of its address. */
export const formAddressBodySchema = z.strictObject({ slug: addressSlugSchema });

/** The address's two parts as the builder shows them (null until the form first gets one). */
export const formAddressSchema = z.object({ organization: z.string(), form: z.string() }).nullable();
