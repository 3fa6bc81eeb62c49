import { userKeys } from "../../lib/query-keys";
import type { AssignView } from "./assign-view";

/**
 * Assign Reviewers' cache, under the signed-in user's keys: signing out forgets it, and changing the
 * current program (which invalidates `userKeys.all`) refreshes it.
 */
export const assignKeys = {
  all: (userId: string) => [...userKeys.all(userId), "assignReviewers"] as const,
  /** Every page and search of the program's assignment list (a group renamed shows on all of them). */
  lists: (userId: string, programId: string) => [...assignKeys.all(userId), "list", programId] as const,
  list: (userId: string, programId: string, view: AssignView) =>
    [...assignKeys.lists(userId, programId), view] as const,
  groups: (userId: string, programId: string) => [...assignKeys.all(userId), "groups", programId] as const,
  /** Mutation keys of the per-row saves: the list is refreshed once the last of them settles. */
  saves: (userId: string, programId: string) => [...assignKeys.all(userId), "save", programId] as const,
  rowSaves: (userId: string, programId: string, submissionId: string) =>
    [...assignKeys.saves(userId, programId), submissionId] as const,
};
