import { useQuery } from "@tanstack/react-query";
import { dashboardFiguresSchema } from "../../../shared/schemas/committee";
import { apiGet } from "../../lib/api-client";
import { userKeys } from "../../lib/query-keys";

/**
 * The admin dashboard's figures in one request, under the user's keys: changing the current program
 * (which invalidates `userKeys.all`) refreshes them.
 */
export function useDashboardFigures(userId: string, programId: string | null) {
  return useQuery({
    queryKey: [...userKeys.all(userId), "dashboardFigures", programId ?? ""] as const,
    queryFn: () =>
      apiGet(
        `/api/admin/dashboard-figures?${new URLSearchParams({ programId: programId ?? "" }).toString()}`,
        dashboardFiguresSchema,
      ),
    enabled: programId !== null,
    // The figures are a summary above the tiles: without them the dashboard still leads everywhere, so a
    // failure leaves them out rather than opening the error page.
    meta: { handlesErrors: true },
  });
}
