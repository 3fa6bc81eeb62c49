import { and, desc, eq, gt, isNull, type SQL, sql } from "drizzle-orm";
import { liveSections, type Section } from "../../shared/forms/model";
import { criteriaOverall, isAllowedRating, meanOfRated } from "../../shared/review/scoring";
import {
  NOT_RATED,
  REVIEW_MESSAGES,
  type Review,
  type ReviewSection,
  type SaveReviewBody,
} from "../../shared/schemas/reviews";
import { notConflictedSql } from "../conflicts/active";
import type { Db, Tx } from "../db/client";
import { reviews, submissions } from "../db/schema";
import { versionContent } from "../forms/versions";
import { EditConflict } from "../http/edit-conflict";
import { AppError, notFound } from "../http/errors";
import { isUuid } from "../http/ids";
import { type Candidate, incrementOf, isReviewableSql } from "./candidates";
import { emptyReview, presentReview } from "./present";
import { suggestedRatingToStore } from "./suggested-rating";

/**
 * Saving and reading reviews (review-and-administration, "3. Entities and their fields" to
 * "5. Validation rules"; design/review-science.md). One row per (candidate, committee member); the overall
 * rating is decided here, never trusted from the browser when the program computes it.
 */

export type ReviewRow = typeof reviews.$inferSelect;

/** appVersion 1 (legacy): nine fixed canvas sections rated 1–5 stars, plus a final rating. */
export const LEGACY_APP_VERSION = 1;
export const CRITERIA_APP_VERSION = 3;
export const LEGACY_SECTION_IDS: readonly string[] = Array.from({ length: 9 }, (_, i) => `canvas_${i + 1}`);
/** The legacy page's Final Rating section: it has no canvas rating, but it takes comments. */
export const LEGACY_FINAL_SECTION_ID = "final";
const DEFAULT_SCALE = 5;
const LARGE_SCALE = 10;
const BOOLEAN_VALUES: readonly number[] = [NOT_RATED, 0, 1];

/** What a reviewer who has not saved anything yet starts from (legacy: the nine canvases, unrated). */
export function startingReview(
  candidate: { id: string; programId: string; appVersion: number },
  userId: string,
): Review {
  const review = emptyReview(candidate.id, candidate.programId, userId);
  if (candidate.appVersion !== LEGACY_APP_VERSION) return review;
  return {
    ...review,
    sections: LEGACY_SECTION_IDS.map((sectionId) => ({ sectionId, rating: NOT_RATED, criteria: [] })),
  };
}

/** Whose review of which candidate: the columns that name a review row. */
export function reviewOwner(
  candidate: Pick<Candidate, "id" | "organizationId" | "programId">,
  userId: string,
) {
  return {
    organizationId: candidate.organizationId,
    programId: candidate.programId,
    submissionId: candidate.id,
    userId,
  };
}

/** The program's scale: 10 as soon as one criterion uses a 10-point scale. */
export function programScale(sections: readonly Section[]): number {
  return sections.some((s) => s.criteria.some((c) => c.maxScale === LARGE_SCALE))
    ? LARGE_SCALE
    : DEFAULT_SCALE;
}

/** The sections a review (and a comment) may name: the live sections of the candidate's form version. */
export async function reviewableSections(db: Tx, candidate: Candidate): Promise<Section[] | null> {
  if (candidate.program.appVersion === LEGACY_APP_VERSION) return null;
  return liveSections((await versionContent(db, candidate.formId, candidate.formVersion)).sections);
}

export function isCommentableSection(sections: readonly Section[] | null, sectionId: string): boolean {
  if (sections === null)
    return LEGACY_SECTION_IDS.includes(sectionId) || sectionId === LEGACY_FINAL_SECTION_ID;
  return sections.some((s) => s._id === sectionId);
}

type FieldErrors = Record<string, string[]>;

function addError(fields: FieldErrors, key: string, message: string) {
  fields[key] = [...(fields[key] ?? []), message];
}

/**
 * Field errors of a review against the form version (null: a legacy program's canvases) and the
 * organization's increment. Nothing is stored while any remain.
 */
export function reviewProblems(
  sections: readonly Section[] | null,
  increment: number,
  body: SaveReviewBody,
): FieldErrors {
  const fields: FieldErrors = {};
  const scale = sections === null ? DEFAULT_SCALE : programScale(sections);
  const seen = new Set<string>();
  body.sections.forEach((entry, i) => {
    const at = `sections.${i}`;
    if (seen.has(entry.sectionId)) addError(fields, `${at}.sectionId`, "This section appears twice.");
    seen.add(entry.sectionId);
    if (!isAllowedRating(entry.rating, scale, increment))
      addError(fields, `${at}.rating`, REVIEW_MESSAGES.notAllowedRating);
    if (sections === null) {
      if (!LEGACY_SECTION_IDS.includes(entry.sectionId))
        addError(fields, `${at}.sectionId`, "Not a section of this application.");
      if (entry.criteria.length > 0) addError(fields, `${at}.criteria`, "Legacy sections have no criteria.");
      return;
    }
    const section = sections.find((s) => s._id === entry.sectionId);
    if (section === undefined) {
      addError(fields, `${at}.sectionId`, "Not a section of this application.");
      return;
    }
    const seenCriteria = new Set<string>();
    entry.criteria.forEach((value, j) => {
      const key = `${at}.criteria.${j}`;
      const criterion = section.criteria.find((c) => c._id === value.criteriaId);
      if (criterion === undefined || criterion.type !== value.type || seenCriteria.has(value.criteriaId)) {
        addError(fields, `${key}.criteriaId`, "Not a criterion of this section.");
        return;
      }
      seenCriteria.add(value.criteriaId);
      const allowed =
        criterion.type === "BOOLEAN"
          ? BOOLEAN_VALUES.includes(value.value)
          : // Each criterion on its own scale (5 by default, 10, or the builder's 3 and 4), so the
            // normalized overall never exceeds the program's scale.
            isAllowedRating(value.value, criterion.maxScale, increment);
      if (!allowed) addError(fields, `${key}.value`, REVIEW_MESSAGES.notAllowedRating);
    });
  });
  if (body.rating !== undefined && !isAllowedRating(body.rating, scale, increment))
    addError(fields, "rating", REVIEW_MESSAGES.notAllowedRating);
  return fields;
}

/**
 * Whether the overall entered by hand is the one stored. appVersion 3 computes it from the weighted
 * criteria unless the program overrides it (or its form has no criteria at all); there the entered one
 * is ignored — not checked either, since a client may well echo the computed 3.75 back.
 */
export function takesEnteredOverall(
  appVersion: number,
  overrideFinalRating: boolean,
  sections: readonly Section[] | null,
): boolean {
  if (sections === null || appVersion !== CRITERIA_APP_VERSION) return true;
  return overrideFinalRating || !sections.some((s) => s.criteria.length > 0);
}

/**
 * The overall rating to store: the entered one when given (and taken, see `takesEnteredOverall`);
 * else appVersion 3 computes it from the criteria, appVersion 0/2 takes the mean of the rated
 * sections, and a legacy review without a final rating is not rated.
 */
export function overallRating(appVersion: number, sections: readonly Section[] | null, body: SaveReviewBody) {
  if (body.rating !== undefined) return body.rating;
  if (sections === null || appVersion === LEGACY_APP_VERSION) return NOT_RATED;
  // Criterion ids are only unique within a section: key both sides by section too.
  const definitions = sections.flatMap((s) => s.criteria.map((c) => ({ ...c, _id: `${s._id}/${c._id}` })));
  if (appVersion === CRITERIA_APP_VERSION && definitions.length > 0) {
    const values = body.sections.flatMap((s) =>
      s.criteria.map((v) => ({ ...v, criteriaId: `${s.sectionId}/${v.criteriaId}` })),
    );
    return criteriaOverall(definitions, values, programScale(sections));
  }
  return meanOfRated(body.sections.map((s) => s.rating));
}

function withoutOverall({ rating: _ignored, ...rest }: SaveReviewBody): SaveReviewBody {
  return rest;
}

/**
 * When a save replaces the stored review: `expected` (decision 016) is the `lastReviewed` the client
 * last saw, null for "none saved yet". Compared to the millisecond (what an ISO string in JSON keeps);
 * undefined (a client that does not send it) replaces whatever is stored.
 */
function replacesStoredSql(expected: SaveReviewBody["expected"]): SQL | undefined {
  if (expected === undefined) return undefined;
  if (expected.lastReviewed === null) return sql`false`;
  return sql`date_trunc('milliseconds', ${reviews.lastReviewed}) = ${expected.lastReviewed}::timestamptz`;
}

/**
 * A save's `lastReviewed`: now, but always at least a millisecond after the one it replaces (and to
 * the millisecond), so that it is a version: two saves within the same millisecond still differ, and
 * a tab that saw the first one is told about the second.
 */
const nextLastReviewedSql = (now: Date) =>
  sql`date_trunc('milliseconds', greatest(${now.toISOString()}::timestamptz, ${reviews.lastReviewed} + interval '1 millisecond'))`;

/**
 * Saves the caller's whole review of one candidate (already authorized), in one transaction. The
 * first save of a rating above -1 marks the review started, which raises the candidate's review count
 * (a trigger on started_at); the conditional UPDATE on `started_at is null` decides, so two simultaneous
 * first saves count once.
 * Drafts and tests keep the review but never count it (ratings on drafts are ignored). A save based on
 * a review no longer stored (`expected`: another tab saved in between) writes nothing: 409 with the
 * stored review.
 */
export async function saveReview(db: Db, candidate: Candidate, userId: string, entered: SaveReviewBody) {
  const sections = await reviewableSections(db, candidate);
  const { appVersion, overrideFinalRating } = candidate.program;
  const body = takesEnteredOverall(appVersion, overrideFinalRating, sections)
    ? entered
    : withoutOverall(entered);
  const fields = reviewProblems(sections, incrementOf(candidate.incrementTenths), body);
  if (Object.keys(fields).length > 0) throw new AppError("VALIDATION", "Some ratings are not valid.", fields);
  // review-and-administration, "4. States and transitions": with overrideFinalRating the version-3 final
  // rating is not recomputed. A save without one (a criterion changed) keeps the member's own as stored.
  const keepsOverall =
    appVersion === CRITERIA_APP_VERSION &&
    overrideFinalRating &&
    sections !== null &&
    body.rating === undefined;
  const rating = keepsOverall ? NOT_RATED : overallRating(appVersion, sections, body);
  // Kept beside the overall at every save (null outside appVersion 3), so statistics average it in SQL.
  const suggestedRating = suggestedRatingToStore(appVersion, sections, body.sections);
  const stored: ReviewSection[] = body.sections;

  return db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .insert(reviews)
      .values({
        ...reviewOwner(candidate, userId),
        rating,
        suggestedRating,
        sections: stored,
        lastReviewed: now,
      })
      .onConflictDoUpdate({
        target: [reviews.submissionId, reviews.userId],
        set: {
          rating: keepsOverall ? sql`${reviews.rating}` : rating,
          suggestedRating,
          sections: stored,
          lastReviewed: nextLastReviewedSql(now),
        },
        setWhere: replacesStoredSql(entered.expected),
      })
      .returning();
    if (!row) {
      // The stored review is not the one this save was based on: nothing written.
      const current = await findReview(tx, candidate.id, userId);
      throw new EditConflict("review", current ? presentReview(current) : null);
    }
    const counts = candidate.reviewable && row.rating > NOT_RATED;
    if (!counts || row.startedAt !== null) return presentReview(row);
    const [started] = await tx
      .update(reviews)
      .set({ startedAt: now })
      .where(and(eq(reviews.id, row.id), isNull(reviews.startedAt)))
      .returning();
    // The trigger on started_at (src/server/db/sql/review-count.sql) adds one to the candidate's review_count.
    return presentReview(started ?? { ...row, startedAt: now });
  });
}

export async function findReview(
  db: Tx,
  submissionId: string,
  userId: string,
): Promise<ReviewRow | undefined> {
  const [row] = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.submissionId, submissionId), eq(reviews.userId, userId)));
  return row;
}

export async function findReviewById(db: Tx, id: string): Promise<ReviewRow> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db.select().from(reviews).where(eq(reviews.id, id));
  if (!row) throw notFound();
  return row;
}

/** One committee member's reviews in a program, most recently edited first. */
export async function listUserReviews(db: Tx, programId: string, userId: string): Promise<Review[]> {
  const rows = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.programId, programId), eq(reviews.userId, userId)))
    .orderBy(desc(reviews.lastReviewed), reviews.id);
  return rows.map(presentReview);
}

/**
 * How many candidates a committee member has rated in a program (the two-step bar's "ratings done"):
 * a rating above -1 on a submitted, non-test candidate. A review whose rating was cleared back to -1
 * no longer counts as a rating done.
 */
export async function countRatedReviews(db: Tx, programId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(reviews)
    .innerJoin(submissions, eq(submissions.id, reviews.submissionId))
    .where(
      and(
        eq(reviews.programId, programId),
        eq(reviews.userId, userId),
        gt(reviews.rating, NOT_RATED),
        isReviewableSql(),
        // A candidate the member declared a conflict with is out of their count.
        notConflictedSql(reviews.submissionId, reviews.userId),
      ),
    );
  return row?.count ?? 0;
}
