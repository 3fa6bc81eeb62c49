import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import {
  applyAutoAssignmentBodySchema,
  autoAssignmentBodySchema,
  autoAssignmentProposalSchema,
  autoAssignmentResultSchema,
} from "../../shared/schemas/auto-assignment";
import { errorBodySchema } from "../../shared/schemas/common";
import type { AppContext } from "../http/context";
import { authorize, requireActor } from "../http/door";
import { createRouter, errorResponses, jsonBody, jsonResponse } from "../http/router";
import { findProgram } from "../programs/service";
import { applyAutoAssignment, proposeAutoAssignment, undoAutoAssignment } from "./auto-assignment-service";

/**
 * Automatic assignment (docs/decisions/034-automatic-assignment.md): for the program's admins
 * (`committee:assign`), as every other assignment route; anyone else gets 404.
 */
const tags = ["committee"];
const params = z.object({ programId: z.string().min(1).max(64) });

async function assigningIn(c: AppContext, programId: string) {
  requireActor(c);
  const program = await findProgram(c.get("deps").db, programId);
  authorize(c, "committee:assign", { programId: program.id, organizationId: program.organizationId });
  return program;
}

const stale = jsonResponse(errorBodySchema, "The program's assignments changed since; nothing written");

/** Mounted at /api/programs. */
export const autoAssignmentRoutes = createRouter()
  .openapi(
    createRoute({
      method: "post",
      path: "/{programId}/assignments/auto",
      operationId: "proposeAutoAssignment",
      tags,
      summary: "Propose who reviews which candidate (k per candidate, balanced load); changes nothing",
      request: { params, body: jsonBody(autoAssignmentBodySchema) },
      responses: { 200: jsonResponse(autoAssignmentProposalSchema, "The proposal"), ...errorResponses },
    }),
    async (c) => {
      const program = await assigningIn(c, c.req.valid("param").programId);
      const body = c.req.valid("json");
      return c.json(
        await proposeAutoAssignment(c.get("deps").db, program, body, requireActor(c).userId),
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{programId}/assignments/auto/apply",
      operationId: "applyAutoAssignment",
      tags,
      summary: "Apply a proposal as a whole, if the program's assignments are still those it was made from",
      request: { params, body: jsonBody(applyAutoAssignmentBodySchema) },
      responses: {
        200: jsonResponse(autoAssignmentResultSchema, "What was added and released"),
        409: stale,
        ...errorResponses,
      },
    }),
    async (c) => {
      const program = await assigningIn(c, c.req.valid("param").programId);
      const { proposalId } = c.req.valid("json");
      return c.json(
        await applyAutoAssignment(c.get("deps").db, program, proposalId, requireActor(c).userId),
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{programId}/assignments/auto/{proposalId}/undo",
      operationId: "undoAutoAssignment",
      tags,
      summary: "Undo the last automatic assignment applied, if nothing has been assigned since",
      request: { params: params.extend({ proposalId: z.string().min(1).max(64) }) },
      responses: {
        200: jsonResponse(autoAssignmentResultSchema, "What was removed and given back"),
        409: stale,
        ...errorResponses,
      },
    }),
    async (c) => {
      const { programId, proposalId } = c.req.valid("param");
      const program = await assigningIn(c, programId);
      return c.json(
        await undoAutoAssignment(c.get("deps").db, program, proposalId, requireActor(c).userId),
        200,
      );
    },
  );
