import { type SQL, sql } from "drizzle-orm";
import { programSubmissionCounts } from "../db/schema";

/**
 * How many of a program's submissions each list holds, whoever reads it: every one (Admin Mode), the
 * submitted non-tests (an admin's list, Assign reviewers, the two-step bar's "shown" for admins), and of
 * those the ones open to the whole committee (the part of a committee member's list they share with
 * everyone; the rest is their own assignments). One scalar SQL expression each, for a list's counts.
 *
 * Read from the program's counter row (program_submission_counts, kept by triggers on submissions in the
 * writing transaction: src/server/db/sql/program-counts.sql), so a total costs one primary-key
 * read whatever the size of the program, and is exactly what a count would give in the same snapshot.
 */
export type ProgramCount = "all" | "reviewable" | "open";

const COLUMNS = {
  all: programSubmissionCounts.submissions,
  reviewable: programSubmissionCounts.reviewable,
  open: programSubmissionCounts.openReviewable,
} as const;

export function programCountSql(programId: string, which: ProgramCount): SQL<number> {
  // No row: the program has never had a submission.
  return sql<number>`coalesce((select ${COLUMNS[which]} from ${programSubmissionCounts}
    where ${programSubmissionCounts.programId} = ${programId}), 0)`;
}
