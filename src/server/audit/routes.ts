import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { auditListQuerySchema, auditListResultSchema } from "../../shared/schemas/audit";
import { authorize } from "../http/door";
import { createRouter, errorResponses, jsonResponse } from "../http/router";
import { listAuditEvents } from "./list";

/**
 * The audit log's one route, mounted at /api/organizations. Only the admin of that organization reads
 * it (`audit:read`); anyone else — another organization's admin, a program admin — gets 404.
 */
export const auditRoutes = createRouter().openapi(
  createRoute({
    method: "get",
    path: "/{organizationId}/audit-events",
    tags: ["audit"],
    summary:
      "The organization's audit log, newest first: a page of events (pass nextCursor back as cursor for the next), filtered by action, actor's email, program and time range",
    request: {
      params: z.object({ organizationId: z.string().min(1).max(64) }),
      query: auditListQuerySchema,
    },
    responses: { 200: jsonResponse(auditListResultSchema, "A page of events"), ...errorResponses },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    // The matrix compares ids: an organization that does not exist has no admin, so it is a 404 too.
    authorize(c, "audit:read", { organizationId });
    return c.json(await listAuditEvents(c.get("deps").db, organizationId, c.req.valid("query")), 200);
  },
);
