/**
 * Strings of the Candidate Statistics page that the specification does not word (its own, and the
 * contract's, are in shared/schemas/committee.ts).
 */
export const CANDIDATE_STATS_TEXT = {
  title: "Candidate Statistics",
  noProgram: "Choose a program first: the candidates and their funding belong to the current program.",
  loadFailed: "Error loading the candidates:",
  fundingHeading: "Funding statistics",
  fundingLoadFailed: "Error loading the funding statistics:",
  candidatesHeading: "Candidates",
  noCandidates: "No application has been submitted to this program yet.",
  noMatches: "No candidate matches these filters.",
  tableCaption: "Candidates with their ratings, rankings and decisions",
  showing: (shown: number, total: number) =>
    shown === total ? `Showing all ${total} candidates` : `Showing ${shown} of ${total} candidates`,
  selected: (count: number) => `${count} selected`,
  selectApprovedFailed: "Error choosing the approved candidates:",
  decisionFailedTitle: "Some decisions were not saved",
  decisionFailed: (name: string) => `Error saving the decision for ${name}`,
  dismiss: "Dismiss",
  legendHeading: "How to read the columns",
  alreadyApproved: "This candidate is already approved.",
  alreadyDisapproved: "This candidate is already disapproved.",
  approvedWith: (name: string, amount: string) => `${name} approved with ${amount}.`,
  disapproved: (name: string) => `${name} disapproved.`,
  backToPending: (name: string) => `${name} is pending again.`,
  undo: "Undo",
  undoLabel: (name: string) => `Undo the decision for ${name}`,
  undone: (name: string, status: "pending" | "approved" | "disapproved") =>
    `Decision undone: ${name} is ${status} again.`,
  amountNotANumber: "Enter the amount as a number, for example 1500 or 1500.50.",
  amountTooLarge: (max: string) => `The amount cannot be more than ${max}.`,
} as const;

/** What the less obvious columns mean: shown under the table and read with each column's header. */
export const COLUMN_HELP = {
  calibratedRating:
    "Calibrated: the average rating corrected for each reviewer's harshness or leniency (reviewers with few reviews count as neutral).",
  suggestedRating: "Suggested rating: the mean of the ratings computed from the criteria.",
  standardDeviation:
    "Disagreement: the standard deviation of the ratings; the higher, the more reviewers disagree.",
  averageRanking:
    "Average ranking: 0 to 1, higher is better, over the stacked rankings that include the candidate.",
  consensusRank:
    "Consensus rank: the committee's combined order of all stacked rankings; tied candidates share a rank.",
} as const;
export type HelpedColumn = keyof typeof COLUMN_HELP;
