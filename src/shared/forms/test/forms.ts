import { newOption, newQuestion, newSection } from "../defaults";
import type { Question, Section } from "../model";

/** Test helpers: sections named S1…Sn, a smart multiple-choice question with named options. */
export function sectionsNamed(count: number): Section[] {
  return Array.from({ length: count }, (_, i) => ({ ...newSection(`S${i + 1}`), _id: `s${i + 1}` }));
}

export function smartQuestion(options: string[], routes: Record<string, string> = {}): Question {
  return {
    ...newQuestion("MULTIPLE_CHOICE", "Pick one"),
    _id: `q-${options.join("-")}`,
    required: true,
    smart: true,
    x_options: options.map((value) => ({ ...newOption(value), _id: value })),
    routes,
  };
}
