import { readdirSync, rmSync } from "node:fs";
import { hashPassword } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import { type Database, openDatabase } from "../../src/server/db/client";
import { organizations, users } from "../../src/server/db/schema";
import { type DatabaseTarget, describeTarget, isPgliteFolder } from "../lib/target";
import { REVIEW_TABLES, runGenerationSteps, vacuumAnalyze } from "./run-steps";
import { SCALES, type ScaleName } from "./scales";
import { GENERATION_STEPS } from "./steps";

export { ANCHOR } from "./run-steps";

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
    const rows = await runGenerationSteps(database, {
      steps: GENERATION_STEPS,
      seed: opts.seed,
      scale: SCALES[opts.scale],
      passwordHash,
      onStepDone: (step, ms) => opts.log(`  ${step.name.padEnd(18)} ${Math.round(ms)} ms`),
    });
    // The reviewing tables as autovacuum would leave them soon after a bulk load (run-steps.ts).
    const vacuumStarted = performance.now();
    await vacuumAnalyze(database, REVIEW_TABLES);
    opts.log(`  ${"vacuum, analyze".padEnd(18)} ${Math.round(performance.now() - vacuumStarted)} ms`);
    return { rows: Object.fromEntries(rows), seconds: (performance.now() - started) / 1000 };
  } finally {
    await database.close();
  }
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
