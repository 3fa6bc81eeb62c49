import { z } from "zod";
import { formContentSchema, formSchema, sectionSchema } from "../forms/model";

/** A form with what blocks its publishing and what the logic check warns about. */
export const formResultSchema = z.object({
  form: formSchema,
  problems: z.array(
    z.object({ sectionId: z.string().optional(), questionId: z.string().optional(), message: z.string() }),
  ),
  warnings: z.array(
    z.object({ sectionId: z.string(), questionId: z.string().optional(), message: z.string() }),
  ),
  /** Whether this server translates French texts by machine (said when the builder opens the form). */
  machineTranslation: z.boolean().optional(),
});
export type FormResult = z.infer<typeof formResultSchema>;

/**
 * What a whole-form save answers: the new revision and what the server found in the content. Not the
 * form itself — the editor already holds the content it sent, and echoing a 1,000-question form back
 * on every autosave would double the save's cost.
 */
export const saveFormResultSchema = formResultSchema.pick({ problems: true, warnings: true }).extend({
  revision: z.number().int(),
  lastEditedAt: z.string(),
});
export type SaveFormResult = z.infer<typeof saveFormResultSchema>;

/** PUT /api/forms/{formId}: the whole content, and the revision it was based on (stale → 409). */
export const saveFormBodySchema = z.strictObject({
  revision: z.number().int().min(0),
  content: formContentSchema,
});

/** POST /api/forms/{formId}/sections: add a section after `index` (-1: first). */
export const addSectionBodySchema = z.strictObject({
  revision: z.number().int().min(0),
  index: z.number().int().min(-1).max(1000),
  section: sectionSchema,
});

export const revisionBodySchema = z.strictObject({ revision: z.number().int().min(0) });

/** POST /api/forms/{formId}/translations/machine: how many French texts were filled, and the form now. */
export const machineTranslationResultSchema = formResultSchema.extend({
  translated: z.number().int().min(0),
});
export type MachineTranslationResult = z.infer<typeof machineTranslationResultSchema>;

/** POST /api/forms/{formId}/close: close now (no `at`) or at a scheduled date-time. */
export const closeFormBodySchema = z.strictObject({ at: z.iso.datetime().optional() });
/**
 * POST /api/forms/{formId}/reopen (the body is optional): without `closeAt`, a close scheduled before the
 * form was closed early is kept; a date replaces it, null reopens with no close date.
 */
export const reopenFormBodySchema = z.strictObject({ closeAt: z.iso.datetime().nullable().optional() });
export const allowEditBodySchema = z.strictObject({ allowEdit: z.boolean() });

/** A published form of the organization, for mapping: its questions by section. */
export const mappableFormSchema = z.object({
  _id: z.string(),
  name: z.string(),
  sections: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      questions: z.array(z.object({ _id: z.string(), name: z.string(), type: z.string() })),
    }),
  ),
});
export const mappableFormsResultSchema = z.object({ forms: z.array(mappableFormSchema) });
