import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiPath, apiSend } from "./api-client";
import { lazySchemasOf } from "./lazy-schema";
import { userKeys } from "./query-keys";

// Loaded with the first call (docs/decisions/043-zod-off-the-first-paint.md).
const users = lazySchemasOf(() => import("../../shared/schemas/users"));

/**
 * The signed-in user's programs and their current program: the program picker sets it, and every page of a
 * program (reviewing, statistics, assignments, exports, user access, the dashboard) reads it.
 */

/** The user's programs, already sorted by the server: non-archived before archived. */
export function userProgramsQuery(userId: string) {
  return queryOptions({
    queryKey: userKeys.programs(userId),
    queryFn: () => apiGet(apiPath`/api/users/${userId}/programs`, users("userProgramsResultSchema")),
  });
}

export function useUserPrograms(userId: string | undefined) {
  return useQuery({
    ...userProgramsQuery(userId ?? ""),
    select: (result) => result.programs,
    enabled: userId !== undefined,
  });
}

/** The server resets a current program the user lost access to, and defaults it to the first one. */
export function currentProgramQuery(userId: string) {
  return queryOptions({
    queryKey: userKeys.currentProgram(userId),
    queryFn: () => apiGet(apiPath`/api/users/${userId}/currentProgram`, users("currentProgramResultSchema")),
  });
}

export function useCurrentProgram(userId: string | undefined) {
  return useQuery({
    ...currentProgramQuery(userId ?? ""),
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
        users("currentProgramResultSchema"),
      ),
    onSuccess: (result) => {
      queryClient.setQueryData(userKeys.currentProgram(userId), result);
      // Everything shown for the user (profile, program-scoped data) may depend on the current program.
      return queryClient.invalidateQueries({ queryKey: userKeys.all(userId) });
    },
  });
}
