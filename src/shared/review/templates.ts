import { z } from "zod";
import { isHiddenQuestion } from "../forms/branching";
import type { Question, Section } from "../forms/model";
import { hasNoLineBreak } from "../schemas/common";

/**
 * Fixed review templates (review-and-administration, "1. What the product does and for whom": templates for
 * known application forms "map question wording to a section number"; docs/decisions/040-review-templates.md).
 *
 * A template names the form it was written for and lists rules "question wording → section number"; the
 * numbers are the legacy review's nine canvas entries (`canvas_1` … `canvas_9`). When a legacy program is
 * bound to a template, each answer of its submissions is reviewed under the section the first matching rule
 * names; an answer no rule matches goes under "Other", never dropped. This module is the one place that
 * decides where an answer lands: the legacy review page, the PDFs and the exports all call it.
 */

export const TEMPLATE_SECTION_COUNT = 9;
export const TEMPLATE_OTHER_SECTION_ID = "template-other";
export const TEMPLATE_OTHER_TITLE = "Other";
/** The form's administrative sections stay in "Administrative Categories", outside any template. */
const ADMIN_INFO = "Admin Info";

export const TEMPLATE_LIMITS = { name: 120, form: 200, title: 200, wording: 500, rules: 500 } as const;

const trimmed = (max: number, what: string) =>
  z
    .string()
    .trim()
    .min(1, `${what} is required.`)
    .max(max, `${what} has at most ${max} characters.`)
    .refine(hasNoLineBreak, `${what} is one line.`);

const sectionNumber = z
  .number()
  .int("A section number is a whole number from 1 to 9.")
  .min(1, "A section number is a whole number from 1 to 9.")
  .max(TEMPLATE_SECTION_COUNT, "A section number is a whole number from 1 to 9.");

export const TEMPLATE_MATCHES = ["exact", "pattern"] as const;

export const templateRuleSchema = z.strictObject({
  /** The question's wording; in a pattern, `*` stands for any text. */
  wording: trimmed(TEMPLATE_LIMITS.wording, "The wording"),
  match: z.enum(TEMPLATE_MATCHES),
  section: sectionNumber,
});
export type TemplateRule = z.infer<typeof templateRuleSchema>;

export const templateSectionSchema = z.strictObject({
  number: sectionNumber,
  title: trimmed(TEMPLATE_LIMITS.title, "The section's title"),
});
export type TemplateSection = z.infer<typeof templateSectionSchema>;

/** A template as created, edited, exported and imported (the JSON file is exactly this). */
export const reviewTemplateDefinitionSchema = z
  .strictObject({
    name: trimmed(TEMPLATE_LIMITS.name, "The name"),
    /** The application form the template was written for (its questions are matched by wording). */
    form: trimmed(TEMPLATE_LIMITS.form, "The form"),
    sections: z
      .array(templateSectionSchema)
      .min(1, "A template has at least one section.")
      .max(TEMPLATE_SECTION_COUNT, `A template has at most ${TEMPLATE_SECTION_COUNT} sections.`),
    rules: z
      .array(templateRuleSchema)
      .min(1, "A template has at least one rule.")
      .max(TEMPLATE_LIMITS.rules, `A template has at most ${TEMPLATE_LIMITS.rules} rules.`),
  })
  .superRefine((template, ctx) => {
    const numbers = new Set<number>();
    template.sections.forEach((section, i) => {
      if (numbers.has(section.number)) {
        ctx.addIssue({
          code: "custom",
          path: ["sections", i, "number"],
          message: `Section ${section.number} is listed twice.`,
        });
      }
      numbers.add(section.number);
    });
    template.rules.forEach((rule, i) => {
      if (!numbers.has(rule.section)) {
        ctx.addIssue({
          code: "custom",
          path: ["rules", i, "section"],
          message: `Section ${rule.section} is not one of the template's sections.`,
        });
      }
      if (rule.match === "pattern" && normalizeWording(rule.wording).replaceAll("*", "").trim() === "") {
        ctx.addIssue({
          code: "custom",
          path: ["rules", i, "wording"],
          message: "A pattern needs words besides *: it would match every question.",
        });
      }
    });
  });
export type ReviewTemplateDefinition = z.infer<typeof reviewTemplateDefinitionSchema>;

/**
 * Wording as compared: letter case, runs of spaces, curly quotes and the kinds of dash do not count (the
 * same question retyped over the years differs in exactly these).
 */
export function normalizeWording(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/[\u2018\u2019\u201B\u2032]/g, "'")
    .replace(/[\u201C\u201D\u201F\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

/**
 * Whether `text` matches `pattern` whole, `*` standing for any run of characters. The usual two-pointer
 * wildcard match: linear in practice, at worst text × pattern — no regular expression, so a pattern typed
 * by an admin cannot make the server backtrack for ever.
 */
export function wildcardMatch(pattern: string, text: string): boolean {
  let p = 0;
  let t = 0;
  let star = -1;
  let resume = 0;
  while (t < text.length) {
    if (p < pattern.length && pattern[p] !== "*" && pattern[p] === text[t]) {
      p++;
      t++;
    } else if (p < pattern.length && pattern[p] === "*") {
      star = p++;
      resume = t;
    } else if (star !== -1) {
      p = star + 1;
      t = ++resume;
    } else {
      return false;
    }
  }
  while (p < pattern.length && pattern[p] === "*") p++;
  return p === pattern.length;
}

/** The index of the first rule matching the question's wording, or -1. */
export function matchingRule(rules: readonly TemplateRule[], wording: string): number {
  const text = normalizeWording(wording);
  return rules.findIndex((rule) => {
    const expected = normalizeWording(rule.wording);
    return rule.match === "exact" ? expected === text : wildcardMatch(expected, text);
  });
}

/** Where one question of the form lands. */
export interface Placement {
  questionId: string;
  /** The form section the question is in. */
  sectionId: string;
  wording: string;
  /** The template's section number, or null: "Other". */
  section: number | null;
  /** The index of the rule that placed it, or null. */
  rule: number | null;
}

/** Every question of the form's live, non-administrative sections, in form order, with where it lands. */
export function placeQuestions(
  sections: readonly Section[],
  template: Pick<ReviewTemplateDefinition, "rules">,
): Placement[] {
  return sections
    .filter((section) => !section.deleted && section.sectionType !== ADMIN_INFO)
    .flatMap((section) =>
      section.questions
        .filter((question) => !isHiddenQuestion(question))
        .map((question) => {
          const rule = matchingRule(template.rules, question.name);
          return {
            questionId: question._id,
            sectionId: section._id,
            wording: question.name,
            section: rule === -1 ? null : template.rules[rule]!.section,
            rule: rule === -1 ? null : rule,
          };
        }),
    );
}

/** The canvas id of a template section number. */
export const templateCanvasId = (number: number) => `canvas_${number}`;

/**
 * The form's sections as a bound program's submissions are reviewed: the administrative sections as they
 * are, then the template's sections in number order (each a section whose id is its canvas id, `canvas_N`,
 * holding the questions placed there, in form order), then "Other" with every question no rule placed
 * (left out when there is none). Questions keep their ids, so answers and files still find them.
 */
export function arrangeSections(sections: readonly Section[], template: ReviewTemplateDefinition): Section[] {
  const live = sections.filter((section) => !section.deleted);
  const admin = live.filter((section) => section.sectionType === ADMIN_INFO);
  const questions = new Map<string, Question>(
    live.flatMap((s) => s.questions.map((q) => [q._id, q] as const)),
  );
  const placements = placeQuestions(live, template);
  const blank = (id: string, name: string, placed: readonly Placement[]): Section => ({
    _id: id,
    name,
    description: "",
    rubric: "",
    sectionType: "Decision Criteria",
    deleted: false,
    criteria: [],
    questions: placed.map((p) => questions.get(p.questionId)!),
    nextSection: null,
  });
  const canvases = [...template.sections]
    .sort((a, b) => a.number - b.number)
    .map((section) =>
      blank(
        templateCanvasId(section.number),
        section.title,
        placements.filter((p) => p.section === section.number),
      ),
    );
  const other = placements.filter((p) => p.section === null);
  return [
    ...admin,
    ...canvases,
    ...(other.length > 0 ? [blank(TEMPLATE_OTHER_SECTION_ID, TEMPLATE_OTHER_TITLE, other)] : []),
  ];
}

/** Section titles by canvas id under a template (sections it does not name keep "Canvas entry N"). */
export function templateCanvasTitles(template: ReviewTemplateDefinition): Map<string, string> {
  const titles = new Map<string, string>();
  for (let n = 1; n <= TEMPLATE_SECTION_COUNT; n++) titles.set(templateCanvasId(n), `Canvas entry ${n}`);
  for (const section of template.sections) titles.set(templateCanvasId(section.number), section.title);
  return titles;
}
