import { formatAmount } from "../../../shared/email/committee-template";
import { onFirstUse } from "../../../shared/i18n/on-first-use";
import type { FundingStats } from "../../../shared/schemas/committee";
import type { DecisionStatus } from "../../../shared/schemas/reviews";

/** How numbers of the candidate table read. null means "no value" (no reviews, never ranked). */

const twoDecimals = onFirstUse(
  () => new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
);

/**
 * Ratings, disagreement and the average ranking, always to 2 decimals (review-and-administration,
 * "9. Business constants and limits" for the suggested rating).
 */
export function formatDecimal(value: number | null): string | null {
  return value === null || !Number.isFinite(value) ? null : twoDecimals().format(value);
}

/** "ranked by k of n": in how many of the committee's stacked rankings the candidate appears. */
export function rankedByLabel(rankedBy: number, totalRankings: number): string {
  if (totalRankings <= 0) return "no stacked rankings yet";
  return `ranked by ${rankedBy} of ${totalRankings}`;
}

/** "3", or "3 (tie)" when other candidates share the consensus rank. */
export function formatConsensusRank(rank: number | null, tied: ReadonlySet<number>): string | null {
  if (rank === null) return null;
  return tied.has(rank) ? `${rank} (tie)` : String(rank);
}

export function reviewCountLabel(count: number): string {
  return count === 1 ? "1 review" : `${count} reviews`;
}

export const STATUS_LABELS: Record<DecisionStatus, string> = {
  pending: "Pending",
  approved: "Approved",
  disapproved: "Disapproved",
};

export interface HistogramBar {
  /** The rating as shown ("4", "3.5"). */
  rating: string;
  count: number;
  /** The bar's length, relative to the most frequent rating (0–1). */
  share: number;
}

/** A candidate's ratings, highest first, with bar lengths relative to the most common one. */
export function histogramBars(histogram: Readonly<Record<string, number>>): HistogramBar[] {
  const entries = Object.entries(histogram)
    .map(([rating, count]) => ({ value: Number(rating), rating, count }))
    .filter((entry) => Number.isFinite(entry.value) && entry.count > 0)
    .sort((a, b) => b.value - a.value);
  const most = Math.max(1, ...entries.map((entry) => entry.count));
  return entries.map(({ value, count }) => ({
    rating: String(Math.round(value * 100) / 100),
    count,
    share: count / most,
  }));
}

export interface FundingFact {
  label: string;
  value: string;
}

/**
 * The funding statistics as the page lists them: amounts with a $ prefix (review-and-administration,
 * "9. Business constants and limits"), counts as they are.
 */
export function fundingFacts(stats: FundingStats): FundingFact[] {
  return [
    { label: "Total funding", value: formatAmount(stats.totalFunding) },
    { label: "Average funding (approved)", value: formatAmount(stats.averageFunding) },
    { label: "Approved", value: String(stats.approved) },
    { label: "Disapproved", value: String(stats.disapproved) },
    { label: "Pending", value: String(stats.pending) },
  ];
}
