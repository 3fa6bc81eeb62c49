import { createRoute } from "@hono/zod-openapi";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import {
  BILLING_MESSAGES,
  checkoutBodySchema,
  checkoutResultSchema,
  type UpdatePlanBody,
  updatePlanBodySchema,
} from "../../shared/schemas/billing";
import { organizationResultSchema, updateOrganizationBodySchema } from "../../shared/schemas/organizations";
import {
  organizationTwoFactorResultSchema,
  updateOrganizationTwoFactorBodySchema,
} from "../../shared/schemas/two-factor";
import { createCheckoutSession } from "../billing/checkout";
import { nextPaymentAfter, type PlanChange, switchPlan } from "../billing/plan-changes";
import type { Tx } from "../db/client";
import { plans, users } from "../db/schema";
import type { AppContext } from "../http/context";
import { authorize, may } from "../http/door";
import { AppError } from "../http/errors";
import { isUuid } from "../http/ids";
import { createRouter, errorResponses, jsonBody, jsonResponse } from "../http/router";
import { findOrganization, presentOrganization, updateOrganizationSettings } from "./service";
import { organizationTwoFactor, setOrganizationTwoFactor } from "./two-factor";

const tags = ["organizations"];
const orgIdParams = z.object({ orgId: z.string().min(1).max(64) });
const conflict = jsonResponse(
  z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
  "Not possible in this billing mode, or already on the plan",
);

/** A public plan to move to, or a 400 that names the field. */
async function publicPlan(db: Tx, planId: string) {
  const [plan] = isUuid(planId)
    ? await db
        .select()
        .from(plans)
        .where(and(eq(plans.id, planId), eq(plans.public, true)))
    : [];
  if (!plan)
    throw new AppError("VALIDATION", BILLING_MESSAGES.notPublic, { planId: [BILLING_MESSAGES.notPublic] });
  return plan;
}

/** The organization the organization admin manages, and the plan they want (404 for anyone else). */
async function planRequest(c: AppContext, body: { orgId: string; planId: string }) {
  const { db } = c.get("deps");
  const row = await findOrganization(db, body.orgId);
  const actor = authorize(c, "organization:administer", { organizationId: row.org.id })!;
  const plan = await publicPlan(db, body.planId);
  if (plan.id === row.plan.id) throw new AppError("CONFLICT", BILLING_MESSAGES.samePlan);
  return { row, actor, plan };
}

/** The spec's payment fields, when the admin records a payment made outside the app (billing off). */
function recordedPayment(body: UpdatePlanBody): PlanChange["payment"] {
  if (!body.payment) return undefined;
  const paymentDate = new Date(body.payment.paymentDate);
  return {
    paymentDate,
    nextPayment: body.nextPayment ? new Date(body.nextPayment) : nextPaymentAfter(paymentDate),
    stripeId: body.payment.stripeID,
  };
}

export const organizationRoutes = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/{orgId}",
      tags,
      summary: "An organization: name and rating increment for its members, plan details for its admin",
      request: { params: orgIdParams },
      responses: { 200: jsonResponse(organizationResultSchema, "The organization"), ...errorResponses },
    }),
    async (c) => {
      const { orgId } = c.req.valid("param");
      const { db, config } = c.get("deps");
      const row = await findOrganization(db, orgId);
      const actor = authorize(c, "organization:read", { organizationId: row.org.id });
      const withPlan = may(actor, "organization:administer", { organizationId: row.org.id });
      return c.json({ organization: presentOrganization(row, withPlan, config) }, 200);
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
      const { db, config } = c.get("deps");
      const row = await findOrganization(db, body.orgId);
      const actor = authorize(c, "organization:administer", { organizationId: row.org.id })!;
      await updateOrganizationSettings(db, row.org.id, body, actor.userId);
      const saved = await findOrganization(db, row.org.id);
      return c.json({ organization: presentOrganization(saved, true, config) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/{orgId}/two-factor",
      tags,
      summary:
        "Organization Settings: whether its admins must use two-factor authentication, and who has not set it up (organization admin only)",
      request: { params: orgIdParams },
      responses: { 200: jsonResponse(organizationTwoFactorResultSchema, "The setting"), ...errorResponses },
    }),
    async (c) => {
      const { db } = c.get("deps");
      const row = await findOrganization(db, c.req.valid("param").orgId);
      authorize(c, "organization:administer", { organizationId: row.org.id });
      return c.json({ twoFactor: await organizationTwoFactor(db, row.org.id) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "put",
      path: "/{orgId}/two-factor",
      tags,
      summary:
        "Require two-factor authentication for admins, or stop requiring it (organization admin only, who must have it set up to turn it on)",
      request: { params: orgIdParams, body: jsonBody(updateOrganizationTwoFactorBodySchema) },
      responses: {
        200: jsonResponse(organizationTwoFactorResultSchema, "Saved"),
        409: jsonResponse(
          z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
          "Turning it on before setting it up for oneself",
        ),
        ...errorResponses,
      },
    }),
    async (c) => {
      const { db } = c.get("deps");
      const row = await findOrganization(db, c.req.valid("param").orgId);
      const actor = authorize(c, "organization:administer", { organizationId: row.org.id })!;
      await setOrganizationTwoFactor(db, row.org.id, c.req.valid("json").required, actor.userId);
      return c.json({ twoFactor: await organizationTwoFactor(db, row.org.id) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/updatePlan",
      tags,
      summary:
        "Switch to another public plan, with billing off, recording a payment made outside the app when given (organization admin only; with Stripe, plans change only through Checkout and the verified webhook)",
      request: { body: jsonBody(updatePlanBodySchema) },
      responses: {
        200: jsonResponse(organizationResultSchema, "Switched"),
        409: conflict,
        ...errorResponses,
      },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const { row, actor, plan } = await planRequest(c, body);
      const { db, config, stripe } = c.get("deps");
      if (stripe) throw new AppError("CONFLICT", BILLING_MESSAGES.stripeOnly);
      await db.transaction((tx) =>
        switchPlan(tx, {
          organizationId: row.org.id,
          planId: plan.id,
          source: "manual",
          changedBy: actor.userId,
          payment: recordedPayment(body),
        }),
      );
      const saved = await findOrganization(db, row.org.id);
      return c.json({ organization: presentOrganization(saved, true, config) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/checkout",
      tags,
      summary: "Start a Stripe Checkout session to pay for a public plan (organization admin, billing on)",
      request: { body: jsonBody(checkoutBodySchema) },
      responses: {
        200: jsonResponse(checkoutResultSchema, "Where to pay"),
        409: conflict,
        ...errorResponses,
      },
    }),
    async (c) => {
      const { row, actor, plan } = await planRequest(c, c.req.valid("json"));
      const { db, config, stripe } = c.get("deps");
      if (!stripe) throw new AppError("CONFLICT", BILLING_MESSAGES.billingOff);
      const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, actor.userId));
      const url = await createCheckoutSession(stripe, {
        organizationId: row.org.id,
        plan,
        customerEmail: user?.email ?? "",
        publicUrl: config.publicUrl,
      });
      return c.json({ url }, 200);
    },
  );
