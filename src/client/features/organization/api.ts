import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { checkoutResultSchema, type updatePlanBodySchema } from "../../../shared/schemas/billing";
import {
  organizationResultSchema,
  type updateOrganizationBodySchema,
} from "../../../shared/schemas/organizations";
import { organizationTwoFactorResultSchema } from "../../../shared/schemas/two-factor";
import { apiGet, apiPath, apiSend } from "../../lib/api-client";
import { organizationKeys, userKeys } from "../../lib/query-keys";

type UpdatePlanBody = z.input<typeof updatePlanBodySchema>;

/**
 * The organization's name and plan show on the programs list, the picker and the plan allowance: after a
 * change, everything cached about the user is refreshed, the organization shown at once from the answer.
 */
function showSavedOrganization(
  queryClient: QueryClient,
  userId: string,
  result: z.infer<typeof organizationResultSchema>,
) {
  queryClient.setQueryData(organizationKeys.detail(userId, result.organization._id), result);
  return queryClient.invalidateQueries({ queryKey: userKeys.all(userId) });
}

export function useUpdateOrganization(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof updateOrganizationBodySchema>) =>
      apiSend("POST", "/api/organizations/updateOrg", body, organizationResultSchema),
    onSuccess: (result) => showSavedOrganization(queryClient, userId, result),
  });
}

/** Billing off (no Stripe keys on the server): the organization admin switches plans directly. */
export function useUpdatePlan(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePlanBody) =>
      apiSend("POST", "/api/organizations/updatePlan", body, organizationResultSchema),
    onSuccess: (result) => showSavedOrganization(queryClient, userId, result),
  });
}

/** With Stripe: a Checkout session to pay for the plan; its webhook switches the plan afterwards. */
export function useCheckout() {
  return useMutation({
    mutationFn: (body: UpdatePlanBody) =>
      apiSend("POST", "/api/organizations/checkout", body, checkoutResultSchema),
  });
}

const twoFactorKey = (userId: string, orgId: string) =>
  [...organizationKeys.detail(userId, orgId), "twoFactor"] as const;

/** "Require two-factor authentication for admins", and who has not set it up (organization admin only). */
export function useOrganizationTwoFactor(userId: string, orgId: string) {
  return useQuery({
    queryKey: twoFactorKey(userId, orgId),
    queryFn: () => apiGet(apiPath`/api/organizations/${orgId}/two-factor`, organizationTwoFactorResultSchema),
    select: (result) => result.twoFactor,
  });
}

export function useSetOrganizationTwoFactor(userId: string, orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (required: boolean) =>
      apiSend(
        "PUT",
        apiPath`/api/organizations/${orgId}/two-factor`,
        { required },
        organizationTwoFactorResultSchema,
      ),
    onSuccess: (result) => queryClient.setQueryData(twoFactorKey(userId, orgId), result),
  });
}
