import type { DashboardFigures } from "../../shared/schemas/committee";
import type { Tx } from "../db/client";
import { fundingStats } from "./funding-stats";
import { reviewerStats } from "./reviewer-stats";

/**
 * The admin dashboard's figures (docs/decisions/039-navigation-and-builder.md), made of what Candidate and
 * Reviewer Statistics already keep per program: while nothing changed, they cost the statistics versions'
 * read and nothing else, whatever the size of the program.
 */
export async function dashboardFigures(
  db: Tx,
  program: { id: string },
  internalDomains: readonly string[],
): Promise<DashboardFigures> {
  const funding = await fundingStats(db, program);
  const committee = await reviewerStats(db, program, internalDomains);
  // Guests observe (Reviewer Statistics lists them apart): their ratings are not the committee's work.
  const members = committee.rows.filter((row) => row.role !== "GUEST");
  return {
    // Every submitted, non-test candidate holds one decision, pending until an admin takes it.
    submitted: funding.approved + funding.disapproved + funding.pending,
    reviews: {
      done: members.reduce((sum, row) => sum + row.reviewed, 0),
      expected: members.reduce((sum, row) => sum + row.assigned, 0),
    },
    decisions: { approved: funding.approved, disapproved: funding.disapproved, pending: funding.pending },
  };
}
