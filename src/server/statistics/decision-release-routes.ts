import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { errorBodySchema } from "../../shared/schemas/common";
import { decisionReleaseBodySchema, decisionReleaseSchema } from "../../shared/schemas/decision-release";
import type { AppContext } from "../http/context";
import { authorize, requireActor } from "../http/door";
import { createRouter, errorResponses, jsonBody, jsonResponse } from "../http/router";
import { findProgram } from "../programs/service";
import { presentDecisionRelease, setDecisionRelease } from "./decision-release";

/**
 * Releasing decisions to applicants (docs/decisions/038-decision-release-and-portal.md): the people who take
 * the decisions (`candidate:decide`, the program's admins and the organization admin); anyone else gets 404.
 */
const tags = ["committee"];
const params = z.object({ programId: z.string().min(1).max(64) });

async function decidingIn(c: AppContext, programId: string) {
  requireActor(c);
  const program = await findProgram(c.get("deps").db, programId);
  authorize(c, "candidate:decide", { programId: program.id, organizationId: program.organizationId });
  return program;
}

/** Mounted at /api/programs. */
export const decisionReleaseRoutes = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/{programId}/decision-release",
      operationId: "getDecisionRelease",
      tags,
      summary: "When the program's decisions are shown to applicants (null: not released nor scheduled)",
      request: { params },
      responses: { 200: jsonResponse(decisionReleaseSchema, "The release"), ...errorResponses },
    }),
    async (c) => {
      const program = await decidingIn(c, c.req.valid("param").programId);
      return c.json(presentDecisionRelease(program.decisionsReleaseAt), 200);
    },
  )
  .openapi(
    createRoute({
      method: "put",
      path: "/{programId}/decision-release",
      operationId: "setDecisionRelease",
      tags,
      summary:
        "Release the decisions to applicants now, schedule the release on a date ahead, or cancel a scheduled release",
      request: { params, body: jsonBody(decisionReleaseBodySchema) },
      responses: {
        200: jsonResponse(decisionReleaseSchema, "The release"),
        409: jsonResponse(errorBodySchema, "Already released: a release cannot be moved or taken back"),
        ...errorResponses,
      },
    }),
    async (c) => {
      const program = await decidingIn(c, c.req.valid("param").programId);
      const body = c.req.valid("json");
      return c.json(await setDecisionRelease(c.get("deps").db, program, body, requireActor(c).userId), 200);
    },
  );
