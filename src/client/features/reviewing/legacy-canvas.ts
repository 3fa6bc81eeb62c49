import type { Section } from "../../../shared/forms/model";
import { TEMPLATE_OTHER_SECTION_ID } from "../../../shared/review/templates";
import type { Review } from "../../../shared/schemas/reviews";
import { NOT_RATED } from "../../../shared/schemas/reviews-constants";
import type { ReviewDraft } from "./review-state";

/**
 * Legacy programs (appVersion 1, review-and-administration, "1. What the product does and for whom",
 * "2. Screens and routes", "3. Entities and their fields", "9. Business constants and limits";
 * docs/decisions/008 "Legacy programs").
 *
 * A legacy application is a submission of an appVersion 1 program, reviewed on
 * /submissions/legacy/{programId}/{appId}. Its review has nine fixed canvas entries, `canvas_1` …
 * `canvas_9` (each unrated at -1 until rated 1–5), plus the Final Rating (the review's overall rating,
 * entered by hand) whose comments use the section id "final".
 *
 * The model: the form's Decision Canvas sections — its live sections other than the administrative
 * ones, in form order — ARE the nine entries. The i-th of them (1-based) is rated and commented on as
 * `canvas_i`. Sections beyond the ninth are shown but neither rated nor commented on (the server takes
 * only the nine ids); when the form has fewer than nine, the missing entries are not shown, and their
 * saved ratings travel unchanged with every save. The page's title is the organization name, which is
 * the submission's identifier.
 */

export const LEGACY_APP_VERSION = 1;
export const LEGACY_CANVAS_COUNT = 9;
/** canvas_1 … canvas_9, in order. */
export const LEGACY_CANVAS_IDS: readonly string[] = Array.from(
  { length: LEGACY_CANVAS_COUNT },
  (_, i) => `canvas_${i + 1}`,
);
/** The Final Rating section's comments are filed under this id. */
export const LEGACY_FINAL_SECTION_ID = "final";

export function isLegacyProgram(program: { appVersion: number }): boolean {
  return program.appVersion === LEGACY_APP_VERSION;
}

/** Variants whose text keeps its dashes whole (their own names contain one). */
const KEPT_VARIANTS = ["one-line", "covid-19"];

/**
 * A leading number of one or two digits, then its dash separator: spaced on at least one side
 * ("1 - ", "1- ", "1 -"), or a bare dash followed by neither a digit nor a space ("1-Problem"). A bare
 * dash between digits ("10-12 months") is a range, not a separator. Hyphen, en and em dashes count.
 */
const NUMBERED_SEPARATOR = /^(\s*\d{1,2})(?:\s+[-–—]\s*|[-–—]\s+|[-–—](?=[^\d\s]))/u;

/**
 * The Decision Canvas question text on the legacy page (review-and-administration, "2. Screens and routes"):
 * the dash after a leading number becomes a dot — "1 - Problem" → "1. Problem", "2-Solution" → "2. Solution"
 * — only the first one, so later dashes stay ("3 - Cost - Benefit" → "3. Cost - Benefit"). Text that names
 * the One-Line or COVID-19 variant (any letter case) is left exactly as it is, and so is text without a
 * leading number.
 */
export function canvasQuestionText(text: string): string {
  const lower = text.toLowerCase();
  if (KEPT_VARIANTS.some((variant) => lower.includes(variant))) return text;
  const match = NUMBERED_SEPARATOR.exec(text);
  if (match === null) return text;
  const rest = text.slice(match[0].length);
  return rest === "" ? `${match[1]}.` : `${match[1]}. ${rest}`;
}

export interface LegacyCanvasEntry {
  /** 1-based position in the Decision Canvas. */
  number: number;
  /** `canvas_i`: the id the entry is rated and commented on; null beyond the ninth section. */
  canvasId: string | null;
  /** The entry's heading: the section's name through `canvasQuestionText`, or "Canvas entry N". */
  title: string;
  /** The section with its question texts through `canvasQuestionText` (answers are keyed by question). */
  section: Section;
  /** A review template's "Other": the answers none of its rules places, shown and never rated. */
  other: boolean;
}

/**
 * The Decision Canvas of a legacy application, from its canvas sections (live, non-administrative,
 * in form order — `splitSections(...).canvas`): the i-th is `canvas_i`, up to nine. When the server has
 * arranged them by the program's review template (`arranged`; docs/decisions/040-review-templates.md),
 * each section's id is its canvas id instead, and "Other" has none.
 */
export function legacyCanvasEntries(canvas: readonly Section[], arranged = false): LegacyCanvasEntry[] {
  return canvas.map((section, index) => {
    const canvasId = arranged
      ? LEGACY_CANVAS_IDS.includes(section._id)
        ? section._id
        : null
      : (LEGACY_CANVAS_IDS[index] ?? null);
    const number = canvasId === null ? index + 1 : LEGACY_CANVAS_IDS.indexOf(canvasId) + 1;
    const title = canvasQuestionText(section.name.trim());
    return {
      number,
      canvasId,
      other: arranged && section._id === TEMPLATE_OTHER_SECTION_ID,
      title: title === "" ? `Canvas entry ${number}` : title,
      section: {
        ...section,
        questions: section.questions.map((question) => ({
          ...question,
          name: canvasQuestionText(question.name),
        })),
      },
    };
  });
}

/**
 * What the legacy page edits: always the nine canvas entries in order, each with its saved rating or
 * -1, and the Final Rating (the review's overall). Ids outside the nine are dropped (the server refuses
 * them), so a save always sends exactly canvas_1 … canvas_9.
 */
export function legacyDraft(review: Pick<Review, "sections" | "rating">): ReviewDraft {
  const saved = new Map(review.sections.map((section) => [section.sectionId, section.rating]));
  return {
    sections: LEGACY_CANVAS_IDS.map((sectionId) => ({
      sectionId,
      rating: saved.get(sectionId) ?? NOT_RATED,
      criteria: [],
    })),
    rating: review.rating,
  };
}
