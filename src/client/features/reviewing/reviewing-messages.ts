import { REVIEW_MESSAGES } from "../../../shared/schemas/reviews-constants";
import { UNTITLED_APPLICATION } from "../../lib/truncate";

/**
 * Strings of the reviewing pages that the specification does not word (its own are REVIEW_MESSAGES in
 * shared/schemas/reviews.ts).
 */
export const REVIEWING_TEXT = {
  untitled: UNTITLED_APPLICATION,
  noProgram: "Choose a program first: the candidates to review belong to the current program.",
  notRated: "Not rated",
  /** An admin-reviewer's row of a candidate they declared a conflict with (they still read it). */
  conflictDeclared: "Conflict declared",
  noAnswer: "No answer",
  anonymized: "Anonymized answer",
  stepsLabel: "Review steps",
  stackedRankingsOff: REVIEW_MESSAGES.stackedRankingsOff,
  rankingAdminsRead:
    "Only committee members rate and rank the candidates. Their stacked rankings are in Candidate Statistics.",
  rankingGuestsRead: "As a guest you read the applications; only committee members rate and rank them.",
  nothingToRate: "There are no applications for you to rate yet.",
  rateEveryone: (rated: number, shown: number) =>
    `Rate every application to unlock the stacked rankings (${rated} of ${shown} rated).`,
  readOnly: "You can read this application, but only committee members rate and comment.",
  rankingArchived: "This program is archived: the stacked rankings can no longer change.",
  rankingLoadFailed: "Your stacked ranking could not be loaded.",
  rankingLocked: "Stacked Rankings are not open to you yet",
  backToStepOne: "Back to 1. Rate Candidates",
  confirmRanking: "Confirm ranking",
  rankingConfirmed: "Ranking confirmed",
  confirmHint:
    "Happy with this order, moved or not? Confirm it: the committee's statistics count a ranking once it is saved.",
  rankingNeverSaved: "Not saved yet: move a card or confirm the ranking to record it.",
  rankingSavedAt: (when: string) => `Last saved ${when}`,
  rankingConfirmedAt: (when: string) => `confirmed ${when}`,
  rankingInstructions:
    "Order your candidates, best first. Drag a card, or focus its handle and press the space bar to lift it, the arrow keys to move it and the space bar again to drop it. The Move up and Move down buttons do the same. Every change is saved.",
  dragHandleInstructions:
    "Press space bar to lift. Then use the up and down arrow keys to move the candidate, the space bar to drop it, and Escape to cancel.",
  commentSaveFailed: "Error saving your comment",
  commentDeleteFailed: "Error deleting the comment",
  downloadFailed: "Error downloading the file",
  updateFailed: "Error updating the application",
  forceSubmitted: "Application submitted",
  markedAsTest: "Application marked as test",
  commentAdded: "Comment added",
  commentDeleted: "Comment deleted",
  commentConflictTitle: "This comment changed in another tab or window",
  reviewConflictTitle: "Your review changed in another tab or window",
  reviewConflictTheirs: (savedAt: string, rating: string) => `Saved ${savedAt}, overall rating ${rating}`,
  reviewConflictYours: "The ratings shown on this page",
  reviewConflictNone: "No review is saved any more",
} as const;
