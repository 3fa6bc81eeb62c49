import {
  keepPreviousData,
  mutationOptions,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import {
  type CandidateRecipient,
  type CandidateStatsPage,
  type CandidateStatsQueryInput,
  candidateStatsPageSchema,
} from "../../../shared/schemas/candidate-statistics";
import {
  type DecisionBody,
  decisionResultSchema,
  fundingStatsSchema,
  type StoredDecision,
  storedDecisionSchema,
} from "../../../shared/schemas/committee";
import { apiGet, apiPath, apiSend } from "../../lib/api-client";
import { isEditConflict, storedValueOf } from "../../lib/edit-conflict";
import { reviewingApi } from "../../lib/reviewing-api";
import { reviewingKeys } from "../../lib/reviewing-keys";
import type { CandidateFilter, CandidatePageQuery } from "./candidate-table-model";
import { DecisionConflicts, HeldByConflict } from "./decision-conflicts";
import { applyDecision, type Decision } from "./decision-rules";
import { PendingDecisions } from "./pending-decisions";
import { candidateStatisticsKeys } from "./query-keys";

/** The query string of a page of candidates: every field given, as text. */
function candidatesSearch(query: CandidateStatsQueryInput): string {
  const fields = Object.entries(query).flatMap(([name, value]) =>
    value === undefined ? [] : [[name, String(value)]],
  );
  return new URLSearchParams(fields).toString();
}

/** Every call of the Candidate Statistics page, validated against the shared contract. */
export const candidateStatisticsApi = {
  /** A page of candidates, sorted, filtered and cut by the server. */
  candidates: (query: CandidateStatsQueryInput) =>
    apiGet(`/api/admin/candidate-submissions?${candidatesSearch(query)}`, candidateStatsPageSchema),
  funding: (programId: string) =>
    apiGet(`/api/admin/funding-stats?${new URLSearchParams({ programId }).toString()}`, fundingStatsSchema),
  decide: (submissionId: string, body: DecisionBody) =>
    apiSend("PATCH", apiPath`/api/submissions/updateField/${submissionId}`, body, decisionResultSchema),
  /** One candidate's decision as stored now (the submission view shows it to admins). */
  storedDecision: async (programId: string, submissionId: string): Promise<StoredDecision> => {
    const { submission } = await reviewingApi.candidate(programId, submissionId);
    return { status: submission.status ?? "pending", amount: submission.amount ?? null };
  },
};

/**
 * One page of the program's candidates with their statistics, sorted and filtered by the server. While
 * the next page (or order, or filter) is on its way, the previous one stays on screen.
 */
export function candidateStatsQuery(userId: string, programId: string, query: CandidatePageQuery) {
  return queryOptions({
    queryKey: candidateStatisticsKeys.candidatePage(userId, programId, query),
    queryFn: () => candidateStatisticsApi.candidates({ programId, ...query }),
    // The list carries decisions that are still being saved; a refetch on focus would show them undone
    // until their saves finish. Decisions refresh it themselves once the last save is over.
    refetchOnWindowFocus: false,
  });
}

export function useCandidateStats(userId: string, programId: string, query: CandidatePageQuery) {
  return useQuery({ ...candidateStatsQuery(userId, programId, query), placeholderData: keepPreviousData });
}

/** Every candidate the filter keeps, as email recipients ("Select approved", with the approved filter). */
export async function fetchRecipients(
  programId: string,
  filter: CandidateFilter,
): Promise<CandidateRecipient[]> {
  const page = await candidateStatisticsApi.candidates({
    programId,
    pageSize: 1,
    search: filter.search.trim(),
    status: filter.status,
    minReviews: filter.minReviews,
    recipients: "true",
  });
  return page.recipients ?? [];
}

export function fundingStatsQuery(userId: string, programId: string) {
  return queryOptions({
    queryKey: candidateStatisticsKeys.funding(userId, programId),
    queryFn: () => candidateStatisticsApi.funding(programId),
    // Secondary to the table: the page says in place that they could not be loaded.
    meta: { handlesErrors: true },
  });
}

export function useFundingStats(userId: string, programId: string) {
  return useQuery(fundingStatsQuery(userId, programId));
}

export interface DecisionVariables {
  submissionId: string;
  /** The applicant's name, for the error that says which decision was not saved. */
  identifier: string;
  body: DecisionBody;
  /**
   * The decision the change was made on, when the page may no longer show it ("Keep mine": their
   * decision, while the list fetched after the refusal may have moved the row to another page). Sent as
   * `expected`; without it, the row as the cached pages show it.
   */
  basis?: Decision;
}

export interface DecisionFailure {
  submissionId: string;
  identifier: string;
  error: unknown;
}

/**
 * Approve, disapprove or change an amount: the row shows the decision at once (the react-query cache is
 * updated before the call) and it is saved in the background. A failure puts back what the server last
 * confirmed and is reported through `onFailure`; a save refused because another admin changed the
 * decision meanwhile shows theirs and waits in `conflicts` for the admin's choice. The funding
 * statistics are fetched again once a save settles; the reviewers' list and submission view (which show
 * status and amount to admins) are marked stale.
 */
export function useDecideCandidate(
  userId: string,
  programId: string,
  onFailure: (failure: DecisionFailure) => void,
) {
  const queryClient = useQueryClient();
  const [pending] = useState(() => new PendingDecisions());
  const [conflicts] = useState(() => new DecisionConflicts());
  // The latest callback, read when a save fails (which may be after several renders).
  const reportFailure = useRef(onFailure);
  useEffect(() => {
    reportFailure.current = onFailure;
  });
  const { mutate } = useMutation(
    decisionMutationOptions(
      queryClient,
      userId,
      programId,
      pending,
      (failure) => reportFailure.current(failure),
      conflicts,
    ),
  );
  return { decide: mutate, conflicts };
}

/** The decision mutation's behaviour, apart from React (so that it is tested against a real query cache). */
export function decisionMutationOptions(
  queryClient: QueryClient,
  userId: string,
  programId: string,
  pending: PendingDecisions,
  reportFailure: (failure: DecisionFailure) => void,
  conflicts = new DecisionConflicts(),
  readStored = (submissionId: string) => candidateStatisticsApi.storedDecision(programId, submissionId),
) {
  // Every page of the table held in the cache: the decided row shows its decision wherever it is.
  const listKey = candidateStatisticsKeys.candidates(userId, programId);
  const scope = { id: `candidate-decisions:${programId}` };

  function showDecision(submissionId: string, decision: Decision) {
    queryClient.setQueriesData<CandidateStatsPage>({ queryKey: listKey }, (result) =>
      result === undefined
        ? result
        : {
            ...result,
            // Only the decided row is replaced: the others keep their identity (React skips them).
            rows: result.rows.map((row) =>
              row._id === submissionId ? { ...row, status: decision.status, amount: decision.amount } : row,
            ),
          },
    );
  }

  return mutationOptions({
    // One program's decisions are saved one after another, in the order they were made: an amount
    // followed by Approve must not reach the server the other way round.
    scope,
    mutationFn: ({ submissionId, body }: DecisionVariables) => {
      // Made before the admin saw the other admin's decision: held until they choose.
      if (conflicts.has(submissionId)) return Promise.reject(new HeldByConflict());
      // Based on what the server last confirmed (decision 016): a change made meanwhile is refused.
      const expected = pending.expected(submissionId);
      return candidateStatisticsApi.decide(submissionId, expected ? { ...body, expected } : body);
    },
    onMutate: async ({ submissionId, body, basis }) => {
      // A list fetch already under way would overwrite the decision with what the server had before it.
      await queryClient.cancelQueries({ queryKey: listKey });
      const row = queryClient
        .getQueriesData<CandidateStatsPage>({ queryKey: listKey })
        .flatMap(([, page]) => page?.rows ?? [])
        .find((r) => r._id === submissionId);
      const from = basis ?? row;
      if (from === undefined) return;
      pending.start(submissionId, from);
      showDecision(submissionId, applyDecision(from, body));
    },
    onSuccess: (stored, { submissionId }) => pending.confirm(submissionId, stored),
    onError: async (error, { submissionId, identifier, body }) => {
      if (error instanceof HeldByConflict) return conflicts.hold(submissionId, body);
      if (isEditConflict(error, "decision")) {
        try {
          const theirs = await storedValueOf(error, storedDecisionSchema, () => readStored(submissionId));
          // Settling shows theirs: the row never shows a decision the server does not have.
          pending.confirm(submissionId, theirs);
          return conflicts.add({ submissionId, identifier, theirs, body });
        } catch {
          // Theirs could not be read: reported as any other failure (the row goes back).
        }
      }
      reportFailure({ submissionId, identifier, error });
    },
    onSettled: (_stored, _error, { submissionId }) => {
      const settled = pending.settle(submissionId);
      if (settled !== null) showDecision(submissionId, settled);
      // Not awaited: the next decision's save should not wait for the statistics to come back.
      void queryClient.invalidateQueries({ queryKey: candidateStatisticsKeys.funding(userId, programId) });
      // The page itself (its order, the approved count) once no other decision is being saved: fetched
      // earlier, it would show the later ones undone until their saves finish. This save is still counted.
      const saving = queryClient.isMutating({ predicate: (m) => m.options.scope?.id === scope.id });
      if (saving <= 1) void queryClient.invalidateQueries({ queryKey: listKey });
      void queryClient.invalidateQueries({ queryKey: reviewingKeys.lists(userId, programId) });
      void queryClient.invalidateQueries({
        queryKey: reviewingKeys.candidate(userId, programId, submissionId),
      });
    },
  });
}
