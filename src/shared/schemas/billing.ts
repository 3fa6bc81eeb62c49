import { z } from "zod";

/**
 * How plan changes happen: "stripe" when the server has Stripe keys (upgrades go through Checkout
 * and the verified webhook), "manual" otherwise (the organization admin switches plans directly and
 * the change is recorded).
 */
export const billingModeSchema = z.enum(["stripe", "manual"]);
export type BillingMode = z.infer<typeof billingModeSchema>;

const planRequestSchema = z.strictObject({
  orgId: z.string().min(1).max(64),
  planId: z.string().min(1).max(64),
});

/** The only payment interval the spec knows. */
export const PAYMENT_INTERVALS = ["MONTHLY"] as const;

const instant = (what: string) =>
  z.iso.datetime({ offset: true, message: `${what} must be a date and time (ISO 8601)` });

/**
 * POST /api/organizations/updatePlan — billing off only; with Stripe the webhook switches plans. The
 * spec's payload may record a payment made outside the app (an invoice paid by transfer, the earlier
 * system's Stripe payment): its date and reference, the interval and when the next one is due
 * (docs/decisions/030-smaller-spec-points.md).
 */
export const updatePlanBodySchema = planRequestSchema
  .extend({
    paymentInterval: z.enum(PAYMENT_INTERVALS, { message: "The payment interval is MONTHLY" }).optional(),
    payment: z
      .strictObject({
        paymentDate: instant("The payment date"),
        stripeID: z.string().trim().min(1, "Give the payment's reference").max(255),
      })
      .optional(),
    nextPayment: instant("The next payment").optional(),
  })
  .superRefine((body, ctx) => {
    if (body.nextPayment === undefined) return;
    if (body.payment === undefined) {
      ctx.addIssue({ code: "custom", path: ["payment"], message: BILLING_MESSAGES.nextPaymentNeedsPayment });
    } else if (Date.parse(body.nextPayment) <= Date.parse(body.payment.paymentDate)) {
      ctx.addIssue({ code: "custom", path: ["nextPayment"], message: BILLING_MESSAGES.nextPaymentAfter });
    }
  });
export type UpdatePlanBody = z.infer<typeof updatePlanBodySchema>;

/** POST /api/organizations/checkout — starts a Stripe Checkout session for a public plan. */
export const checkoutBodySchema = planRequestSchema;
export const checkoutResultSchema = z.object({ url: z.string() });

export const BILLING_MESSAGES = {
  stripeOnly: "Plan changes are paid through Stripe: choose Upgrade on the plan you want.",
  billingOff: "Billing is switched off on this server: choose the plan directly.",
  notPublic: "Choose one of the public plans.",
  samePlan: "Your organization is already on this plan.",
  nextPaymentNeedsPayment: "The next payment follows a payment: give the payment too.",
  nextPaymentAfter: "The next payment must come after the payment.",
  trialEnded: (date: string) =>
    `Your free trial ended on ${date}. Choose a plan to add programs and people again — nothing has been deleted.`,
  trialEnds: (date: string) => `Your free trial ends on ${date}.`,
  trialExpiredAction:
    "Your organization's free trial has ended. Choose a plan on the Billing page to continue.",
} as const;
