import { useQuery } from "@tanstack/react-query";
import { mappableFormsResultSchema } from "../../../../shared/schemas/forms";
import { apiGet, apiPath } from "../../../lib/api-client";
import { userKeys } from "../../../lib/query-keys";

/**
 * The organization's published forms with their sections and questions, for the mapping dialog.
 * Fetched when the dialog opens; kept under the viewer's keys so signing out forgets it.
 */
export function useMappableForms(viewerId: string, organizationId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...userKeys.all(viewerId), "mappableForms", organizationId],
    queryFn: () => apiGet(apiPath`/api/forms/organization/${organizationId}`, mappableFormsResultSchema),
    enabled,
    staleTime: 30_000,
  });
}
