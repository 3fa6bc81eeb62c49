import { sql } from "drizzle-orm";
import type { Database } from "../../src/server/db/client";
import { Random } from "../lib/random";
import { insertInBatches } from "./batch-insert";
import type { GenerationStep, GeneratorContext } from "./context";
import type { Scale } from "./scales";

/** Past dates are drawn before this fixed day, so the same seed gives the same rows any day. */
export const ANCHOR = new Date("2025-06-01T00:00:00Z");

export interface StepsOptions {
  steps: readonly GenerationStep[];
  seed: number;
  scale: Scale;
  /** The one password of every generated account, hashed once (scrypt is deliberately slow). */
  passwordHash: string;
  /** Told as each step ends, with the time it took. */
  onStepDone?: (step: GenerationStep, ms: number) => void;
}

/**
 * Runs generation steps in one transaction, from nothing generated yet: the seed's random numbers, the
 * fixed clock (ANCHOR), rows inserted in batches. Returns the number of rows inserted per table.
 * The data generator runs them all; the growth benchmark only those that make the people.
 */
export async function runGenerationSteps(
  database: Database,
  opts: StepsOptions,
): Promise<Map<string, number>> {
  const rows = new Map<string, number>();
  await database.db.transaction(async (tx) => {
    const ctx: GeneratorContext = {
      tx,
      random: new Random(opts.seed),
      scale: opts.scale,
      anchor: ANCHOR,
      passwordHash: opts.passwordHash,
      data: {
        programAdminIds: [],
        reviewerIds: [],
        applicantIds: [],
        programs: [],
        memberships: [],
        reviewPrograms: [],
      },
      insert: (table, batch) => insertInBatches(tx, table, batch, rows),
    };
    for (const step of opts.steps) {
      const started = performance.now();
      await step.run(ctx);
      opts.onStepDone?.(step, performance.now() - started);
    }
  });
  return rows;
}

/**
 * The reviewing tables as PostgreSQL's autovacuum leaves them soon after a bulk load: the dead row
 * versions of the generation's own updates (review counts, the open_to_all flag kept by triggers) gone,
 * the visibility map set, column statistics gathered. Without it the reviewing scenarios would measure
 * the generator's leftovers: plans chosen blind (no statistics) over indexes three times their live
 * size. PGlite has no autovacuum (a PGlite database is vacuumed and analyzed only when someone runs it);
 * VACUUM cannot run inside the generation's transaction, so it comes after.
 */
export const REVIEW_TABLES: readonly string[] = [
  "submissions",
  "submission_reviewers",
  "submission_reviewer_groups",
  "reviewer_groups",
  "reviewer_group_members",
  "reviews",
  "review_comments",
  "rankings",
];

/** VACUUM (ANALYZE) of these tables (outside any transaction). */
export async function vacuumAnalyze(database: Database, tables: readonly string[]): Promise<void> {
  await database.db.execute(sql.raw(`vacuum (analyze) ${tables.join(", ")}`));
}
