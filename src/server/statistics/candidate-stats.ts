import type { CandidateStatsPage } from "../../shared/schemas/candidate-statistics";
import { CANDIDATE_STATS_LIMITS } from "../../shared/schemas/candidate-statistics";
import type { Tx } from "../db/client";
import { backfillSuggestedRatings } from "../reviewing/suggested-rating";
import { loadCandidates, loadRankings, loadReviews } from "./candidate-stats-inputs";
import type { CandidateTable, PageQuery } from "./candidate-stats-page";
import { keptTable } from "./kept-tables";
import { statisticsVersions } from "./stats-versions";

/**
 * What admins see per candidate (review-science.md, Candidate Statistics), a page at a time, for
 * programs of 100,000 candidates (under 300 ms with tens of thousands of applications: bench/README.md,
 * "Budgets (the final table)").
 *
 * The figures of a whole program are computed in Node (candidate-figures.ts) from three inputs read in
 * compact form (candidate-stats-inputs.ts) — the candidates, their reviews, the stacked rankings — and
 * the table is kept per program (kept-tables.ts) with the version of each input (stats-versions.ts). A
 * request reads the versions (one statement), and while none changed it is answered from the kept table
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

/** Every candidate's figures, computed again only when an input changed since they were kept. */
export async function candidateTable(db: Tx, program: ProgramRef): Promise<CandidateTable> {
  await backfillSuggestedRatings(db, program);
  const versions = await statisticsVersions(db, program.id);
  return keptTable(program, versions, {
    candidates: () => loadCandidates(db, program.id),
    reviews: (withSuggested) => loadReviews(db, program.id, withSuggested),
    rankings: () => loadRankings(db, program.id),
  });
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
