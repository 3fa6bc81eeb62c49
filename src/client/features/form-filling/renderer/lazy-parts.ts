import type { Section } from "../../../../shared/forms/model";
import { lazyComponent } from "../../../lib/lazy-component";

/*
 * Parts of the form that load after it: the applicant route's first download stays small (the budget
 * of docs/decisions/014-declarative-router.md). The Submit dialog (Mantine's Modal, focus trap, scroll lock)
 * is needed last; a table question brings Mantine's Table, whose scroll container pulls in floating-ui. The
 * renderer asks for each one as soon as it can be needed (the dialog when Submit shows, tables when the form
 * has one), so neither is waited for in practice.
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
