import type { PageAnchor } from "./page-anchor";
import { userKeys } from "./query-keys";

/**
 * The reviewing pages' cache, under the signed-in user's keys: signing out forgets it, and changing the
 * current program (which invalidates `userKeys.all`) refreshes it.
 */
export const reviewingKeys = {
  all: (userId: string) => [...userKeys.all(userId), "reviewing"] as const,
  /** Every page of step 1's list for a program (a saved review changes ratings and progress on all). */
  lists: (userId: string, programId: string) =>
    [...reviewingKeys.all(userId), "candidates", programId] as const,
  /** One page; reached by Next or Previous, also its anchor (the same page read from elsewhere may differ). */
  list: (userId: string, programId: string, adminMode: boolean, page: number, anchor: PageAnchor = {}) =>
    [...reviewingKeys.lists(userId, programId), { adminMode, page, ...anchor }] as const,
  candidate: (userId: string, programId: string, submissionId: string) =>
    [...reviewingKeys.all(userId), "candidate", programId, submissionId] as const,
  ranking: (userId: string, programId: string) =>
    [...reviewingKeys.all(userId), "ranking", programId] as const,
};
