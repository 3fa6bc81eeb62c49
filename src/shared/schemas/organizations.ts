import { z } from "zod";
import { MAX_NAME_LENGTH } from "../limits";
import { billingModeSchema } from "./billing";
import { planSchema } from "./plans";

/** An organization's contact address: a valid email, or empty (stored as null) for none. */
export const contactEmailSchema = z
  .string()
  .trim()
  .max(254, "At most 254 characters")
  .transform((value) => (value === "" ? null : value))
  .pipe(z.email("Enter a valid email address, or leave it empty").nullable());

/** Rating increments an organization may choose (spec: 1 or 0.5, default 1). */
export const RATING_INCREMENTS = [1, 0.5] as const;

export const organizationSchema = z.object({
  _id: z.string(),
  name: z.string(),
  displayName: z.string(),
  increment: z.union([z.literal(1), z.literal(0.5)]),
  /**
   * Where applicants reach the organization (docs/decisions/027-stable-form-address.md): shown on a closed
   * form's page to anyone with the link, so it is no secret from the organization's members either.
   */
  contactEmail: z.string().nullable(),
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
   * Where applicants reach the organization; empty clears it. Optional: a client that does not send it (the
   * seed) leaves the stored address as it is (docs/decisions/038-decision-release-and-portal.md).
   */
  contactEmail: contactEmailSchema.optional(),
  /**
   * The settings as the client last saw them (decision 016): changed meanwhile by someone else, nothing
   * is written and the answer is 409 with the stored ones. Our client always sends it; the seed's call
   * (no place for it) overwrites.
   */
  expected: z
    .strictObject({
      name: z.string().max(MAX_NAME_LENGTH),
      increment: z.union([z.literal(1), z.literal(0.5)]),
      contactEmail: z.string().max(254).nullable().optional(),
    })
    .optional(),
});
/** What a stale settings save's 409 carries as `error.current`. */
export const storedOrganizationSettingsSchema = z.object({
  name: z.string(),
  increment: z.union([z.literal(1), z.literal(0.5)]),
  contactEmail: z.string().nullable(),
});
