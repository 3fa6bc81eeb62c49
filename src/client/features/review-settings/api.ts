import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  type ProgramReviewSettings,
  programReviewSettingsSchema,
  type UpdateReviewSettingsBody,
} from "../../../shared/schemas/programs";
import { apiGet, apiPath, apiSend } from "../../lib/api-client";
import { userKeys } from "../../lib/query-keys";

/** The Review settings panel's calls (docs/decisions/029-review-settings-and-rankings.md). */
const reviewSettingsKey = (userId: string, programId: string) =>
  [...userKeys.all(userId), "reviewSettings", programId] as const;

export const readReviewSettings = (programId: string) =>
  apiGet(apiPath`/api/programs/${programId}/reviewSettings`, programReviewSettingsSchema);

export function reviewSettingsQuery(userId: string, programId: string) {
  return queryOptions({
    queryKey: reviewSettingsKey(userId, programId),
    queryFn: () => readReviewSettings(programId),
    // The form keeps its own copy while it is edited; a refetch on focus would not show.
    refetchOnWindowFocus: false,
  });
}

/** Saves the panel; the reviewing pages read the settings with their candidates, so they are read again. */
export function useSaveReviewSettings(userId: string, programId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateReviewSettingsBody) =>
      apiSend("PATCH", apiPath`/api/programs/${programId}/reviewSettings`, body, programReviewSettingsSchema),
    onSuccess: (saved: ProgramReviewSettings) => {
      queryClient.setQueryData(reviewSettingsKey(userId, programId), saved);
      return queryClient.invalidateQueries({ queryKey: [...userKeys.all(userId), "reviewing"] });
    },
  });
}
