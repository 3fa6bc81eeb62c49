import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { errorBodySchema } from "../../shared/schemas/common";
import {
  CONFLICT_MESSAGES,
  conflictListSchema,
  conflictSchema,
  declareConflictBodySchema,
  noConflictConfirmationSchema,
  replacementSchema,
} from "../../shared/schemas/conflicts";
import { replacementFor } from "../committee/auto-assignment-service";
import type { AppContext } from "../http/context";
import { authorize, may, requireActor } from "../http/door";
import { AppError } from "../http/errors";
import { createRouter, errorResponses, jsonBody, jsonResponse } from "../http/router";
import { findProgram } from "../programs/service";
import { findCandidate } from "../reviewing/candidates";
import { declareConflict, findActiveConflict, listConflicts, revertConflict } from "./conflict-service";
import { confirmNoConflict } from "./no-conflict";

/**
 * Conflicts of interest (docs/decisions/036-conflicts-of-interest.md). A committee member reads and
 * declares their own (`conflict:readOwn`, `conflict:declare`); the program's admins read every one, record
 * one for a member and revert one (`conflict:manage`). Anyone else: 404.
 */
const tags = ["committee"];
const params = z.object({ programId: z.string().min(1).max(64) });
const conflictParams = params.extend({ conflictId: z.string().min(1).max(64) });
const candidateParams = params.extend({ submissionId: z.string().min(1).max(64) });

async function programOf(c: AppContext, programId: string) {
  requireActor(c);
  const program = await findProgram(c.get("deps").db, programId);
  return { program, scope: { programId: program.id, organizationId: program.organizationId } };
}

async function managing(c: AppContext, programId: string) {
  const { program, scope } = await programOf(c, programId);
  authorize(c, "conflict:manage", scope);
  return program;
}

const refused = jsonResponse(
  errorBodySchema,
  "Already declared, already reverted, or not a candidate under review",
);

/** Mounted at /api/programs. */
export const conflictRoutes = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/{programId}/conflicts",
      operationId: "listConflicts",
      tags,
      summary:
        "Conflicts of interest: every one of the program with suggested ones (admins), or one's own (committee members)",
      request: { params },
      responses: { 200: jsonResponse(conflictListSchema, "The conflicts"), ...errorResponses },
    }),
    async (c) => {
      const { program, scope } = await programOf(c, c.req.valid("param").programId);
      const actor = requireActor(c);
      const db = c.get("deps").db;
      if (may(actor, "conflict:manage", scope))
        return c.json(await listConflicts(db, program, { all: true }), 200);
      if (may(actor, "conflict:readOwn", scope)) {
        return c.json(await listConflicts(db, program, { userId: actor.userId }), 200);
      }
      // Refused as the admins' list is (a withheld admin is told why).
      authorize(c, "conflict:manage", scope);
      throw new Error("unreachable: authorize refuses");
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{programId}/conflicts",
      operationId: "declareConflict",
      tags,
      summary:
        "Declare a conflict of interest with a candidate (oneself), or record one for a committee member (admins)",
      request: { params, body: jsonBody(declareConflictBodySchema) },
      responses: { 201: jsonResponse(conflictSchema, "The conflict"), 409: refused, ...errorResponses },
    }),
    async (c) => {
      const { program, scope } = await programOf(c, c.req.valid("param").programId);
      const actor = requireActor(c);
      const body = c.req.valid("json");
      const { db, config } = c.get("deps");
      const forSelf = body.userId === undefined || body.userId === actor.userId;
      const { candidate, resource } = await findCandidate(db, actor.userId, body.submissionId, program.id);
      if (forSelf) {
        // Already declared: they know this candidate, and are told so rather than "not found".
        if (resource.conflicted === true) throw new AppError("CONFLICT", CONFLICT_MESSAGES.alreadyDeclared);
        authorize(c, "conflict:declare", { ...resource, archived: program.archived });
      } else {
        authorize(c, "conflict:manage", scope);
        if (!candidate.reviewable) throw new AppError("CONFLICT", CONFLICT_MESSAGES.notReviewable);
      }
      const conflict = await declareConflict(
        db,
        program,
        {
          submissionId: candidate.id,
          identifier: candidate.identifier,
          userId: body.userId ?? actor.userId,
          reason: body.reason ?? "",
          declaredBy: forSelf ? "self" : "admin",
        },
        actor.userId,
        { conflictsUrl: `${config.publicUrl}/admin/conflicts` },
      );
      return c.json(conflict, 201);
    },
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/{programId}/conflicts/{conflictId}",
      operationId: "revertConflict",
      tags,
      summary:
        "Revert a conflict of interest: the candidate and the member's review count again (kept, audited)",
      request: { params: conflictParams },
      responses: {
        200: jsonResponse(conflictSchema, "The reverted conflict"),
        409: refused,
        ...errorResponses,
      },
    }),
    async (c) => {
      const { programId, conflictId } = c.req.valid("param");
      const program = await managing(c, programId);
      return c.json(await revertConflict(c.get("deps").db, program, conflictId, requireActor(c).userId), 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/{programId}/conflicts/{conflictId}/replacement",
      operationId: "conflictReplacement",
      tags,
      summary:
        "A replacement reviewer for the conflicted one, from the same computation as automatic assignment; changes nothing",
      request: { params: conflictParams },
      responses: {
        200: jsonResponse(replacementSchema, "The reviewer proposed, or none"),
        ...errorResponses,
      },
    }),
    async (c) => {
      const { programId, conflictId } = c.req.valid("param");
      const program = await managing(c, programId);
      const db = c.get("deps").db;
      const conflict = await findActiveConflict(db, program, conflictId);
      return c.json({ reviewer: await replacementFor(db, program, conflict.submissionId) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{programId}/submissions/{submissionId}/no-conflict",
      operationId: "confirmNoConflict",
      tags,
      summary:
        "Confirm having no conflict of interest with a candidate (oneself, a committee member who may rate it): stored with one's review, unrated; the submission view then shows the answers",
      request: { params: candidateParams },
      responses: {
        200: jsonResponse(noConflictConfirmationSchema, "The confirmation"),
        409: jsonResponse(errorBodySchema, "A conflict with this candidate is declared"),
        ...errorResponses,
      },
    }),
    async (c) => {
      const { program } = await programOf(c, c.req.valid("param").programId);
      const actor = requireActor(c);
      const db = c.get("deps").db;
      const { candidate, resource } = await findCandidate(
        db,
        actor.userId,
        c.req.valid("param").submissionId,
        program.id,
      );
      if (resource.conflicted === true)
        throw new AppError("CONFLICT", CONFLICT_MESSAGES.declaredSoNoConfirmation);
      authorize(c, "conflict:declare", { ...resource, archived: program.archived });
      const confirmedAt = await confirmNoConflict(db, candidate, actor.userId);
      return c.json({ submissionId: candidate.id, confirmedAt: confirmedAt.toISOString() }, 200);
    },
  );
