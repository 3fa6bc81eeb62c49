import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { okSchema } from "../../../shared/schemas/common";
import {
  type archiveProgramBodySchema,
  type createProgramBodySchema,
  programListResultSchema,
  programResultSchema,
  type renameProgramBodySchema,
} from "../../../shared/schemas/programs";
import { currentProgramResultSchema, userProgramsResultSchema } from "../../../shared/schemas/users";
import { apiGet, apiPath, apiSend } from "../../lib/api-client";
import { userKeys } from "../../lib/query-keys";
import { useUserMutation } from "../../lib/user-mutation";

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

/**
 * The programs page: every program the user sees, with its counts, and for an organization admin the
 * plan's program allowance.
 */
export function useProgramList(userId: string) {
  return useQuery({
    queryKey: userKeys.programList(userId),
    queryFn: () => apiGet(apiPath`/api/programs/all/${userId}`, programListResultSchema),
  });
}

export function useCreateProgram(userId: string) {
  return useUserMutation(userId, (body: z.input<typeof createProgramBodySchema>) =>
    apiSend("POST", "/api/programs", body, programResultSchema),
  );
}

export function useRenameProgram(userId: string) {
  return useUserMutation(
    userId,
    ({ programId, ...body }: { programId: string } & z.input<typeof renameProgramBodySchema>) =>
      apiSend("PATCH", apiPath`/api/programs/${programId}/name`, body, programResultSchema),
  );
}

export function useSetProgramArchived(userId: string) {
  return useUserMutation(
    userId,
    ({ programId, ...body }: { programId: string } & z.input<typeof archiveProgramBodySchema>) =>
      apiSend("PATCH", apiPath`/api/programs/${programId}/archived`, body, programResultSchema),
  );
}

export function useDuplicateProgram(userId: string) {
  return useUserMutation(userId, (programId: string) =>
    apiSend("POST", apiPath`/api/programs/duplicate/${programId}`, undefined, programResultSchema),
  );
}

/** Permanent: the program's form, submissions and reviews go with it. */
export function useDeleteProgram(userId: string) {
  return useUserMutation(userId, (programId: string) =>
    apiSend("DELETE", apiPath`/api/programs/${programId}`, undefined, okSchema),
  );
}
