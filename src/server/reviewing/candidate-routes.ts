import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import {
  decisionBodySchema,
  decisionResultSchema,
  storedDecisionSchema,
} from "../../shared/schemas/committee";
import { okSchema } from "../../shared/schemas/common";
import { CONFLICT_MESSAGES } from "../../shared/schemas/conflicts";
import { editConflictBodySchema } from "../../shared/schemas/edit-conflict";
import {
  answerTranslationBodySchema,
  answerTranslationResultSchema,
  candidateListQuerySchema,
  candidateListResultSchema,
  candidateViewSchema,
  DECISION_STATUSES,
  updateFieldBodySchema,
} from "../../shared/schemas/reviews";
import { awaitsNoConflictConfirmation } from "../conflicts/no-conflict";
import type { AppContext } from "../http/context";
import { authorize, may, requireActor } from "../http/door";
import { AppError, notFound, validationError } from "../http/errors";
import { createRouter, errorResponses, jsonBody, jsonResponse } from "../http/router";
import { answeringProviderFailures, translationUnavailableResponse } from "../translation/http";
import { loadActor } from "../users/actor";
import { translateAnswer } from "./answer-translation";
import {
  applyRowAction,
  candidatePageQuerySchema,
  DECISION_REFUSAL,
  findReviewProgram,
  listCandidates,
  listProgramSubmissions,
  viewerIn,
} from "./candidate-list";
import { candidateView } from "./candidate-view";
import { findCandidate } from "./candidates";
import { applyDecision } from "./decision-service";

/**
 * Step 1 of reviewing (docs/decisions/008-reviewing.md): the candidate list, the submission view and the
 * admins' per-row actions (what admins see per candidate is statistics/statistics-routes.ts). Every route
 * loads, then asks the role matrix, then calls a service.
 */
const tags = ["reviewing"];
const id = z.string().min(1).max(64);
/** A refusal's answer: the candidate is not in a state the action applies to. */
const refusalSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

/** The program of a list, if the caller may open its list (404 for other organizations and strangers). */
async function listedProgram(c: AppContext, programId: string) {
  const actor = requireActor(c);
  const program = await findReviewProgram(c.get("deps").db, programId);
  const scope = { programId: program.id, organizationId: program.organizationId };
  authorize(c, "candidate:list", scope);
  return { actor, program, scope };
}

const programSubmissionsSchema = z.object({
  submissions: z.array(
    z.object({
      _id: z.string(),
      formId: z.string(),
      identifier: z.string(),
      submissionDate: z.string().nullable(),
      lastSaveDate: z.string(),
      softDeleted: z.boolean(),
      status: z.enum(DECISION_STATUSES),
      amount: z.number().nullable(),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const candidateRoutes = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/",
      tags,
      summary:
        "Step 1: the caller's candidates, a page at a time, with their own ratings (admins: Admin Mode adds drafts and tests)",
      request: { query: candidatePageQuerySchema },
      responses: { 200: jsonResponse(candidateListResultSchema, "A page of candidates"), ...errorResponses },
    }),
    async (c) => {
      const query = c.req.valid("query");
      const { actor, program } = await listedProgram(c, query.programId);
      return c.json(await listCandidates(c.get("deps").db, program, viewerIn(actor, program), query), 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/{userId}",
      tags,
      summary:
        "Step 1's list as one user sees it, with their ratings: the user themself, or the program's admins",
      request: { params: z.object({ userId: id }), query: candidatePageQuerySchema },
      responses: { 200: jsonResponse(candidateListResultSchema, "A page of candidates"), ...errorResponses },
    }),
    async (c) => {
      const query = c.req.valid("query");
      const { userId } = c.req.valid("param");
      const { db } = c.get("deps");
      const { actor, program, scope } = await listedProgram(c, query.programId);
      let subject = actor;
      if (userId !== actor.userId) {
        authorize(c, "review:readAll", scope);
        const other = await loadActor(db, userId);
        // Someone with no list in this program has nothing to show (and may not exist at all).
        if (other === null || !may(other, "candidate:list", scope)) throw notFound();
        subject = other;
      }
      return c.json(await listCandidates(db, program, viewerIn(subject, program), query), 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/{programId}/{submissionId}",
      tags,
      summary:
        "The submission view: answers of the version applied on (anonymized ones withheld from reviewers), neighbours in the caller's list, their review and the comments they may see",
      request: { params: z.object({ programId: id, submissionId: id }) },
      responses: { 200: jsonResponse(candidateViewSchema, "The candidate"), ...errorResponses },
    }),
    async (c) => {
      const actor = requireActor(c);
      const { programId, submissionId } = c.req.valid("param");
      const { db } = c.get("deps");
      const found = await findCandidate(db, actor.userId, submissionId, programId);
      authorize(c, "candidate:read", found.resource);
      const view = await candidateView(db, actor, found);
      return c.json({ ...view, machineTranslation: c.get("deps").translation !== null }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{programId}/{submissionId}/answers/{questionId}/translation",
      tags,
      summary:
        "A written answer the caller sees, translated by machine into English or French (never an anonymized one); nothing is stored but the translation cache",
      request: {
        params: z.object({ programId: id, submissionId: id, questionId: id }),
        body: jsonBody(answerTranslationBodySchema),
      },
      responses: {
        200: jsonResponse(answerTranslationResultSchema, "The translated text"),
        409: jsonResponse(
          z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
          "Anonymized, not a written answer, no translation provider, or no-conflict confirmation awaited",
        ),
        503: translationUnavailableResponse,
        ...errorResponses,
      },
    }),
    async (c) => {
      const actor = requireActor(c);
      const { programId, submissionId, questionId } = c.req.valid("param");
      const { target } = c.req.valid("json");
      const { db, translation } = c.get("deps");
      const found = await findCandidate(db, actor.userId, submissionId, programId);
      authorize(c, "candidate:read", found.resource);
      // Not before the caller has confirmed having no conflict, where the program asks it (the view withholds
      // the answers until then).
      if (await awaitsNoConflictConfirmation(db, actor, found)) {
        throw new AppError("CONFLICT", CONFLICT_MESSAGES.confirmNoConflict);
      }
      const text = await answeringProviderFailures(c, () =>
        translateAnswer(db, translation, actor, found, questionId, target),
      );
      return c.json({ questionId, target, text }, 200);
    },
  );

/**
 * PATCH /api/submissions/updateField/{id} takes either a row action ({action}) or a decision ({status,
 * amount}). A body with an "action" key is judged as an action, any other as a decision, so a failed
 * validation names the field at fault (a plain union's failure names none).
 */
const updateFieldRequestSchema = z.union([updateFieldBodySchema, decisionBodySchema]);
const isRowAction = (body: unknown) => typeof body === "object" && body !== null && "action" in body;

/** The 400 of an invalid updateField call: the body as sent (Hono keeps the parsed JSON), judged by its kind. */
async function refuseUpdateField(result: { target: string; error: unknown }, c: AppContext): Promise<never> {
  if (result.target !== "json") throw validationError(result.error as z.ZodError);
  // No body at all (or not JSON): the hook's own error says so; reading it again would throw.
  const sent: unknown = await c.req.json().catch(() => undefined);
  const judged = (isRowAction(sent) ? updateFieldBodySchema : decisionBodySchema).safeParse(sent);
  throw validationError(judged.success ? (result.error as z.ZodError) : judged.error);
}

export const submissionAdminRoutes = createRouter()
  .openapi(
    createRoute({
      method: "patch",
      path: "/updateField/{id}",
      tags,
      summary:
        "Step 1's admin actions (force submit a draft, mark a non-test draft as a test) and the committee's decisions (status and amount of a submitted, non-test candidate)",
      request: { params: z.object({ id }), body: jsonBody(updateFieldRequestSchema) },
      responses: {
        200: jsonResponse(
          z.union([okSchema, decisionResultSchema]),
          "Done: {ok: true} for an action, the decision as stored for a decision",
        ),
        409: jsonResponse(
          z.union([editConflictBodySchema(storedDecisionSchema), refusalSchema]),
          "Refused: a decision based on one no longer stored (CONFLICT, with the stored decision as `current`), or a candidate the action does not apply to (CONFLICT)",
        ),
        ...errorResponses,
      },
    }),
    async (c) => {
      const actor = requireActor(c);
      const { db } = c.get("deps");
      const { candidate, resource } = await findCandidate(db, actor.userId, c.req.valid("param").id);
      const body = c.req.valid("json");
      if ("action" in body) {
        authorize(c, "program:administer", resource);
        await db.transaction((tx) => applyRowAction(tx, candidate, body.action, actor.userId));
        return c.json({ ok: true as const }, 200);
      }
      authorize(c, "candidate:decide", resource);
      if (resource.draftOrTest) throw new AppError("CONFLICT", DECISION_REFUSAL);
      return c.json(await db.transaction((tx) => applyDecision(tx, candidate, body, actor.userId)), 200);
    },
    (result, c) => (result.success ? undefined : refuseUpdateField(result, c)),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/all/{program}",
      tags,
      summary: "Every submission of a program, drafts and tests included, a page at a time (admins)",
      request: {
        params: z.object({ program: id }),
        query: candidateListQuerySchema.pick({ page: true, pageSize: true }),
      },
      responses: { 200: jsonResponse(programSubmissionsSchema, "A page of submissions"), ...errorResponses },
    }),
    async (c) => {
      requireActor(c);
      const { db } = c.get("deps");
      const program = await findReviewProgram(db, c.req.valid("param").program);
      authorize(c, "program:administer", { programId: program.id, organizationId: program.organizationId });
      const { page, pageSize } = c.req.valid("query");
      return c.json(await listProgramSubmissions(db, program, page, pageSize), 200);
    },
  );
