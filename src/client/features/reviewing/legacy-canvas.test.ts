import { describe, expect, it } from "vitest";
import { newQuestion } from "../../../shared/forms/defaults";
import type { Section } from "../../../shared/forms/model";
import type { Review } from "../../../shared/schemas/reviews";
import { splitSections } from "./canvas";
import {
  canvasQuestionText,
  isLegacyProgram,
  LEGACY_CANVAS_IDS,
  legacyCanvasEntries,
  legacyDraft,
} from "./legacy-canvas";
import { saveReviewBody, sectionRating, withOverallRating, withSectionRating } from "./review-state";

function section(id: string, name: string, patch: Partial<Section> = {}): Section {
  return {
    _id: id,
    name,
    description: "",
    rubric: "",
    sectionType: "Decision Criteria",
    deleted: false,
    criteria: [],
    questions: [{ ...newQuestion("PARAGRAPHS", `${name} question`), _id: `${id}-q` }],
    nextSection: null,
    ...patch,
  };
}

function review(sections: Review["sections"], rating = -1): Review {
  return {
    _id: null,
    submissionId: "sub",
    programId: "p",
    userId: "u",
    rating,
    sections,
    started: false,
    lastReviewed: null,
  };
}

describe("canvasQuestionText", () => {
  it("turns the dash after a leading number into a dot", () => {
    expect(canvasQuestionText("1 - Problem")).toBe("1. Problem");
    expect(canvasQuestionText("2- Solution")).toBe("2. Solution");
    expect(canvasQuestionText("3 -Customers")).toBe("3. Customers");
    expect(canvasQuestionText("4-Impact")).toBe("4. Impact");
    expect(canvasQuestionText("9   -   Team")).toBe("9. Team");
    expect(canvasQuestionText("10 - Extra")).toBe("10. Extra");
  });

  it("counts en and em dashes as dashes", () => {
    expect(canvasQuestionText("5 – Budget")).toBe("5. Budget");
    expect(canvasQuestionText("6 — Risks")).toBe("6. Risks");
  });

  it("replaces only the first separator; later dashes stay", () => {
    expect(canvasQuestionText("7 - Cost - Benefit")).toBe("7. Cost - Benefit");
    expect(canvasQuestionText("8 - Long-term plan")).toBe("8. Long-term plan");
    expect(canvasQuestionText("1 - 2020-2021 goals")).toBe("1. 2020-2021 goals");
  });

  it("keeps the One-Line and COVID-19 variants exactly as they are", () => {
    expect(canvasQuestionText("1 - One-Line Summary")).toBe("1 - One-Line Summary");
    expect(canvasQuestionText("3 - COVID-19 Response")).toBe("3 - COVID-19 Response");
    expect(canvasQuestionText("3-covid-19 response")).toBe("3-covid-19 response");
    expect(canvasQuestionText("One-Line")).toBe("One-Line");
  });

  it("leaves text without a leading number and its separator unchanged", () => {
    expect(canvasQuestionText("Problem - Solution")).toBe("Problem - Solution");
    expect(canvasQuestionText("1. Problem")).toBe("1. Problem");
    expect(canvasQuestionText("10-12 months")).toBe("10-12 months");
    expect(canvasQuestionText("2020 - 2021 plan")).toBe("2020 - 2021 plan");
    expect(canvasQuestionText("1-")).toBe("1-");
    expect(canvasQuestionText("-1 - x")).toBe("-1 - x");
    expect(canvasQuestionText("")).toBe("");
  });

  it("ends with the dot when nothing follows a spaced separator", () => {
    expect(canvasQuestionText("1 - ")).toBe("1.");
  });
});

describe("legacy programs", () => {
  it("are the appVersion 1 programs", () => {
    expect(isLegacyProgram({ appVersion: 1 })).toBe(true);
    for (const appVersion of [0, 2, 3]) expect(isLegacyProgram({ appVersion })).toBe(false);
  });

  it("have the nine canvas ids canvas_1 … canvas_9", () => {
    expect(LEGACY_CANVAS_IDS).toEqual([
      "canvas_1",
      "canvas_2",
      "canvas_3",
      "canvas_4",
      "canvas_5",
      "canvas_6",
      "canvas_7",
      "canvas_8",
      "canvas_9",
    ]);
  });
});

describe("legacyCanvasEntries", () => {
  it("rates the i-th canvas section as canvas_i, in form order, after the administrative ones are split off", () => {
    const sections = [
      section("admin", "Admin Info", { sectionType: "Admin Info" }),
      section("a", "1 - Problem"),
      section("gone", "Deleted", { deleted: true }),
      section("b", "2 - One-Line Pitch"),
      section("c", ""),
    ];
    const entries = legacyCanvasEntries(splitSections(sections).canvas);
    expect(entries.map((e) => [e.section._id, e.canvasId, e.number, e.title])).toEqual([
      ["a", "canvas_1", 1, "1. Problem"],
      ["b", "canvas_2", 2, "2 - One-Line Pitch"],
      ["c", "canvas_3", 3, "Canvas entry 3"],
    ]);
  });

  it("shows sections beyond the ninth without a canvas id", () => {
    const sections = Array.from({ length: 11 }, (_, i) => section(`s${i + 1}`, `${i + 1} - Part`));
    const entries = legacyCanvasEntries(sections);
    expect(entries).toHaveLength(11);
    expect(entries.map((e) => e.canvasId)).toEqual([...LEGACY_CANVAS_IDS, null, null]);
    expect(entries[9]!.title).toBe("10. Part");
  });

  it("passes the question texts through the same rule, keeping ids and answers' keys", () => {
    const base = section("a", "1 - Problem");
    const entry = legacyCanvasEntries([
      {
        ...base,
        questions: [
          { ...newQuestion("PARAGRAPHS", "1 - What problem do you solve?"), _id: "q1" },
          { ...newQuestion("PARAGRAPHS", "COVID-19 - how were you affected?"), _id: "q2" },
        ],
      },
    ])[0]!;
    expect(entry.section.questions.map((q) => [q._id, q.name])).toEqual([
      ["q1", "1. What problem do you solve?"],
      ["q2", "COVID-19 - how were you affected?"],
    ]);
    expect(entry.section._id).toBe("a");
    // The form's own section is left untouched.
    expect(base.name).toBe("1 - Problem");
  });

  it("is empty for a form without canvas sections", () => {
    expect(legacyCanvasEntries([])).toEqual([]);
  });

  it("takes a review template's sections by their canvas ids, and gives Other none (docs/decisions/040)", () => {
    // As the server arranges them: sections 1, 3 and 9 of the template, then Other.
    const arranged = [
      section("canvas_1", "1 - Need"),
      section("canvas_3", "3 - Partners"),
      section("canvas_9", "9 - One-Line summary"),
      section("template-other", "Other"),
    ];
    const entries = legacyCanvasEntries(arranged, true);
    expect(entries.map((e) => [e.canvasId, e.number, e.title, e.other])).toEqual([
      ["canvas_1", 1, "1. Need", false],
      ["canvas_3", 3, "3. Partners", false],
      ["canvas_9", 9, "9 - One-Line summary", false],
      [null, 4, "Other", true],
    ]);
    // Unarranged, the same sections would be rated by position.
    expect(legacyCanvasEntries(arranged).map((e) => e.canvasId)).toEqual([
      "canvas_1",
      "canvas_2",
      "canvas_3",
      "canvas_4",
    ]);
  });
});

describe("legacyDraft", () => {
  it("starts every canvas entry unrated at -1 and the final rating as saved", () => {
    const draft = legacyDraft(review([]));
    expect(draft.rating).toBe(-1);
    expect(draft.sections).toEqual(
      LEGACY_CANVAS_IDS.map((sectionId) => ({ sectionId, rating: -1, criteria: [] })),
    );
  });

  it("keeps saved ratings (0 is a value, not a gap) and drops ids outside the nine", () => {
    const draft = legacyDraft(
      review(
        [
          { sectionId: "canvas_2", rating: 4, criteria: [] },
          { sectionId: "canvas_9", rating: 0, criteria: [] },
          { sectionId: "canvas_10", rating: 5, criteria: [] },
          { sectionId: "form-section", rating: 3, criteria: [] },
        ],
        3.5,
      ),
    );
    expect(draft.sections.map((s) => s.sectionId)).toEqual(LEGACY_CANVAS_IDS);
    expect(sectionRating(draft, "canvas_1")).toBe(-1);
    expect(sectionRating(draft, "canvas_2")).toBe(4);
    expect(sectionRating(draft, "canvas_9")).toBe(0);
    expect(draft.rating).toBe(3.5);
  });

  it("saves the nine canvas ratings and the Final Rating as the review's rating", () => {
    let draft = legacyDraft(review([]));
    draft = withSectionRating(draft, "canvas_3", 5);
    draft = withOverallRating(draft, 4);
    const body = saveReviewBody("sub", draft, true);
    expect(body.rating).toBe(4);
    expect(body.sections).toHaveLength(9);
    expect(body.sections[2]).toEqual({ sectionId: "canvas_3", rating: 5, criteria: [] });
    expect(body.sections.filter((s) => s.rating === -1)).toHaveLength(8);
  });
});
