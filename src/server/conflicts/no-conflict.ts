import { and, eq, sql } from "drizzle-orm";
import type { Actor } from "../../shared/authz/actor";
import type { CandidateResource } from "../../shared/authz/matrix";
import { NOT_RATED } from "../../shared/schemas/reviews";
import type { Tx } from "../db/client";
import { reviews } from "../db/schema";
import { may } from "../http/door";
import type { Candidate } from "../reviewing/candidates";
import { reviewOwner, startingReview } from "../reviewing/review-service";

/**
 * "Ask reviewers to confirm they have no conflict before opening an application"
 * (docs/decisions/036-conflicts-of-interest.md). Where the program asks it, whoever may declare a conflict
 * with the candidate (`conflict:declare`: a committee member who may rate it) sees its answers only once they
 * have confirmed; the confirmation is stamped on their review row, once, and never asked again.
 */

/** Whether the program asks this caller to confirm before the candidate's answers are shown. */
export function asksNoConflict(actor: Actor, candidate: Candidate, resource: CandidateResource): boolean {
  return (
    candidate.program.reviewSettings.askNoConflict === true &&
    may(actor, "conflict:declare", { ...resource, archived: candidate.program.archived })
  );
}

/** When the member confirmed having no conflict with the candidate, or null. */
export async function noConflictConfirmedAt(db: Tx, candidate: Candidate, userId: string) {
  const [row] = await db
    .select({ at: reviews.noConflictConfirmedAt })
    .from(reviews)
    .where(and(eq(reviews.submissionId, candidate.id), eq(reviews.userId, userId)));
  return row?.at ?? null;
}

/** Whether the caller must still confirm before reading the candidate's answers. */
export async function awaitsNoConflictConfirmation(
  db: Tx,
  actor: Actor,
  { candidate, resource }: { candidate: Candidate; resource: CandidateResource },
): Promise<boolean> {
  if (!asksNoConflict(actor, candidate, resource)) return false;
  return (await noConflictConfirmedAt(db, candidate, actor.userId)) === null;
}

/**
 * Stamps the member's confirmation on their review of the candidate (already authorized). Without a review
 * yet, one is created as a first save would start it but unrated (rating -1, no `started_at`): it counts as
 * no rating and no started review anywhere. A confirmation already stored is kept as it was; the review's
 * `lastReviewed` is left alone, so an open review page's next save is not taken for a stale one.
 */
export async function confirmNoConflict(db: Tx, candidate: Candidate, userId: string): Promise<Date> {
  const now = new Date();
  const starting = startingReview({ ...candidate, appVersion: candidate.program.appVersion }, userId);
  const [row] = await db
    .insert(reviews)
    .values({
      ...reviewOwner(candidate, userId),
      rating: NOT_RATED,
      sections: starting.sections,
      lastReviewed: now,
      noConflictConfirmedAt: now,
    })
    .onConflictDoUpdate({
      target: [reviews.submissionId, reviews.userId],
      set: {
        noConflictConfirmedAt: sql`coalesce(${reviews.noConflictConfirmedAt}, ${now.toISOString()}::timestamptz)`,
      },
    })
    .returning({ at: reviews.noConflictConfirmedAt });
  return row?.at ?? now;
}
