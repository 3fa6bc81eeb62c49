import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import type { Config } from "../src/server/config";
import { type Database, MIGRATIONS_FOLDER, openDatabase } from "../src/server/db/client";
import { PGLITE_REFUSED } from "./config";

/**
 * The key of the advisory lock migrations take: one number of our own, the same in every instance. Cold
 * starts of many instances at once (a deploy under traffic) queue on it, and each one after the first
 * finds every migration applied and goes on.
 */
export const MIGRATION_LOCK_KEY = 2_302_023;

/**
 * Applies the migrations not yet applied, holding the advisory lock on a connection of its own. Run by the
 * deploy command (firebase/migrate.ts) and, as a safety net for a deploy that skipped it, by each cold start.
 */
export async function migrateUnderLock(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, options: "-c jit=off" });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}

/** The function's database: PostgreSQL only, its pool sized by DATABASE_POOL_SIZE, migrations under the lock. */
export async function openFunctionDatabase(
  config: Pick<Config, "DATABASE_URL" | "DATABASE_POOL_SIZE">,
): Promise<Database> {
  const url = config.DATABASE_URL;
  if (!url || !/^postgres(ql)?:\/\//.test(url)) throw new Error(PGLITE_REFUSED);
  const database = await openDatabase({ databaseUrl: url, poolSize: config.DATABASE_POOL_SIZE });
  return { ...database, migrate: () => migrateUnderLock(url) };
}
