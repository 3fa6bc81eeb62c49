import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { AppError, notFound } from "../http/errors";
import { createRouter, errorResponses, jsonResponse } from "../http/router";
import { applyStripeEvent } from "./webhook";

/**
 * POST /api/webhooks/stripe: no session and no Origin — the Stripe-Signature header over the raw
 * body is the only credential. Without billing the route does not exist (404).
 */
export const webhookRoutes = createRouter().openapi(
  createRoute({
    method: "post",
    path: "/stripe",
    tags: ["billing"],
    summary: "Stripe events (signature verified, each event applied once)",
    request: { headers: z.object({ "stripe-signature": z.string().min(1).max(2000) }) },
    responses: {
      200: jsonResponse(z.object({ received: z.literal(true), outcome: z.string() }), "Received"),
      ...errorResponses,
    },
  }),
  async (c) => {
    const { stripe, config, log } = c.get("deps");
    if (!stripe || !config.STRIPE_WEBHOOK_SECRET) throw notFound();
    const payload = await c.req.text();
    let event: Awaited<ReturnType<typeof stripe.webhooks.constructEventAsync>>;
    try {
      event = await stripe.webhooks.constructEventAsync(
        payload,
        c.req.valid("header")["stripe-signature"],
        config.STRIPE_WEBHOOK_SECRET,
      );
    } catch {
      log.warn("Stripe webhook refused: the signature does not match");
      throw new AppError("VALIDATION", "Invalid signature", { "stripe-signature": ["Invalid signature"] });
    }
    const outcome = await applyStripeEvent(c.get("deps").db, event);
    log.info(`Stripe event ${event.id} (${event.type}): ${outcome}`);
    return c.json({ received: true as const, outcome }, 200);
  },
);
