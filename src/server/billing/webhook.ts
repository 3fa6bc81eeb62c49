import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Transaction } from "../audit/record";
import type { Db, Tx } from "../db/client";
import { organizations, plans, stripeEvents } from "../db/schema";
import { isUuid } from "../http/ids";
import { nextPaymentAfter, PAYMENT_INTERVAL, switchPlan } from "./plan-changes";

export type WebhookOutcome = "applied" | "duplicate" | "ignored";

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

/** A completed Checkout: the paid plan replaces the current one and the payment is recorded. */
async function applyCheckoutCompleted(
  tx: Transaction,
  event: Stripe.Event,
  session: Stripe.Checkout.Session,
) {
  const organizationId = session.metadata?.organizationId ?? "";
  const planId = session.metadata?.planId ?? "";
  if (session.payment_status === "unpaid" || !isUuid(organizationId) || !isUuid(planId)) return "ignored";
  const [plan] = await tx
    .select({ id: plans.id })
    .from(plans)
    .where(and(eq(plans.id, planId), eq(plans.public, true)));
  const [org] = await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!plan || !org) return "ignored";
  const paymentDate = new Date(event.created * 1000);
  await switchPlan(tx, {
    organizationId,
    planId,
    source: "stripe",
    stripeEventId: event.id,
    payment: {
      paymentDate,
      nextPayment: nextPaymentAfter(paymentDate),
      stripeId: idOf(session.subscription) ?? idOf(session.customer) ?? session.id,
    },
  });
  return "applied";
}

/** A renewal: the subscription's organization has paid for another month. */
async function applyInvoicePaid(tx: Tx, event: Stripe.Event, invoice: Stripe.Invoice) {
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
  if (!subscriptionId) return "ignored";
  const paymentDate = new Date(event.created * 1000);
  const updated = await tx
    .update(organizations)
    .set({
      paymentDate,
      nextPayment: nextPaymentAfter(paymentDate),
      paymentInterval: PAYMENT_INTERVAL,
      updatedAt: new Date(),
    })
    .where(eq(organizations.stripeId, subscriptionId))
    .returning({ id: organizations.id });
  return updated.length > 0 ? "applied" : "ignored";
}

/**
 * Applies a verified Stripe event once: its id is recorded in the same transaction as its effect,
 * so a replayed delivery (Stripe retries, or an attacker replaying a captured one within the
 * signature tolerance) finds the id taken and changes nothing.
 */
export async function applyStripeEvent(db: Db, event: Stripe.Event): Promise<WebhookOutcome> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (inserted.length === 0) return "duplicate";
    switch (event.type) {
      case "checkout.session.completed":
        return applyCheckoutCompleted(tx, event, event.data.object);
      case "invoice.paid":
        return applyInvoicePaid(tx, event, event.data.object);
      default:
        return "ignored";
    }
  });
}
