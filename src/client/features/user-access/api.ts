import { useMutation, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { ProgramRole } from "../../../shared/authz";
import { okSchema } from "../../../shared/schemas/common";
import {
  type addProgramUserBodySchema,
  type ProgramUser,
  programUserResultSchema,
  programUsersResultSchema,
} from "../../../shared/schemas/program-users";
import { apiGet, apiPath, apiSend } from "../../lib/api-client";
import { programUserKeys } from "../../lib/query-keys";
import { useUserMutation } from "../../lib/user-mutation";

/** The members of the program, the organization's seats against the plan, and whether invites are open. */
export function useProgramUsers(viewerId: string, programId: string) {
  return useQuery({
    queryKey: programUserKeys.list(viewerId, programId),
    queryFn: () => apiGet(apiPath`/api/programs/${programId}/users`, programUsersResultSchema),
  });
}

/** Invites the person by email (creating their account when they have none) with a role in the program. */
export function useAddProgramUser(viewerId: string, programId: string) {
  return useUserMutation(viewerId, (body: z.output<typeof addProgramUserBodySchema>) =>
    apiSend("POST", apiPath`/api/programs/${programId}/user`, body, programUserResultSchema),
  );
}

/** `expected`: the role the admin saw (decision 016: changed meanwhile by someone else, the answer is 409). */
export function useChangeProgramUserRole(viewerId: string, programId: string) {
  return useUserMutation(
    viewerId,
    ({ userId, role, expected }: { userId: string; role: ProgramRole; expected: ProgramRole }) =>
      apiSend(
        "PATCH",
        apiPath`/api/programs/${programId}/user/${userId}`,
        { role, expected: { role: expected } },
        programUserResultSchema,
      ),
  );
}

/** One member as stored now (after a conflict): read from the program's member list. */
export async function storedProgramUser(programId: string, userId: string): Promise<ProgramUser> {
  const { users } = await apiGet(apiPath`/api/programs/${programId}/users`, programUsersResultSchema);
  const member = users.find((user) => user.userId === userId);
  if (member === undefined) throw new Error("This person is no longer a member of the program.");
  return member;
}

export function useRemoveProgramUser(viewerId: string, programId: string) {
  return useUserMutation(viewerId, (userId: string) =>
    apiSend("DELETE", apiPath`/api/programs/${programId}/user/${userId}`, undefined, okSchema),
  );
}

/** Sends the invitation email again; nothing cached changes. */
export function useResendInvitation(programId: string) {
  return useMutation({
    mutationFn: (userId: string) =>
      apiSend("POST", apiPath`/api/programs/${programId}/user/${userId}/invitation`, undefined, okSchema),
  });
}
