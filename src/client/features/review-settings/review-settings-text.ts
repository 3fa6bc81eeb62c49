import type { ProgramReviewSettings } from "../../../shared/schemas/programs";

/** The panel's words (the specification names the settings, not their labels). */
export const REVIEW_SETTINGS_TEXT = {
  title: "Review Settings",
  noProgram: "Choose a program first: the review settings belong to the current program.",
  intro: "How committee members review this program's candidates. Changes apply at their next page load.",
  stackedRankings: "Stacked rankings",
  stackedRankingsHelp:
    "Step 2: committee members order their candidates once they have rated them all. Off hides the step and no ranking is saved.",
  shuffledOrder: "Shuffle each member's candidate list",
  shuffledOrderHelp:
    "Each committee member sees the candidates in an order of their own, the same on every visit, so no candidate is always read first or last. Off: by applicant name.",
  askNoConflict: "Ask reviewers to confirm they have no conflict before opening an application",
  askNoConflictHelp:
    "Before a committee member first reads an application, they confirm in one click that they have no conflict of interest with the applicant, or declare one. The confirmation is kept with their review.",
  commentText: "Comment prompt",
  commentTextHelp: "Shown above every comment box, e.g. the questions the committee should answer.",
  showFinalRating: "Show the final rating to reviewers",
  showFinalRatingHelp: "Each reviewer sees their overall rating, with the text below.",
  showFinalRatingForced: "Always shown while reviewers enter their final rating themselves.",
  finalReviewText: "Final rating text",
  finalReviewTextHelp: "Shown with the final rating.",
  overrideFinalRating: "Reviewers enter their final rating themselves",
  overrideFinalRatingHelp:
    "Weighted criteria (version 3): the final rating is the reviewer's own and is never recomputed from the criteria; the computed one stays as the suggested rating.",
  save: "Save review settings",
  saved: "Review settings saved",
  loadFailed: "The review settings could not be loaded.",
  conflictTitle: "These review settings were changed by someone else",
} as const;

/** The settings in one line, for the notice that shows both versions after a conflict. */
export function reviewSettingsSummary(settings: ProgramReviewSettings): string {
  const s = settings.reviewSettings;
  const onOff = (value: boolean) => (value ? "on" : "off");
  const prompt = (text: string) => (text === "" ? "none" : `“${text}”`);
  return [
    `Stacked rankings ${onOff(s.enableStackedRankings)}`,
    `lists ${s.candidateOrder === "name" ? "by name" : "shuffled per member"}`,
    `no-conflict confirmation ${onOff(s.askNoConflict)}`,
    `comment prompt ${prompt(s.comments.commentText)}`,
    `final rating shown ${onOff(s.showFinalRating || settings.overrideFinalRating)}`,
    `final rating text ${prompt(s.finalReviewText)}`,
    `entered by reviewers ${onOff(settings.overrideFinalRating)}`,
  ].join(", ");
}
