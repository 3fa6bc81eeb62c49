import { describe, expect, it } from "vitest";
import type { ProgramReviewSettings } from "../../../shared/schemas/programs";
import { render } from "../../test/render";
import { ReviewSettingsForm } from "./review-settings-page";
import { REVIEW_SETTINGS_TEXT, reviewSettingsSummary } from "./review-settings-text";

const DEFAULTS: ProgramReviewSettings = {
  reviewSettings: {
    candidateOrder: "shuffled",
    askNoConflict: false,
    enableStackedRankings: true,
    comments: { commentText: "" },
    showFinalRating: true,
    finalReviewText: "",
  },
  overrideFinalRating: false,
};

describe("the Review settings panel", () => {
  it("shows every setting with its label and the stored values", () => {
    const html = render(
      <ReviewSettingsForm
        userId="u1"
        programId="p1"
        stored={{
          ...DEFAULTS,
          reviewSettings: { ...DEFAULTS.reviewSettings, comments: { commentText: "Discuss the budget" } },
        }}
      />,
    );
    for (const label of [
      REVIEW_SETTINGS_TEXT.stackedRankings,
      REVIEW_SETTINGS_TEXT.shuffledOrder.replace("'", "&#x27;"),
      REVIEW_SETTINGS_TEXT.askNoConflict,
      REVIEW_SETTINGS_TEXT.commentText,
      REVIEW_SETTINGS_TEXT.showFinalRating,
      REVIEW_SETTINGS_TEXT.finalReviewText,
      REVIEW_SETTINGS_TEXT.overrideFinalRating,
      REVIEW_SETTINGS_TEXT.save,
    ]) {
      expect(html).toContain(label);
    }
    expect(html).toContain("Discuss the budget");
    expect(html).toMatch(/role="switch"/);
  });

  it("keeps the final rating shown, and says why, while reviewers enter it themselves", () => {
    const html = render(
      <ReviewSettingsForm
        userId="u1"
        programId="p1"
        stored={{
          ...DEFAULTS,
          reviewSettings: { ...DEFAULTS.reviewSettings, showFinalRating: false },
          overrideFinalRating: true,
        }}
      />,
    );
    expect(html).toContain(REVIEW_SETTINGS_TEXT.showFinalRatingForced);
  });

  it("sums the settings up in one line for the conflict notice", () => {
    expect(reviewSettingsSummary(DEFAULTS)).toBe(
      "Stacked rankings on, lists shuffled per member, no-conflict confirmation off, comment prompt none, final rating shown on, final rating text none, entered by reviewers off",
    );
    expect(
      reviewSettingsSummary({
        reviewSettings: {
          ...DEFAULTS.reviewSettings,
          enableStackedRankings: false,
          finalReviewText: "Overall?",
        },
        overrideFinalRating: true,
      }),
    ).toContain("Stacked rankings off");
  });
});
