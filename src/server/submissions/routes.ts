import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { fileSlug } from "../../shared/file-names";
import { addressSlugSchema } from "../../shared/forms/address";
import { LANGUAGES } from "../../shared/i18n/catalog";
import { okSchema } from "../../shared/schemas/common";
import {
  autofillResultSchema,
  createSubmissionBodySchema,
  createSubmissionResultSchema,
  formAddressResultSchema,
  formLinkResultSchema,
  ownSubmissionResultSchema,
  portalQuerySchema,
  portalResultSchema,
  type SaveAnswersBody,
  SUBMISSION_TOKEN_HEADER,
  saveAnswersBodySchema,
  saveAnswersResultSchema,
  startSubmissionBodySchema,
  startSubmissionResultSchema,
  submissionDateBodySchema,
  submissionDateResultSchema,
  submissionResultSchema,
} from "../../shared/schemas/submissions";
import type { AppContext } from "../http/context";
import {
  accessibleSubmission,
  authorize,
  may,
  ownSubmission,
  requireActor,
  type SubmissionAccess,
  submissionAccess,
} from "../http/door";
import { notFound } from "../http/errors";
import { rateLimit } from "../http/rate-limit";
import { createRouter, errorResponses, jsonBody, jsonResponse } from "../http/router";
import { findProgram } from "../programs/service";
import { programTemplate, reviewedSections } from "../review-templates/service";
import { autofillAnswers } from "./autofill";
import { requestLanguage } from "./request-language";
import {
  addressView,
  claimSubmission,
  formLinkView,
  listOwnSubmissions,
  listUserProgramSubmissions,
  openSubmission,
  ownSubmissionForLink,
  type SubmissionRef,
  saveAnswers,
  saveOwnAnswers,
  setSubmitted,
  startSubmission,
  submissionView,
} from "./service";

const tags = ["submissions"];
const id = z.string().min(1).max(64);
const idParams = z.object({ id });
const refused = jsonResponse(
  z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
  "Refused: a stale revision (STALE_REVISION), a closed form (FORM_CLOSED) or a submitted application (SUBMITTED)",
);
const tokenHeader = z.object({ [SUBMISSION_TOKEN_HEADER]: z.string().max(200).optional() });

/**
 * Autosave's fast path: who owns a draft is checked in full on its first save in this process, then
 * remembered, so later saves are a single UPDATE (`saveOwnAnswers`) that re-checks those facts in its
 * WHERE. Only the owner's access is remembered; a save that matches nothing forgets it and takes the
 * full path, which answers with the precise reason. Bounded; each instance keeps its own.
 */
const REMEMBERED_OWNERS = 20_000;
const rememberedOwners = new Map<string, SubmissionRef>();

function rememberOwner(ref: SubmissionRef) {
  rememberedOwners.delete(ref.id);
  if (rememberedOwners.size >= REMEMBERED_OWNERS)
    rememberedOwners.delete(rememberedOwners.keys().next().value!);
  rememberedOwners.set(ref.id, ref);
}

async function saveAsRememberedOwner(c: AppContext, submissionId: string, input: SaveAnswersBody) {
  const ref = rememberedOwners.get(submissionId);
  if (!ref) return null;
  let access: SubmissionAccess;
  try {
    access = submissionAccess(c, ref);
  } catch {
    return null;
  }
  if (access !== "owner") return null;
  const saved = await saveOwnAnswers(c.get("deps").db, ref, input);
  if (!saved) rememberedOwners.delete(submissionId);
  return saved;
}

export const formLinkRoutes = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/link/{linkId}",
      tags: ["forms"],
      summary:
        "Public: a form link as applicants see it — the published version while the applicant link is open, the draft while a preview link is",
      request: { params: z.object({ linkId: id }) },
      responses: {
        200: jsonResponse(formLinkResultSchema, "The link, its availability and the form"),
        ...errorResponses,
      },
    }),
    async (c) => c.json(await formLinkView(c.get("deps").db, c.req.valid("param").linkId), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/address/{organization}/{form}",
      tags: ["forms"],
      summary:
        "Public: the applicant link a form's stable address opens now (its latest; null before publishing), and the organization",
      request: { params: z.object({ organization: addressSlugSchema, form: addressSlugSchema }) },
      responses: {
        200: jsonResponse(formAddressResultSchema, "The current applicant link and the organization"),
        ...errorResponses,
      },
    }),
    async (c) => {
      const { organization, form } = c.req.valid("param");
      return c.json(await addressView(c.get("deps").db, organization, form), 200);
    },
  );

const guestDraftLimit = rateLimit("guest-drafts", { windowSeconds: 60, max: 30 });

export const submissionRoutes = createRouter();
// Guests start drafts without an account: a cap per address keeps a script from filling the table.
submissionRoutes.use("/", async (c, next) =>
  c.req.method === "POST" && c.get("actor") === null ? guestDraftLimit(c, next) : next(),
);
submissionRoutes
  .openapi(
    createRoute({
      method: "post",
      path: "/",
      tags,
      summary:
        "Open a form link: a signed-in user resumes (or starts) their application; a guest starts a draft and gets its token",
      request: { body: jsonBody(createSubmissionBodySchema) },
      responses: {
        200: jsonResponse(createSubmissionResultSchema, "The submission to continue"),
        409: refused,
        ...errorResponses,
      },
    }),
    async (c) => {
      const actor = authorize(c, "submission:create", null);
      const result = await openSubmission(
        c.get("deps").db,
        c.req.valid("json").linkId,
        actor?.userId ?? null,
      );
      return c.json(result, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/own/{linkId}",
      tags,
      summary:
        "The signed-in user's application to a form link's form, or null when they have not answered it yet (creates nothing)",
      request: { params: z.object({ linkId: id }) },
      responses: {
        200: jsonResponse(ownSubmissionResultSchema, "The application, if any"),
        ...errorResponses,
      },
    }),
    async (c) => {
      authorize(c, "submission:create", null);
      const actor = requireActor(c);
      return c.json(
        await ownSubmissionForLink(c.get("deps").db, c.req.valid("param").linkId, actor.userId),
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/start",
      tags,
      summary:
        "A signed-in applicant's first save: creates their application to the link's form with every answer so far (409 STALE_REVISION when they have one)",
      request: { body: jsonBody(startSubmissionBodySchema) },
      responses: {
        200: jsonResponse(startSubmissionResultSchema, "Created and saved"),
        409: refused,
        ...errorResponses,
      },
    }),
    async (c) => {
      authorize(c, "submission:create", null);
      const actor = requireActor(c);
      return c.json(await startSubmission(c.get("deps").db, c.req.valid("json"), actor.userId), 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/applicant/{user}",
      tags,
      summary: "The applicant portal: the user's own applications, newest first",
      request: { params: z.object({ user: id }), query: portalQuerySchema },
      responses: { 200: jsonResponse(portalResultSchema, "A page of applications"), ...errorResponses },
    }),
    async (c) => {
      const { user } = c.req.valid("param");
      authorize(c, "submission:listOwn", { userId: user });
      const { page, pageSize } = c.req.valid("query");
      return c.json(await listOwnSubmissions(c.get("deps").db, user, page, pageSize), 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/user/{userId}/{program}",
      tags,
      summary: "A user's applications to one program (the user themself, or the program's admins)",
      request: { params: z.object({ userId: id, program: id }) },
      responses: {
        200: jsonResponse(
          z.object({
            submissions: z.array(
              z.object({
                _id: z.string(),
                formId: z.string(),
                identifier: z.string(),
                submissionDate: z.string().nullable(),
                lastSaveDate: z.string(),
              }),
            ),
          }),
          "The applications",
        ),
        ...errorResponses,
      },
    }),
    async (c) => {
      const { userId, program: programId } = c.req.valid("param");
      const { db } = c.get("deps");
      const actor = requireActor(c);
      const program = await findProgram(db, programId);
      const resource = { programId: program.id, organizationId: program.organizationId };
      const administers = may(actor, "program:administer", resource);
      // Someone else's applications: the program's admins only (the door refuses everyone else).
      if (actor.userId !== userId && !administers) authorize(c, "program:administer", resource);
      const submissions = await listUserProgramSubmissions(db, userId, program.id);
      // Asking about themself, a user learns nothing of a program they have no part in: the same 404
      // as for an id that names nothing.
      if (submissions.length === 0 && !administers && !may(actor, "program:view", resource)) throw notFound();
      return c.json({ submissions }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/{id}",
      tags,
      summary:
        "A submission with the form version it is made on (owner, guest token holder or program admin)",
      request: { params: idParams, headers: tokenHeader },
      responses: { 200: jsonResponse(submissionResultSchema, "The submission"), ...errorResponses },
    }),
    async (c) => {
      const { ref, access } = await accessibleSubmission(c, c.req.valid("param").id);
      const { content: _content, ...view } = await submissionView(c.get("deps").db, ref.id, access);
      return c.json(view, 200);
    },
  )
  .openapi(
    createRoute({
      method: "patch",
      path: "/{id}",
      tags,
      summary: "Save every answer (autosave), based on the revision last seen: a stale one is refused (409)",
      request: { params: idParams, headers: tokenHeader, body: jsonBody(saveAnswersBodySchema) },
      responses: { 200: jsonResponse(saveAnswersResultSchema, "Saved"), 409: refused, ...errorResponses },
    }),
    async (c) => {
      const submissionId = c.req.valid("param").id;
      const input = c.req.valid("json");
      const remembered = await saveAsRememberedOwner(c, submissionId, input);
      if (remembered) return c.json(remembered, 200);
      const { ref, access } = await accessibleSubmission(c, submissionId);
      const result = await saveAnswers(c.get("deps").db, ref, input, {
        access,
        userId: c.get("actor")?.userId ?? null,
      });
      if (access === "owner") rememberOwner(ref);
      return c.json(result, 200);
    },
  )
  .openapi(
    createRoute({
      method: "patch",
      path: "/submissionDate/{id}",
      tags,
      summary:
        "Submit (the server checks every answer on the applicant's path) or unsubmit (when the form allows editing)",
      request: { params: idParams, headers: tokenHeader, body: jsonBody(submissionDateBodySchema) },
      responses: {
        200: jsonResponse(submissionDateResultSchema, "The new state"),
        409: refused,
        ...errorResponses,
      },
    }),
    async (c) => {
      // Submitting on someone's behalf is the reviewing side's "force submit", not this call.
      const ref = await ownSubmission(c, c.req.valid("param").id);
      const { db, config } = c.get("deps");
      const result = await setSubmitted(db, ref, c.req.valid("json"), {
        language: requestLanguage(c),
        publicUrl: config.publicUrl,
      });
      return c.json(result, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/{id}/pdf",
      tags,
      summary: "The application as a PDF, in English or French (owner, guest token holder or program admin)",
      request: {
        params: idParams,
        headers: tokenHeader,
        query: z.object({ lang: z.enum(LANGUAGES).optional() }),
      },
      responses: { 200: { description: "The PDF" }, ...errorResponses },
    }),
    async (c) => {
      const { ref, access } = await accessibleSubmission(c, c.req.valid("param").id);
      const { db } = c.get("deps");
      const { submission, content: formContent } = await submissionView(db, ref.id, access);
      // Admins read a legacy program's submissions under its review template's sections; the applicant
      // keeps their own form's (docs/decisions/040-review-templates.md).
      const template = access === "admin" ? await programTemplate(db, ref.programId) : null;
      const content = { ...formContent, sections: reviewedSections(formContent.sections, template) };
      // pdf-lib and the fonts load on the first download, not at start-up.
      const { renderSubmissionPdf, submissionPdfInput } = await import("./pdf");
      const pdf = await renderSubmissionPdf(submissionPdfInput(content, submission, requestLanguage(c)));
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        "content-type": "application/pdf",
        "content-disposition": `attachment; filename="${fileSlug(submission.identifier)}.pdf"`,
        "cache-control": "private, no-store",
      });
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{id}/autofill",
      tags,
      summary:
        "Answers copied from the signed-in applicant's earlier applications for mapped questions (empty answers only; nothing is saved)",
      request: { params: idParams },
      responses: { 200: jsonResponse(autofillResultSchema, "The answers to merge"), ...errorResponses },
    }),
    async (c) => {
      const actor = requireActor(c);
      const ref = await ownSubmission(c, c.req.valid("param").id);
      const { db } = c.get("deps");
      const { submission, content } = await submissionView(db, ref.id, "owner");
      const answers = await autofillAnswers(db, { content, answers: submission.answers }, actor.userId);
      return c.json({ answers, filled: answers.length }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{id}/claim",
      tags,
      summary: "A guest's draft becomes the signed-in user's (needs the draft's token)",
      request: { params: idParams, headers: tokenHeader },
      responses: { 200: jsonResponse(okSchema, "Claimed"), ...errorResponses },
    }),
    async (c) => {
      const actor = requireActor(c);
      // Its owner already, or the holder of the guest draft's token.
      const ref = await ownSubmission(c, c.req.valid("param").id);
      await claimSubmission(c.get("deps").db, ref, actor.userId);
      return c.json({ ok: true as const }, 200);
    },
  );
