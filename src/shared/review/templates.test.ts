import { describe, expect, it } from "vitest";
import { newQuestion, newSection } from "../forms/defaults";
import type { Section } from "../forms/model";
import {
  arrangeSections,
  matchingRule,
  normalizeWording,
  placeQuestions,
  type ReviewTemplateDefinition,
  reviewTemplateDefinitionSchema,
  TEMPLATE_OTHER_SECTION_ID,
  templateCanvasTitles,
  wildcardMatch,
} from "./templates";

/** A form of one section per entry, each holding questions of the given wording. */
function form(...sections: string[][]): Section[] {
  return sections.map((wordings, i) => ({
    ...newSection(`Section ${i + 1}`),
    _id: `s${i + 1}`,
    questions: wordings.map((name, j) => ({
      ...newQuestion("PARAGRAPHS", name),
      _id: `s${i + 1}-q${j + 1}`,
    })),
  }));
}

const TEMPLATE: ReviewTemplateDefinition = {
  name: "Operating support",
  form: "Operating support application",
  sections: [
    { number: 3, title: "Budget" },
    { number: 1, title: "Mission" },
  ],
  rules: [
    { wording: "What is your mission?", match: "exact", section: 1 },
    { wording: "*budget*", match: "pattern", section: 3 },
    { wording: "*mission*", match: "pattern", section: 3 },
  ],
};

describe("wording", () => {
  it("ignores letter case, runs of spaces, curly quotes and the kind of dash", () => {
    expect(normalizeWording("  What’s  your\tMission — today? ")).toBe("what's your mission - today?");
    expect(matchingRule(TEMPLATE.rules, "WHAT IS YOUR   MISSION?")).toBe(0);
  });

  it("matches exact wording whole: a longer question is not the same question", () => {
    expect(matchingRule([TEMPLATE.rules[0]!], "What is your mission? Explain.")).toBe(-1);
  });

  it("matches a pattern's * against any text, including none", () => {
    expect(wildcardMatch("*budget*", "budget")).toBe(true);
    expect(wildcardMatch("*budget*", "your annual budget, in dollars")).toBe(true);
    expect(wildcardMatch("who else*", "who else works on it?")).toBe(true);
    expect(wildcardMatch("who else*", "and who else?")).toBe(false);
    expect(wildcardMatch("a*b*c", "a-x-b-y-c")).toBe(true);
    expect(wildcardMatch("a*b*c", "a-x-c-y-b")).toBe(false);
    expect(wildcardMatch("abc", "abcd")).toBe(false);
  });

  it("takes the first matching rule, in the template's order", () => {
    // "mission" would match the third rule too; the first wins.
    expect(matchingRule(TEMPLATE.rules, "What is your mission?")).toBe(0);
    expect(matchingRule(TEMPLATE.rules, "Your mission and budget")).toBe(1);
  });

  it("answers quickly for a pattern of many stars against a long text that does not match", () => {
    const started = performance.now();
    expect(wildcardMatch("*a*a*a*a*a*a*a*a*b", "a".repeat(500))).toBe(false);
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe("placeQuestions", () => {
  it("places each question by its first matching rule and leaves the others to Other, in form order", () => {
    const sections = [
      {
        ...newSection("Admin", "Admin Info"),
        _id: "admin",
        questions: [newQuestion("SHORT_ANSWER", "Budget")],
      },
      ...form(["What is your mission?", "When will it be done?"], ["What is your budget?"]),
    ];
    expect(placeQuestions(sections, TEMPLATE)).toEqual([
      { questionId: "s1-q1", sectionId: "s1", wording: "What is your mission?", section: 1, rule: 0 },
      { questionId: "s1-q2", sectionId: "s1", wording: "When will it be done?", section: null, rule: null },
      { questionId: "s2-q1", sectionId: "s2", wording: "What is your budget?", section: 3, rule: 1 },
    ]);
  });

  it("leaves deleted sections out", () => {
    const [first, second] = form(["What is your mission?"], ["What is your budget?"]);
    expect(
      placeQuestions([first!, { ...second!, deleted: true }], TEMPLATE).map((p) => p.questionId),
    ).toEqual(["s1-q1"]);
  });
});

describe("arrangeSections", () => {
  it("gives the administrative sections, the template's sections by number with their questions, then Other", () => {
    const admin = { ...newSection("Admin", "Admin Info"), _id: "admin", questions: [] };
    const arranged = arrangeSections(
      [admin, ...form(["What is your budget?", "Anything else?"], ["What is your mission?"])],
      TEMPLATE,
    );
    expect(arranged.map((s) => [s._id, s.name, s.questions.map((q) => q._id)])).toEqual([
      ["admin", "Admin", []],
      ["canvas_1", "Mission", ["s2-q1"]],
      ["canvas_3", "Budget", ["s1-q1"]],
      [TEMPLATE_OTHER_SECTION_ID, "Other", ["s1-q2"]],
    ]);
  });

  it("drops no answer: every question of the form is in exactly one arranged section", () => {
    const sections = form(["What is your budget?", "A"], ["B", "What is your mission?"], ["C"]);
    const before = sections.flatMap((s) => s.questions.map((q) => q._id)).sort();
    const after = arrangeSections(sections, TEMPLATE)
      .flatMap((s) => s.questions.map((q) => q._id))
      .sort();
    expect(after).toEqual(before);
  });

  it("has no Other when every question is placed", () => {
    const arranged = arrangeSections(form(["What is your mission?"]), TEMPLATE);
    expect(arranged.map((s) => s._id)).toEqual(["canvas_1", "canvas_3"]);
  });
});

describe("templateCanvasTitles", () => {
  it("titles the template's canvases and keeps 'Canvas entry N' for the others", () => {
    const titles = templateCanvasTitles(TEMPLATE);
    expect(titles.get("canvas_1")).toBe("Mission");
    expect(titles.get("canvas_3")).toBe("Budget");
    expect(titles.get("canvas_2")).toBe("Canvas entry 2");
    expect(titles.size).toBe(9);
  });
});

describe("the definition", () => {
  const fieldErrors = (input: unknown) => {
    const result = reviewTemplateDefinitionSchema.safeParse(input);
    expect(result.success).toBe(false);
    return result.error!.issues.map((issue) => [issue.path.join("."), issue.message]);
  };

  it("accepts a template and trims its texts", () => {
    const parsed = reviewTemplateDefinitionSchema.parse({ ...TEMPLATE, name: "  Operating support " });
    expect(parsed.name).toBe("Operating support");
  });

  it("refuses a rule naming a section the template does not have", () => {
    expect(fieldErrors({ ...TEMPLATE, rules: [{ wording: "Budget", match: "exact", section: 2 }] })).toEqual([
      ["rules.0.section", "Section 2 is not one of the template's sections."],
    ]);
  });

  it("refuses a section number outside 1–9 and a section listed twice", () => {
    expect(fieldErrors({ ...TEMPLATE, sections: [{ number: 10, title: "Ten" }] })).toContainEqual([
      "sections.0.number",
      "A section number is a whole number from 1 to 9.",
    ]);
    expect(
      fieldErrors({
        ...TEMPLATE,
        sections: [...TEMPLATE.sections, { number: 1, title: "Again" }],
      }),
    ).toEqual([["sections.2.number", "Section 1 is listed twice."]]);
  });

  it("refuses a pattern that would match every question, an empty name and unknown keys", () => {
    expect(fieldErrors({ ...TEMPLATE, rules: [{ wording: " * ", match: "pattern", section: 1 }] })).toEqual([
      ["rules.0.wording", "A pattern needs words besides *: it would match every question."],
    ]);
    expect(fieldErrors({ ...TEMPLATE, name: "  " })).toEqual([["name", "The name is required."]]);
    expect(fieldErrors({ ...TEMPLATE, extra: 1 })[0]![0]).toBe("");
  });
});
