/**
 * File-name slug lengths (review-and-administration, "9. Business constants and limits"): 60 by default, 200
 * in exports.
 */
export const SLUG_LENGTH = 60;
export const EXPORT_SLUG_LENGTH = 200;

const LIGATURES: Record<string, string> = { œ: "oe", Œ: "OE", æ: "ae", Æ: "AE", ß: "ss" };

/**
 * A file name from free text (an applicant's identifier): accents folded, anything but letters,
 * digits, dash and underscore turned into dashes, at most `max` characters; `fallback` when nothing is left.
 */
export function fileSlug(text: string, max = SLUG_LENGTH, fallback = "application"): string {
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[œŒæÆß]/g, (c) => LIGATURES[c] ?? "")
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, max)
    .replace(/-$/, "");
  return slug || fallback;
}
