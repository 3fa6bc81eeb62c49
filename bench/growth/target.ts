import path from "node:path";
import pg from "pg";
import { BENCH_DIR, type DatabaseTarget, databaseNameOf } from "../lib/target";

/**
 * The growth benchmark's own database, apart from the main data set (bench/data/pglite or the
 * DATABASE_URL database): its 111,000 applications would change every other scenario's figures.
 */
export const GROWTH_DATA_DIR = path.join(BENCH_DIR, "data-growth");
export const GROWTH_DATABASE_NAME = "bench_growth";

/** With DATABASE_URL: a database named bench_growth on the same server; otherwise bench/data-growth/pglite. */
export function growthTarget(env: NodeJS.ProcessEnv = process.env): DatabaseTarget {
  const serverUrl = env.DATABASE_URL?.trim();
  if (!serverUrl) return { kind: "pglite", dataDir: path.join(GROWTH_DATA_DIR, "pglite") };
  const url = new URL(serverUrl);
  url.pathname = `/${GROWTH_DATABASE_NAME}`;
  return { kind: "postgres", databaseUrl: url.toString(), databaseName: GROWTH_DATABASE_NAME };
}

/** Creates the PostgreSQL database if the server has none of that name (PGlite creates its folder itself). */
export async function ensureGrowthDatabase(target: DatabaseTarget, serverUrl = process.env.DATABASE_URL) {
  if (target.kind !== "postgres" || !serverUrl) return;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const found = await admin.query("select 1 from pg_database where datname = $1", [target.databaseName]);
    // An identifier cannot be a bind parameter; the name is our constant, checked by databaseNameOf.
    if (found.rowCount === 0) await admin.query(`create database ${databaseNameOf(target.databaseUrl)}`);
  } finally {
    await admin.end();
  }
}
