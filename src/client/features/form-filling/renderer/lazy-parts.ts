import type { Section } from "../../../../shared/forms/model";
import { lazyComponent } from "../../../lib/lazy-component";

/*
 * Parts of the form that load after it: the applicant route's first download stays small (the budget
 * of docs/decisions/014-declarative-router.md). The Submit dialog (Mantine's Modal, focus trap, scroll lock)
 * is needed last; a table question brings Mantine's Table, whose scroll container pulls in floating-ui. The
 * renderer asks for each one as soon as it can be needed (the dialog when Submit shows, tables once the
 * first section is shown when the form has one: its eight requests then do not compete with it), so neither
 * is waited for in practice.
 */

export const SubmitDialog = lazyComponent(
  () => import("./submit-dialog"),
  (m) => m.SubmitDialog,
);

export const loadTableQuestion = () => import("./table-question");
export const TableQuestion = lazyComponent(loadTableQuestion, (m) => m.TableQuestion);

export function hasTableQuestion(sections: readonly Section[]): boolean {
  return sections.some((section) => section.questions.some((q) => q.type === "SIMPLE_TABLE"));
}

/** Starts fetching a part now; a failure is left to the part's own render, which reports it. */
export function prefetch(load: () => Promise<unknown>): void {
  load().catch(() => undefined);
}

/**
 * Starts fetching a part once the browser is idle (the section on screen shown first), at the latest after
 * `timeoutMs`; a section that needs the part sooner asks for it as it renders. Returns a cancel.
 */
export function prefetchWhenIdle(load: () => Promise<unknown>, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(() => prefetch(load), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(() => prefetch(load), Math.min(timeoutMs, 500));
  return () => window.clearTimeout(handle);
}
