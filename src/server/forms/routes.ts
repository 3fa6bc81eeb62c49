import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { formAddressBodySchema } from "../../shared/forms/address";
import {
  addSectionBodySchema,
  allowEditBodySchema,
  closeFormBodySchema,
  formResultSchema,
  machineTranslationResultSchema,
  mappableFormsResultSchema,
  reopenFormBodySchema,
  revisionBodySchema,
  saveFormBodySchema,
  saveFormResultSchema,
} from "../../shared/schemas/forms";
import type { AppContext } from "../http/context";
import { authorize } from "../http/door";
import { createRouter, errorResponses, jsonBody, jsonResponse } from "../http/router";
import { findProgram } from "../programs/service";
import { submittedCount } from "../submissions/service";
import { answeringProviderFailures, translationUnavailableResponse } from "../translation/http";
import { setFormSlug } from "./address";
import { administeredForm } from "./administered-form";
import { translateMissingFrench } from "./machine-translation";
import {
  changeContent,
  closeForm,
  findForm,
  formOfProgram,
  mappableForms,
  presentForm,
  publishForm,
  reopenForm,
  replaceContent,
  saveReceipt,
  setAllowEdit,
  setSectionDeleted,
  unpublishForm,
} from "./service";

const tags = ["forms"];
const id = z.string().min(1).max(64);
const formParams = z.object({ formId: id });
const sectionParams = z.object({ formId: id, sectionId: id, action: z.enum(["delete", "restore"]) });
const refused = jsonResponse(
  z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
  "Refused: a stale revision (STALE_REVISION), a published form's structure (FORM_LOCKED), or the state of the form",
);
const formResponses = { 200: jsonResponse(formResultSchema, "The form"), 409: refused, ...errorResponses };

async function respond(c: AppContext, formId: string) {
  const { db } = c.get("deps");
  return c.json(await presentForm(db, await findForm(db, formId)), 200);
}

export const formRoutes = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/program/{programId}",
      tags,
      summary: "The program's form for its administrators (created with the default content when missing)",
      request: { params: z.object({ programId: id }) },
      responses: { 200: jsonResponse(formResultSchema, "The form"), ...errorResponses },
    }),
    async (c) => {
      const { db } = c.get("deps");
      const program = await findProgram(db, c.req.valid("param").programId);
      const actor = authorize(c, "program:administer", {
        programId: program.id,
        organizationId: program.organizationId,
      })!;
      const form = await presentForm(db, await formOfProgram(db, program, actor.userId));
      return c.json({ ...form, machineTranslation: c.get("deps").translation !== null }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "put",
      path: "/{formId}",
      tags,
      summary:
        "Save the whole form content, based on the revision the editor loaded; answers the new revision",
      request: { params: formParams, body: jsonBody(saveFormBodySchema) },
      responses: { 200: jsonResponse(saveFormResultSchema, "Saved"), 409: refused, ...errorResponses },
    }),
    async (c) => {
      const { row } = await administeredForm(c, c.req.valid("param").formId);
      const { revision, content } = c.req.valid("json");
      const saved = await replaceContent(c.get("deps").db, row.id, revision, content);
      return c.json(await saveReceipt(c.get("deps").db, saved), 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{formId}/sections",
      tags,
      summary: "Add a section after the given index (-1: first)",
      request: { params: formParams, body: jsonBody(addSectionBodySchema) },
      responses: formResponses,
    }),
    async (c) => {
      const { row } = await administeredForm(c, c.req.valid("param").formId);
      const { revision, index, section } = c.req.valid("json");
      const saved = await changeContent(c.get("deps").db, row.id, revision, (content) => {
        const at = Math.min(index + 1, content.sections.length);
        return {
          ...content,
          sections: [...content.sections.slice(0, at), section, ...content.sections.slice(at)],
        };
      });
      return c.json(await presentForm(c.get("deps").db, saved), 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{formId}/sections/{sectionId}/{action}",
      tags,
      summary:
        "Delete a section (kept for UNDO; the section holding the Identifier cannot be deleted) or restore it (UNDO)",
      request: { params: sectionParams, body: jsonBody(revisionBodySchema) },
      responses: formResponses,
    }),
    async (c) => {
      const { formId, sectionId, action } = c.req.valid("param");
      const { row } = await administeredForm(c, formId);
      const saved = await changeContent(c.get("deps").db, row.id, c.req.valid("json").revision, (content) =>
        setSectionDeleted(content, sectionId, action === "delete"),
      );
      return c.json(await presentForm(c.get("deps").db, saved), 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{formId}/publish",
      tags,
      summary: "Publish: freezes a version, closes the preview link, opens an applicant link",
      request: { params: formParams, body: jsonBody(revisionBodySchema) },
      responses: formResponses,
    }),
    async (c) => {
      const { row, actor } = await administeredForm(c, c.req.valid("param").formId);
      await publishForm(c.get("deps").db, row.id, c.req.valid("json").revision, actor.userId);
      return respond(c, row.id);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{formId}/translations/machine",
      tags,
      summary:
        "Fill every empty French text of the form by machine translation (marked machine-made; French an administrator wrote is kept); answers how many were filled",
      request: { params: formParams, body: jsonBody(revisionBodySchema) },
      responses: {
        200: jsonResponse(machineTranslationResultSchema, "The form with its new French texts"),
        409: refused,
        503: translationUnavailableResponse,
        ...errorResponses,
      },
    }),
    async (c) => {
      const { row } = await administeredForm(c, c.req.valid("param").formId);
      const { db, translation } = c.get("deps");
      const result = await answeringProviderFailures(c, () =>
        translateMissingFrench(db, translation, row.id, c.req.valid("json").revision),
      );
      return c.json({ ...(await presentForm(db, result.row)), translated: result.translated }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{formId}/unpublish",
      tags,
      summary: "Back to draft (only while no application has been submitted); the preview link reopens",
      request: { params: formParams, body: jsonBody(revisionBodySchema) },
      responses: formResponses,
    }),
    async (c) => {
      const { row, actor } = await administeredForm(c, c.req.valid("param").formId);
      const { revision } = c.req.valid("json");
      await unpublishForm(c.get("deps").db, row.id, revision, actor.userId, submittedCount);
      return respond(c, row.id);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{formId}/close",
      tags,
      summary: "Stop accepting responses now, or at a scheduled date-time",
      request: { params: formParams, body: jsonBody(closeFormBodySchema) },
      responses: formResponses,
    }),
    async (c) => {
      const { row, actor } = await administeredForm(c, c.req.valid("param").formId);
      const { at } = c.req.valid("json");
      await closeForm(c.get("deps").db, row, at ? new Date(at) : null, actor.userId);
      return respond(c, row.id);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{formId}/reopen",
      tags,
      summary:
        "Accept responses again through a new applicant link (the stable address follows it); a close scheduled before closing early is kept unless `closeAt` is given (null: none)",
      request: {
        params: formParams,
        body: { required: false, content: { "application/json": { schema: reopenFormBodySchema } } },
      },
      responses: formResponses,
    }),
    async (c) => {
      const { row, actor } = await administeredForm(c, c.req.valid("param").formId);
      const { closeAt } = c.req.valid("json") ?? {};
      const change = closeAt === undefined ? {} : { closeAt: closeAt === null ? null : new Date(closeAt) };
      await reopenForm(c.get("deps").db, row, actor.userId, change);
      return respond(c, row.id);
    },
  )
  .openapi(
    createRoute({
      method: "put",
      path: "/{formId}/address",
      tags,
      summary:
        "Choose the form's part of its stable public address (/apply/{organization}/{form}); 409 when another form of the organization holds it",
      request: { params: formParams, body: jsonBody(formAddressBodySchema) },
      responses: formResponses,
    }),
    async (c) => {
      const { row, actor } = await administeredForm(c, c.req.valid("param").formId);
      await setFormSlug(c.get("deps").db, row, c.req.valid("json").slug, actor.userId);
      return respond(c, row.id);
    },
  )
  .openapi(
    createRoute({
      method: "patch",
      path: "/{formId}/allow-edit",
      tags,
      summary: "Allow or disallow applicants to edit submitted applications (while accepting)",
      request: { params: formParams, body: jsonBody(allowEditBodySchema) },
      responses: formResponses,
    }),
    async (c) => {
      const { row, actor } = await administeredForm(c, c.req.valid("param").formId);
      await setAllowEdit(c.get("deps").db, row, c.req.valid("json").allowEdit, actor.userId);
      return respond(c, row.id);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/organization/{orgId}",
      tags,
      summary: "Published forms of the organization, for mapping questions (organization admin)",
      request: { params: z.object({ orgId: id }) },
      responses: { 200: jsonResponse(mappableFormsResultSchema, "The forms"), ...errorResponses },
    }),
    async (c) => {
      const { orgId } = c.req.valid("param");
      authorize(c, "organization:administer", { organizationId: orgId });
      return c.json({ forms: await mappableForms(c.get("deps").db, orgId) }, 200);
    },
  );
