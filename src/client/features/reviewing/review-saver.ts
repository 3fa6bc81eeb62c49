import type { Review } from "../../../shared/schemas/reviews";
import { NOT_RATED } from "../../../shared/schemas/reviews-constants";
import { isEditConflict, storedValueOf } from "../../lib/edit-conflict";
import { lazySchema } from "../../lib/lazy-schema";
import type { ReviewDraft } from "./review-state";
import { createSaveQueue, type SaveQueue } from "./save-queue";

// Loaded with the first stale save (docs/decisions/043-zod-off-the-first-paint.md).
const storedReviewSchema = lazySchema(() =>
  import("../../../shared/schemas/reviews").then((module) => module.reviewSchema.nullable()),
);

/** What the review controls show. */
export interface ReviewSaverState {
  /** The last saved review with the changes on their way (or held, see `conflict`). */
  draft: ReviewDraft;
  /** The review as the server last confirmed it. */
  saved: Review;
  saving: boolean;
  /**
   * Another tab or window saved the review meanwhile (decision 016): the review stored now (null: none
   * any more), until the reviewer reloads it or keeps theirs. Nothing is sent while it is set.
   */
  conflict: { theirs: Review | null } | null;
}

export interface ReviewSaverOptions {
  /** The review as loaded: the first save replaces it. */
  review: Review;
  toDraft: (review: Review) => ReviewDraft;
  /** POST /api/reviews with the draft, based on the review it replaces. */
  send: (draft: ReviewDraft, expected: { lastReviewed: string | null }) => Promise<Review>;
  /** The review as stored now, when a refusal does not say it. */
  readStored: () => Promise<Review | null>;
  /** A review the server confirmed (saved, or taken from another tab): the caches follow. */
  onConfirmed: (review: Review) => void;
  /** A save refused for another reason: the page goes back to the last saved review. */
  onFailed: (error: unknown) => void;
}

/**
 * The caller's review on the submission view, apart from React. Every change saves the whole review,
 * one save at a time, newest wins (save-queue.ts). Each save is based on the review the server last
 * confirmed (`expected`): when another tab saved meanwhile, the server refuses it; the ratings the
 * reviewer chose stay on screen and nothing more is sent until they take the other tab's review
 * (reload) or keep theirs (sent again, based on the other one). Any other refusal puts back the last
 * saved review (review-and-administration, "4. States and transitions":
 * "On save failure the local state is not updated").
 */
export class ReviewSaver {
  #state: ReviewSaverState;
  readonly #listeners = new Set<() => void>();
  readonly #queue: SaveQueue<ReviewDraft>;
  /** The last review the server confirmed, as the page edits it. */
  #confirmed: ReviewDraft;
  /** The `lastReviewed` the next save replaces. */
  #basedOn: string | null;
  /** What the page shows, with changes a refused save dropped: what "keep mine" sends. */
  #latest: ReviewDraft;
  /** A refusal as stale is being looked into or waits for the reviewer: nothing is sent. */
  #held = false;

  constructor(private readonly options: ReviewSaverOptions) {
    const draft = options.toDraft(options.review);
    this.#state = { draft, saved: options.review, saving: false, conflict: null };
    this.#confirmed = draft;
    this.#latest = draft;
    this.#basedOn = options.review.lastReviewed;
    this.#queue = createSaveQueue({
      save: (value: ReviewDraft) => options.send(value, { lastReviewed: this.#basedOn }),
      onSaved: (review, _value, more) => {
        this.#confirm(review);
        // A newer change is on its way: keep showing it rather than this older state.
        if (!more) this.#show(this.#confirmed);
        this.#set({ saved: review });
      },
      onFailed: (error) => void this.#failed(error),
      onBusyChange: (saving) => this.#set({ saving }),
    });
  }

  readonly subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  readonly snapshot = (): ReviewSaverState => this.#state;

  change(next: ReviewDraft): void {
    this.#show(next);
    if (!this.#held) this.#queue.push(next);
  }

  /** Take the review stored now: the page shows it. */
  reload(): void {
    const conflict = this.#state.conflict;
    if (conflict === null) return;
    const theirs = conflict.theirs ?? {
      ...this.#state.saved,
      sections: [],
      rating: NOT_RATED,
      lastReviewed: null,
    };
    this.#held = false;
    this.#confirm(theirs);
    this.#show(this.#confirmed);
    this.#set({ saved: theirs, conflict: null });
  }

  /** Save what the page shows over the review stored now. */
  keepMine(): void {
    const conflict = this.#state.conflict;
    if (conflict === null) return;
    this.#held = false;
    this.#basedOn = conflict.theirs?.lastReviewed ?? null;
    this.#set({ conflict: null });
    this.#queue.push(this.#latest);
  }

  #confirm(review: Review) {
    this.#confirmed = this.options.toDraft(review);
    this.#basedOn = review.lastReviewed;
    if (review.lastReviewed !== null) this.options.onConfirmed(review);
  }

  async #failed(error: unknown) {
    if (isEditConflict(error, "review")) {
      this.#held = true;
      try {
        const theirs = await storedValueOf(error, storedReviewSchema, this.options.readStored);
        this.#set({ conflict: { theirs } });
        return;
      } catch (unread) {
        this.#held = false;
        error = unread;
      }
    }
    this.options.onFailed(error);
    this.#show(this.#confirmed);
  }

  #show(draft: ReviewDraft) {
    this.#latest = draft;
    this.#set({ draft });
  }

  #set(patch: Partial<ReviewSaverState>) {
    this.#state = { ...this.#state, ...patch };
    for (const listener of this.#listeners) listener();
  }
}
