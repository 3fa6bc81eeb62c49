import { createRoute } from "@hono/zod-openapi";
import type { Action } from "../../shared/authz/matrix";
import {
  candidateStatsPageSchema,
  candidateStatsQuerySchema,
} from "../../shared/schemas/candidate-statistics";
import {
  dashboardFiguresQuerySchema,
  dashboardFiguresSchema,
  fundingStatsQuerySchema,
  fundingStatsSchema,
  reviewerStatsQuerySchema,
  reviewerStatsResultSchema,
} from "../../shared/schemas/committee";
import type { AppContext } from "../http/context";
import { authorize, requireActor } from "../http/door";
import { createRouter, errorResponses, jsonResponse } from "../http/router";
import { findProgram } from "../programs/service";
import { findReviewProgram } from "../reviewing/candidate-list";
import { candidateStats } from "./candidate-stats";
import { dashboardFigures } from "./dashboard-figures";
import { fundingStats } from "./funding-stats";
import { reviewerStats } from "./reviewer-stats";

/**
 * The statistics pages' routes, mounted at /api/admin: Candidate Statistics (the candidates' figures, a page
 * at a time, docs/decisions/008-reviewing.md, and the funding figures, docs/decisions/010-committee.md) and
 * Reviewer Statistics (docs/decisions/010-committee.md). For the program's admins and the organization
 * admin; anyone else gets 404. Each route keeps the OpenAPI tag of the step it belongs to.
 */
const tags = ["committee"];

/** The program, if the caller may take `action` in it (signed-out callers get 401 first). */
async function programFor(
  c: AppContext,
  programId: string,
  action: Extract<Action, "candidate:decide" | "review:readAll">,
) {
  requireActor(c);
  const program = await findProgram(c.get("deps").db, programId);
  authorize(c, action, { programId: program.id, organizationId: program.organizationId });
  return program;
}

export const statisticsRoutes = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/candidate-submissions",
      tags: ["reviewing"],
      summary:
        "A page of the submitted candidates with their rating statistics, suggested and calibrated ratings, average ranking and consensus rank, sorted and filtered (admins)",
      request: { query: candidateStatsQuerySchema },
      responses: {
        200: jsonResponse(candidateStatsPageSchema, "The candidates' figures, a page"),
        ...errorResponses,
      },
    }),
    async (c) => {
      requireActor(c);
      const { programId, ...query } = c.req.valid("query");
      const { db } = c.get("deps");
      const program = await findReviewProgram(db, programId);
      authorize(c, "review:readAll", { programId: program.id, organizationId: program.organizationId });
      return c.json(await candidateStats(db, program, query), 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/funding-stats",
      tags,
      summary:
        "Funding statistics over the submitted, non-test candidates: total and average funding of the approved (exact to the cent), counts per decision",
      request: { query: fundingStatsQuerySchema },
      responses: { 200: jsonResponse(fundingStatsSchema, "The funding figures"), ...errorResponses },
    }),
    async (c) => {
      const program = await programFor(c, c.req.valid("query").programId, "candidate:decide");
      return c.json(await fundingStats(c.get("deps").db, program), 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/reviewer-stats",
      tags,
      summary:
        "Reviewer statistics: each committee member and guest (not plain admins, not internal test accounts) with the candidates they see and how many of those they rated",
      request: { query: reviewerStatsQuerySchema },
      responses: { 200: jsonResponse(reviewerStatsResultSchema, "The members' figures"), ...errorResponses },
    }),
    async (c) => {
      const program = await programFor(c, c.req.valid("query").programId, "review:readAll");
      const { db, config } = c.get("deps");
      return c.json(await reviewerStats(db, program, config.internalEmailDomains), 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/dashboard-figures",
      tags,
      summary:
        "The admin dashboard's figures: submitted applications, the committee's ratings done of those expected, and the decisions made (admins)",
      request: { query: dashboardFiguresQuerySchema },
      responses: {
        200: jsonResponse(dashboardFiguresSchema, "Where the program stands"),
        ...errorResponses,
      },
    }),
    async (c) => {
      const program = await programFor(c, c.req.valid("query").programId, "review:readAll");
      const { db, config } = c.get("deps");
      return c.json(await dashboardFigures(db, program, config.internalEmailDomains), 200);
    },
  );
