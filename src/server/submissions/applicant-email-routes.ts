import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import {
  continueLinkResultSchema,
  languageBodySchema,
  redeemContinueLinkBodySchema,
  redeemContinueLinkResultSchema,
  submissionNoticeBodySchema,
  submissionNoticeSchema,
} from "../../shared/schemas/applicant-emails";
import { okSchema } from "../../shared/schemas/common";
import { SUBMISSION_TOKEN_HEADER } from "../../shared/schemas/submissions";
import { administeredForm } from "../forms/administered-form";
import type { AppContext } from "../http/context";
import { authorize, ownSubmission } from "../http/door";
import { AppError } from "../http/errors";
import { appRateLimitKey, countHit, rateLimit } from "../http/rate-limit";
import { createRouter, errorResponses, jsonBody, jsonResponse } from "../http/router";
import { updateOwnUser } from "../users/own-user";
import { redeemContinueLink, sendContinueLink } from "./continue-links";
import { setSubmissionNotice, submissionNoticeOf } from "./notices";
import { requestLanguage } from "./request-language";

/**
 * The applicant's emails beyond the receipt (docs/decisions/028): a guest's link to continue in another
 * browser, the per-form notice to chosen admins, and the language kept with an account.
 */

const id = z.string().min(1).max(64);
const refused = jsonResponse(
  z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
  "Refused: no contact email answered yet, or an application that belongs to an account (CONFLICT)",
);
const limited = jsonResponse(
  z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
  "Too many requests (RATE_LIMITED)",
);

/**
 * Like the other routes that send mail (password resets, feedback): a few per client address a minute,
 * and a few per application an hour whatever the address, so a guest's contact email cannot be flooded.
 */
export const CONTINUE_LINK_LIMITS = {
  perClient: { windowSeconds: 60, max: 5 },
  perSubmission: { windowSeconds: 60 * 60, max: 3 },
  opening: { windowSeconds: 60, max: 30 },
} as const;

async function limitPerSubmission(c: AppContext, submissionId: string) {
  const { db, config } = c.get("deps");
  if (!config.AUTH_RATE_LIMIT) return;
  const { windowSeconds, max } = CONTINUE_LINK_LIMITS.perSubmission;
  const { count } = await countHit(
    db,
    appRateLimitKey("continue-link-submission", submissionId),
    windowSeconds,
  );
  if (count > max) {
    c.header("Retry-After", String(windowSeconds));
    throw new AppError("RATE_LIMITED", "Too many links asked for this application. Please try again later.");
  }
}

export const continueLinkRoutes = createRouter();
continueLinkRoutes.use("/:id/continue-link", rateLimit("continue-link", CONTINUE_LINK_LIMITS.perClient));
continueLinkRoutes.use("/continue", rateLimit("continue-open", CONTINUE_LINK_LIMITS.opening));
continueLinkRoutes
  .openapi(
    createRoute({
      method: "post",
      path: "/{id}/continue-link",
      tags: ["submissions"],
      summary:
        "Email me a link to continue: a single-use, expiring link to a guest's application, sent to the contact email it gives (guest token holder only)",
      request: {
        params: z.object({ id }),
        headers: z.object({ [SUBMISSION_TOKEN_HEADER]: z.string().max(200).optional() }),
        query: z.object({ lang: z.enum(["en", "fr"]).optional() }),
      },
      responses: {
        200: jsonResponse(continueLinkResultSchema, "The link is queued in the outbox"),
        409: refused,
        429: limited,
        ...errorResponses,
      },
    }),
    async (c) => {
      const ref = await ownSubmission(c, c.req.valid("param").id);
      await limitPerSubmission(c, ref.id);
      const { db, config } = c.get("deps");
      const result = await sendContinueLink(db, ref, {
        language: requestLanguage(c),
        publicUrl: config.publicUrl,
      });
      return c.json(result, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/continue",
      tags: ["submissions"],
      summary:
        "Open an emailed link to continue: once and before it expires, it gives this browser the guest application's new token (the previous one stops working)",
      request: { body: jsonBody(redeemContinueLinkBodySchema) },
      responses: {
        200: jsonResponse(redeemContinueLinkResultSchema, "The application and this browser's token"),
        429: limited,
        ...errorResponses,
      },
    }),
    async (c) => {
      authorize(c, "submission:continueByLink", null);
      return c.json(await redeemContinueLink(c.get("deps").db, c.req.valid("json").token), 200);
    },
  );

const formParams = z.object({ formId: id });

export const submissionNoticeRoutes = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/{formId}/submission-notice",
      tags: ["forms"],
      summary: "Who is told about each new submission of the form, and which of the program's admins may be",
      request: { params: formParams },
      responses: { 200: jsonResponse(submissionNoticeSchema, "The notice list"), ...errorResponses },
    }),
    async (c) => {
      const { row: form } = await administeredForm(c, c.req.valid("param").formId);
      return c.json(await submissionNoticeOf(c.get("deps").db, form), 200);
    },
  )
  .openapi(
    createRoute({
      method: "put",
      path: "/{formId}/submission-notice",
      tags: ["forms"],
      summary: "Choose the program's admins told about each new submission (empty: no notice, the default)",
      request: { params: formParams, body: jsonBody(submissionNoticeBodySchema) },
      responses: { 200: jsonResponse(submissionNoticeSchema, "The notice list"), ...errorResponses },
    }),
    async (c) => {
      const { row: form, actor } = await administeredForm(c, c.req.valid("param").formId);
      const { recipients } = c.req.valid("json");
      return c.json(await setSubmissionNotice(c.get("deps").db, form, recipients, actor.userId), 200);
    },
  );

export const userLanguageRoutes = createRouter().openapi(
  createRoute({
    method: "patch",
    path: "/{userId}/language",
    tags: ["users"],
    summary: "Keep the language chosen on applicant pages with the account (English or French)",
    request: { params: z.object({ userId: id }), body: jsonBody(languageBodySchema) },
    responses: { 200: jsonResponse(okSchema, "Saved"), ...errorResponses },
  }),
  async (c) => {
    await updateOwnUser(c, c.req.valid("param").userId, { language: c.req.valid("json").language });
    return c.json({ ok: true as const }, 200);
  },
);
