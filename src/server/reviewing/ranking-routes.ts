import { createRoute } from "@hono/zod-openapi";
import type { TypedResponse } from "hono";
import { z } from "zod";
import {
  type RankingResult,
  rankingResultSchema,
  type SaveRankingBody,
  saveRankingBodySchema,
  saveRankingResultSchema,
} from "../../shared/schemas/reviews";
import type { AppContext } from "../http/context";
import { authorize, authorizeOwnOrAdmin, authorizeWrite, may, requireActor } from "../http/door";
import { notFound } from "../http/errors";
import { createRouter, errorResponses, jsonBody, jsonResponse } from "../http/router";
import { findProgram } from "../programs/service";
import { loadActor } from "../users/actor";
import { loadRanking, programRankingsJson, saveRanking } from "./ranking-service";

/**
 * Stacked rankings (step 2) and the seed's legacy "stackings" calls over the same table. A member reads
 * and saves their own ranking; the program's admins read everyone's.
 */

const tags = ["rankings"];
const id = z.string().min(1).max(64);
const refused = jsonResponse(
  z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
  "Refused: a stale order (STALE_REVISION), an archived program, stacked rankings turned off or nothing rated yet (CONFLICT)",
);

/** A member's ranking: their own, or anyone's for the program's admins. */
async function rankingOf(c: AppContext, userId: string, programId: string): Promise<RankingResult> {
  requireActor(c);
  const { db } = c.get("deps");
  const program = await findProgram(db, programId);
  const scope = { programId: program.id, organizationId: program.organizationId };
  const actor = authorizeOwnOrAdmin(c, userId, scope, ["candidate:list", scope]);
  // The candidates are the ones the member sees (all of them for the program's admins), not the reader's.
  const member = actor.userId === userId ? actor : await loadActor(db, userId);
  if (member === null || !may(member, "candidate:list", scope)) throw notFound();
  return loadRanking(db, program, userId, may(member, "review:readAll", scope));
}

async function saveCallersRanking(c: AppContext, body: SaveRankingBody) {
  const actor = requireActor(c);
  const { db } = c.get("deps");
  const program = await findProgram(db, body.programId);
  const scope = { programId: program.id, organizationId: program.organizationId };
  authorizeWrite(c, "ranking:write", { ...scope, archived: program.archived });
  return saveRanking(db, program, actor.userId, may(actor, "review:readAll", scope), body);
}

const saveRoute = (method: "post" | "put", summary: string) =>
  createRoute({
    method,
    path: "/",
    tags,
    summary,
    request: { body: jsonBody(saveRankingBodySchema) },
    responses: {
      200: jsonResponse(saveRankingResultSchema, "Saved: the new revision"),
      409: refused,
      ...errorResponses,
    },
  });
const rankingResponse = jsonResponse(rankingResultSchema, "The ranking, best first");

export const rankingRoutes = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/{userId}/{programId}",
      tags,
      summary: "A member's stacked ranking (stored order, then new candidates by rating)",
      request: { params: z.object({ userId: id, programId: id }) },
      responses: { 200: rankingResponse, ...errorResponses },
    }),
    async (c) => {
      const { userId, programId } = c.req.valid("param");
      return c.json(await rankingOf(c, userId, programId), 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/{programId}",
      tags,
      summary: "Every saved ranking of a program, in stored order (the program's admins)",
      request: { params: z.object({ programId: id }) },
      responses: { 200: jsonResponse(z.array(rankingResultSchema), "The rankings"), ...errorResponses },
    }),
    async (c) => {
      requireActor(c);
      const { db } = c.get("deps");
      const program = await findProgram(db, c.req.valid("param").programId);
      authorize(c, "review:readAll", { programId: program.id, organizationId: program.organizationId });
      // Kept as JSON text (ranking-service.ts): serializing it again would cost as much as reading it.
      const text = await programRankingsJson(db, program);
      return c.body(text, 200, { "content-type": "application/json" }) as unknown as TypedResponse<
        RankingResult[],
        200,
        "json"
      >;
    },
  )
  .openapi(saveRoute("post", "Save the caller's order"), async (c) =>
    c.json(await saveCallersRanking(c, c.req.valid("json")), 200),
  )
  .openapi(saveRoute("put", "Save the caller's order (same as POST)"), async (c) =>
    c.json(await saveCallersRanking(c, c.req.valid("json")), 200),
  );

/** Legacy programs' stacked rankings: the same records, kept thin over the ranking service. */
export const stackingRoutes = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/",
      tags,
      summary: "The caller's stacked ranking in a program",
      request: { query: z.object({ programId: id }) },
      responses: { 200: rankingResponse, ...errorResponses },
    }),
    async (c) => {
      const actor = requireActor(c);
      return c.json(await rankingOf(c, actor.userId, c.req.valid("query").programId), 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/{userId}",
      tags,
      summary: "A member's stacked ranking in a program",
      request: { params: z.object({ userId: id }), query: z.object({ programId: id }) },
      responses: { 200: rankingResponse, ...errorResponses },
    }),
    async (c) => c.json(await rankingOf(c, c.req.valid("param").userId, c.req.valid("query").programId), 200),
  )
  .openapi(saveRoute("post", "Save the caller's order (same as POST /api/rankings)"), async (c) =>
    c.json(await saveCallersRanking(c, c.req.valid("json")), 200),
  );
