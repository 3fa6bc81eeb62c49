import { z } from "zod";
import { candidateStatsRowSchema, DECISION_STATUSES } from "./reviews";

/**
 * GET /api/admin/candidate-submissions: Candidate Statistics a page at a time. The server
 * keeps every candidate's figures and sorts, filters and pages them; the browser holds one page. A
 * program of 100,000 candidates answered in one response was 38 MB of JSON.
 */

/** The sortable columns of the candidate table. */
export const CANDIDATE_SORT_COLUMNS = [
  "identifier",
  "averageRating",
  "calibratedRating",
  "suggestedRating",
  "numReviews",
  "standardDeviation",
  "averageRanking",
  "consensusRank",
  "status",
  "amount",
] as const;
export type CandidateSortColumn = (typeof CANDIDATE_SORT_COLUMNS)[number];
/** The values of `aria-sort`, so the header says exactly what the rows show. */
export const SORT_DIRECTIONS = ["ascending", "descending"] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const CANDIDATE_STATS_LIMITS = {
  /** Without `pageSize`: enough for a small program in one answer. */
  defaultPageSize: 50,
  maxPageSize: 100,
  searchLength: 200,
} as const;

const id = z.string().min(1).max(64);
const flag = z.enum(["true", "false"]).default("false");

export const candidateStatsQuerySchema = z.object({
  programId: id,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(CANDIDATE_STATS_LIMITS.maxPageSize)
    .default(CANDIDATE_STATS_LIMITS.defaultPageSize),
  sort: z.enum(CANDIDATE_SORT_COLUMNS).default("identifier"),
  direction: z.enum(SORT_DIRECTIONS).default("ascending"),
  /** Part of the applicant's name, in any case and with or without accents. */
  search: z.string().max(CANDIDATE_STATS_LIMITS.searchLength).default(""),
  status: z.enum(["all", ...DECISION_STATUSES]).default("all"),
  /** Candidates with fewer reviews are left out. */
  minReviews: z.coerce.number().int().min(0).max(1_000_000).default(0),
  /** Also answer every candidate the filters keep as an email recipient (Send Emails' choices). */
  recipients: flag,
});
export type CandidateStatsQuery = z.infer<typeof candidateStatsQuerySchema>;
export type CandidateStatsQueryInput = z.input<typeof candidateStatsQuerySchema>;

/** A candidate as the Send Emails dialog takes it. */
export const candidateRecipientSchema = z.object({
  submissionId: z.string(),
  identifier: z.string(),
  status: z.enum(DECISION_STATUSES),
  amount: z.number().nullable(),
});
export type CandidateRecipient = z.infer<typeof candidateRecipientSchema>;

export const candidateStatsPageSchema = z.object({
  /** One page of the candidates the filters keep, in the chosen order. */
  rows: z.array(candidateStatsRowSchema),
  /** n in "ranked by k of n reviewers". */
  totalRankings: z.number().int(),
  /** Candidates the filters keep, on all pages. */
  total: z.number().int(),
  /** The page answered: the one asked for, or the last one when it is past the end. */
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Every submitted, non-test candidate of the program, whatever the filters. */
  candidates: z.number().int(),
  /** Of those, the approved ones ("Select approved"). */
  approved: z.number().int(),
  /** Consensus ranks held by more than one candidate (a Schulze tie), over the whole program. */
  tiedRanks: z.array(z.number().int()),
  /** With recipients=true: every candidate the filters keep, in the chosen order. */
  recipients: z.array(candidateRecipientSchema).optional(),
});
export type CandidateStatsPage = z.infer<typeof candidateStatsPageSchema>;
