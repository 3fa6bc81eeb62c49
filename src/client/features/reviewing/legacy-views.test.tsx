import { describe, expect, it } from "vitest";
import { newQuestion } from "../../../shared/forms/defaults";
import type { Section } from "../../../shared/forms/model";
import type { Comment, Review, ReviewProgram } from "../../../shared/schemas/reviews";
import { render } from "../../test/render";
import { LEGACY_FINAL_SECTION_ID, legacyCanvasEntries, legacyDraft } from "./legacy-canvas";
import { LegacyDecisionCanvas } from "./legacy-decision-canvas";
import { LegacyFinalRating } from "./legacy-final-rating";
import { withSectionRating } from "./review-state";
import type { ReviewEditor } from "./use-review-editor";

const program: ReviewProgram = {
  _id: "p1",
  name: "Legacy Fund",
  appVersion: 1,
  archived: false,
  overrideFinalRating: false,
  increment: 1,
  enableStackedRankings: true,
  showFinalRating: true,
  finalReviewText: "Your overall view of the applicant.",
  commentText: "",
};

function section(index: number): Section {
  return {
    _id: `s${index}`,
    name: `${index} - Part ${index}`,
    description: "",
    rubric: "",
    sectionType: "Decision Criteria",
    deleted: false,
    criteria: [],
    questions: [{ ...newQuestion("PARAGRAPHS", `Question ${index}`), _id: `q${index}` }],
    nextSection: null,
  };
}

const review: Review = {
  _id: null,
  submissionId: "a1",
  programId: "p1",
  userId: "u1",
  rating: -1,
  sections: [],
  started: false,
  lastReviewed: null,
};

const comment = (sectionId: string, value: string): Comment => ({
  _id: `c-${sectionId}`,
  submissionId: "a1",
  sectionId,
  userId: "u1",
  authorName: "Ada",
  value,
  lastReviewed: "2025-01-01T00:00:00.000Z",
});

const canvasProps = {
  userId: "u1",
  program,
  submissionId: "a1",
  answers: new Map(),
  files: [],
  commentsEditable: true,
  showComments: true,
  onReviewChange: () => {},
  onDeleteComment: () => {},
};

describe("the legacy Decision Canvas", () => {
  it("rates the nine canvas entries 1 to 5 under their converted question text, with Not rated apart from 0", () => {
    const entries = legacyCanvasEntries(Array.from({ length: 10 }, (_, i) => section(i + 1)));
    const draft = withSectionRating(legacyDraft(review), "canvas_2", 4);
    const html = render(
      <LegacyDecisionCanvas
        {...canvasProps}
        entries={entries}
        comments={[comment("canvas_2", "Strong problem statement")]}
        draft={draft}
        ratingDisabled={false}
      />,
    );
    expect(html).toContain("1. Part 1");
    expect(html).not.toContain("1 - Part 1");
    expect(html).toContain("Rating for 9. Part 9");
    // The tenth section is shown, neither rated nor commented on.
    expect(html).toContain("10. Part 10");
    expect(html).not.toContain("Rating for 10. Part 10");
    expect(html).not.toContain("Comments on 10. Part 10");
    expect(html).toContain("Only the first 9 sections of a legacy application are rated.");
    expect(html.match(/role="radiogroup"/g)).toHaveLength(9);
    expect(html).toContain("Not rated");
    expect(html).not.toMatch(/value="0"/);
    expect(html).toMatch(/value="4"[^>]*checked|checked[^>]*value="4"/);
    // Comments are filed under canvas_i: canvas_2's comment shows on the second entry only.
    expect(html.match(/>Strong problem statement</g)).toHaveLength(1);
    expect(html).toContain("Add a comment on 2. Part 2");
  });

  it("shows the canvas without ratings to someone who may not rate", () => {
    const html = render(
      <LegacyDecisionCanvas
        {...canvasProps}
        entries={legacyCanvasEntries([section(1)])}
        comments={[]}
        draft={null}
        ratingDisabled
        showComments={false}
        commentsEditable={false}
      />,
    );
    expect(html).toContain("1. Part 1");
    expect(html).not.toContain('role="radiogroup"');
    expect(html).not.toContain("Comments on");
  });
});

describe("the legacy Final Rating", () => {
  const editor = (rating: number): ReviewEditor => ({
    draft: { ...legacyDraft(review), rating },
    saved: review,
    saving: false,
    change: () => {},
    conflict: null,
    reload: () => {},
    keepMine: () => {},
  });

  it("is a labelled 1 to 5 rating with its own comments", () => {
    const html = render(
      <LegacyFinalRating
        userId="u1"
        program={program}
        submissionId="a1"
        editor={editor(3)}
        comments={[comment(LEGACY_FINAL_SECTION_ID, "Fund it"), comment("canvas_1", "Elsewhere")]}
        ratingDisabled={false}
        commentsEditable
        showComments
        onDeleteComment={() => {}}
      />,
    );
    expect(html).toContain(">Final Rating<");
    expect(html).toContain("Your overall view of the applicant.");
    expect(html).toMatch(/value="3"[^>]*checked|checked[^>]*value="3"/);
    expect(html).toContain("Fund it");
    expect(html).not.toContain("Elsewhere");
    expect(html).toContain("Add a comment on the final rating");
  });

  it("is disabled when the caller may not rate, and absent when there is nothing to show", () => {
    const disabled = render(
      <LegacyFinalRating
        userId="u1"
        program={{ ...program, archived: true }}
        submissionId="a1"
        editor={editor(-1)}
        comments={[]}
        ratingDisabled
        commentsEditable={false}
        showComments
        onDeleteComment={() => {}}
      />,
    );
    expect(disabled).toContain("disabled");
    expect(disabled).not.toContain("Add a comment");
    const none = render(
      <LegacyFinalRating
        userId="u1"
        program={program}
        submissionId="a1"
        editor={null}
        comments={[]}
        ratingDisabled
        commentsEditable={false}
        showComments={false}
        onDeleteComment={() => {}}
      />,
    );
    expect(none).not.toContain("Final Rating");
  });
});
