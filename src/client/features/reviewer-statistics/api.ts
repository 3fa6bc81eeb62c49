import { useMutation, useQuery } from "@tanstack/react-query";
import { reviewerReminderResultSchema, reviewerStatsResultSchema } from "../../../shared/schemas/committee";
import { apiGet, apiSend } from "../../lib/api-client";
import { userKeys } from "../../lib/query-keys";

/** Under the viewer's keys: signing out forgets it, a change of current program refreshes it. */
export const reviewerStatsKeys = {
  detail: (viewerId: string, programId: string) =>
    [...userKeys.all(viewerId), "reviewerStats", programId] as const,
};

/** GET /api/admin/reviewer-stats: the committee members and guests with their progress. */
export function useReviewerStats(viewerId: string, programId: string) {
  return useQuery({
    queryKey: reviewerStatsKeys.detail(viewerId, programId),
    queryFn: () =>
      apiGet(
        `/api/admin/reviewer-stats?${new URLSearchParams({ programId }).toString()}`,
        reviewerStatsResultSchema,
      ),
  });
}

/** POST /api/email/reminder: answers with the address reminded. Nothing cached changes. */
export function useSendReminder(programId: string) {
  return useMutation({
    mutationFn: (userId: string) =>
      apiSend("POST", "/api/email/reminder", { programId, userId }, reviewerReminderResultSchema),
  });
}
