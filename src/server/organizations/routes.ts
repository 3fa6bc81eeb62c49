import { createRoute } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { can } from "../../shared/authz/matrix";
import { organizationResultSchema, updateOrganizationBodySchema } from "../../shared/schemas/organizations";
import type { Db } from "../db/client";
import { organizations, plans } from "../db/schema";
import { authorize } from "../http/context";
import { notFound } from "../http/errors";
import { isUuid } from "../http/ids";
import { createRouter, errorResponses, jsonBody, jsonResponse } from "../http/router";
import { presentPlan } from "../plans/present";

const tags = ["organizations"];

async function findOrganization(db: Db, id: string) {
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .select({ org: organizations, plan: plans })
    .from(organizations)
    .innerJoin(plans, eq(plans.id, organizations.planId))
    .where(eq(organizations.id, id));
  if (!row) throw notFound();
  return row;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function presentOrganization(row: Awaited<ReturnType<typeof findOrganization>>, withPlan: boolean) {
  const { org, plan } = row;
  return {
    _id: org.id,
    name: org.name,
    displayName: org.displayName,
    increment: org.incrementTenths === 5 ? (0.5 as const) : (1 as const),
    planInfo: withPlan
      ? {
          plan: presentPlan(plan),
          requestedPlanId: org.requestedPlanId,
          trialEndsAt: iso(org.trialEndsAt),
          paymentInterval: org.paymentInterval,
          paymentDate: iso(org.paymentDate),
          nextPayment: iso(org.nextPayment),
        }
      : null,
  };
}

export const organizationRoutes = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/{orgId}",
      tags,
      summary: "An organization: name and rating increment for its members, plan details for its admin",
      request: { params: z.object({ orgId: z.string().min(1).max(64) }) },
      responses: { 200: jsonResponse(organizationResultSchema, "The organization"), ...errorResponses },
    }),
    async (c) => {
      const { orgId } = c.req.valid("param");
      const row = await findOrganization(c.get("deps").db, orgId);
      const actor = authorize(c, "organization:read", { organizationId: row.org.id });
      const withPlan = can(actor, "organization:administer", { organizationId: row.org.id });
      return c.json({ organization: presentOrganization(row, withPlan) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/updateOrg",
      tags,
      summary: "Organization Settings: name and rating increment (organization admin only)",
      request: { body: jsonBody(updateOrganizationBodySchema) },
      responses: { 200: jsonResponse(organizationResultSchema, "Saved"), ...errorResponses },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const { db } = c.get("deps");
      const row = await findOrganization(db, body.orgId);
      authorize(c, "organization:administer", { organizationId: row.org.id });
      await db
        .update(organizations)
        .set({
          name: body.name,
          displayName: body.name,
          incrementTenths: body.increment * 10,
          updatedAt: new Date(),
        })
        .where(eq(organizations.id, row.org.id));
      return c.json({ organization: presentOrganization(await findOrganization(db, row.org.id), true) }, 200);
    },
  );
