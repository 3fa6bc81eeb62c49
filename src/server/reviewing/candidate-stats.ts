import { createHash } from "node:crypto";
import { type Column, eq, type SQL, sql } from "drizzle-orm";
import type { CandidateStatsResult, CandidateStatsRow, DecisionStatus } from "../../shared/schemas/reviews";
import type { Tx } from "../db/client";
import { rankings, reviews, submissions } from "../db/schema";
import { amountOf } from "./present";
import { calibratedQualities, type RankingFigures, rankingFiguresOf, roundTo } from "./stats-math";
import { backfillSuggestedRatings } from "./suggested-rating";

/**
 * What admins see per candidate (review-science.md, Candidate Statistics), for programs of 10,000
 * candidates and 50,000 reviews (issue 7: under 300 ms on this 2-core machine). No review's sections
 * leave the database, and nothing is queried per candidate or per review:
 *
 * - count, mean, median, standard deviation, min and max of the ratings and the mean suggested rating
 *   are SQL aggregates, in one statement with the candidates (the suggested rating is stored with each
 *   review at save, see suggested-rating.ts). The histogram is counted in Node from the sorted ratings
 *   that statement returns for the calibration anyway: a few numbers per candidate, where a jsonb built
 *   in SQL cost a second sort;
 * - the calibrated rating is fitted in Node from those compact (candidate, reviewer, rating) triples.
 *   A chain of SQL passes was the other way, but scoring.ts's fit runs up to 200 alternating passes and
 *   on real programs always all 200 (with a ridge of 1 and hundreds of reviews per reviewer, the shift
 *   between qualities and biases converges slowly; it is taken out at the end), so it would have been
 *   200 scans of the reviews. On flat typed arrays the passes take tens of milliseconds and give exactly
 *   scoring.ts's figures (stats-math.ts); the result is cached on its input (calibrationOf);
 * - the average ranking and the Schulze consensus come from the stacked rankings (jsonb lists), read
 *   and computed only when a ranking or the set of candidates changed (rankingFigures).
 *
 * Every figure keeps candidateRatingStats' meaning (src/shared/review/scoring.ts): only ratings ≥ 0 and
 * finite count (-1 is "not rated"); mean, median and standard deviation (the population's) are rounded
 * half away from zero to 2 decimals with scoring.ts's own rule, applied here; min and max are the raw
 * ratings; histogram keys are the ratings as JavaScript prints them. The mean is summed in the same
 * order as there (ascending ratings) and the median is the same arithmetic on the same two numbers;
 * PostgreSQL's one-pass stddev_pop may differ from the two-pass JavaScript in the last binary digit,
 * far below the rounding (candidate-routes.test.ts compares the figures on random reviews).
 */

type ProgramRef = { id: string; organizationId: string; appVersion: number };

/** One candidate as the statement returns it (a JSON array, see figuresQuery). */
type FiguresRow = [
  id: string,
  identifier: string,
  status: DecisionStatus,
  amountCents: number | null,
  count: number,
  mean: number | null,
  standardDeviation: number | null,
  median: number | null,
  min: number | null,
  max: number | null,
  suggested: number | null,
  ratings: number[] | null,
];

/** One candidate's rated reviews for the calibration: its id, reviewers and ratings, paired. */
type TriplesRow = [id: string, raters: string[], ratings: number[]];

/** A rating that counts (candidateRatingStats' isRated): -1 is "not rated", NaN and infinities are no rating. */
const counts = (column: SQL | Column) => sql`${column} >= 0 and ${column} < 'Infinity'::float8`;

/**
 * One statement, one scan of the program's reviews: the submitted, non-test candidates in list order,
 * each with the aggregates of its rated reviews, ordered by (rating, reviewer) — PostgreSQL 16 and later
 * (PGlite) sort the reviews once for every ordered aggregate, 15 sorts each candidate's few ratings per
 * aggregate. The mean is summed in ascending order as
 * candidateRatingStats sums its sorted ratings (PostgreSQL's float avg is that plain sum over the count),
 * the median and the extremes are read off the sorted ratings, the standard deviation is the population's
 * (stddev_pop). Ratings and raters come in the same order (reviewer ids compared byte by byte, whatever
 * the database's collation), so they pair up for the calibration.
 *
 * The answer is one row of two JSON texts built in the database: the candidates' figures, and each rated
 * candidate's reviewers and ratings for the calibration (also its cache key, see calibrationOf). Handing
 * 10,000 rows of a dozen typed columns (two of them arrays) to the driver cost as much as computing
 * them on PGlite; JSON.parse is native. (10,000 rows of two JSON texts each were 15–30 ms slower on
 * both PGlite and PostgreSQL 15 than this one row.)
 */
function figuresQuery(program: ProgramRef) {
  const r = reviews;
  const suggested =
    program.appVersion === 3
      ? sql`avg(${r.suggestedRating}) filter (where ${counts(r.suggestedRating)})`
      : sql`null::float8`;
  return sql`
    with figures as (
      select ${r.submissionId} as submission_id,
        (count(*) filter (where ${counts(r.rating)}))::int as n,
        avg(${r.rating} order by ${r.rating}) filter (where ${counts(r.rating)}) as mean,
        stddev_pop(${r.rating}) filter (where ${counts(r.rating)}) as sd,
        array_agg(${r.rating} order by ${r.rating}, ${r.userId} collate "C") filter (where ${counts(r.rating)}) as ratings,
        array_agg(${r.userId} order by ${r.rating}, ${r.userId} collate "C") filter (where ${counts(r.rating)}) as raters,
        ${suggested} as suggested
      from ${r}
      where ${r.programId} = ${program.id}
      group by ${r.submissionId}
    )
    select json_agg(json_build_array(s.id, s.identifier, s.status, s.amount_cents,
        coalesce(f.n, 0), f.mean, f.sd,
        case when f.n % 2 = 1 then f.ratings[f.n / 2 + 1]
          else (f.ratings[f.n / 2 + 1] + f.ratings[f.n / 2]) / 2 end,
        f.ratings[1], f.ratings[f.n], f.suggested, f.ratings)
      order by lower(s.identifier), s.id)::text as figures,
      json_agg(json_build_array(s.id, f.raters, f.ratings) order by lower(s.identifier), s.id)
        filter (where f.n > 0)::text as triples
    from ${submissions} s
    left join figures f on f.submission_id = s.id
    where s.program_id = ${program.id} and s.submission_date is not null and s.soft_deleted = false`;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Keys are the ratings as JavaScript prints them ("4", "4.5"), as in candidateRatingStats. */
function histogramOf(sorted: readonly number[]): Record<string, number> {
  const histogram: Record<string, number> = {};
  for (const rating of sorted) {
    const key = String(rating);
    histogram[key] = (histogram[key] ?? 0) + 1;
  }
  return histogram;
}

// ---------------------------------------------------------------------------------------------
// Rankings: average positional score and the Schulze consensus, cached per program
// ---------------------------------------------------------------------------------------------

/**
 * The last figures per program, with the key they were computed for. The key changes whenever a ranking
 * is saved, added or removed (their number, the sum of their revisions, which every save bumps, and the
 * latest save time) and whenever the set of submitted, non-test candidates changes (a digest of their
 * ids: a candidate marked as a test leaves every list). Anything else — ratings, decisions — leaves the
 * rankings' figures as they were, so a statistics page reloaded during a meeting costs no Schulze at all.
 * Per process: another instance computes its own, from the same data, to the same figures.
 */
const rankingCache = new Map<string, { key: string; figures: RankingFigures }>();
const RANKING_CACHE_PROGRAMS = 50;

/** What the rankings' figures depend on besides the candidates: see rankingCache. */
async function rankingsVersion(db: Tx, programId: string): Promise<string> {
  const [row] = rowsOf<{ lists: number; revisions: string; latest: string | null }>(
    await db.execute(sql`select count(*)::int as lists, coalesce(sum(${rankings.revision}), 0)::text as revisions,
        max(${rankings.updatedAt})::text as latest
      from ${rankings} where ${rankings.programId} = ${programId}`),
  );
  return `${row?.lists ?? 0}/${row?.revisions ?? 0}/${row?.latest ?? ""}`;
}

async function rankingFigures(
  db: Tx,
  programId: string,
  version: string,
  candidateIds: readonly string[],
): Promise<RankingFigures> {
  const key = `${version}/${createHash("sha1").update(candidateIds.join(",")).digest("base64")}`;
  const cached = rankingCache.get(programId);
  if (cached?.key === key) return cached.figures;

  const stored = await db
    .select({ applications: rankings.applications })
    .from(rankings)
    .where(eq(rankings.programId, programId))
    .orderBy(rankings.userId);
  const figures = rankingFiguresOf(
    stored.map((r) => r.applications),
    new Set(candidateIds),
  );
  remember(rankingCache, RANKING_CACHE_PROGRAMS, programId, { key, figures });
  return figures;
}

// ---------------------------------------------------------------------------------------------
// Calibration, cached per program on its input
// ---------------------------------------------------------------------------------------------

/**
 * scoring.ts's fit runs 200 alternating passes over every rated review whatever the data (see the top of
 * this file): tens of milliseconds for 50,000 reviews, the largest part of a request after the statement.
 * Its input is exactly the triples text, so a digest of that text keys the last result per program: the
 * figures are recomputed as soon as one rating, reviewer or candidate changes, and not while the
 * committee merely reloads the page or changes decisions.
 */
const calibrationCache = new Map<string, { key: string; quality: Map<string, number> }>();
const CALIBRATION_CACHE_PROGRAMS = 50;

function calibrationOf(programId: string, triples: string | null): Map<string, number> {
  if (triples === null) return new Map();
  const key = createHash("sha1").update(triples).digest("base64");
  const cached = calibrationCache.get(programId);
  if (cached?.key === key) return cached.quality;
  const rows = JSON.parse(triples) as TriplesRow[];
  const quality = calibratedQualities(
    rows.map(([candidateId, reviewerIds, ratings]) => ({ candidateId, reviewerIds, ratings })),
  );
  remember(calibrationCache, CALIBRATION_CACHE_PROGRAMS, programId, { key, quality });
  return quality;
}

/** Most recently used last; the oldest program goes first when the cache is full. */
function remember<V>(cache: Map<string, V>, limit: number, programId: string, value: V) {
  cache.delete(programId);
  if (cache.size >= limit) cache.delete(cache.keys().next().value!);
  cache.set(programId, value);
}

// ---------------------------------------------------------------------------------------------

export async function candidateStats(db: Tx, program: ProgramRef): Promise<CandidateStatsResult> {
  await backfillSuggestedRatings(db, program);
  const [result, version] = await Promise.all([
    db.execute(figuresQuery(program)),
    rankingsVersion(db, program.id),
  ]);
  const [texts] = rowsOf<{ figures: string | null; triples: string | null }>(result);
  const rows: FiguresRow[] = texts?.figures ? JSON.parse(texts.figures) : [];
  const ranked = await rankingFigures(
    db,
    program.id,
    version,
    rows.map((row) => row[0]),
  );
  const calibrated = calibrationOf(program.id, texts?.triples ?? null);

  const figures = rows.map((row): CandidateStatsRow => {
    const [id, identifier, status, amountCents, count, mean, sd, median, min, max, suggested, ratings] = row;
    const ranking = ranked.scores.get(id);
    return {
      _id: id,
      identifier,
      status,
      amount: amountOf(amountCents),
      numReviews: count,
      averageRating: mean === null ? null : roundTo(mean, 2),
      medianRating: median === null ? null : roundTo(median, 2),
      standardDeviation: sd === null ? null : roundTo(sd, 2),
      minRating: min,
      maxRating: max,
      // Counted here from the sorted ratings the statement returns for the calibration anyway (a few
      // per candidate): in SQL it took a second sort and a jsonb per candidate.
      histogram: histogramOf(ratings ?? []),
      suggestedRating: suggested === null ? null : roundTo(suggested, 2),
      calibratedRating: calibrated.get(id) ?? null,
      averageRanking: ranking?.score ?? null,
      rankedBy: ranking?.rankedBy ?? 0,
      consensusRank: ranked.consensus.get(id) ?? null,
    };
  });
  return { rows: figures, totalRankings: ranked.totalLists };
}
