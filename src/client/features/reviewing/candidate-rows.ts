import { formatDollars } from "../../../shared/i18n/money";
import type { CandidateRow, DecisionStatus } from "../../../shared/schemas/reviews";
import { REVIEW_MESSAGES } from "../../../shared/schemas/reviews-constants";
import { dateFormat } from "../../lib/date-format";

/** A row of step 1 as Admin Mode tells them apart: tests (green edge), drafts (red edge), the rest. */
export type RowKind = "submitted" | "draft" | "test";

export function rowKind(row: Pick<CandidateRow, "draft" | "test">): RowKind {
  if (row.test) return "test";
  if (row.draft) return "draft";
  return "submitted";
}

/** The words said with the colour, so the state never depends on seeing it (WCAG 1.4.1). */
export const ROW_KIND_LABELS: Record<Exclude<RowKind, "submitted">, string> = {
  draft: "Draft",
  test: "Test",
};

/**
 * Force submit sets the submission date: only a draft has none (review-and-administration,
 * "4. States and transitions").
 */
export function canForceSubmit(row: Pick<CandidateRow, "draft">): boolean {
  return row.draft;
}

/** Mark as test is offered only for drafts that are not already tests (soft-deleted). */
export function canMarkAsTest(row: Pick<CandidateRow, "draft" | "test">): boolean {
  return row.draft && !row.test;
}

export const STATUS_LABELS: Record<DecisionStatus, string> = {
  pending: "Pending",
  approved: "Approved",
  disapproved: "Disapproved",
};

/**
 * Amounts show with a $ prefix (review-and-administration, "9. Business constants and limits"): "$1,500",
 * "$1,500.50"; none set is "Not set".
 */
export function formatAmount(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return "Not set";
  return formatDollars(amount);
}

/** "Last Review Edit": when the caller last changed their review of the row, or "Never". */
export function lastReviewedLabel(
  iso: string | null,
  format: Intl.DateTimeFormat = dateFormat("en", "dateTime"),
): string {
  if (iso === null) return REVIEW_MESSAGES.never;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? REVIEW_MESSAGES.never : format.format(date);
}

/** Pages of the server-paged list: at least one, so the pager never reads "page 1 of 0". */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/** A page number from the address bar: a whole number from 1, else 1. */
export function pageFromSearch(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
