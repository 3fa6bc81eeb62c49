import { EDIT_CONFLICT_MESSAGES } from "../../../shared/schemas/edit-conflict-constants";
import type { Review } from "../../../shared/schemas/reviews";
import { EditConflictNotice } from "../../components/edit-conflict-notice";
import { lastReviewedLabel } from "./candidate-rows";
import { formatRating } from "./rating-scale";
import { REVIEWING_TEXT } from "./reviewing-messages";
import type { ReviewEditor } from "./use-review-editor";

/** "Saved Jan 5, 2026, 10:42 AM, overall rating 4", or that none is saved any more. */
export function storedReviewText(theirs: Review | null): string {
  if (theirs === null || theirs.lastReviewed === null) return REVIEWING_TEXT.reviewConflictNone;
  return REVIEWING_TEXT.reviewConflictTheirs(
    lastReviewedLabel(theirs.lastReviewed),
    formatRating(theirs.rating),
  );
}

/**
 * The review was saved in another tab or window while this one was editing it (decision 016): the two
 * versions and the choice, above the ratings. Nothing is saved from this page until the reviewer chooses.
 */
export function ReviewConflictNotice({
  editor,
}: {
  editor: Pick<ReviewEditor, "conflict" | "reload" | "keepMine">;
}) {
  if (editor.conflict === null) return null;
  return (
    <EditConflictNotice
      title={REVIEWING_TEXT.reviewConflictTitle}
      message={EDIT_CONFLICT_MESSAGES.review}
      theirs={storedReviewText(editor.conflict.theirs)}
      yours={REVIEWING_TEXT.reviewConflictYours}
      label="review"
      onReload={editor.reload}
      onKeepMine={editor.keepMine}
    />
  );
}
