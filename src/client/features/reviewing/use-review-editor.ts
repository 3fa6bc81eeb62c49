import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { Section } from "../../../shared/forms/model";
import type { Review } from "../../../shared/schemas/reviews";
import { REVIEW_MESSAGES } from "../../../shared/schemas/reviews-constants";
import { reviewingApi, useReviewSaved } from "../../lib/reviewing-api";
import { alertFailure } from "./alerts";
import { ReviewSaver, type ReviewSaverState } from "./review-saver";
import { draftFromReview, type ReviewDraft, saveReviewBody } from "./review-state";

interface ReviewEditorOptions {
  userId: string;
  programId: string;
  submissionId: string;
  appVersion: number;
  canvas: readonly Section[];
  /** The caller's review as loaded (the page is keyed by submission, so this is read once). */
  review: Review;
  overallByHand: boolean;
  /**
   * How a review becomes what the page edits. By default one entry per canvas section
   * (`draftFromReview`); the legacy page passes its nine fixed canvas ids (`legacyDraft`).
   */
  draftOf?: (review: Review) => ReviewDraft;
}

export interface ReviewEditor extends ReviewSaverState {
  change: (next: ReviewDraft) => void;
  /** Take the review stored now (after a conflict): the page shows it. */
  reload: () => void;
  /** Save what the page shows over the review stored now (after a conflict). */
  keepMine: () => void;
}

/**
 * The caller's review on the submission view. Every change saves the whole review (POST /api/reviews),
 * one save at a time, newest wins. The control shows the change at once; if the server refuses, the
 * alert "Error in saving your review!" is shown and everything goes back to the last saved review, so
 * the page never shows a rating the server does not have (review-and-administration,
 * "4. States and transitions": "On save failure the local state is not updated"). Each save is based on the
 * last one the server confirmed (`expected`, decision 016): when another tab saved meanwhile, the save is
 * refused, and the page keeps the reviewer's ratings on screen and asks whether to take the other tab's
 * review or keep theirs.
 */
export function useReviewEditor({
  userId,
  programId,
  submissionId,
  appVersion,
  canvas,
  review,
  overallByHand,
  draftOf,
}: ReviewEditorOptions): ReviewEditor {
  const reviewSaved = useReviewSaved(userId, programId, submissionId);
  // Read through a ref: the saver is made once, the cache updater changes with every render.
  const onReviewSaved = useRef(reviewSaved);
  useEffect(() => {
    onReviewSaved.current = reviewSaved;
  });
  // Made once, like `canvas` is read once: the page is keyed by submission.
  const [saver] = useState(
    () =>
      new ReviewSaver({
        review,
        toDraft: draftOf ?? ((next: Review) => draftFromReview(canvas, next, appVersion)),
        send: async (draft, expected) => {
          const body = { ...saveReviewBody(submissionId, draft, overallByHand), expected };
          return (await reviewingApi.saveReview(body)).review;
        },
        readStored: async () => (await reviewingApi.candidate(programId, submissionId)).review,
        onConfirmed: (saved) => onReviewSaved.current(saved),
        onFailed: (error) => alertFailure(REVIEW_MESSAGES.saveFailed, error),
      }),
  );
  const state = useSyncExternalStore(saver.subscribe, saver.snapshot, saver.snapshot);
  return {
    ...state,
    change: (next) => saver.change(next),
    reload: () => saver.reload(),
    keepMine: () => saver.keepMine(),
  };
}
