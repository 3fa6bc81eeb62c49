import { z } from "zod";
import { reviewTemplateDefinitionSchema, TEMPLATE_SECTION_COUNT } from "../review/templates";

/**
 * The calls of the organization's review templates (docs/decisions/040-review-templates.md). A template's
 * JSON file — exported and imported — is its definition (`reviewTemplateDefinitionSchema`).
 */

const id = z.string().min(1).max(64);

/** A program a template is bound to (or may be: legacy programs only). */
export const templateProgramSchema = z.object({
  _id: z.string(),
  name: z.string(),
  appVersion: z.number().int(),
  archived: z.boolean(),
  reviewTemplateId: z.string().nullable(),
  /** Questions of the program's form no rule of its template places: they are reviewed under "Other". */
  unplaced: z.array(z.object({ questionId: z.string(), wording: z.string() })),
});
export type TemplateProgram = z.infer<typeof templateProgramSchema>;

export const reviewTemplateSchema = z.object({
  _id: z.string(),
  name: z.string(),
  definition: reviewTemplateDefinitionSchema,
  revision: z.number().int(),
  updatedAt: z.string(),
});
export type ReviewTemplate = z.infer<typeof reviewTemplateSchema>;

export const reviewTemplateListSchema = z.object({
  templates: z.array(reviewTemplateSchema),
  /** The organization's legacy programs (appVersion 1), the ones a template can be bound to. */
  programs: z.array(templateProgramSchema),
});
export type ReviewTemplateList = z.infer<typeof reviewTemplateListSchema>;

export const reviewTemplateResultSchema = z.object({ template: reviewTemplateSchema });

/**
 * PUT of a template: the definition and the revision its editor last read (decision 016); a stale revision
 * gets 409 with the template as stored now.
 */
export const updateTemplateBodySchema = z.strictObject({
  definition: reviewTemplateDefinitionSchema,
  revision: z.number().int().min(0).max(2_147_483_647),
});

export const bindTemplateBodySchema = z.strictObject({
  /** The template to review the program's submissions with, or null to go back to the form's sections. */
  templateId: id.nullable(),
});

export const templatePreviewBodySchema = z.strictObject({
  /** The template as it is being edited (saved or not). */
  definition: reviewTemplateDefinitionSchema,
  programId: id,
  /** The submission to show; none: the program's first. */
  submissionId: id.optional(),
});

export const templatePreviewSchema = z.object({
  /** The program's submissions to choose from (drafts and tests included), by identifier. */
  submissions: z.array(z.object({ _id: z.string(), identifier: z.string() })),
  /** The submission shown, or null when the program has none. */
  submissionId: z.string().nullable(),
  /** Each question of the form, in form order, where its answer lands. */
  placements: z.array(
    z.object({
      questionId: z.string(),
      wording: z.string(),
      section: z.number().int().min(1).max(TEMPLATE_SECTION_COUNT).nullable(),
      /** The section's title, or "Other". */
      sectionTitle: z.string(),
      /** The 0-based index of the rule that placed it, or null. */
      rule: z.number().int().nullable(),
      /** The chosen submission's answer, as the data export writes it. */
      answer: z.string(),
    }),
  ),
});
export type TemplatePreview = z.infer<typeof templatePreviewSchema>;
