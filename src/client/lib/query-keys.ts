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
