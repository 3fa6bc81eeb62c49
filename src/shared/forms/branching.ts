import type { Question, Section } from "./model";
import { liveSections } from "./model-constants";

/** The applicant's chosen option id of a multiple-choice question, if any. */
export type ChoiceOf = (questionId: string) => string | undefined;

/** Choice questions with no options are hidden from applicants (and so never required). */
export function isHiddenQuestion(question: Question): boolean {
  return (
    (question.type === "CHECKBOXES" || question.type === "MULTIPLE_CHOICE") && question.x_options.length === 0
  );
}

/** The section's smart question: the first smart multiple-choice question that has options. */
export function smartQuestionOf(section: Section): Question | undefined {
  return section.questions.find((q) => q.smart && q.type === "MULTIPLE_CHOICE" && !isHiddenQuestion(q));
}

/**
 * Where a section leads. Only later sections count as targets (the builder offers nothing else,
 * and a stale target — deleted, or moved before — falls back), so every path moves forward and ends.
 */
function targetAfter(
  sections: readonly Section[],
  index: number,
  target: string | null | undefined,
): number | null {
  if (target) {
    const at = sections.findIndex((s) => s._id === target);
    if (at > index) return at;
  }
  return index + 1 < sections.length ? index + 1 : null;
}

/** The default next section (section-level "Go to section N", or the following one); null at the end. */
function defaultNextIndex(sections: readonly Section[], index: number): number | null {
  return targetAfter(sections, index, sections[index]!.nextSection);
}

/**
 * The section after `sectionId` for these answers: the smart question's route for the chosen
 * option wins over the section's next section (forms-and-applicants, "4. States and transitions"). Null after
 * the last.
 */
export function nextSectionId(
  allSections: readonly Section[],
  sectionId: string,
  choiceOf: ChoiceOf,
): string | null {
  const sections = liveSections(allSections);
  const index = sections.findIndex((s) => s._id === sectionId);
  if (index < 0) return null;
  const smart = smartQuestionOf(sections[index]!);
  const chosen = smart ? choiceOf(smart._id) : undefined;
  const route = smart && chosen ? smart.routes[chosen] : undefined;
  const next = route ? targetAfter(sections, index, route) : defaultNextIndex(sections, index);
  return next === null ? null : sections[next]!._id;
}

/** The sections an applicant goes through, in order, for these answers (Back walks it backwards). */
export function sectionPath(allSections: readonly Section[], choiceOf: ChoiceOf): string[] {
  const sections = liveSections(allSections);
  const path: string[] = [];
  let current: string | null = sections[0]?._id ?? null;
  while (current !== null && path.length <= sections.length) {
    path.push(current);
    current = nextSectionId(sections, current, choiceOf);
  }
  return path;
}

/** Every section some applicant can reach, whatever they answer. */
export function reachableSectionIds(allSections: readonly Section[]): Set<string> {
  const sections = liveSections(allSections);
  const reached = new Set<string>();
  const queue = sections.length > 0 ? [0] : [];
  while (queue.length > 0) {
    const index = queue.shift()!;
    const section = sections[index]!;
    if (reached.has(section._id)) continue;
    reached.add(section._id);
    const smart = smartQuestionOf(section);
    // A smart question is required: the applicant picks one of its options, each with a route or the default.
    const nexts = smart
      ? smart.x_options.map((o) => {
          const route = smart.routes[o._id];
          return route ? targetAfter(sections, index, route) : defaultNextIndex(sections, index);
        })
      : [defaultNextIndex(sections, index)];
    for (const next of nexts) if (next !== null) queue.push(next);
  }
  return reached;
}

export interface LogicWarning {
  sectionId: string;
  questionId?: string;
  message: string;
}

/**
 * Beyond the peers: before publishing, warn about sections no path reaches and required questions
 * an applicant can never answer because of it.
 */
export function logicWarnings(allSections: readonly Section[]): LogicWarning[] {
  const sections = liveSections(allSections);
  const reached = reachableSectionIds(sections);
  const warnings: LogicWarning[] = [];
  sections.forEach((section, index) => {
    if (reached.has(section._id)) return;
    warnings.push({
      sectionId: section._id,
      message: `No answers lead to section ${index + 1}${section.name ? ` (${section.name})` : ""}: applicants never see it.`,
    });
    for (const question of section.questions) {
      if (question.required && !isHiddenQuestion(question)) {
        warnings.push({
          sectionId: section._id,
          questionId: question._id,
          message: `The required question "${question.name || "Untitled question"}" in section ${index + 1} can never be answered.`,
        });
      }
    }
  });
  return warnings;
}
