import { REVIEW_LIMITS } from "../../../shared/schemas/reviews";

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
  return { ids: later.ids, movedIntoTopFive: earlier.movedIntoTopFive || later.movedIntoTopFive };
}

/** Ranks read from 1. */
export const rankOf = (index: number) => index + 1;
