import { userKeys } from "../../lib/query-keys";

/**
 * Export Options' cache, under the signed-in user's keys: signing out forgets it (the exports and their
 * download links are the admin's own), and changing the current program refreshes it.
 */
export const exportKeys = {
  all: (userId: string, programId: string) => [...userKeys.all(userId), "exports", programId] as const,
  list: (userId: string, programId: string) => [...exportKeys.all(userId, programId), "list"] as const,
  candidates: (userId: string, programId: string, search: string) =>
    [...exportKeys.all(userId, programId), "candidates", search] as const,
};
