import type { z } from "zod";
import type { Mapping, QuestionType } from "../../../../shared/forms/model";
import { FORM_LIMITS } from "../../../../shared/forms/model-constants";
import type { mappableFormSchema } from "../../../../shared/schemas/forms";

export type MappableForm = z.infer<typeof mappableFormSchema>;

type MappableSection = MappableForm["sections"][number];
type MappableQuestion = MappableSection["questions"][number];

/** What the mapping dialog has chosen so far ("" while nothing is chosen at that level). */
export interface MappingChoice {
  formId: string;
  sectionId: string;
  questionId: string;
}

export const NO_CHOICE: MappingChoice = { formId: "", sectionId: "", questionId: "" };

/** Every answerable type may be mapped; CHECKBOX_GRID stays in the model only. */
export function isMappableType(type: QuestionType): boolean {
  return type !== "CHECKBOX_GRID";
}

/**
 * The mapping button shows only on a draft form whose organization the user administers
 * (forms-and-applicants, "5. Validation rules", "6. Roles and permissions").
 */
export function mayMap(
  form: { draft: boolean; organizationId: string },
  adminOrganization: string | null,
): boolean {
  return form.draft && adminOrganization !== null && adminOrganization === form.organizationId;
}

/** The published forms a question may map to: every one but the form being edited. */
export function eligibleForms(forms: readonly MappableForm[], currentFormId: string): MappableForm[] {
  return forms.filter((f) => f._id !== currentFormId);
}

export function sectionsOf(forms: readonly MappableForm[], formId: string): readonly MappableSection[] {
  return forms.find((f) => f._id === formId)?.sections ?? [];
}

/** The questions of a section a question of `type` may map to: those of the same type. */
export function eligibleQuestions(
  forms: readonly MappableForm[],
  choice: Pick<MappingChoice, "formId" | "sectionId">,
  type: QuestionType,
): MappableQuestion[] {
  const section = sectionsOf(forms, choice.formId).find((s) => s._id === choice.sectionId);
  return section?.questions.filter((q) => q.type === type) ?? [];
}

/** The dialog opens on the current mapping, if any. */
export function choiceFromMapping(mapping: Mapping | null): MappingChoice {
  if (mapping === null) return NO_CHOICE;
  return { formId: mapping.formMap.id, sectionId: mapping.sectionMap.id, questionId: mapping.questionMap.id };
}

/** A new form clears the section and question; a new section clears the question. */
export function choose(choice: MappingChoice, level: keyof MappingChoice, id: string): MappingChoice {
  switch (level) {
    case "formId":
      return { formId: id, sectionId: "", questionId: "" };
    case "sectionId":
      return { ...choice, sectionId: id, questionId: "" };
    case "questionId":
      return { ...choice, questionId: id };
  }
}

/** Names fit the model's short text (a question's text may be longer than a mapping's name allows). */
const shortName = (name: string) => name.slice(0, FORM_LIMITS.name);

/** The mapping the choice stands for, or null while it is incomplete or not of the same type. */
export function mappingFor(
  forms: readonly MappableForm[],
  choice: MappingChoice,
  type: QuestionType,
): Mapping | null {
  const form = forms.find((f) => f._id === choice.formId);
  const section = form?.sections.find((s) => s._id === choice.sectionId);
  const question = section?.questions.find((q) => q._id === choice.questionId);
  if (!form || !section || !question || question.type !== type || !isMappableType(type)) return null;
  return {
    formMap: { id: form._id, name: shortName(form.name) },
    sectionMap: { id: section._id, name: shortName(section.name) },
    questionMap: { id: question._id, name: shortName(question.name) },
  };
}

const LABEL_LENGTH = 120;

/** A choice's label: its name, shortened for the select, or a stand-in when it has none. */
export function choiceLabel(name: string, fallback: string): string {
  const trimmed = name.trim();
  if (trimmed === "") return fallback;
  return trimmed.length > LABEL_LENGTH ? `${trimmed.slice(0, LABEL_LENGTH - 1)}…` : trimmed;
}

/** "Form › Section › Question", as the question card shows it. */
export function mappingPath(mapping: Mapping): string {
  return [
    choiceLabel(mapping.formMap.name, "Untitled form"),
    choiceLabel(mapping.sectionMap.name, "Untitled section"),
    choiceLabel(mapping.questionMap.name, "Untitled question"),
  ].join(" › ");
}
