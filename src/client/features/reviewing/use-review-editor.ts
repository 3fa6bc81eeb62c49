import { useEffect, useRef, useState } from "react";
import type { Section } from "../../../shared/forms/model";
import { REVIEW_MESSAGES, type Review } from "../../../shared/schemas/reviews";
import { alertFailure } from "./alerts";
import { reviewingApi, useReviewSaved } from "./api";
import { draftFromReview, type ReviewDraft, saveReviewBody } from "./review-state";
import { createSaveQueue, type SaveQueue } from "./save-queue";

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

export interface ReviewEditor {
  /** What the controls show: the last saved review with the changes on their way. */
  draft: ReviewDraft;
  /** The review as the server last confirmed it (its overall rating, when last edited). */
  saved: Review;
  saving: boolean;
  change: (next: ReviewDraft) => void;
}

/**
 * The caller's review on the submission view. Every change saves the whole review (POST /api/reviews),
 * one save at a time, newest wins. The control shows the change at once; if the server refuses, the
 * alert "Error in saving your review!" is shown and everything goes back to the last saved review, so
 * the page never shows a rating the server does not have (§4 "On save failure the local state is not
 * updated").
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
  // Read once, like `canvas`: the page is keyed by submission.
  const toDraft = draftOf ?? ((next: Review) => draftFromReview(canvas, next, appVersion));
  const [saved, setSaved] = useState(review);
  const [draft, setDraft] = useState(() => toDraft(review));
  const [saving, setSaving] = useState(false);
  const confirmed = useRef(draft);
  const reviewSaved = useReviewSaved(userId, programId, submissionId);
  // Read through a ref: the queue is made once, the cache updater changes with every render.
  const onReviewSaved = useRef(reviewSaved);
  useEffect(() => {
    onReviewSaved.current = reviewSaved;
  });

  const [queue] = useState<SaveQueue<ReviewDraft>>(() =>
    createSaveQueue({
      save: (value: ReviewDraft) =>
        reviewingApi.saveReview(saveReviewBody(submissionId, value, overallByHand)),
      onSaved: (result, _value, more) => {
        const next = toDraft(result.review);
        confirmed.current = next;
        setSaved(result.review);
        // A newer change is on its way: keep showing it rather than this older state.
        if (!more) setDraft(next);
        onReviewSaved.current(result.review);
      },
      onFailed: (error) => {
        alertFailure(REVIEW_MESSAGES.saveFailed, error);
        setDraft(confirmed.current);
      },
      onBusyChange: setSaving,
    }),
  );

  return {
    draft,
    saved,
    saving,
    change: (next) => {
      setDraft(next);
      queue.push(next);
    },
  };
}
