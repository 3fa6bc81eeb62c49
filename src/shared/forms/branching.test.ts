import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { logicWarnings, nextSectionId, reachableSectionIds, sectionPath } from "./branching";
import { newQuestion, newSection } from "./defaults";
import type { Section } from "./model";
import { sectionsNamed, smartQuestion } from "./test/forms";

const none = () => undefined;

describe("next section", () => {
  it("continues to the following section, and ends after the last", () => {
    const sections = sectionsNamed(3);
    expect(nextSectionId(sections, "s1", none)).toBe("s2");
    expect(nextSectionId(sections, "s3", none)).toBeNull();
  });

  it("follows the section's 'Go to section N' to a later section only", () => {
    const sections = sectionsNamed(4);
    sections[0]!.nextSection = "s3";
    sections[3]!.nextSection = "s1"; // stale backwards target: ignored
    expect(sectionPath(sections, none)).toEqual(["s1", "s3", "s4"]);
  });

  it("lets the smart question's route win over the section's next section", () => {
    const sections = sectionsNamed(4);
    sections[0]!.nextSection = "s2";
    sections[0]!.questions = [smartQuestion(["yes", "no"], { yes: "s4" })];
    expect(nextSectionId(sections, "s1", () => "yes")).toBe("s4");
    // An option without a route, or no answer yet, takes the section's next section.
    expect(nextSectionId(sections, "s1", () => "no")).toBe("s2");
    expect(nextSectionId(sections, "s1", none)).toBe("s2");
  });

  it("skips deleted sections", () => {
    const sections = sectionsNamed(3);
    sections[1]!.deleted = true;
    expect(sectionPath(sections, none)).toEqual(["s1", "s3"]);
  });
});

describe("logic check before publishing", () => {
  it("warns about a section no answer reaches and its required questions", () => {
    const sections = sectionsNamed(3);
    sections[0]!.questions = [smartQuestion(["a", "b"], { a: "s3", b: "s3" })];
    sections[1]!.questions = [{ ...newQuestion("SHORT_ANSWER", "Budget"), required: true }];
    const warnings = logicWarnings(sections);
    expect(warnings.map((w) => w.message)).toEqual([
      "No answers lead to section 2 (S2): applicants never see it.",
      'The required question "Budget" in section 2 can never be answered.',
    ]);
    expect(reachableSectionIds(sections)).toEqual(new Set(["s1", "s3"]));
  });

  it("has nothing to say about a straight form", () => {
    expect(logicWarnings(sectionsNamed(5))).toEqual([]);
  });
});

/** Random forms: up to 8 sections, random next sections and smart routes (some backwards, some stale). */
const arbitraryForm = fc.integer({ min: 1, max: 8 }).chain((count) =>
  fc
    .tuple(
      fc.array(fc.option(fc.integer({ min: 0, max: count + 1 }), { nil: null }), {
        minLength: count,
        maxLength: count,
      }),
      fc.array(
        fc.option(fc.array(fc.integer({ min: 0, max: count + 1 }), { minLength: 1, maxLength: 4 }), {
          nil: null,
        }),
        {
          minLength: count,
          maxLength: count,
        },
      ),
      fc.array(fc.boolean(), { minLength: count, maxLength: count }),
    )
    .map(([nexts, smarts, deleted]) => {
      const sections: Section[] = Array.from({ length: count }, (_, i) => ({
        ...newSection(`S${i + 1}`),
        _id: `s${i + 1}`,
        deleted: deleted[i]! && i > 0,
      }));
      sections.forEach((section, i) => {
        const next = nexts[i];
        section.nextSection = next === null || next === undefined ? null : `s${next + 1}`;
        const targets = smarts[i];
        if (targets) {
          const options = targets.map((_, k) => `o${k}`);
          const routes = Object.fromEntries(targets.map((t, k) => [`o${k}`, `s${t + 1}`]));
          section.questions = [
            { ...smartQuestion(options, routes), _id: `smart-${section._id}` },
            { ...newQuestion("SHORT_ANSWER", "Q"), required: true },
          ];
        }
      });
      return sections;
    }),
);

describe("branching, for any form (property-based)", () => {
  it("every path ends, never repeats a section, and only moves forward", () => {
    fc.assert(
      fc.property(
        arbitraryForm,
        fc.func(fc.option(fc.constantFrom("o0", "o1", "o2", "o3"), { nil: undefined })),
        (sections, choose) => {
          const path = sectionPath(sections, (id) => choose(id));
          const live = sections.filter((s) => !s.deleted).map((s) => s._id);
          expect(new Set(path).size).toBe(path.length);
          const positions = path.map((id) => live.indexOf(id));
          expect(positions.every((p, i) => p >= 0 && (i === 0 || p > positions[i - 1]!))).toBe(true);
          expect(path[0]).toBe(live[0]);
        },
      ),
    );
  });

  it("every section an applicant can walk through is reachable (a smart question must be answered)", () => {
    fc.assert(
      fc.property(arbitraryForm, fc.func(fc.nat()), (sections, pick) => {
        const options = new Map(sections.flatMap((s) => s.questions).map((q) => [q._id, q.x_options]));
        const choiceOf = (questionId: string) => {
          const choices = options.get(questionId) ?? [];
          return choices.length > 0 ? choices[pick(questionId) % choices.length]!._id : undefined;
        };
        const reachable = reachableSectionIds(sections);
        for (const id of sectionPath(sections, choiceOf)) expect(reachable.has(id)).toBe(true);
      }),
    );
  });

  it("warns exactly about the required questions of unreachable sections (hidden ones never count)", () => {
    fc.assert(
      fc.property(arbitraryForm, (sections) => {
        const reachable = reachableSectionIds(sections);
        const warned = new Set(logicWarnings(sections).flatMap((w) => (w.questionId ? [w.questionId] : [])));
        for (const section of sections.filter((s) => !s.deleted)) {
          for (const q of section.questions) {
            const hidden = q.type === "MULTIPLE_CHOICE" && q.x_options.length === 0;
            expect(warned.has(q._id)).toBe(!reachable.has(section._id) && q.required && !hidden);
          }
        }
      }),
    );
  });
});
