import type { Comment, Review, ReviewProgram } from "../../shared/schemas/reviews";
import { NOT_RATED } from "../../shared/schemas/reviews";
import type { programs, reviewComments, reviews } from "../db/schema";
import { reviewSettingsOf } from "../programs/service";
import { incrementOf } from "./candidates";

/** The program facts every review screen shows, unset settings at their defaults (`reviewSettingsOf`). */
export function reviewProgram(
  program: Pick<
    typeof programs.$inferSelect,
    "name" | "appVersion" | "archived" | "overrideFinalRating" | "reviewSettings"
  > & { id: string },
  incrementTenths: number,
): ReviewProgram {
  const { reviewSettings: settings, overrideFinalRating } = reviewSettingsOf(program);
  return {
    _id: program.id,
    name: program.name,
    appVersion: program.appVersion,
    archived: program.archived,
    overrideFinalRating,
    increment: incrementOf(incrementTenths),
    enableStackedRankings: settings.enableStackedRankings,
    // A final rating entered by hand is always shown: the reviewer could not enter it otherwise.
    showFinalRating: settings.showFinalRating || overrideFinalRating,
    finalReviewText: settings.finalReviewText,
    commentText: settings.comments.commentText,
  };
}

export const isoOrNull = (date: Date | null): string | null => (date === null ? null : date.toISOString());

type ReviewRow = Pick<
  typeof reviews.$inferSelect,
  "id" | "submissionId" | "programId" | "userId" | "rating" | "sections" | "startedAt" | "lastReviewed"
>;

export function presentReview(row: ReviewRow): Review {
  return {
    _id: row.id,
    submissionId: row.submissionId,
    programId: row.programId,
    userId: row.userId,
    rating: row.rating,
    sections: row.sections,
    started: row.startedAt !== null,
    lastReviewed: row.lastReviewed.toISOString(),
  };
}

/** What a committee member who has not reviewed a candidate yet starts from. */
export function emptyReview(submissionId: string, programId: string, userId: string): Review {
  return {
    _id: null,
    submissionId,
    programId,
    userId,
    rating: NOT_RATED,
    sections: [],
    started: false,
    lastReviewed: null,
  };
}

type CommentRow = Pick<
  typeof reviewComments.$inferSelect,
  "id" | "submissionId" | "sectionId" | "userId" | "body" | "updatedAt"
>;

export function presentComment(row: CommentRow, authorName: string): Comment {
  return {
    _id: row.id,
    submissionId: row.submissionId,
    sectionId: row.sectionId,
    userId: row.userId,
    authorName,
    value: row.body,
    lastReviewed: row.updatedAt.toISOString(),
  };
}
