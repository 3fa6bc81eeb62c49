import { eq } from "drizzle-orm";
import type { Organization } from "../../shared/schemas/organizations";
import { trialHasEnded } from "../billing/plan-changes";
import { billingEnabled } from "../billing/stripe-client";
import type { Config } from "../config";
import type { Tx } from "../db/client";
import { organizations, plans } from "../db/schema";
import { notFound } from "../http/errors";
import { isUuid } from "../http/ids";
import { presentPlan } from "../plans/present";

export type OrganizationWithPlan = Awaited<ReturnType<typeof findOrganization>>;

/** An organization with its current plan, or 404 (malformed ids included). */
export async function findOrganization(db: Tx, id: string) {
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

/** Members see the name and rating increment; the organization admin also sees the plan and billing. */
export function presentOrganization(
  row: OrganizationWithPlan,
  withPlan: boolean,
  config: Config,
): Organization {
  const { org, plan } = row;
  return {
    _id: org.id,
    name: org.name,
    displayName: org.displayName,
    increment: org.incrementTenths === 5 ? 0.5 : 1,
    planInfo: withPlan
      ? {
          plan: presentPlan(plan),
          requestedPlanId: org.requestedPlanId,
          trialEndsAt: iso(org.trialEndsAt),
          trialExpired: trialHasEnded(org, plan.name),
          billingMode: billingEnabled(config) ? "stripe" : "manual",
          stripeId: org.stripeId,
          paymentInterval: org.paymentInterval,
          paymentDate: iso(org.paymentDate),
          nextPayment: iso(org.nextPayment),
        }
      : null,
  };
}
