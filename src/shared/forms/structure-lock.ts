import type { FormContent, Question, Section } from "./model";
import { FORM_MESSAGES } from "./publish-check";

/**
 * After publishing only titles, descriptions, review criteria (with the rubric) and the look of the
 * form may change: the structure applicants answer is frozen. Returns the spec's message for the
 * first forbidden change, or null when the edit is allowed. The server refuses with it; the
 * builder disables the controls and says the same.
 */
export function publishedEditProblem(published: FormContent, next: FormContent): string | null {
  const before = published.sections;
  const after = next.sections;
  if (!sameIds(before, after) || before.some((s, i) => s.deleted !== after[i]!.deleted)) {
    return FORM_MESSAGES.editAfterPublish;
  }
  for (let i = 0; i < before.length; i++) {
    const problem = sectionProblem(before[i]!, after[i]!);
    if (problem) return problem;
  }
  return null;
}

function sameIds(a: readonly { _id: string }[], b: readonly { _id: string }[]): boolean {
  return a.length === b.length && a.every((x, i) => x._id === b[i]!._id);
}

function sameIdSet(a: readonly { _id: string }[], b: readonly { _id: string }[]): boolean {
  const ids = new Set(a.map((x) => x._id));
  return a.length === b.length && b.every((x) => ids.has(x._id));
}

function sectionProblem(before: Section, after: Section): string | null {
  if (before.nextSection !== after.nextSection || before.sectionType !== after.sectionType) {
    return FORM_MESSAGES.editAfterPublish;
  }
  if (!sameIds(before.questions, after.questions)) {
    return sameIdSet(before.questions, after.questions)
      ? FORM_MESSAGES.moveQuestions
      : FORM_MESSAGES.editAfterPublish;
  }
  for (let i = 0; i < before.questions.length; i++) {
    const problem = questionProblem(before.questions[i]!, after.questions[i]!);
    if (problem) return problem;
  }
  return null;
}

/**
 * JSON with object keys sorted: the stored copy comes back from PostgreSQL's jsonb with its keys
 * reordered, so plain JSON.stringify would see a change where there is none.
 */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** A question without the parts that stay editable (its text and description). */
function frozenPart(question: Question) {
  const { name: _name, description: _description, x_options, y_options, ...rest } = question;
  return stableJson({ ...rest, x: x_options.map((o) => o._id), y: y_options.map((o) => o._id) });
}

function questionProblem(before: Question, after: Question): string | null {
  for (const key of ["x_options", "y_options"] as const) {
    if (!sameIds(before[key], after[key])) {
      return sameIdSet(before[key], after[key]) ? FORM_MESSAGES.moveOptions : FORM_MESSAGES.editAfterPublish;
    }
    // Option labels are what applicants chose from: frozen too.
    if (before[key].some((o, i) => o.value !== after[key][i]!.value)) return FORM_MESSAGES.editAfterPublish;
  }
  return frozenPart(before) === frozenPart(after) ? null : FORM_MESSAGES.editAfterPublish;
}
