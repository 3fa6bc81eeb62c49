import fc from "fast-check";
import { CANDIDATE_SORT_COLUMNS } from "../../../shared/schemas/candidate-statistics";
import { DECISION_STATUSES } from "../../../shared/schemas/reviews";
import type { PageQuery } from "../candidate-stats-page";
import type { ReferenceProgram } from "./candidate-stats-reference";

/**
 * Random programs and queries for Candidate Statistics' tests (candidate-figures.test.ts in memory,
 * candidate-stats.test.ts in the database). Submissions are named s-00, s-01… and reviewers r-0, r-1…:
 * the database test replaces them with the ids it creates.
 */

/** Ratings as programs store them: unrated, halves, criteria overalls (2 decimals), 10-point scales. */
export const rating = fc.oneof(
  fc.constant(-1),
  fc.integer({ min: 0, max: 10 }).map((n) => n / 2),
  fc.integer({ min: 0, max: 500 }).map((n) => n / 100),
  fc.integer({ min: 0, max: 10 }),
);
const suggested = fc.oneof(
  fc.constant(null),
  fc.constant(-1),
  fc.integer({ min: 0, max: 1000 }).map((n) => n / 100),
);
/** Names that tie, differ only in case or accents, and carry numbers. */
const identifier = fc.constantFrom(
  "Alpha",
  "alpha",
  "Álpha",
  "Beta 9",
  "beta 10",
  "Çedar",
  "cedar",
  " Delta",
  "app 2",
  "",
);

export const programArbitrary: fc.Arbitrary<ReferenceProgram> = fc
  .record({
    candidateCount: fc.integer({ min: 0, max: 25 }),
    reviewerCount: fc.integer({ min: 1, max: 8 }),
    appVersion: fc.constantFrom(2, 3),
  })
  .chain(({ candidateCount, reviewerCount, appVersion }) => {
    // A few more submissions than candidates: drafts and tests, whose reviews and ranks never show.
    const submissionIds = Array.from(
      { length: candidateCount + 3 },
      (_, i) => `s-${String(i).padStart(2, "0")}`,
    );
    const reviewerIds = Array.from({ length: reviewerCount }, (_, i) => `r-${i}`);
    return fc.record({
      appVersion: fc.constant(appVersion),
      candidates: fc.tuple(
        ...submissionIds.slice(0, candidateCount).map((id) =>
          fc.record({
            id: fc.constant(id),
            identifier,
            status: fc.constantFrom(...DECISION_STATUSES),
            amountCents: fc.option(fc.integer({ min: 0, max: 10_000_000 }), { nil: null }),
          }),
        ),
      ),
      reviews: fc
        .uniqueArray(fc.tuple(fc.constantFrom(...submissionIds), fc.constantFrom(...reviewerIds)), {
          selector: ([s, r]) => `${s}/${r}`,
          maxLength: 80,
        })
        .chain((pairs) =>
          fc.tuple(
            ...pairs.map(([submissionId, userId]) =>
              fc.record({
                submissionId: fc.constant(submissionId),
                userId: fc.constant(userId),
                rating,
                suggested,
              }),
            ),
          ),
        ),
      rankings: fc.array(fc.shuffledSubarray(submissionIds), { maxLength: reviewerCount }),
    });
  });

export const queryArbitrary: fc.Arbitrary<PageQuery> = fc.record({
  page: fc.integer({ min: 1, max: 4 }),
  pageSize: fc.integer({ min: 1, max: 12 }),
  sort: fc.constantFrom(...CANDIDATE_SORT_COLUMNS),
  direction: fc.constantFrom("ascending", "descending"),
  search: fc.constantFrom("", "a", "ALP", "alpha", "cedar", " 1", "zzz"),
  status: fc.constantFrom("all", ...DECISION_STATUSES),
  minReviews: fc.integer({ min: 0, max: 3 }),
  recipients: fc.constantFrom("true", "false"),
});
