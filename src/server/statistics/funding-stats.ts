import { sql } from "drizzle-orm";
import type { FundingStats } from "../../shared/schemas/committee";
import type { Tx } from "../db/client";
import { submissions } from "../db/schema";
import { isReviewableSql } from "../reviewing/candidates";
import { KeptFigures } from "./kept-figures";
import { statisticsVersions } from "./stats-versions";

/**
 * Candidate Statistics' funding figures (review-and-administration, "2. Screens and routes",
 * "9. Business constants and limits") over the program's submitted, non-test candidates, in one statement.
 * Amounts are stored in cents (bigint), so the sum is an exact integer; the total and the average are turned
 * into dollars as numeric (exact decimals) and handed over as text, so 0.10 + 0.20 is 0.30 and never
 * 0.30000000000000004. The average is the approved candidates' mean amount rounded half away from zero to 2
 * decimals (an approved candidate without an amount — possible only in data older than the rule that
 * approving needs one — has none to average).
 */
async function computeFundingStats(db: Tx, programId: string): Promise<FundingStats> {
  const approved = sql`${submissions.status} = 'approved'`;
  const [row] = await db
    .select({
      totalFunding: sql<string>`(coalesce(sum(${submissions.amountCents}) filter (where ${approved}), 0) / 100.0)::text`,
      averageFunding: sql<string>`coalesce(round(avg(${submissions.amountCents}) filter (where ${approved}) / 100.0, 2), 0)::text`,
      approved: sql<number>`(count(*) filter (where ${approved}))::int`,
      disapproved: sql<number>`(count(*) filter (where ${submissions.status} = 'disapproved'))::int`,
      pending: sql<number>`(count(*) filter (where ${submissions.status} = 'pending'))::int`,
    })
    .from(submissions)
    .where(sql`${submissions.programId} = ${programId} and ${isReviewableSql()}`);
  return {
    totalFunding: Number(row?.totalFunding ?? 0),
    averageFunding: Number(row?.averageFunding ?? 0),
    approved: Number(row?.approved ?? 0),
    disapproved: Number(row?.disapproved ?? 0),
    pending: Number(row?.pending ?? 0),
  };
}

/**
 * The figures change only with the candidates (their decisions, amounts, and who is submitted and not a
 * test): they are kept per program under that version, so a page reloaded during a funding meeting sends
 * one statement, of a few rows.
 */
const kept = new KeptFigures<FundingStats>(50);

export async function fundingStats(db: Tx, program: { id: string }): Promise<FundingStats> {
  const versions = await statisticsVersions(db, program.id);
  return kept.get(program.id, versions.candidates, () => computeFundingStats(db, program.id));
}
