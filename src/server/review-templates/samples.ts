import { type ReviewTemplateDefinition, reviewTemplateDefinitionSchema } from "../../shared/review/templates";
import general from "./samples/general-operating-support.json";
import renewal from "./samples/general-operating-support-renewal.json";

/**
 * Two invented review templates of the kinds the spec names (review-and-administration, "1. What the product
 * does and for whom": general operating support and its renewal form; docs/decisions/040-review-templates.md),
 * written for the wording of the legacy sample's form (src/server/programs/legacy-import/samples/generation-1.json):
 * the first places all of its answers but one, the renewal only a few — the rest go under "Other". Used by the
 * tests and the demo, and a model for an organization writing its own files.
 */
export const SAMPLE_TEMPLATES: readonly ReviewTemplateDefinition[] = [general, renewal].map((file) =>
  reviewTemplateDefinitionSchema.parse(file),
);
