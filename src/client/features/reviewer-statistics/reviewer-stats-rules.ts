import { onFirstUse } from "../../../shared/i18n/on-first-use";
import type { ReviewerStatsRow } from "../../../shared/schemas/committee";

/**
 * Reviewer Statistics' rules (review-and-administration, "Reviewer Statistics", "6. Roles and permissions"),
 * apart from the screen. The server decides who is counted (committee members and guests, no admins, no
 * internal test accounts) and what each has assigned and reviewed; these only present it.
 */

type Counts = Pick<ReviewerStatsRow, "assigned" | "reviewed" | "role">;

/**
 * The share of the assigned applications reviewed, as a whole percentage rounded down: 100 only once
 * every one is done. null when nothing is assigned (there is no progress to speak of).
 */
export function progressPercent({ assigned, reviewed }: Counts): number | null {
  if (assigned <= 0) return null;
  return Math.min(100, Math.max(0, Math.floor((reviewed / assigned) * 100)));
}

/** "k of n", the Reviewed column. */
export function reviewedText({ assigned, reviewed }: Counts): string {
  return `${reviewed} of ${assigned}`;
}

/** What the progress bar says to a screen reader. */
export function progressValueText(counts: Counts): string {
  const percent = progressPercent(counts);
  if (percent === null) return "No applications assigned";
  return `${counts.reviewed} of ${counts.assigned} reviewed (${percent}%)`;
}

/**
 * Behind: some application assigned to them is not reviewed yet. Only then can they be reminded. A guest
 * reads without rating: never behind, whatever their counts say.
 */
export function isBehind({ assigned, reviewed, role }: Counts): boolean {
  return role !== "GUEST" && reviewed < assigned;
}

export interface ReviewerStatsSummary {
  members: number;
  reviewed: number;
  assigned: number;
  behind: number;
}

/** The figures of the line above the table. Guests read without rating: counted as members, not in the reviews. */
export function summarize(rows: readonly Counts[]): ReviewerStatsSummary {
  return rows.reduce<ReviewerStatsSummary>(
    (sum, row) => {
      const rates = row.role !== "GUEST";
      return {
        members: sum.members + 1,
        reviewed: sum.reviewed + (rates ? row.reviewed : 0),
        assigned: sum.assigned + (rates ? row.assigned : 0),
        behind: sum.behind + (isBehind(row) ? 1 : 0),
      };
    },
    { members: 0, reviewed: 0, assigned: 0, behind: 0 },
  );
}

/** The line above the table. */
export function summaryText(summary: ReviewerStatsSummary): string {
  const members = summary.members === 1 ? "1 member" : `${summary.members} members`;
  return `${members} · ${summary.reviewed} of ${summary.assigned} reviews done · ${summary.behind} behind`;
}

/**
 * Guests read what they are shown and never rate (decision 008): they are listed apart as observers, never
 * with a "0 of n" that looks like a member behind (docs/decisions/029-review-settings-and-rankings.md).
 */
export function splitObservers<T extends Pick<ReviewerStatsRow, "role">>(
  rows: readonly T[],
): { committee: T[]; observers: T[] } {
  return {
    committee: rows.filter((row) => row.role !== "GUEST"),
    observers: rows.filter((row) => row.role === "GUEST"),
  };
}

/** The line above the observers' table. */
export function observersText(count: number): string {
  return count === 1
    ? "1 guest reads the applications without rating them."
    : `${count} guests read the applications without rating them.`;
}

export type ReviewerSortKey = "name" | "progress" | "lastReviewed";
export type SortDirection = "ascending" | "descending";
export interface ReviewerSort {
  key: ReviewerSortKey;
  direction: SortDirection;
}

/** The server's order: by name. */
export const DEFAULT_REVIEWER_SORT: ReviewerSort = { key: "name", direction: "ascending" };

/** A header clicked: the same column turns around, another starts ascending (least progress, oldest first). */
export function nextSort(current: ReviewerSort, key: ReviewerSortKey): ReviewerSort {
  if (current.key !== key) return { key, direction: "ascending" };
  return { key, direction: current.direction === "ascending" ? "descending" : "ascending" };
}

const collator = onFirstUse(() => new Intl.Collator(undefined, { sensitivity: "base", numeric: true }));

function byName(a: ReviewerStatsRow, b: ReviewerStatsRow): number {
  const { compare } = collator();
  return compare(a.name, b.name) || compare(a.email, b.email);
}

function ratio(row: Counts): number | null {
  return row.assigned > 0 ? row.reviewed / row.assigned : null;
}

/**
 * The rows in the chosen order, ties by name. Progress: members with nothing assigned come last either
 * way (they have no progress to compare). Last review: "Never" counts as the oldest.
 */
export function sortReviewerRows(rows: readonly ReviewerStatsRow[], sort: ReviewerSort): ReviewerStatsRow[] {
  const sign = sort.direction === "ascending" ? 1 : -1;
  const compare = (a: ReviewerStatsRow, b: ReviewerStatsRow): number => {
    switch (sort.key) {
      case "name":
        return sign * byName(a, b);
      case "progress": {
        const ra = ratio(a);
        const rb = ratio(b);
        if (ra === null || rb === null) return (ra === null ? 1 : 0) - (rb === null ? 1 : 0) || byName(a, b);
        return sign * (ra - rb) || byName(a, b);
      }
      case "lastReviewed": {
        const ta = a.lastReviewed === null ? Number.NEGATIVE_INFINITY : Date.parse(a.lastReviewed);
        const tb = b.lastReviewed === null ? Number.NEGATIVE_INFINITY : Date.parse(b.lastReviewed);
        return (ta === tb ? 0 : sign * (ta < tb ? -1 : 1)) || byName(a, b);
      }
    }
  };
  return [...rows].sort(compare);
}
