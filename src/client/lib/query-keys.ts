/** Query keys in one place: invalidating `userKeys.all(id)` refreshes everything about that user. */
export const sessionKey = ["session"] as const;

export const userKeys = {
  all: (userId: string) => ["users", userId] as const,
  profile: (userId: string) => ["users", userId, "profile"] as const,
  programs: (userId: string) => ["users", userId, "programs"] as const,
  currentProgram: (userId: string) => ["users", userId, "currentProgram"] as const,
  /** The programs page's list (with counts and the plan's allowance), not the picker's `programs`. */
  programList: (userId: string) => ["users", userId, "programList"] as const,
};

/** Manage User Access, cached under the viewer's key: signing out forgets it with the rest. */
export const programUserKeys = {
  list: (viewerId: string, programId: string) =>
    [...userKeys.all(viewerId), "programUsers", programId] as const,
};

/**
 * An organization as one user sees it (plan details only for its admin). Kept under the user's keys, so
 * invalidating `userKeys.all` refreshes it and signing out forgets it.
 */
export const organizationKeys = {
  detail: (userId: string, orgId: string) => [...userKeys.all(userId), "organization", orgId] as const,
};
