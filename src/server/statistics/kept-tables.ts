import { createHash } from "node:crypto";
import type { CandidateStatsRow } from "../../shared/schemas/reviews";
import {
  calibrate,
  candidateRows,
  type RankingPart,
  type RatingPart,
  rankingParts,
  ratingParts,
  reviewFiguresOf,
  type StatsCandidate,
  type StatsReview,
} from "./candidate-figures";
import { CandidateTable } from "./candidate-stats-page";
import { rankingFiguresOf } from "./stats-math";
import type { StatisticsVersions } from "./stats-versions";

/**
 * The tables of Candidate Statistics kept per program (candidate-stats.ts tells why and when), given
 * the inputs' versions and a way to read each input. Loads neither drizzle nor zod: the benchmark's
 * baseline server keeps its tables with this very code, reading the inputs with the same statements.
 */

/** Reads one program's inputs: the candidates (in id order, byId), their reviews, the stacked rankings. */
export interface TableInputs {
  candidates(): Promise<StatsCandidate[]>;
  reviews(withSuggested: boolean): Promise<StatsReview[]>;
  rankings(): Promise<string[][]>;
}

/** The appVersion whose reviews carry a suggested rating (reviewing/suggested-rating.ts). */
export const CRITERIA_APP_VERSION = 3;

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
  appVersion: number,
  versions: StatisticsVersions,
  inputs: TableInputs,
  previous: Kept | undefined,
): Promise<Kept> {
  const withSuggested = appVersion === CRITERIA_APP_VERSION;
  const sameCandidates = previous?.keys.candidates === versions.candidates;
  const candidates =
    previous && sameCandidates ? candidatesOfRows(previous.table.rows) : await inputs.candidates();
  const keys: TableKeys = {
    candidates: versions.candidates,
    ids: previous && sameCandidates ? previous.keys.ids : idsDigest(candidates),
    reviews: `${appVersion}/${versions.reviews}`,
    rankings: versions.rankings,
  };
  const sameIds = previous?.keys.ids === keys.ids;
  const reuseRatings = previous && sameIds && previous.keys.reviews === keys.reviews;
  const reuseRankings = previous && sameIds && previous.keys.rankings === keys.rankings;

  const [reviewed, stored] = await Promise.all([
    reuseRatings ? null : inputs.reviews(withSuggested),
    reuseRankings ? null : inputs.rankings(),
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

/** The program's table for these versions: the kept one, or one computed again from what changed. */
export async function keptTable(
  program: { id: string; appVersion: number },
  versions: StatisticsVersions,
  inputs: TableInputs,
): Promise<CandidateTable> {
  const previous = kept.get(program.id);
  if (previous && sameKeys(previous.keys, versions, program.appVersion)) {
    remember(program.id, previous);
    return previous.table;
  }
  const key = `${program.appVersion}/${versions.candidates}/${versions.reviews}/${versions.rankings}`;
  const running = computing.get(program.id);
  if (running?.key === key) return (await running.table).table;

  const table = computeTable(program.appVersion, versions, inputs, previous);
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
