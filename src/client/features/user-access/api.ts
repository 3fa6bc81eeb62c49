import { useMutation, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { ProgramRole } from "../../../shared/authz";
import { okSchema } from "../../../shared/schemas/common";
import {
  type addProgramUserBodySchema,
  addProgramUserResultSchema,
  invitationResultSchema,
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

/**
 * Adds the person by email: someone already in the organization at once, anyone else by an invitation
 * they accept (decision 019).
 */
export function useAddProgramUser(viewerId: string, programId: string) {
  return useUserMutation(viewerId, (body: z.output<typeof addProgramUserBodySchema>) =>
    apiSend("POST", apiPath`/api/programs/${programId}/user`, body, addProgramUserResultSchema),
  );
}

const invitationPath = (programId: string, invitationId: string) =>
  apiPath`/api/programs/${programId}/invitation/${invitationId}`;

/** A pending invitation's email again, with a fresh link (the previous one stops working). */
export function useResendProgramInvitation(viewerId: string, programId: string) {
  return useUserMutation(viewerId, (invitationId: string) =>
    apiSend("POST", `${invitationPath(programId, invitationId)}/resend`, undefined, invitationResultSchema),
  );
}

export function useChangeInvitationRole(viewerId: string, programId: string) {
  return useUserMutation(viewerId, ({ invitationId, role }: { invitationId: string; role: ProgramRole }) =>
    apiSend("PATCH", invitationPath(programId, invitationId), { role }, invitationResultSchema),
  );
}

/** Cancels the invitation: its link stops working. */
export function useCancelInvitation(viewerId: string, programId: string) {
  return useUserMutation(viewerId, (invitationId: string) =>
    apiSend("DELETE", invitationPath(programId, invitationId), undefined, okSchema),
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

/** Sends a member the access note again; nothing cached changes. */
export function useResendInvitation(programId: string) {
  return useMutation({
    mutationFn: (userId: string) =>
      apiSend("POST", apiPath`/api/programs/${programId}/user/${userId}/invitation`, undefined, okSchema),
  });
}
