import { readdirSync, rmSync } from "node:fs";
import { hashPassword } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import { type Database, openDatabase } from "../../src/server/db/client";
import { organizations, users } from "../../src/server/db/schema";
import { Random } from "../lib/random";
import { type DatabaseTarget, describeTarget, isPgliteFolder } from "../lib/target";
import { insertInBatches } from "./batch-insert";
import type { GeneratorContext } from "./context";
import { SCALES, type ScaleName } from "./scales";
import { GENERATION_STEPS } from "./steps";

export interface GenerateOptions {
  target: DatabaseTarget;
  scale: ScaleName;
  seed: number;
  /** The one password of every generated account. */
  password: string;
  /** Empty the database first instead of refusing a non-empty one. */
  reset: boolean;
  log: (line: string) => void;
}

export interface GenerationSummary {
  /** Rows inserted per table. */
  rows: Record<string, number>;
  seconds: number;
}

/** Past dates are drawn before this fixed day, so the same seed gives the same rows any day. */
export const ANCHOR = new Date("2025-06-01T00:00:00Z");

export async function generateDatabase(opts: GenerateOptions): Promise<GenerationSummary> {
  const started = performance.now();
  const { target } = opts;
  if (opts.reset) prepareReset(target);
  const database = await openDatabase(
    target.kind === "postgres" ? { databaseUrl: target.databaseUrl } : { dataDir: target.dataDir },
  );
  try {
    if (opts.reset && target.kind === "postgres") await dropPostgresSchemas(database);
    await database.migrate();
    if (!(await isEmpty(database))) {
      throw new Error(
        `${describeTarget(target)} already holds organizations or users. ` +
          "Pass --reset to empty it first (or --fresh to the runner).",
      );
    }

    // Hashing is deliberately slow (scrypt): once for everybody, not once per account.
    const passwordHash = await hashPassword(opts.password);
    const rows = new Map<string, number>();
    await database.db.transaction(async (tx) => {
      const ctx: GeneratorContext = {
        tx,
        random: new Random(opts.seed),
        scale: SCALES[opts.scale],
        anchor: ANCHOR,
        passwordHash,
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
      for (const step of GENERATION_STEPS) {
        const stepStarted = performance.now();
        await step.run(ctx);
        opts.log(`  ${step.name.padEnd(18)} ${Math.round(performance.now() - stepStarted)} ms`);
      }
    });
    const vacuumStarted = performance.now();
    await vacuumReviewTables(database);
    opts.log(`  ${"vacuum, analyze".padEnd(18)} ${Math.round(performance.now() - vacuumStarted)} ms`);
    return { rows: Object.fromEntries(rows), seconds: (performance.now() - started) / 1000 };
  } finally {
    await database.close();
  }
}

/**
 * The reviewing tables as PostgreSQL's autovacuum leaves them soon after a bulk load: the dead row
 * versions of the generation's own updates (review counts, the open_to_all flag kept by triggers) gone,
 * the visibility map set, column statistics gathered. Without it the reviewing scenarios would measure
 * the generator's leftovers: plans chosen blind (no statistics) over indexes three times their live
 * size. PGlite has no autovacuum (a PGlite database is vacuumed and analyzed only when someone runs it);
 * VACUUM cannot run inside the generation's transaction, so it comes after.
 */
const REVIEW_TABLES = [
  "submissions",
  "submission_reviewers",
  "submission_reviewer_groups",
  "reviewer_groups",
  "reviewer_group_members",
  "reviews",
  "review_comments",
  "rankings",
];

async function vacuumReviewTables(database: Database): Promise<void> {
  await database.db.execute(sql.raw(`vacuum (analyze) ${REVIEW_TABLES.join(", ")}`));
}

async function isEmpty(database: Database): Promise<boolean> {
  const [organizationCount, userCount] = await Promise.all([
    database.db.$count(organizations),
    database.db.$count(users),
  ]);
  return organizationCount === 0 && userCount === 0;
}

/**
 * Checks that emptying the target is safe, and for PGlite deletes the folder. Only a folder that
 * is a PGlite database (or empty) is deleted, and only a PostgreSQL database named bench… is
 * dropped, so a mistyped --data-dir or DATABASE_URL cannot destroy real data.
 */
function prepareReset(target: DatabaseTarget): void {
  if (target.kind === "postgres") {
    if (!target.databaseName.startsWith("bench")) {
      throw new Error(
        `Refusing to reset database "${target.databaseName}": only databases whose name starts with "bench".`,
      );
    }
    return;
  }
  let entries: string[];
  try {
    entries = readdirSync(target.dataDir);
  } catch {
    return; // No folder: nothing to delete.
  }
  if (entries.length > 0 && !isPgliteFolder(target.dataDir)) {
    throw new Error(`Refusing to delete ${target.dataDir}: it is not a PGlite database folder.`);
  }
  rmSync(target.dataDir, { recursive: true, force: true });
}

/** Drops every table, type and the migrations journal (drizzle keeps it in its own schema). */
async function dropPostgresSchemas(database: Database): Promise<void> {
  await database.db.execute(sql`drop schema if exists drizzle cascade`);
  await database.db.execute(sql`drop schema if exists public cascade`);
  await database.db.execute(sql`create schema public`);
}
