import type Stripe from "stripe";
import type { plans } from "../db/schema";

export interface CheckoutRequest {
  organizationId: string;
  plan: typeof plans.$inferSelect;
  customerEmail: string;
  publicUrl: string;
}

/**
 * A Stripe Checkout session for a monthly subscription to the plan. The organization and plan
 * travel in the metadata; the webhook, not the browser's return to success_url, switches the plan.
 */
export async function createCheckoutSession(stripe: Stripe, request: CheckoutRequest): Promise<string> {
  const { organizationId, plan } = request;
  const metadata = { organizationId, planId: plan.id };
  const session = await stripe.checkout.sessions.create({
    mode: "subscription",
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: "usd",
          unit_amount: plan.priceCents,
          recurring: { interval: "month" },
          product_data: { name: `DecisionHub ${plan.name}` },
        },
      },
    ],
    client_reference_id: organizationId,
    customer_email: request.customerEmail,
    metadata,
    subscription_data: { metadata },
    success_url: `${request.publicUrl}/organization/billing?checkout=success`,
    cancel_url: `${request.publicUrl}/organization/billing?checkout=cancelled`,
  });
  if (!session.url) throw new Error("Stripe returned a Checkout session without a URL");
  return session.url;
}
