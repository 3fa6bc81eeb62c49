import type { ActorName } from "./actors";

/**
 * Holes the matrix found and that are not fixed yet: the table holds what SHOULD happen; each gap
 * names the case and actor whose answer differs today. Their tests are `it.fails`, so a fix makes them
 * fail until the gap is removed from this list.
 */
export interface KnownGap {
  /** caseName() of the row. */
  case: string;
  actor: ActorName;
  /** For the direct-object sweep: the placeholder swapped for someone else's value. */
  reference?: string;
  /** What happens today, and why it is wrong. */
  today: string;
}

export const KNOWN_GAPS: KnownGap[] = [];
