/** The name shown for an application whose applicant gave none. */
export const UNTITLED_APPLICATION = "Untitled application";

export interface TruncatedName {
  /** What fits: the first `max` characters, whole when the name is short enough. */
  text: string;
  /** The name was cut: the page shows the whole name in a tooltip and to screen readers. */
  truncated: boolean;
  /** The whole name (or the placeholder for an application without one). */
  full: string;
}

/**
 * The spec's truncation (review-and-administration, "9. Business constants and limits": 50 characters in the
 * list, 35 on ranking cards). Characters are code points, so an emoji or an accented letter made of a
 * surrogate pair is never cut in half. No ellipsis is added: the spec asks for one only in the
 * assign-reviewers table.
 */
export function truncateName(name: string, max: number): TruncatedName {
  const full = name.trim() === "" ? UNTITLED_APPLICATION : name;
  const characters = Array.from(full);
  if (characters.length <= max) return { text: full, truncated: false, full };
  return { text: characters.slice(0, Math.max(0, max)).join(""), truncated: true, full };
}
