import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DeclareConflictBody } from "../../shared/schemas/conflicts";
import { apiGet, apiPath, apiSend } from "./api-client";
import { lazySchemasOf } from "./lazy-schema";
import { userKeys } from "./query-keys";
import { reviewingKeys } from "./reviewing-keys";

// The shared schemas, loaded with the first call (docs/decisions/043-zod-off-the-first-paint.md).
const committee = lazySchemasOf(() => import("../../shared/schemas/committee"));
const conflicts = lazySchemasOf(() => import("../../shared/schemas/conflicts"));

/** Conflicts of interest (docs/decisions/036-conflicts-of-interest.md), validated against the shared contract. */
export const conflictApi = {
  list: (programId: string) =>
    apiGet(apiPath`/api/programs/${programId}/conflicts`, conflicts("conflictListSchema")),
  declare: (programId: string, body: DeclareConflictBody) =>
    apiSend("POST", apiPath`/api/programs/${programId}/conflicts`, body, conflicts("conflictSchema")),
  revert: (programId: string, conflictId: string) =>
    apiSend(
      "DELETE",
      apiPath`/api/programs/${programId}/conflicts/${conflictId}`,
      undefined,
      conflicts("conflictSchema"),
    ),
  /** "I have no conflict" before opening an application, where the program asks it. */
  confirmNoConflict: (programId: string, submissionId: string) =>
    apiSend(
      "POST",
      apiPath`/api/programs/${programId}/submissions/${submissionId}/no-conflict`,
      undefined,
      conflicts("noConflictConfirmationSchema"),
    ),
  replacement: (programId: string, conflictId: string) =>
    apiGet(
      apiPath`/api/programs/${programId}/conflicts/${conflictId}/replacement`,
      conflicts("replacementSchema"),
    ),
  /** The replacement offered, assigned to the candidate (Assign Reviewers' bulk route, for one). */
  assignReplacement: (programId: string, submissionId: string, reviewerId: string) =>
    apiSend(
      "POST",
      "/api/admin/assignments/bulk",
      { programId, submissionIds: [submissionId], reviewers: [reviewerId], reviewerGroups: [] },
      committee("bulkAssignResultSchema"),
    ),
  /** The first applications whose name matches, and the committee: what "record a conflict" chooses from. */
  candidatesAndCommittee: (programId: string, search: string) =>
    apiGet(
      `/api/admin/assignments?${new URLSearchParams({ programId, page: "1", pageSize: "10", ...(search === "" ? {} : { search }) }).toString()}`,
      committee("assignmentListResultSchema"),
    ),
};

export const conflictKeys = {
  list: (userId: string, programId: string) => [...userKeys.all(userId), "conflicts", programId] as const,
};

export function useConflicts(userId: string, programId: string) {
  return useQuery({
    queryKey: conflictKeys.list(userId, programId),
    queryFn: () => conflictApi.list(programId),
  });
}

/**
 * Declare or record a conflict, or revert one: the conflicts, the member's lists and rankings, and the
 * assignments all change, so the user's whole cache is refreshed.
 */
export function useConflictChange(userId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: userKeys.all(userId) });
  return {
    declare: useMutation({
      mutationFn: ({ programId, body }: { programId: string; body: DeclareConflictBody }) =>
        conflictApi.declare(programId, body),
      onSuccess: refresh,
    }),
    revert: useMutation({
      mutationFn: ({ programId, conflictId }: { programId: string; conflictId: string }) =>
        conflictApi.revert(programId, conflictId),
      onSuccess: refresh,
    }),
  };
}

/**
 * Confirms having no conflict with a candidate; the submission view is read again, now with its answers and
 * the review the confirmation is stored on (its next save is based on that one).
 */
export function useNoConflictConfirmation(userId: string, programId: string, submissionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => conflictApi.confirmNoConflict(programId, submissionId),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: reviewingKeys.candidate(userId, programId, submissionId) }),
  });
}
