import type { Section } from "../../../shared/forms/model";
import { NOT_RATED } from "../../../shared/schemas/reviews-constants";
import { REVIEWING_TEXT } from "./reviewing-messages";

/** A section's rating (appVersion 0/2) and a criterion's default scale: 1 to 5. */
export const DEFAULT_SCALE = 5;
const ALLOWED_INCREMENTS = [1, 0.5];

/** The organization's rating step: 1 or 0.5 (anything else the server might send falls back to 1). */
export function ratingIncrement(increment: number): number {
  return ALLOWED_INCREMENTS.includes(increment) ? increment : 1;
}

/** Two decimals at most, without float noise (0.1 + 0.2 style sums). */
function tidy(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The values a reviewer can pick on a scale: 1 to `maxScale` in steps of the increment (1, 1.5 … 5). */
export function ratingSteps(maxScale: number, increment: number): number[] {
  const step = ratingIncrement(increment);
  const top = Number.isFinite(maxScale) && maxScale >= 1 ? Math.floor(maxScale) : DEFAULT_SCALE;
  // Counted in whole steps so that 0.5 increments never drift (1 + 17 × 0.5 is exactly 9.5).
  const count = Math.round((top - 1) / step);
  return Array.from({ length: count + 1 }, (_, i) => tidy(1 + i * step));
}

/**
 * The choices a control offers: the scale's steps, plus the stored value when it is off them (a 0 from
 * older data, or a half after the organization went back to whole steps) so that it still shows as chosen.
 * "Not rated" (-1) is offered separately by the control.
 */
export function ratingChoices(maxScale: number, increment: number, current: number): number[] {
  const steps = ratingSteps(maxScale, increment);
  if (current === NOT_RATED || !Number.isFinite(current) || steps.includes(current)) return steps;
  return [...steps, current].sort((a, b) => a - b);
}

/**
 * The scale the overall rating of an appVersion 3 review is shown on: 10 when any rated criterion uses
 * a 10-point scale, else 5 (docs/decisions/008). Other versions rate on 1 to 5.
 */
export function overallScale(appVersion: number, sections: readonly Section[]): number {
  if (appVersion !== 3) return DEFAULT_SCALE;
  const tenPoint = sections.some((section) =>
    section.criteria.some((criterion) => criterion.type === "SCALE" && criterion.maxScale === 10),
  );
  return tenPoint ? 10 : DEFAULT_SCALE;
}

/** A rating as text: "4", "3.5", "3.33"; -1 is "Not rated" and 0 is "0" (a value, not a gap). */
export function formatRating(value: number): string {
  if (value === NOT_RATED || !Number.isFinite(value) || value < 0) return REVIEWING_TEXT.notRated;
  return String(tidy(value));
}

/** "3.5 out of 5", or "Not rated". */
export function ratingOutOf(value: number, scale: number): string {
  const text = formatRating(value);
  return text === REVIEWING_TEXT.notRated ? text : `${text} out of ${scale}`;
}

/** "x 2 weight": how much a criterion counts (the spec's "x weight", appVersion 3). */
export function weightLabel(weight: number): string {
  return `x ${tidy(weight)} weight`;
}
