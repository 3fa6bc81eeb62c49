import { userKeys } from "../../lib/query-keys";
import type { CandidatePageQuery } from "./candidate-table-model";

/**
 * The Candidate Statistics page's cache, under the signed-in user's keys: signing out forgets it, and
 * changing the current program (which invalidates `userKeys.all`) refreshes it.
 */
export const candidateStatisticsKeys = {
  all: (userId: string, programId: string) =>
    [...userKeys.all(userId), "candidateStatistics", programId] as const,
  /** Every page of the candidate table, whatever its order and filters. */
  candidates: (userId: string, programId: string) =>
    [...candidateStatisticsKeys.all(userId, programId), "candidates"] as const,
  candidatePage: (userId: string, programId: string, query: CandidatePageQuery) =>
    [...candidateStatisticsKeys.candidates(userId, programId), query] as const,
  funding: (userId: string, programId: string) =>
    [...candidateStatisticsKeys.all(userId, programId), "funding"] as const,
};
