export const REVIEW_MESSAGES = {
  saveFailed: "Error in saving your review!",
  rankingsSaveFailed: "Unable to update stacked rankings.",
  rankingsInitFailed: "Unable to initialize stacked rankings",
  draftNotice:
    "This application is a draft. It must be force-submitted from the table before it can be reviewed.",
  archived: "This program is archived: comments and ratings are disabled.",
  conflicted:
    "You declared a conflict of interest with this candidate: you do not rate it, and your review does not count.",
  staleRanking:
    "Your ranking was changed in another tab or window. Reload to continue with the newest order.",
  notAllowedRating: "Choose a rating on the program's scale.",
  never: "Never",
  stepOne: "1. Rate Candidates",
  stepTwo: "2. Stacked Rankings",
  nextStep: "Next Step",
  /** The step bar's and the server's words when a program turns stacked rankings off. */
  stackedRankingsOff: "Stacked rankings are turned off for this program.",
} as const;

/** Truncation and page sizes (review-and-administration, "9. Business constants and limits"). */
export const REVIEW_LIMITS = {
  listNameLength: 50,
  rankingNameLength: 35,
  listPageSize: 10,
  topFive: 5,
  commentLength: 10_000,
  maxPageSize: 100,
} as const;

export const NOT_RATED = -1;

export const DECISION_STATUSES = ["pending", "approved", "disapproved"] as const;
