import {
  keepPreviousData,
  mutationOptions,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { assignmentListResultSchema } from "../../../shared/schemas/committee";
import { okSchema } from "../../../shared/schemas/common";
import {
  type CreateExportBody,
  type ExportJob,
  type ExportList,
  exportJobSchema,
  exportListSchema,
} from "../../../shared/schemas/exports";
import { ApiError, apiGet, apiPath, apiSend } from "../../lib/api-client";
import { pollInterval, withJob, withoutJob } from "./export-rules";
import { exportKeys } from "./query-keys";

/** How many candidates the dossier's picker offers at a time: the largest page the assignment list serves. */
export const CANDIDATE_PAGE_SIZE = 50;

/** Every call of Export Options (docs/decisions/011-exports.md), validated against the shared contract. */
export const exportApi = {
  list: (programId: string) =>
    apiGet(`/api/exports?${new URLSearchParams({ programId }).toString()}`, exportListSchema),
  start: (body: CreateExportBody) => apiSend("POST", "/api/exports", body, exportJobSchema),
  remove: (jobId: string) => apiSend("DELETE", apiPath`/api/exports/${jobId}`, undefined, okSchema),
  /** The submitted, non-test candidates whose name matches, for the dossier (the Assign Reviewers list). */
  candidates: (programId: string, search: string) =>
    apiGet(
      `/api/admin/assignments?${new URLSearchParams({
        programId,
        ...(search === "" ? {} : { search }),
        pageSize: String(CANDIDATE_PAGE_SIZE),
      }).toString()}`,
      assignmentListResultSchema,
    ),
};

/**
 * The admin's recent exports of the program, newest first. Read again every second while one is queued
 * or running; after a failed reading the page offers to try again. Always read afresh on coming back to
 * the page: jobs move on (and links expire) while nobody watches.
 */
export function exportListOptions(userId: string, programId: string) {
  return queryOptions({
    queryKey: exportKeys.list(userId, programId),
    queryFn: () => exportApi.list(programId),
    staleTime: 0,
    refetchInterval: (query) => pollInterval(query.state.data?.exports, query.state.status === "error"),
  });
}

export function useExportList(userId: string, programId: string) {
  return useQuery(exportListOptions(userId, programId));
}

/** Starts an export: the job the server accepted shows in the list at once, and the polling starts. */
export function startExportOptions(queryClient: QueryClient, userId: string, programId: string) {
  const list = exportKeys.list(userId, programId);
  return mutationOptions({
    mutationFn: (body: CreateExportBody) => exportApi.start(body),
    onSuccess: async (job: ExportJob) => {
      // A reading already under way would bring back the list from before this job.
      await queryClient.cancelQueries({ queryKey: list });
      if (queryClient.getQueryData<ExportList>(list) === undefined) {
        return queryClient.invalidateQueries({ queryKey: list });
      }
      queryClient.setQueryData<ExportList>(list, (old) => old && { exports: withJob(old.exports, job) });
    },
  });
}

export function useStartExport(userId: string, programId: string) {
  return useMutation(startExportOptions(useQueryClient(), userId, programId));
}

/**
 * Deletes a finished export. One the server no longer has (expired and cleaned up meanwhile) is as good
 * as deleted: it leaves the list quietly. Either way the list is read again.
 */
export function deleteExportOptions(queryClient: QueryClient, userId: string, programId: string) {
  const list = exportKeys.list(userId, programId);
  return mutationOptions({
    mutationFn: async (jobId: string) => {
      try {
        await exportApi.remove(jobId);
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
    },
    onSuccess: async (_, jobId) => {
      await queryClient.cancelQueries({ queryKey: list });
      queryClient.setQueryData<ExportList>(list, (old) => old && { exports: withoutJob(old.exports, jobId) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: list }),
  });
}

export function useDeleteExport(userId: string, programId: string) {
  return useMutation(deleteExportOptions(useQueryClient(), userId, programId));
}

/** The dossier picker's choices: the candidates whose name matches the search, 50 at most. */
export function useCandidateSearch(userId: string, programId: string, search: string) {
  return useQuery({
    queryKey: exportKeys.candidates(userId, programId, search),
    queryFn: () => exportApi.candidates(programId, search),
    // Another search keeps the previous choices on screen instead of emptying the list while typing.
    placeholderData: keepPreviousData,
    // The picker says what went wrong in place, rather than leaving the page for the error page.
    meta: { handlesErrors: true },
  });
}
