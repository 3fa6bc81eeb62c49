import { COMMITTEE_LIMITS } from "../../../shared/schemas/committee";
import { ASSIGN_TEXT } from "./assign-messages";

export const ELLIPSIS = "…";

export interface ApplicantName {
  /** What the cell shows: the name, or its first 60 characters and an ellipsis. */
  text: string;
  truncated: boolean;
  /** The whole name (or the placeholder for an application without one): tooltip, screen readers, labels. */
  full: string;
}

/** The name the row's controls are labelled with: never empty, so every label says which application. */
export function applicantLabel(identifier: string): string {
  return identifier.trim() === "" ? ASSIGN_TEXT.untitled : identifier.trim();
}

/**
 * The spec's truncation for this table (review-and-administration, "9. Business constants and limits":
 * "applicant name 60 characters plus ellipsis"). Characters are code points, so a surrogate pair (an emoji,
 * some accented letters) is never cut in half.
 */
export function truncateApplicantName(identifier: string, max: number = COMMITTEE_LIMITS.assignNameLength) {
  const full = applicantLabel(identifier);
  const characters = Array.from(full);
  if (characters.length <= max) return { text: full, truncated: false, full } satisfies ApplicantName;
  return {
    text: `${characters.slice(0, Math.max(0, max)).join("")}${ELLIPSIS}`,
    truncated: true,
    full,
  } satisfies ApplicantName;
}
