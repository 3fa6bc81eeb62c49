import { type ChoiceOf, sectionPath } from "../../../../shared/forms/branching";
import type { Section } from "../../../../shared/forms/model";
import { liveSections } from "../../../../shared/forms/model-constants";

/**
 * The applicant's way through the sections: a stack of the sections visited, the current one last.
 * Next pushes where branching leads, Back pops, so Back returns to the section the applicant came
 * from — after a branch, the branching section, never one the branch skipped (forms-and-applicants,
 * "4. States and transitions").
 */
export type VisitHistory = readonly string[];

/** Where an applicant starts: the first live section (empty when the form has none). */
export function startHistory(sections: readonly Section[]): VisitHistory {
  const first = liveSections(sections)[0];
  return first ? [first._id] : [];
}

/** The section shown now. */
export const currentSectionId = (history: VisitHistory): string | undefined => history[history.length - 1];

export const canGoBack = (history: VisitHistory): boolean => history.length > 1;

/** After Next: on to `next` (the section `nextSectionId` gives); at the end (null) nothing changes. */
export function advance(history: VisitHistory, next: string | null): VisitHistory {
  if (next === null || next === currentSectionId(history)) return history;
  // Coming back to a section already on the stack (it cannot happen with forward-only branching,
  // but a changed form could) returns to that visit instead of making a loop.
  const seen = history.indexOf(next);
  return seen >= 0 ? history.slice(0, seen + 1) : [...history, next];
}

/** After Back: the previously visited section (the first section stays). */
export function retreat(history: VisitHistory): VisitHistory {
  return canGoBack(history) ? history.slice(0, -1) : history;
}

/**
 * The history kept valid when the form changes under it (a section deleted while previewing or in
 * admin edit): sections that are gone drop out; an empty history starts again.
 */
export function reconcileHistory(history: VisitHistory, sections: readonly Section[]): VisitHistory {
  const live = new Set(liveSections(sections).map((s) => s._id));
  const kept = history.filter((id) => live.has(id));
  if (kept.length === history.length) return history;
  return kept.length > 0 ? kept : startHistory(sections);
}

/**
 * The history that shows `target` (a section with a problem the server found): back to it when it
 * was visited, else along the applicant's path up to it, else straight to it after the current one.
 */
export function historyTo(
  history: VisitHistory,
  sections: readonly Section[],
  choiceOf: ChoiceOf,
  target: string,
): VisitHistory {
  const visited = history.indexOf(target);
  if (visited >= 0) return history.slice(0, visited + 1);
  const path = sectionPath(sections, choiceOf);
  const onPath = path.indexOf(target);
  if (onPath >= 0) return path.slice(0, onPath + 1);
  return [...history, target];
}

/**
 * The first section, along the applicant's path and then in form order, holding a question with a
 * problem in `problems` (keyed `answers.{questionId}`); null when none does.
 */
export function firstSectionWithProblem(
  sections: readonly Section[],
  choiceOf: ChoiceOf,
  problems: Readonly<Record<string, readonly string[]>>,
): string | null {
  const live = liveSections(sections);
  const hasProblem = (section: Section) =>
    section.questions.some((q) => (problems[`answers.${q._id}`]?.length ?? 0) > 0);
  const byId = new Map(live.map((s) => [s._id, s]));
  const onPath = sectionPath(live, choiceOf)
    .map((id) => byId.get(id))
    .find((s) => s !== undefined && hasProblem(s));
  return (onPath ?? live.find(hasProblem))?._id ?? null;
}

/** "section N of M": the section's place among the live sections, and how many there are. */
export function sectionPosition(sections: readonly Section[], sectionId: string): { n: number; m: number } {
  const live = liveSections(sections);
  return { n: live.findIndex((s) => s._id === sectionId) + 1, m: live.length };
}
