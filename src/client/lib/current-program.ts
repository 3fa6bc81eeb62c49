import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { currentProgramResultSchema, userProgramsResultSchema } from "../../shared/schemas/users";
import { apiGet, apiPath, apiSend } from "./api-client";
import { userKeys } from "./query-keys";

/**
 * The signed-in user's programs and their current program: the program picker sets it, and every page of a
 * program (reviewing, statistics, assignments, exports, user access, the dashboard) reads it.
 */

/** The user's programs, already sorted by the server: non-archived before archived. */
export function useUserPrograms(userId: string | undefined) {
  return useQuery({
    queryKey: userKeys.programs(userId ?? ""),
    queryFn: () => apiGet(apiPath`/api/users/${userId ?? ""}/programs`, userProgramsResultSchema),
    select: (result) => result.programs,
    enabled: userId !== undefined,
  });
}

/** The server resets a current program the user lost access to, and defaults it to the first one. */
export function useCurrentProgram(userId: string | undefined) {
  return useQuery({
    queryKey: userKeys.currentProgram(userId ?? ""),
    queryFn: () => apiGet(apiPath`/api/users/${userId ?? ""}/currentProgram`, currentProgramResultSchema),
    select: (result) => result.currentProgram,
    enabled: userId !== undefined,
  });
}

export function useSetCurrentProgram(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (programId: string) =>
      apiSend(
        "PATCH",
        apiPath`/api/users/${userId}/current-program`,
        { programId },
        currentProgramResultSchema,
      ),
    onSuccess: (result) => {
      queryClient.setQueryData(userKeys.currentProgram(userId), result);
      // Everything shown for the user (profile, program-scoped data) may depend on the current program.
      return queryClient.invalidateQueries({ queryKey: userKeys.all(userId) });
    },
  });
}
