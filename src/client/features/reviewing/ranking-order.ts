import { REVIEW_LIMITS } from "../../../shared/schemas/reviews-constants";

/** The list with the item at `from` moved to `to` (both indexes in the original list). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return next;
  next.splice(to, 0, moved);
  return next;
}

/**
 * A drag from outside the top five into it (index 4 or lower) sets the ranking's flag
 * (review-and-administration, "4. States and transitions").
 */
export function movesIntoTopFive(from: number, to: number): boolean {
  return to < REVIEW_LIMITS.topFive && from >= REVIEW_LIMITS.topFive;
}

export interface RankingMove {
  ids: string[];
  movedIntoTopFive: boolean;
  /** "Confirm ranking": the order as it stands, accepted (docs/decisions/029-review-settings-and-rankings.md). */
  confirm?: boolean;
}

/** One drag or button press: the new order and its flag, or null when nothing moves. */
export function rankingMove(ids: readonly string[], from: number, to: number): RankingMove | null {
  const inRange = (index: number) => Number.isInteger(index) && index >= 0 && index < ids.length;
  if (!inRange(from) || !inRange(to) || from === to) return null;
  return { ids: moveItem(ids, from, to), movedIntoTopFive: movesIntoTopFive(from, to) };
}

/**
 * Two orders saved as one (the second made while the first was on its way): the newest order, flagged
 * when either move reached the top five.
 */
export function mergeRankingMoves(earlier: RankingMove, later: RankingMove): RankingMove {
  const confirm = earlier.confirm === true || later.confirm === true;
  return {
    ids: later.ids,
    movedIntoTopFive: earlier.movedIntoTopFive || later.movedIntoTopFive,
    ...(confirm ? { confirm } : {}),
  };
}

/** The order as it stands, confirmed: nothing moves. */
export function confirmation(ids: readonly string[]): RankingMove {
  return { ids: [...ids], movedIntoTopFive: false, confirm: true };
}

/**
 * The line beside Confirm ranking: when the order was last saved, and when last confirmed if ever
 * ("Last saved Mar 3, 2026, 10:15 AM · confirmed Mar 3, 2026, 10:14 AM"), or that it never was.
 */
export function rankingSavedText(
  saved: { savedAt?: string | null; confirmedAt?: string | null },
  format: (iso: string) => string,
  text: {
    rankingNeverSaved: string;
    rankingSavedAt: (when: string) => string;
    rankingConfirmedAt: (when: string) => string;
  },
): string {
  if (!saved.savedAt) return text.rankingNeverSaved;
  const line = text.rankingSavedAt(format(saved.savedAt));
  return saved.confirmedAt ? `${line} · ${text.rankingConfirmedAt(format(saved.confirmedAt))}` : line;
}

/** Ranks read from 1. */
export const rankOf = (index: number) => index + 1;
