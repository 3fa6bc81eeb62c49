import { createHash } from "node:crypto";
import type { CandidateStatsPage } from "../../shared/schemas/candidate-statistics";
import { CANDIDATE_STATS_LIMITS } from "../../shared/schemas/candidate-statistics";
import type { CandidateStatsRow } from "../../shared/schemas/reviews";
import type { Tx } from "../db/client";
import {
  calibrate,
  candidateRows,
  type RankingPart,
  type RatingPart,
  rankingParts,
  ratingParts,
  reviewFiguresOf,
  type StatsCandidate,
} from "./candidate-figures";
import { loadCandidates, loadRankings, loadReviews } from "./candidate-stats-inputs";
import { CandidateTable, type PageQuery } from "./candidate-stats-page";
import { rankingFiguresOf } from "./stats-math";
import { type StatisticsVersions, statisticsVersions } from "./stats-versions";
import { backfillSuggestedRatings } from "./suggested-rating";

/**
 * What admins see per candidate (review-science.md, Candidate Statistics), a page at a time, for
 * programs of 100,000 candidates (issue 9: under 300 ms with tens of thousands of applications).
 *
 * The figures of a whole program are computed in Node (candidate-figures.ts) from three inputs read in
 * compact form (candidate-stats-inputs.ts) — the candidates, their reviews, the stacked rankings — and
 * the table is kept per program with the version of each input (stats-versions.ts). A request reads the
 * versions (one statement), and while none changed it is answered from the kept table
 * (candidate-stats-page.ts): sorting, filtering and paging 100,000 rows there takes milliseconds. When an
 * input changed, what did not is read off the kept table's rows:
 *
 * - a decision or a renamed candidate: only the candidates are read again;
 * - a rating: the reviews are read and the calibration fitted again (200 passes over every review, half a
 *   second at 200,000 reviews: why the figures are kept at all);
 * - a ranking: the average rankings and the consensus (about a second at 100,000 candidates);
 * - a candidate submitted or marked as a test: everything (the calibration and the rankings' figures are
 *   over the listed candidates).
 *
 * Per process: another instance computes its own, from the same data, to the same figures, and nothing
 * kept can be stale, because every request checks the versions first. Requests arriving while a table is
 * being computed for the same versions wait for that computation instead of starting their own.
 */

type ProgramRef = { id: string; organizationId: string; appVersion: number };

/** The appVersion whose reviews carry a suggested rating (suggested-rating.ts). */
const CRITERIA_APP_VERSION = 3;

/** What a kept table was computed from. */
interface TableKeys {
  candidates: string;
  /** A digest of the candidates' ids: the calibration and the rankings' figures are over that set. */
  ids: string;
  /** The reviews' version and the program's appVersion (whether suggested ratings are shown). */
  reviews: string;
  rankings: string;
}

interface Kept {
  keys: TableKeys;
  table: CandidateTable;
}

/**
 * The last table of each program, most recently used last. Only the table is kept: the figures of an
 * input that did not change are read off its rows. A program of 100,000 candidates keeps about 70 MB, so
 * the bound is on candidates as well as on programs.
 */
const kept = new Map<string, Kept>();
const KEPT_PROGRAMS = 20;
const KEPT_CANDIDATES = 150_000;
/** Tables being computed, by program, with the versions they are computed for. */
const computing = new Map<string, { key: string; table: Promise<Kept> }>();

function remember(programId: string, value: Kept) {
  kept.delete(programId);
  kept.set(programId, value);
  let candidates = 0;
  for (const { table } of kept.values()) candidates += table.rows.length;
  // The oldest go first; the one just computed stays whatever its size.
  for (const [id, { table }] of kept) {
    if (id === programId || (kept.size <= KEPT_PROGRAMS && candidates <= KEPT_CANDIDATES)) break;
    candidates -= table.rows.length;
    kept.delete(id);
  }
}

/** A digest of the candidates' ids (in id order, as loaded). */
function idsDigest(candidates: readonly StatsCandidate[]): string {
  const hash = createHash("sha1");
  for (const candidate of candidates) hash.update(candidate.id);
  return hash.digest("base64");
}

/** The candidates as a kept table lists them (in id order, as they were loaded). */
const candidatesOfRows = (rows: readonly CandidateStatsRow[]): StatsCandidate[] =>
  rows.map((row) => ({
    id: row._id,
    identifier: row.identifier,
    status: row.status,
    amountCents: row.amount === null ? null : Math.round(row.amount * 100),
  }));

/** Each row of a kept table by candidate id: the figures of an input that did not change. */
function rowsById(previous: Kept): (id: string) => CandidateStatsRow {
  const byId = new Map(previous.table.rows.map((row) => [row._id, row]));
  return (id) => byId.get(id)!;
}

/**
 * The table for these versions. What did not change since `previous` is taken from it: the candidates'
 * names and decisions, the rating figures (with the calibration) while the reviews and the set of
 * candidates are the same, the ranking figures while the rankings and the set are the same.
 */
async function computeTable(
  db: Tx,
  program: ProgramRef,
  versions: StatisticsVersions,
  previous: Kept | undefined,
): Promise<Kept> {
  const withSuggested = program.appVersion === CRITERIA_APP_VERSION;
  const sameCandidates = previous?.keys.candidates === versions.candidates;
  const candidates =
    previous && sameCandidates ? candidatesOfRows(previous.table.rows) : await loadCandidates(db, program.id);
  const keys: TableKeys = {
    candidates: versions.candidates,
    ids: previous && sameCandidates ? previous.keys.ids : idsDigest(candidates),
    reviews: `${program.appVersion}/${versions.reviews}`,
    rankings: versions.rankings,
  };
  const sameIds = previous?.keys.ids === keys.ids;
  const reuseRatings = previous && sameIds && previous.keys.reviews === keys.reviews;
  const reuseRankings = previous && sameIds && previous.keys.rankings === keys.rankings;

  const [reviewed, stored] = await Promise.all([
    reuseRatings ? null : loadReviews(db, program.id, withSuggested),
    reuseRankings ? null : loadRankings(db, program.id),
  ]);
  let ratingOf: (id: string) => RatingPart;
  if (reviewed === null) {
    ratingOf = rowsById(previous!);
  } else {
    const figures = reviewFiguresOf(reviewed, withSuggested);
    calibrate(candidates, figures);
    ratingOf = ratingParts(figures);
  }
  let rankingOf: (id: string) => RankingPart;
  let totalRankings: number;
  if (stored === null) {
    rankingOf = rowsById(previous!);
    totalRankings = previous!.table.totalRankings;
  } else {
    const ranked = rankingFiguresOf(stored, new Set(candidates.map((c) => c.id)));
    rankingOf = rankingParts(ranked);
    totalRankings = ranked.totalLists;
  }
  const rows = candidateRows(candidates, ratingOf, rankingOf);
  // The same names in the same order: the table's name order is reused, not sorted again.
  const names = previous && sameCandidates ? previous.table : undefined;
  return { keys, table: new CandidateTable(rows, totalRankings, names) };
}

const sameKeys = (keys: TableKeys, versions: StatisticsVersions, appVersion: number) =>
  keys.candidates === versions.candidates &&
  keys.reviews === `${appVersion}/${versions.reviews}` &&
  keys.rankings === versions.rankings;

/** Every candidate's figures, computed again only when an input changed since they were kept. */
export async function candidateTable(db: Tx, program: ProgramRef): Promise<CandidateTable> {
  await backfillSuggestedRatings(db, program);
  const versions = await statisticsVersions(db, program.id);
  const previous = kept.get(program.id);
  if (previous && sameKeys(previous.keys, versions, program.appVersion)) {
    remember(program.id, previous);
    return previous.table;
  }
  const key = `${program.appVersion}/${versions.candidates}/${versions.reviews}/${versions.rankings}`;
  const running = computing.get(program.id);
  if (running?.key === key) return (await running.table).table;

  const table = computeTable(db, program, versions, previous);
  computing.set(program.id, { key, table });
  try {
    const value = await table;
    remember(program.id, value);
    return value.table;
  } finally {
    // The next request with these versions finds the table kept (or, after a failure, starts afresh).
    if (computing.get(program.id)?.table === table) computing.delete(program.id);
  }
}

/** The first page by name, as the route answers a request that names no page (candidateStatsQuerySchema). */
export const DEFAULT_PAGE_QUERY: PageQuery = {
  page: 1,
  pageSize: CANDIDATE_STATS_LIMITS.defaultPageSize,
  sort: "identifier",
  direction: "ascending",
  search: "",
  status: "all",
  minReviews: 0,
  recipients: "false",
};

/** A page of the program's candidates, sorted and filtered as the query asks. */
export async function candidateStats(
  db: Tx,
  program: ProgramRef,
  query: PageQuery,
): Promise<CandidateStatsPage> {
  return (await candidateTable(db, program)).page(query);
}
