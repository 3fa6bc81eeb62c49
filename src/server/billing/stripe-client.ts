import type Stripe from "stripe";
import type { Config } from "../config";

/** Billing is on when the server has both Stripe keys; otherwise plan changes are recorded manually. */
export function billingEnabled(config: Config): boolean {
  return Boolean(config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET);
}

/**
 * The Stripe SDK client, or null with billing off. STRIPE_API_URL points it at a local stub in tests.
 * The SDK is loaded only when billing is on: it is large, and most servers never need it.
 */
export async function createStripe(config: Config): Promise<Stripe | null> {
  if (!billingEnabled(config) || !config.STRIPE_SECRET_KEY) return null;
  const { default: Stripe } = await import("stripe");
  const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null;
  return new Stripe(config.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === "https:" ? 443 : 80),
          protocol: api.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
}
