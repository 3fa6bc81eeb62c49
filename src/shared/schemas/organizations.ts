import { z } from "zod";
import { MAX_NAME_LENGTH } from "../limits";
import { billingModeSchema } from "./billing";
import { planSchema } from "./plans";

/** Rating increments an organization may choose (spec: 1 or 0.5, default 1). */
export const RATING_INCREMENTS = [1, 0.5] as const;

export const organizationSchema = z.object({
  _id: z.string(),
  name: z.string(),
  displayName: z.string(),
  increment: z.union([z.literal(1), z.literal(0.5)]),
  /** Present for the organization admin only. */
  planInfo: z
    .object({
      plan: planSchema,
      requestedPlanId: z.string().nullable(),
      trialEndsAt: z.string().nullable(),
      /** On the Free Trial plan past trialEndsAt: reading and reviewing go on, adding programs and people stops. */
      trialExpired: z.boolean(),
      billingMode: billingModeSchema,
      stripeId: z.string().nullable(),
      paymentInterval: z.string().nullable(),
      paymentDate: z.string().nullable(),
      nextPayment: z.string().nullable(),
    })
    .nullable(),
});
export type Organization = z.infer<typeof organizationSchema>;

export const organizationResultSchema = z.object({ organization: organizationSchema });

/** POST /api/organizations/updateOrg */
export const updateOrganizationBodySchema = z.strictObject({
  orgId: z.string().min(1).max(64),
  name: z.string().trim().min(1, "Organization name is required").max(MAX_NAME_LENGTH),
  increment: z.union([z.literal(1), z.literal(0.5)], { message: "The increment is 1 or 0.5" }),
  /**
   * The settings as the client last saw them (decision 016): changed meanwhile by someone else, nothing
   * is written and the answer is 409 with the stored ones. Our client always sends it; the seed's call
   * (no place for it) overwrites.
   */
  expected: z
    .strictObject({
      name: z.string().max(MAX_NAME_LENGTH),
      increment: z.union([z.literal(1), z.literal(0.5)]),
    })
    .optional(),
});
/** What a stale settings save's 409 carries as `error.current`. */
export const storedOrganizationSettingsSchema = z.object({
  name: z.string(),
  increment: z.union([z.literal(1), z.literal(0.5)]),
});
