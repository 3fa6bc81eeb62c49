import { Text } from "@mantine/core";
import { useSignedInSession } from "../../lib/signed-in-session";
import { useOrganization } from "./api";

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
