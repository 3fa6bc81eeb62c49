import { z } from "zod";

/**
 * How plan changes happen: "stripe" when the server has Stripe keys (upgrades go through Checkout
 * and the verified webhook), "manual" otherwise (the organization admin switches plans directly and
 * the change is recorded).
 */
export const billingModeSchema = z.enum(["stripe", "manual"]);
export type BillingMode = z.infer<typeof billingModeSchema>;

/** POST /api/organizations/updatePlan — billing off only; with Stripe the webhook switches plans. */
export const updatePlanBodySchema = z.strictObject({
  orgId: z.string().min(1).max(64),
  planId: z.string().min(1).max(64),
});

/** POST /api/organizations/checkout — starts a Stripe Checkout session for a public plan. */
export const checkoutBodySchema = updatePlanBodySchema;
export const checkoutResultSchema = z.object({ url: z.string() });

export const BILLING_MESSAGES = {
  stripeOnly: "Plan changes are paid through Stripe: choose Upgrade on the plan you want.",
  billingOff: "Billing is switched off on this server: choose the plan directly.",
  notPublic: "Choose one of the public plans.",
  samePlan: "Your organization is already on this plan.",
  trialEnded: (date: string) =>
    `Your free trial ended on ${date}. Choose a plan to add programs and people again — nothing has been deleted.`,
  trialEnds: (date: string) => `Your free trial ends on ${date}.`,
  trialExpiredAction:
    "Your organization's free trial has ended. Choose a plan on the Billing page to continue.",
} as const;
