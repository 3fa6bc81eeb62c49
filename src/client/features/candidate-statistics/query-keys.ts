import { userKeys } from "../../lib/query-keys";

/**
 * The Candidate Statistics page's cache, under the signed-in user's keys: signing out forgets it, and
 * changing the current program (which invalidates `userKeys.all`) refreshes it.
 */
export const candidateStatisticsKeys = {
  all: (userId: string, programId: string) =>
    [...userKeys.all(userId), "candidateStatistics", programId] as const,
  candidates: (userId: string, programId: string) =>
    [...candidateStatisticsKeys.all(userId, programId), "candidates"] as const,
  funding: (userId: string, programId: string) =>
    [...candidateStatisticsKeys.all(userId, programId), "funding"] as const,
};
