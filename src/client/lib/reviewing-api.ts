import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CandidateView, Comment, SaveRankingBody, SaveReviewBody } from "../../shared/schemas/reviews";
import { REVIEW_LIMITS } from "../../shared/schemas/reviews-constants";
import type { SubmissionFile } from "../../shared/schemas/submissions";
import { apiGet, apiPath, apiSend } from "./api-client";
import { lazySchema, lazySchemasOf } from "./lazy-schema";
import { anchorQuery, type PageAnchor } from "./page-anchor";
import { reviewingKeys } from "./reviewing-keys";

// The shared schemas, loaded with the first call (docs/decisions/043-zod-off-the-first-paint.md).
const reviews = lazySchemasOf(() => import("../../shared/schemas/reviews"));
const submissions = lazySchemasOf(() => import("../../shared/schemas/submissions"));
const common = lazySchemasOf(() => import("../../shared/schemas/common"));

export type UpdateFieldAction = "forceSubmit" | "markAsTest";

/**
 * PATCH /api/reviews/comments/{id}: the contract does not name the answer. The updated comment is used
 * when the server sends it; `{ ok: true }` is accepted too (the page then keeps the text it sent).
 */
const updatedCommentSchema = lazySchema(async () => {
  const [comment, ok] = await Promise.all([reviews("commentSchema").load(), common("okSchema").load()]);
  return comment.or(ok);
});

/**
 * Every call of the reviewing pages (docs/decisions/008-reviewing.md), validated against the shared contract.
 */
export const reviewingApi = {
  candidates: (programId: string, adminMode: boolean, page: number, anchor: PageAnchor = {}) =>
    apiGet(
      `/api/applications?${new URLSearchParams({
        programId,
        adminMode: String(adminMode),
        page: String(page),
        pageSize: String(REVIEW_LIMITS.listPageSize),
        ...anchorQuery(anchor),
      }).toString()}`,
      reviews("candidateListResultSchema"),
    ),
  candidate: (programId: string, submissionId: string) =>
    apiGet(apiPath`/api/applications/${programId}/${submissionId}`, reviews("candidateViewSchema")),
  saveReview: (body: SaveReviewBody) =>
    apiSend("POST", "/api/reviews", body, reviews("saveReviewResultSchema")),
  createComment: (body: { submissionId: string; sectionId: string; value: string }) =>
    apiSend("POST", "/api/reviews/comments", body, reviews("commentSchema")),
  /** `expected`: the text the edit started from (decision 016: changed meanwhile, the answer is 409). */
  updateComment: (commentId: string, value: string, expected: { value: string }) =>
    apiSend("PATCH", apiPath`/api/reviews/comments/${commentId}`, { value, expected }, updatedCommentSchema),
  deleteComment: (commentId: string) =>
    apiSend("DELETE", apiPath`/api/reviews/comments/${commentId}`, undefined, common("okSchema")),
  updateField: (submissionId: string, action: UpdateFieldAction) =>
    apiSend("PATCH", apiPath`/api/submissions/updateField/${submissionId}`, { action }, common("okSchema")),
  ranking: (userId: string, programId: string) =>
    apiGet(apiPath`/api/rankings/${userId}/${programId}`, reviews("rankingResultSchema")),
  saveRanking: (body: SaveRankingBody) =>
    apiSend("POST", "/api/rankings", body, reviews("saveRankingResultSchema")),
  fileUrl: (fileId: string) =>
    apiGet(
      `/api/files/signedUrl/private/getObject?${new URLSearchParams({ fileId }).toString()}`,
      submissions("fileDownloadGrantSchema"),
    ),
};

/**
 * Step 1's list: one server page of the caller's candidates (drafts and tests too in Admin Mode),
 * anchored on its neighbour's row when reached by Next or Previous (page-anchor.ts).
 */
export function candidateListQuery(
  userId: string,
  programId: string,
  adminMode: boolean,
  page: number,
  anchor: PageAnchor = {},
) {
  return queryOptions({
    queryKey: reviewingKeys.list(userId, programId, adminMode, page, anchor),
    queryFn: () => reviewingApi.candidates(programId, adminMode, page, anchor),
  });
}

/**
 * The two-step bar's counts where the page has no list of its own (the submission view): the first
 * page of the list, shared with step 1's cache.
 */
export function useReviewProgress(userId: string, programId: string) {
  return useQuery({
    ...candidateListQuery(userId, programId, false, 1),
    // A secondary read: the bar keeps step 2 closed rather than leaving the page when it fails.
    meta: { handlesErrors: true },
    select: (result) => ({
      progress: result.progress,
      program: result.program,
      viewer: { committee: result.committee, isAdmin: result.isAdmin },
    }),
  });
}

export function candidateQuery(userId: string, programId: string, submissionId: string) {
  return queryOptions({
    queryKey: reviewingKeys.candidate(userId, programId, submissionId),
    queryFn: () => reviewingApi.candidate(programId, submissionId),
    // The page keeps its own copy of the review while it is edited; a refetch on focus would not show.
    refetchOnWindowFocus: false,
  });
}

export function rankingQuery(userId: string, programId: string) {
  return queryOptions({
    queryKey: reviewingKeys.ranking(userId, programId),
    queryFn: () => reviewingApi.ranking(userId, programId),
    // The spec: a failed initialization is logged on the console only (the page says so in place).
    meta: { handlesErrors: true },
    // A drag in progress must not be overtaken by a background refetch of the order.
    refetchOnWindowFocus: false,
  });
}

/** Force submit or mark as test, then refresh every page of the list (rows move in and out of it). */
export function useUpdateSubmissionField(userId: string, programId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ submissionId, action }: { submissionId: string; action: UpdateFieldAction }) =>
      reviewingApi.updateField(submissionId, action),
    onSettled: (_data, _error, { submissionId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewingKeys.lists(userId, programId) }),
        queryClient.invalidateQueries({ queryKey: reviewingKeys.candidate(userId, programId, submissionId) }),
        queryClient.invalidateQueries({ queryKey: reviewingKeys.ranking(userId, programId) }),
      ]),
  });
}

/** A saved review changes the list's ratings and progress and the ranking's ratings. */
export function useReviewSaved(userId: string, programId: string, submissionId: string) {
  const queryClient = useQueryClient();
  return (review: NonNullable<CandidateView["review"]>) => {
    queryClient.setQueryData<CandidateView>(
      reviewingKeys.candidate(userId, programId, submissionId),
      (view) => (view === undefined ? view : { ...view, review }),
    );
    void queryClient.invalidateQueries({ queryKey: reviewingKeys.lists(userId, programId) });
    void queryClient.invalidateQueries({ queryKey: reviewingKeys.ranking(userId, programId) });
  };
}

function useCommentsCache(userId: string, programId: string, submissionId: string) {
  const queryClient = useQueryClient();
  return (update: (comments: Comment[]) => Comment[]) =>
    queryClient.setQueryData<CandidateView>(
      reviewingKeys.candidate(userId, programId, submissionId),
      (view) => (view === undefined ? view : { ...view, comments: update(view.comments) }),
    );
}

export function useCreateComment(userId: string, programId: string, submissionId: string) {
  const updateComments = useCommentsCache(userId, programId, submissionId);
  return useMutation({
    mutationFn: ({ sectionId, value }: { sectionId: string; value: string }) =>
      reviewingApi.createComment({ submissionId, sectionId, value }),
    onSuccess: (comment) => updateComments((comments) => [...comments, comment]),
  });
}

export function useUpdateComment(userId: string, programId: string, submissionId: string) {
  const updateComments = useCommentsCache(userId, programId, submissionId);
  return useMutation({
    mutationFn: ({ commentId, value, expected }: { commentId: string; value: string; expected: string }) =>
      reviewingApi.updateComment(commentId, value, { value: expected }),
    onSuccess: (result, { commentId, value }) =>
      updateComments((comments) =>
        comments.map((comment) => {
          if (comment._id !== commentId) return comment;
          return "_id" in result ? result : { ...comment, value, lastReviewed: new Date().toISOString() };
        }),
      ),
  });
}

/** Shows a comment as stored now (another tab changed it: decision 016). */
export function useCommentShown(userId: string, programId: string, submissionId: string) {
  const updateComments = useCommentsCache(userId, programId, submissionId);
  return (stored: Comment) =>
    updateComments((comments) => comments.map((comment) => (comment._id === stored._id ? stored : comment)));
}

export function useDeleteComment(userId: string, programId: string, submissionId: string) {
  const updateComments = useCommentsCache(userId, programId, submissionId);
  return useMutation({
    mutationFn: (commentId: string) => reviewingApi.deleteComment(commentId),
    onSuccess: (_result, commentId) =>
      updateComments((comments) => comments.filter((c) => c._id !== commentId)),
  });
}

/** Lets the browser save a file through its short-lived, permission-checked download address. */
export async function downloadSubmissionFile(file: SubmissionFile): Promise<void> {
  const { url } = await reviewingApi.fileUrl(file._id);
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = file.name;
  anchor.rel = "noopener";
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
