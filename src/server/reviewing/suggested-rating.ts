import { and, eq, isNull, sql } from "drizzle-orm";
import { liveSections, type Section } from "../../shared/forms/model";
import { type CriterionDefinition, type CriterionValue, criteriaOverall } from "../../shared/review/scoring";
import type { ReviewSection } from "../../shared/schemas/reviews";
import type { Tx } from "../db/client";
import { reviews, submissions } from "../db/schema";
import { versionContent } from "../forms/versions";

/**
 * The "suggested" rating of an appVersion 3 review (review-science.md): the overall its criteria alone
 * give, whatever overall was entered or stored. Kept in reviews.suggested_rating at every save so that
 * Candidate Statistics averages it in SQL instead of reading every review's sections.
 */

/** The appVersion whose reviews rate weighted criteria (review-service's CRITERIA_APP_VERSION). */
const CRITERIA_APP_VERSION = 3;

/** The scale an appVersion 3 overall is shown on: 10 when any criterion uses a 10-point scale. */
function criteriaScale(sections: readonly Section[]): number {
  return sections.some((s) => s.criteria.some((c) => c.maxScale === 10)) ? 10 : 5;
}

/**
 * A review's overall computed from its criteria alone over the form version's live sections, or null
 * when no criterion counts. Criteria are matched within their section (the key carries both ids), so a
 * criterion copied into two sections is never confused with its twin.
 */
export function suggestedRatingOf(
  sections: readonly Section[],
  values: readonly ReviewSection[],
): number | null {
  const live = liveSections(sections);
  const definitions: CriterionDefinition[] = live.flatMap((s) =>
    s.criteria.map((c) => ({ ...c, _id: `${s._id}\u0000${c._id}` })),
  );
  const entered: CriterionValue[] = values.flatMap((s) =>
    s.criteria.map((c) => ({ ...c, criteriaId: `${s.sectionId}\u0000${c.criteriaId}` })),
  );
  const overall = criteriaOverall(definitions, entered, criteriaScale(live));
  return overall < 0 ? null : overall;
}

/** What a save stores: the suggested rating for appVersion 3, null for every other version. */
export function suggestedRatingToStore(
  appVersion: number,
  sections: readonly Section[] | null,
  values: readonly ReviewSection[],
): number | null {
  return appVersion === CRITERIA_APP_VERSION && sections !== null
    ? suggestedRatingOf(sections, values)
    : null;
}

/**
 * Programs whose reviews this process has backfilled. Reviews saved before the column existed (or
 * written around saveReview, by an import) hold null. They are filled lazily, once per program and
 * process, by the first Candidate Statistics request — not in a migration, because the figure needs each
 * form version's criteria, which SQL does not have, and not at every request, because a null that
 * remains is legitimate ("no criterion counts") and would be looked at again each time. After the pass
 * every review saved through saveReview carries its value. A restart costs one more scan of the
 * program's reviews, which finds nothing. (A review saved meanwhile by an older server still running
 * during a deploy stays null until the next restart.)
 */
const backfilled = new Set<string>();
const BACKFILL_BATCH = 1_000;

/** Only a review with a rated SCALE criterion can have a suggested rating: the rest stay null. */
const mayCountSql = sql`jsonb_path_exists(${reviews.sections}, '$[*].criteria[*] ? (@.type == "SCALE" && @.value >= 0)')`;

export async function backfillSuggestedRatings(
  db: Tx,
  program: { id: string; appVersion: number },
): Promise<void> {
  if (program.appVersion !== CRITERIA_APP_VERSION || backfilled.has(program.id)) return;
  const rows = await db
    .select({
      id: reviews.id,
      sections: reviews.sections,
      formId: submissions.formId,
      formVersion: submissions.formVersion,
      // Exact to the microsecond (a Date keeps milliseconds), for the optimistic check below.
      savedAt: sql<string>`extract(epoch from ${reviews.lastReviewed})::text`,
    })
    .from(reviews)
    .innerJoin(submissions, eq(submissions.id, reviews.submissionId))
    .where(and(eq(reviews.programId, program.id), isNull(reviews.suggestedRating), mayCountSql));
  const values: { id: string; value: number; savedAt: string }[] = [];
  for (const row of rows) {
    // Cached per form version (one query per version, usually one per program).
    const content = await versionContent(db, row.formId, row.formVersion);
    const value = suggestedRatingOf(content.sections, row.sections);
    if (value !== null) values.push({ id: row.id, value, savedAt: row.savedAt });
  }
  for (let at = 0; at < values.length; at += BACKFILL_BATCH) {
    const batch = values.slice(at, at + BACKFILL_BATCH);
    const list = sql.join(
      batch.map((v) => sql`(${v.id}::uuid, ${v.value}::float8, ${v.savedAt}::numeric)`),
      sql`, `,
    );
    // A review saved meanwhile carries its own value (possibly null): it is left alone.
    await db.execute(sql`update ${reviews} set suggested_rating = v.value
      from (values ${list}) as v(id, value, saved_at)
      where ${reviews.id} = v.id and ${reviews.suggestedRating} is null
        and extract(epoch from ${reviews.lastReviewed}) = v.saved_at`);
  }
  backfilled.add(program.id);
}
