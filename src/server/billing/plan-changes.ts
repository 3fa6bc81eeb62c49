import { eq, inArray } from "drizzle-orm";
import { FREE_TRIAL_PLAN_NAME } from "../../shared/limits";
import { BILLING_MESSAGES } from "../../shared/schemas/billing";
import { recordAudit, type Transaction } from "../audit/record";
import type { Tx } from "../db/client";
import { organizations, planChanges, plans } from "../db/schema";
import { AppError } from "../http/errors";

export const PAYMENT_INTERVAL = "MONTHLY";

/**
 * A trial has ended when the organization is still on the Free Trial plan after its end date.
 * What an expired trial can still do (docs/decisions/005): everything it had keeps working —
 * reading, reviewing, deciding, exporting, and applicants submitting to open forms — but nothing
 * grows: no new, duplicated or unarchived programs and no new people, until a plan is chosen.
 * Nothing is ever deleted.
 */
export function trialHasEnded(
  org: { trialEndsAt: Date | null },
  planName: string,
  now = new Date(),
): boolean {
  return planName === FREE_TRIAL_PLAN_NAME && org.trialEndsAt !== null && org.trialEndsAt <= now;
}

/** False for an organization whose free trial has ended: no new programs or people. */
export async function organizationCanGrow(
  tx: Tx,
  organizationId: string,
  now = new Date(),
): Promise<boolean> {
  const [row] = await tx
    .select({ trialEndsAt: organizations.trialEndsAt, planName: plans.name })
    .from(organizations)
    .innerJoin(plans, eq(plans.id, organizations.planId))
    .where(eq(organizations.id, organizationId));
  return !row || !trialHasEnded(row, row.planName, now);
}

export async function assertOrganizationCanGrow(tx: Tx, organizationId: string, now = new Date()) {
  if (!(await organizationCanGrow(tx, organizationId, now))) {
    throw new AppError("PLAN_LIMIT", BILLING_MESSAGES.trialExpiredAction);
  }
}

export interface PlanChange {
  organizationId: string;
  planId: string;
  source: "manual" | "stripe";
  changedBy?: string | null;
  stripeEventId?: string | null;
  payment?: { paymentDate: Date; nextPayment: Date; stripeId: string };
}

/**
 * Switches an organization's plan and records the change (and its audit event: by the admin, or by
 * nobody for a Stripe payment), inside the caller's transaction. The
 * organization row is locked so that a concurrent program create sees either the old or the new
 * plan, never half of it. Limits apply from the next action on; nothing over a lower limit is
 * deleted or archived.
 */
export async function switchPlan(tx: Transaction, change: PlanChange): Promise<void> {
  const [current] = await tx
    .select({ planId: organizations.planId, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, change.organizationId))
    .for("update");
  if (!current) throw new AppError("NOT_FOUND", "Not found");
  await tx
    .update(organizations)
    .set({
      planId: change.planId,
      updatedAt: new Date(),
      ...(change.payment
        ? {
            paymentDate: change.payment.paymentDate,
            nextPayment: change.payment.nextPayment,
            stripeId: change.payment.stripeId,
            paymentInterval: PAYMENT_INTERVAL,
          }
        : {}),
    })
    .where(eq(organizations.id, change.organizationId));
  await tx.insert(planChanges).values({
    organizationId: change.organizationId,
    fromPlanId: current.planId,
    toPlanId: change.planId,
    source: change.source,
    changedBy: change.changedBy ?? null,
    stripeEventId: change.stripeEventId ?? null,
  });
  const names = await tx
    .select({ id: plans.id, name: plans.name })
    .from(plans)
    .where(inArray(plans.id, [current.planId, change.planId]));
  const nameOf = (id: string) => names.find((p) => p.id === id)?.name ?? null;
  await recordAudit(tx, {
    organizationId: change.organizationId,
    actorUserId: change.changedBy ?? null,
    action: "plan.changed",
    subject: { type: "organization", id: change.organizationId, label: current.name },
    details: {
      plan: { before: nameOf(current.planId), after: nameOf(change.planId) },
      source: change.source,
    },
  });
}

/** One month after a payment: the next one is due (MONTHLY is the only interval). */
export function nextPaymentAfter(paid: Date): Date {
  const next = new Date(paid);
  next.setMonth(next.getMonth() + 1);
  return next;
}
