import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { okSchema } from "../../../shared/schemas/common";
import { importResultSchema } from "../../../shared/schemas/legacy-import";
import {
  type archiveProgramBodySchema,
  type createProgramBodySchema,
  programListResultSchema,
  programResultSchema,
  type renameProgramBodySchema,
} from "../../../shared/schemas/programs";
import { apiGet, apiPath, apiSend } from "../../lib/api-client";
import { userKeys } from "../../lib/query-keys";
import { useUserMutation } from "../../lib/user-mutation";

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

/**
 * Imports a program from the earlier system's file (docs/decisions/032-legacy-program-import.md): its JSON,
 * or a zip (a Blob of type application/zip) sent as it is.
 */
export function useImportLegacyProgram(userId: string) {
  return useUserMutation(userId, (file: unknown) =>
    apiSend("POST", "/api/programs/import", file, importResultSchema),
  );
}
