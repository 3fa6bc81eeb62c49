import type { Section } from "../../src/shared/forms/model";
import { criteriaOverall, isAllowedRating, meanOfRated } from "../../src/shared/review/scoring";
import { type CandidateView, REVIEW_MESSAGES, type SaveReviewBody } from "../../src/shared/schemas/reviews";
import {
  conflict,
  findCandidate,
  NOT_RATED,
  notFound,
  presentReview,
  REVIEW_COLUMNS,
  type ReviewRow,
  roleIn,
  rules,
  sessionOf,
  unauthenticated,
  versionContent,
} from "../baseline/reviewing";
import type { HttpClient } from "../lib/http-client";
import type { BaselineEndpoint, BenchUser } from "../scenarios/types";
import { expectOk, type WriteBenchmark, type WriteSession } from "./write-types";

const CRITERIA_APP_VERSION = 3;
const LEGACY_APP_VERSION = 1;
const ARCHIVED_MESSAGE = "This program is archived: comments and ratings are disabled.";

/** A rating for criterion `i` of a save: two sets of values, so each save of a candidate changes its review. */
const scaleValue = (i: number, second: boolean) => (second ? 2 + (i % 4) : 3.5 + (i % 3) * 0.5);

/** The whole review of one candidate, as the submission view's Rating blocks send it: every criterion rated. */
function reviewBody(submissionId: string, sections: readonly Section[], second: boolean): SaveReviewBody {
  let i = 0;
  return {
    submissionId,
    sections: sections
      .filter((s) => s.criteria.length > 0)
      .map((section) => ({
        sectionId: section._id,
        rating: NOT_RATED,
        criteria: section.criteria.map((criterion) => ({
          criteriaId: criterion._id,
          type: criterion.type,
          value: criterion.type === "BOOLEAN" ? Number(!second) : scaleValue(i++, second),
        })),
      })),
  };
}

/**
 * A reviewer saving reviews of candidates they see and had not reviewed (50 each, from the
 * fixture): each candidate twice in a row, first with one set of ratings (the review is created and
 * starts: the candidate's review count goes up), then with another (the review is updated), then the
 * next candidate. After 50 candidates the round starts again, with updates only.
 */
export const saveReview: WriteBenchmark = {
  name: "save-review",
  description:
    "POST /api/reviews as a reviewer: every criterion of a candidate they see, alternately a first save and a re-save",
  request: "POST /api/reviews",
  targetMedianMs: 50,
  async open(client: HttpClient, user: BenchUser, origin: string): Promise<WriteSession> {
    const fixture = user.review!;
    const headers = { cookie: user.cookie, origin, "content-type": "application/json" };
    if (fixture.unreviewed.length === 0) throw new Error(`${user.email} has no candidate left to review.`);
    // What the reviewer has on screen: the submission view's sections and criteria.
    const view = expectOk<CandidateView>(
      await client.send({
        method: "GET",
        path: `/api/applications/${fixture.programId}/${fixture.unreviewed[0]}`,
        headers,
      }),
      `Opening a candidate as ${user.email}`,
    );
    let saves = 0;
    return {
      next: () => {
        const candidate = fixture.unreviewed[Math.floor(saves / 2) % fixture.unreviewed.length]!;
        return {
          method: "POST",
          path: "/api/reviews",
          headers,
          body: JSON.stringify(reviewBody(candidate, view.sections, saves % 2 === 1)),
        };
      },
      answered: async () => {
        saves++;
      },
      finish: async () => {},
    };
  },
};

type FieldErrors = Record<string, string[]>;

/** 10 as soon as one criterion uses a 10-point scale, else 5. */
const programScale = (sections: readonly Section[]) =>
  sections.some((s) => s.criteria.some((c) => c.maxScale === 10)) ? 10 : 5;

/** reviewProblems in src/server/reviewing/review-service.ts, for a program with a form (not legacy). */
function reviewProblems(sections: readonly Section[], increment: number, body: SaveReviewBody): FieldErrors {
  const fields: FieldErrors = {};
  const add = (key: string, message: string) => {
    fields[key] = [...(fields[key] ?? []), message];
  };
  const scale = programScale(sections);
  const seen = new Set<string>();
  body.sections.forEach((entry, i) => {
    if (seen.has(entry.sectionId)) add(`sections.${i}.sectionId`, "This section appears twice.");
    seen.add(entry.sectionId);
    if (!isAllowedRating(entry.rating, scale, increment)) add(`sections.${i}.rating`, "Not allowed.");
    const section = sections.find((s) => s._id === entry.sectionId);
    if (section === undefined) {
      add(`sections.${i}.sectionId`, "Not a section of this application.");
      return;
    }
    const seenCriteria = new Set<string>();
    entry.criteria.forEach((value, j) => {
      const criterion = section.criteria.find((c) => c._id === value.criteriaId);
      if (criterion === undefined || criterion.type !== value.type || seenCriteria.has(value.criteriaId)) {
        add(`sections.${i}.criteria.${j}.criteriaId`, "Not a criterion of this section.");
        return;
      }
      seenCriteria.add(value.criteriaId);
      const allowed =
        criterion.type === "BOOLEAN"
          ? [NOT_RATED, 0, 1].includes(value.value)
          : isAllowedRating(value.value, criterion.maxScale === 10 ? 10 : 5, increment);
      if (!allowed) add(`sections.${i}.criteria.${j}.value`, "Not allowed.");
    });
  });
  if (body.rating !== undefined && !isAllowedRating(body.rating, scale, increment))
    add("rating", "Not allowed.");
  return fields;
}

/**
 * overallRating after takesEnteredOverall: appVersion 3 computes the overall from the weighted
 * criteria (the entered one ignored) unless the program overrides it or has no criteria.
 */
function overallRating(appVersion: number, sections: readonly Section[], body: SaveReviewBody) {
  const definitions = sections.flatMap((s) => s.criteria.map((c) => ({ ...c, _id: `${s._id}/${c._id}` })));
  if (body.rating !== undefined) return body.rating;
  if (appVersion === LEGACY_APP_VERSION) return NOT_RATED;
  if (appVersion === CRITERIA_APP_VERSION && definitions.length > 0) {
    const values = body.sections.flatMap((s) =>
      s.criteria.map((v) => ({ ...v, criteriaId: `${s.sectionId}/${v.criteriaId}` })),
    );
    return criteriaOverall(definitions, values, programScale(sections));
  }
  return meanOfRated(body.sections.map((s) => s.rating));
}

/**
 * The baseline of POST /api/reviews: saveCallersReview and saveReview in src/server/reviewing — the
 * candidate with the visibility flag, the form version's sections (cached), the checks, then one
 * transaction: the upsert, and on the first rating the review's start and the candidate's count.
 */
export const saveReviewEndpoint: BaselineEndpoint = {
  method: "POST",
  baseline: {
    pattern: /^\/api\/reviews$/,
    async handle(request, context) {
      const { sql } = context;
      const session = await sessionOf(request, context);
      if (!session) return unauthenticated();
      const entered = request.body as SaveReviewBody;
      const candidate = await findCandidate(sql, session.userId, entered.submissionId);
      if (!candidate) return notFound();
      const actor = { ...session, role: await roleIn(sql, session.userId, candidate.program_id) };
      const may = rules(actor, candidate.organization_id);
      const draftOrTest = candidate.submission_date === null || candidate.soft_deleted;
      const mayWrite = may.onCommittee && may.reads({ visible: candidate.visible, draftOrTest });
      if (mayWrite && candidate.archived) return conflict("CONFLICT", ARCHIVED_MESSAGE);
      // One who could rate it were it submitted is told why not (authorizeWrite in src/server/http/door.ts).
      if (mayWrite && draftOrTest) return conflict("CONFLICT", REVIEW_MESSAGES.draftNotice);
      if (!mayWrite) return notFound();

      const content = await versionContent(sql, candidate.form_id, candidate.form_version);
      const sections = content.sections.filter((s) => !s.deleted);
      const takesEntered =
        candidate.app_version !== CRITERIA_APP_VERSION ||
        candidate.override_final_rating ||
        !sections.some((s) => s.criteria.length > 0);
      const { rating: _ignored, ...withoutOverall } = entered;
      const body = takesEntered ? entered : withoutOverall;
      const problems = reviewProblems(sections, candidate.increment_tenths / 10, body);
      if (Object.keys(problems).length > 0) {
        return {
          status: 400,
          body: { error: { code: "VALIDATION", message: "Some ratings are not valid.", fields: problems } },
        };
      }
      const rating = overallRating(candidate.app_version, sections, body);
      const counts = !draftOrTest && rating > NOT_RATED;
      const review = await sql.transaction(async (tx) => {
        const now = new Date();
        const [row] = await tx.query<ReviewRow>(
          `insert into reviews (organization_id, program_id, submission_id, user_id, rating, sections, last_reviewed)
           values ($1, $2, $3, $4, $5, $6, $7)
           on conflict (submission_id, user_id)
           do update set rating = $5, sections = $6, last_reviewed = $7
           returning ${REVIEW_COLUMNS}`,
          [
            candidate.organization_id,
            candidate.program_id,
            candidate.id,
            session.userId,
            rating,
            JSON.stringify(body.sections),
            now,
          ],
        );
        if (!counts || row!.started_at !== null) return row!;
        const [started] = await tx.query<ReviewRow>(
          `update reviews set started_at = $1 where id = $2 and started_at is null returning ${REVIEW_COLUMNS}`,
          [now, row!.id],
        );
        // The trigger on started_at adds one to the candidate's review_count (src/server/db/sql/review-count.sql).
        return started ?? { ...row!, started_at: now };
      });
      return { status: 200, body: { ok: 1, review: presentReview(review) } };
    },
  },
};
