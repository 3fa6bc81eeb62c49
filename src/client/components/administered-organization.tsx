import { Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { organizationResultSchema } from "../../shared/schemas/organizations";
import { apiGet, apiPath } from "../lib/api-client";
import { organizationKeys } from "../lib/query-keys";
import { useSignedInSession } from "../lib/signed-in-session";

/** The user's organization; its plan details (planInfo) are there only for the organization admin. */
export function useOrganization(userId: string, orgId: string, { enabled = true } = {}) {
  return useQuery({
    queryKey: organizationKeys.detail(userId, orgId),
    queryFn: () => apiGet(apiPath`/api/organizations/${orgId}`, organizationResultSchema),
    select: (result) => result.organization,
    enabled,
  });
}

/**
 * The organization the signed-in user administers, for the organization admin's pages (the route guard lets
 * nobody else in).
 */
export function useAdministeredOrganization() {
  const { user, actor } = useSignedInSession();
  const orgId = actor.adminOrganizationId;
  const organization = useOrganization(user.id, orgId ?? "", { enabled: orgId !== null });
  if (orgId === null) throw new Error("Only an organization admin's pages show their organization");
  return { userId: user.id, orgId, organization };
}

/** Server failures open the error page; what is left (a 404, say) is said in place of the page. */
export function OrganizationLoadFailure({ error }: { error: Error }) {
  return <Text c="red.9">Error loading your organization: {error.message}</Text>;
}
