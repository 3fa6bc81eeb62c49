import {
  keepPreviousData,
  mutationOptions,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import {
  type AssignmentListResult,
  type AssignmentRow,
  assignmentListResultSchema,
  assignmentResultSchema,
  type BulkAssignBody,
  bulkAssignResultSchema,
  type CreateReviewerGroupBody,
  reviewerGroupListSchema,
  reviewerGroupSchema,
  type SetReviewerGroupsBody,
  type SetReviewersBody,
  type UpdateReviewerGroupBody,
} from "../../../shared/schemas/committee";
import { okSchema } from "../../../shared/schemas/common";
import { apiGet, apiPath, apiSend } from "../../lib/api-client";
import { isEditConflict, storedValueOf } from "../../lib/edit-conflict";
import { anchorQuery } from "../../lib/page-anchor";
import type { AssignView } from "./assign-view";
import { type AssignmentChange, applyChange, patchRow, replaceRow } from "./assignment-cache";
import type { AssignmentConflict } from "./assignment-conflict";
import { assignKeys } from "./query-keys";

/**
 * Every call of Assign Reviewers and Manage Groups (docs/decisions/010-committee.md), validated against the
 * shared contract.
 */
export const assignApi = {
  list: (programId: string, view: AssignView) =>
    apiGet(
      `/api/admin/assignments?${new URLSearchParams({
        programId,
        ...(view.search === "" ? {} : { search: view.search }),
        page: String(view.page),
        pageSize: String(view.pageSize),
        ...anchorQuery(view),
      }).toString()}`,
      assignmentListResultSchema,
    ),
  setReviewers: (submissionId: string, body: SetReviewersBody) =>
    apiSend("PATCH", apiPath`/api/submissions/reviewers/${submissionId}`, body, assignmentResultSchema),
  setReviewerGroups: (submissionId: string, body: SetReviewerGroupsBody) =>
    apiSend("PATCH", apiPath`/api/submissions/reviewerGroups/${submissionId}`, body, assignmentResultSchema),
  bulk: (body: BulkAssignBody) =>
    apiSend("POST", "/api/admin/assignments/bulk", body, bulkAssignResultSchema),
  groups: (programId: string) => apiGet(apiPath`/api/reviewerGroups/${programId}`, reviewerGroupListSchema),
  createGroup: (body: CreateReviewerGroupBody) =>
    apiSend("POST", "/api/reviewerGroups", body, reviewerGroupSchema),
  updateGroup: (groupId: string, body: UpdateReviewerGroupBody) =>
    apiSend("PUT", apiPath`/api/reviewerGroups/${groupId}`, body, reviewerGroupSchema),
  // The contract does not name the answer: the app's other deletions answer { ok: true }.
  deleteGroup: (groupId: string) =>
    apiSend("DELETE", apiPath`/api/reviewerGroups/${groupId}`, undefined, okSchema),
};

/** One server page of the program's applications with their reviewers and groups. */
export function useAssignmentList(userId: string, programId: string, view: AssignView) {
  return useQuery({
    queryKey: assignKeys.list(userId, programId, view),
    queryFn: () => assignApi.list(programId, view),
    // Another page or search keeps the rows on screen (marked busy) instead of flashing a loader.
    placeholderData: keepPreviousData,
  });
}

const idsOf = (list: readonly { _id: string }[]) => list.map((item) => item._id);

/**
 * Sends one row's change: the whole list of reviewers or groups, as the contract asks, and the list it
 * replaces as `expected` (decision 016) — changed meanwhile by someone else, the server refuses it.
 */
export function sendAssignmentChange(submissionId: string, change: AssignmentChange): Promise<AssignmentRow> {
  return change.field === "reviewers"
    ? assignApi.setReviewers(submissionId, {
        reviewers: idsOf(change.next),
        expected: { reviewers: idsOf(change.previous) },
      })
    : assignApi.setReviewerGroups(submissionId, {
        reviewerGroups: idsOf(change.next),
        expected: { reviewerGroups: idsOf(change.previous) },
      });
}

/** The row as stored, when a refusal does not carry it: there is no read of one row, so it fails. */
const unreadable = (error: unknown) => () => Promise.reject<AssignmentRow>(error);

interface SaveAssignmentTarget {
  userId: string;
  programId: string;
  submissionId: string;
  /** The applicant's name as the row shows it (for a conflict's notice). */
  name: string;
  onFailure: (error: unknown, change: AssignmentChange) => void;
  /** The list was changed by someone else first: nothing was saved, the row shows theirs. */
  onConflict: (conflict: AssignmentConflict) => void;
  /** The call itself (tests replace it). */
  send?: typeof sendAssignmentChange;
}

/**
 * Saving one row's individual reviewers or groups. The change shows at once in every cached page; a
 * failed save takes it back. Saves of one row run one after another (one scope), so the server ends
 * with the last list chosen, whatever order the answers would come in. A save refused because the
 * list changed meanwhile (decision 016) shows the stored list instead and goes to `onConflict`, where
 * the person chooses Reload or Keep mine.
 */
export function saveAssignmentOptions(
  queryClient: QueryClient,
  {
    userId,
    programId,
    submissionId,
    name,
    onFailure,
    onConflict,
    send = sendAssignmentChange,
  }: SaveAssignmentTarget,
) {
  const lists = assignKeys.lists(userId, programId);
  const rowSaves = assignKeys.rowSaves(userId, programId, submissionId);
  const updateLists = (
    update: (result: AssignmentListResult | undefined) => AssignmentListResult | undefined,
  ) => queryClient.setQueriesData<AssignmentListResult>({ queryKey: lists }, update);

  return mutationOptions({
    mutationKey: rowSaves,
    scope: { id: JSON.stringify(rowSaves) },
    mutationFn: (change: AssignmentChange) => send(submissionId, change),
    onMutate: async (change) => {
      // A refetch already under way would bring back the list from before the change.
      await queryClient.cancelQueries({ queryKey: lists });
      updateLists((result) => applyChange(result, submissionId, change, "apply"));
    },
    // Here rather than in mutate()'s own callbacks, which only hear about the last of several saves.
    onError: async (error, change) => {
      if (isEditConflict(error, change.field)) {
        try {
          const theirs = await storedValueOf(error, assignmentResultSchema, unreadable(error));
          // Only the refused list: a save of the row's other list may still be on its way.
          updateLists((result) =>
            patchRow(
              result,
              submissionId,
              change.field === "reviewers"
                ? { reviewers: theirs.reviewers }
                : { reviewerGroups: theirs.reviewerGroups },
            ),
          );
          onConflict({ submissionId, name, change, theirs });
          return;
        } catch {
          // The stored list is not known: reported as any other failure (the row goes back).
        }
      }
      updateLists((result) => applyChange(result, submissionId, change, "rollBack"));
      onFailure(error, change);
    },
    onSuccess: (row) => {
      // A later change of this row is still waiting: its list is the one to show, not this answer's.
      if (queryClient.isMutating({ mutationKey: rowSaves }) <= 1)
        updateLists((result) => replaceRow(result, row));
    },
    onSettled: () => {
      // Once the last save settles, the list is read again: the truth after rollbacks, others' edits.
      if (queryClient.isMutating({ mutationKey: assignKeys.saves(userId, programId) }) <= 1) {
        return queryClient.invalidateQueries({ queryKey: lists });
      }
    },
  });
}

export function useSaveAssignment(target: Omit<SaveAssignmentTarget, "send">) {
  return useMutation(saveAssignmentOptions(useQueryClient(), target));
}

/** Adds reviewers and/or groups to every selected row, then reads every page again. */
export function useBulkAssign(userId: string, programId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkAssignBody) => assignApi.bulk(body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: assignKeys.lists(userId, programId) }),
  });
}

export function useReviewerGroups(userId: string, programId: string) {
  return useQuery({
    queryKey: assignKeys.groups(userId, programId),
    queryFn: () => assignApi.groups(programId),
    // The dialog says what went wrong in place, rather than leaving the page for the error page.
    meta: { handlesErrors: true },
  });
}

/**
 * A group created, changed or deleted: the group list and every page of the assignment list (its
 * group names and the pickers' choices) are read again — on failure too, as a refusal can mean what
 * was on screen was out of date.
 */
function useGroupMutation<TVariables, TResult>(
  userId: string,
  programId: string,
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: assignKeys.groups(userId, programId) }),
        queryClient.invalidateQueries({ queryKey: assignKeys.lists(userId, programId) }),
      ]),
  });
}

export function useCreateGroup(userId: string, programId: string) {
  return useGroupMutation(userId, programId, (body: CreateReviewerGroupBody) => assignApi.createGroup(body));
}

export function useUpdateGroup(userId: string, programId: string) {
  return useGroupMutation(
    userId,
    programId,
    ({ groupId, body }: { groupId: string; body: UpdateReviewerGroupBody }) =>
      assignApi.updateGroup(groupId, body),
  );
}

export function useDeleteGroup(userId: string, programId: string) {
  return useGroupMutation(userId, programId, (groupId: string) => assignApi.deleteGroup(groupId));
}
