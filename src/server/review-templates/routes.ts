import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { reviewTemplateDefinitionSchema } from "../../shared/review/templates";
import { okSchema } from "../../shared/schemas/common";
import { editConflictBodySchema } from "../../shared/schemas/edit-conflict";
import {
  bindTemplateBodySchema,
  reviewTemplateListSchema,
  reviewTemplateResultSchema,
  reviewTemplateSchema,
  templatePreviewBodySchema,
  templatePreviewSchema,
  updateTemplateBodySchema,
} from "../../shared/schemas/review-templates";
import type { AppContext } from "../http/context";
import { authorize, requireActor } from "../http/door";
import { createRouter, errorResponses, jsonBody, jsonResponse } from "../http/router";
import {
  bindTemplate,
  createTemplate,
  deleteTemplate,
  getTemplate,
  listTemplates,
  previewTemplate,
  updateTemplate,
} from "./service";

/**
 * The organization's review templates, mounted at /api/organizations (docs/decisions/040-review-templates.md).
 * Only the organization's admin (`reviewTemplate:manage`); anyone else — a program admin, another
 * organization's admin — gets 404, as for every organization-level page. Importing a template is creating
 * one from its exported file; exporting is reading one.
 */

const tags = ["review templates"];
const orgParams = z.object({ organizationId: z.string().min(1).max(64) });
const templateParams = orgParams.extend({ templateId: z.string().min(1).max(64) });
const programParams = orgParams.extend({ programId: z.string().min(1).max(64) });

function managing(c: AppContext, organizationId: string) {
  // The matrix compares ids: an organization that does not exist has no admin, so it is a 404 too.
  authorize(c, "reviewTemplate:manage", { organizationId });
  return c.get("deps").db;
}

export const reviewTemplateRoutes = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/{organizationId}/review-templates",
      tags,
      summary:
        "The organization's review templates and its legacy programs, with the answers each template leaves to Other",
      request: { params: orgParams },
      responses: { 200: jsonResponse(reviewTemplateListSchema, "The templates"), ...errorResponses },
    }),
    async (c) => {
      const { organizationId } = c.req.valid("param");
      return c.json(await listTemplates(managing(c, organizationId), organizationId), 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{organizationId}/review-templates",
      tags,
      summary: "Create a review template (also how an exported template file is imported)",
      request: { params: orgParams, body: jsonBody(reviewTemplateDefinitionSchema) },
      responses: { 201: jsonResponse(reviewTemplateResultSchema, "Created"), ...errorResponses },
    }),
    async (c) => {
      const { organizationId } = c.req.valid("param");
      const db = managing(c, organizationId);
      const template = await createTemplate(db, organizationId, c.req.valid("json"), requireActor(c).userId);
      return c.json({ template }, 201);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{organizationId}/review-templates/preview",
      tags,
      summary: "Where each answer of one of a program's submissions lands under a template (saved or not)",
      request: { params: orgParams, body: jsonBody(templatePreviewBodySchema) },
      responses: { 200: jsonResponse(templatePreviewSchema, "The placements"), ...errorResponses },
    }),
    async (c) => {
      const { organizationId } = c.req.valid("param");
      const { definition, programId, submissionId } = c.req.valid("json");
      const db = managing(c, organizationId);
      return c.json(await previewTemplate(db, organizationId, definition, programId, submissionId), 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/{organizationId}/review-templates/{templateId}",
      tags,
      summary: "One review template; its definition is the file an export downloads",
      request: { params: templateParams },
      responses: { 200: jsonResponse(reviewTemplateResultSchema, "The template"), ...errorResponses },
    }),
    async (c) => {
      const { organizationId, templateId } = c.req.valid("param");
      const template = await getTemplate(managing(c, organizationId), organizationId, templateId);
      return c.json({ template }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "put",
      path: "/{organizationId}/review-templates/{templateId}",
      tags,
      summary:
        "Replace a review template's definition (bound programs are reviewed with it at once), based on the revision last read",
      request: { params: templateParams, body: jsonBody(updateTemplateBodySchema) },
      responses: {
        200: jsonResponse(reviewTemplateResultSchema, "Saved"),
        409: jsonResponse(
          editConflictBodySchema(reviewTemplateSchema),
          "Changed meanwhile by someone else (CONFLICT, with the stored template as `current`): nothing saved",
        ),
        ...errorResponses,
      },
    }),
    async (c) => {
      const { organizationId, templateId } = c.req.valid("param");
      const db = managing(c, organizationId);
      const actor = requireActor(c);
      const template = await updateTemplate(
        db,
        organizationId,
        templateId,
        c.req.valid("json"),
        actor.userId,
      );
      return c.json({ template }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/{organizationId}/review-templates/{templateId}",
      tags,
      summary: "Delete a review template: its programs are reviewed in their form's own sections again",
      request: { params: templateParams },
      responses: { 200: jsonResponse(okSchema, "Deleted"), ...errorResponses },
    }),
    async (c) => {
      const { organizationId, templateId } = c.req.valid("param");
      const db = managing(c, organizationId);
      await deleteTemplate(db, organizationId, templateId, requireActor(c).userId);
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "put",
      path: "/{organizationId}/programs/{programId}/review-template",
      tags,
      summary: "Bind a legacy program to one of the organization's review templates, or unbind it (null)",
      request: { params: programParams, body: jsonBody(bindTemplateBodySchema) },
      responses: { 200: jsonResponse(okSchema, "Saved"), ...errorResponses },
    }),
    async (c) => {
      const { organizationId, programId } = c.req.valid("param");
      const db = managing(c, organizationId);
      const { templateId } = c.req.valid("json");
      await bindTemplate(db, organizationId, programId, templateId, requireActor(c).userId);
      return c.json({ ok: true as const }, 200);
    },
  );
