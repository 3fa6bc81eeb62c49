import { beforeAll, describe, expect, it } from "vitest";
import { EDIT_CONFLICT_MESSAGES } from "../../../shared/schemas/edit-conflict-constants";
import type { Review } from "../../../shared/schemas/reviews";
import { ApiError } from "../../lib/api-client";
import { ReviewSaver } from "./review-saver";
import type { ReviewDraft } from "./review-state";

const review = (rating: number, lastReviewed: string | null): Review => ({
  _id: lastReviewed === null ? null : "r1",
  submissionId: "s1",
  programId: "p1",
  userId: "u1",
  rating,
  sections: [],
  started: rating > -1,
  lastReviewed,
});
const draft = (rating: number): ReviewDraft => ({ sections: [], rating });
const stale = () => new ApiError(409, "CONFLICT", EDIT_CONFLICT_MESSAGES.review);

/** A server the test answers by hand: every save is held until `answer` or `refuse`. */
function harness(loaded: Review, stored: Review | null = null) {
  const sent: { rating: number; expected: string | null; settle: (result: Review | Error) => void }[] = [];
  const confirmed: Review[] = [];
  const failures: unknown[] = [];
  const saver = new ReviewSaver({
    review: loaded,
    toDraft: (r) => draft(r.rating),
    send: (value, expected) =>
      new Promise<Review>((resolve, reject) => {
        sent.push({
          rating: value.rating,
          expected: expected.lastReviewed,
          settle: (result) => (result instanceof Error ? reject(result) : resolve(result)),
        });
      }),
    readStored: async () => stored,
    onConfirmed: (r) => confirmed.push(r),
    onFailed: (error) => failures.push(error),
  });
  return { saver, sent, confirmed, failures };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

// The saver loads the stored review's schema with the first stale save. Loaded here first, its import
// resolves within `settled()`: a first import in the test runner can take longer than a tick (it transforms).
beforeAll(() => import("../../../shared/schemas/reviews"));

describe("the review saver (decision 016)", () => {
  it("bases every save on the review the server confirmed last", async () => {
    const { saver, sent } = harness(review(-1, null));
    saver.change(draft(3));
    expect(sent.map((s) => s.expected)).toEqual([null]);
    sent[0]!.settle(review(3, "2026-01-01T10:00:00.000Z"));
    await settled();
    saver.change(draft(4));
    expect(sent[1]).toMatchObject({ rating: 4, expected: "2026-01-01T10:00:00.000Z" });
  });

  it("refused as stale: keeps the reviewer's ratings on screen, shows the stored review, sends nothing more", async () => {
    const theirs = review(2, "2026-01-01T11:00:00.000Z");
    const { saver, sent, failures } = harness(review(1, "2026-01-01T10:00:00.000Z"), theirs);
    saver.change(draft(5));
    sent[0]!.settle(stale());
    await settled();
    expect(saver.snapshot()).toMatchObject({ draft: draft(5), conflict: { theirs } });
    expect(failures).toEqual([]);
    // A change made while the reviewer chooses stays on screen and is not sent.
    saver.change(draft(4));
    expect(sent).toHaveLength(1);
    expect(saver.snapshot().draft).toEqual(draft(4));

    // Keep mine: the latest ratings, based on the stored review.
    saver.keepMine();
    expect(saver.snapshot().conflict).toBeNull();
    expect(sent[1]).toMatchObject({ rating: 4, expected: "2026-01-01T11:00:00.000Z" });
  });

  it("reload takes the stored review: shown, confirmed, and the next save is based on it", async () => {
    const theirs = review(2, "2026-01-01T11:00:00.000Z");
    const { saver, sent, confirmed } = harness(review(1, "2026-01-01T10:00:00.000Z"), theirs);
    saver.change(draft(5));
    sent[0]!.settle(stale());
    await settled();
    saver.reload();
    expect(saver.snapshot()).toMatchObject({ draft: draft(2), saved: theirs, conflict: null });
    expect(confirmed).toEqual([theirs]);
    saver.change(draft(3));
    expect(sent[1]).toMatchObject({ rating: 3, expected: "2026-01-01T11:00:00.000Z" });
  });

  it("any other refusal puts back the last saved review and is reported", async () => {
    const { saver, sent, failures } = harness(review(1, "2026-01-01T10:00:00.000Z"));
    saver.change(draft(5));
    sent[0]!.settle(
      new ApiError(409, "CONFLICT", "This program is archived: comments and ratings are disabled."),
    );
    await settled();
    expect(saver.snapshot()).toMatchObject({ draft: draft(1), conflict: null });
    expect(failures).toHaveLength(1);
  });
});
