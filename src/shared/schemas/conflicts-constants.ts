export const CONFLICT_LIMITS = {
  reasonLength: 1000,
  /** The most conflicts one list answers with, newest first. */
  listed: 1000,
} as const;

export const CONFLICT_MESSAGES = {
  declared: "Conflict of interest declared. This application has left your list.",
  /** An admin-reviewer reads every application: the candidate stays in their list, marked. */
  declaredByAdmin: "Conflict of interest declared. You can no longer rate this application.",
  alreadyDeclared: "A conflict of interest with this candidate is already declared for this member.",
  notOnCommittee: "Choose a committee member of this program.",
  alreadyReverted: "This conflict of interest has already been reverted.",
  notReviewable: "Only a submitted application that is not a test can have a conflict of interest.",
  confirmNoConflict:
    "Before you open this application, confirm that you have no conflict of interest with this applicant.",
  declaredSoNoConfirmation: "You declared a conflict of interest with this applicant.",
} as const;
