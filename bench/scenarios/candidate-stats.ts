import { createHash } from "node:crypto";
import {
  calibratedQualities,
  type RankingFigures,
  rankingFiguresOf,
  roundTo,
} from "../../src/server/reviewing/stats-math";
import {
  findReviewProgram,
  notFound,
  REVIEWABLE_SQL,
  roleIn,
  rules,
  sessionOf,
  unauthenticated,
} from "../baseline/reviewing";
import type { BenchUser, Scenario } from "./types";

/**
 * Issue 7's Candidate Statistics table: every submitted candidate of the review program (10,000, with
 * about 61,000 reviews and 200 stacked rankings of 500 in the large data set) with its rating figures,
 * suggested and calibrated ratings, average ranking and consensus rank, as the organization admin. The
 * issue's target: under 300 ms for one request on this machine (aggregates computed in SQL).
 *
 * A page read by a few admins at a meeting, one request at a time: the p99 is then the time of one
 * request, which is what the issue's 300 ms is about (with PGlite in the server's own thread, requests
 * in flight together only queue behind each other).
 * Nothing changes between requests, so after the first one the rankings' figures and the calibration
 * come from the per-program caches of src/server/reviewing/candidate-stats.ts, on both servers.
 */

function reviewProgramOf(user: BenchUser): string {
  if (!user.reviewPrograms)
    throw new Error(`No review program for ${user.email}: the scenario runs as the organization admin.`);
  return user.reviewPrograms.review;
}

const COUNTED = (column: string) => `${column} >= 0 and ${column} < 'Infinity'::float8`;

/** figuresQuery in candidate-stats.ts ($1 program), the same statement as our server sends. */
const figuresSql = (withSuggested: boolean) => `
  with figures as (
    select r.submission_id,
      (count(*) filter (where ${COUNTED("r.rating")}))::int as n,
      avg(r.rating order by r.rating) filter (where ${COUNTED("r.rating")}) as mean,
      stddev_pop(r.rating) filter (where ${COUNTED("r.rating")}) as sd,
      array_agg(r.rating order by r.rating, r.user_id collate "C") filter (where ${COUNTED("r.rating")}) as ratings,
      array_agg(r.user_id order by r.rating, r.user_id collate "C") filter (where ${COUNTED("r.rating")}) as raters,
      ${withSuggested ? `avg(r.suggested_rating) filter (where ${COUNTED("r.suggested_rating")})` : "null::float8"} as suggested
    from reviews r
    where r.program_id = $1
    group by r.submission_id
  )
  select json_agg(json_build_array(s.id, s.identifier, s.status, s.amount_cents,
      coalesce(f.n, 0), f.mean, f.sd,
      case when f.n % 2 = 1 then f.ratings[f.n / 2 + 1]
        else (f.ratings[f.n / 2 + 1] + f.ratings[f.n / 2]) / 2 end,
      f.ratings[1], f.ratings[f.n], f.suggested, f.ratings)
    order by lower(s.identifier), s.id)::text as figures,
    json_agg(json_build_array(s.id, f.raters, f.ratings) order by lower(s.identifier), s.id)
      filter (where f.n > 0)::text as triples
  from submissions s
  left join figures f on f.submission_id = s.id
  where s.program_id = $1 and ${REVIEWABLE_SQL}`;

const VERSION_SQL = `select count(*)::int as lists, coalesce(sum(revision), 0)::text as revisions,
    max(updated_at)::text as latest from rankings where program_id = $1`;
const RANKINGS_SQL = "select applications from rankings where program_id = $1 order by user_id";

type FiguresRow = [
  string,
  string,
  string,
  number | null,
  number,
  number | null,
  number | null,
  number | null,
  number | null,
  number | null,
  number | null,
  number[] | null,
];

/** The same two caches as our server, keyed the same way. */
const rankingCache = new Map<string, { key: string; figures: RankingFigures }>();
const calibrationCache = new Map<string, { key: string; quality: Map<string, number> }>();
const digest = (text: string) => createHash("sha1").update(text).digest("base64");

function histogramOf(sorted: readonly number[]): Record<string, number> {
  const histogram: Record<string, number> = {};
  for (const rating of sorted) histogram[String(rating)] = (histogram[String(rating)] ?? 0) + 1;
  return histogram;
}

export const candidateStatsScenario: Scenario = {
  name: "candidate-stats",
  description:
    "GET /api/admin/candidate-submissions?programId=… as the organization admin: 10,000 candidates' rating figures, suggested and calibrated ratings, average ranking and consensus rank",
  method: "GET",
  path: (user) => `/api/admin/candidate-submissions?programId=${encodeURIComponent(reviewProgramOf(user))}`,
  request: "GET /api/admin/candidate-submissions?programId={review program}",
  actor: "organizationAdmin",
  signedIn: true,
  expectStatus: 200,
  maxConnections: 1,
  // Issue 7: under 300 ms for one request; the ratio says what our server adds to the same SQL and arithmetic.
  targets: { p99Ms: 300, minRatio: 0.7 },
  baseline: {
    pattern: /^\/api\/admin\/candidate-submissions$/,
    // candidateStats: the program and the caller's role, then the figures statement and the rankings'
    // version side by side, the rankings only when their version or the candidates changed, the
    // calibration only when its input changed.
    async handle(request, context) {
      const { sql } = context;
      const session = await sessionOf(request, context);
      if (!session) return unauthenticated();
      const program = await findReviewProgram(sql, request.query.get("programId") ?? "");
      if (!program) return notFound();
      const actor = { ...session, role: await roleIn(sql, session.userId, program.id) };
      if (!rules(actor, program.organization_id).administers) return notFound();
      const [[texts], [version]] = await Promise.all([
        sql.query<{ figures: string | null; triples: string | null }>(figuresSql(program.app_version === 3), [
          program.id,
        ]),
        sql.query<{ lists: number; revisions: string; latest: string | null }>(VERSION_SQL, [program.id]),
      ]);
      const rows: FiguresRow[] = texts?.figures ? JSON.parse(texts.figures) : [];
      const ids = rows.map((row) => row[0]);
      const rankingKey = `${version?.lists ?? 0}/${version?.revisions ?? 0}/${version?.latest ?? ""}/${digest(ids.join(","))}`;
      let ranked = rankingCache.get(program.id);
      if (ranked?.key !== rankingKey) {
        const stored = await sql.query<{ applications: string[] }>(RANKINGS_SQL, [program.id]);
        ranked = {
          key: rankingKey,
          figures: rankingFiguresOf(
            stored.map((r) => r.applications),
            new Set(ids),
          ),
        };
        rankingCache.set(program.id, ranked);
      }
      const triples = texts?.triples ?? null;
      const triplesKey = triples === null ? "" : digest(triples);
      let calibrated = calibrationCache.get(program.id);
      if (calibrated?.key !== triplesKey) {
        const parsed: [string, string[], number[]][] = triples === null ? [] : JSON.parse(triples);
        const quality = calibratedQualities(
          parsed.map(([candidateId, reviewerIds, ratings]) => ({ candidateId, reviewerIds, ratings })),
        );
        calibrated = { key: triplesKey, quality };
        calibrationCache.set(program.id, calibrated);
      }
      const { scores, consensus, totalLists } = ranked.figures;
      return {
        status: 200,
        body: {
          rows: rows.map(
            ([id, identifier, status, cents, count, mean, sd, median, min, max, suggested, ratings]) => {
              const ranking = scores.get(id);
              return {
                _id: id,
                identifier,
                status,
                amount: cents === null ? null : cents / 100,
                numReviews: count,
                averageRating: mean === null ? null : roundTo(mean, 2),
                medianRating: median === null ? null : roundTo(median, 2),
                standardDeviation: sd === null ? null : roundTo(sd, 2),
                minRating: min,
                maxRating: max,
                histogram: histogramOf(ratings ?? []),
                suggestedRating: suggested === null ? null : roundTo(suggested, 2),
                calibratedRating: calibrated.quality.get(id) ?? null,
                averageRanking: ranking?.score ?? null,
                rankedBy: ranking?.rankedBy ?? 0,
                consensusRank: consensus.get(id) ?? null,
              };
            },
          ),
          totalRankings: totalLists,
        },
      };
    },
  },
};
