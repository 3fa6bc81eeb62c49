import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { PROJECT_ROOT } from "../project-root";
import { lockFolder } from "./folder-lock";
import * as schema from "./schema";

/** The one database type the services see, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: services that write take this. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  /** Cheap liveness query for /api/health. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.join(PROJECT_ROOT, "migrations");

export interface OpenDatabaseOptions {
  /** A postgres:// URL: use a PostgreSQL server. */
  databaseUrl?: string | undefined;
  /** A folder for the embedded PGlite database; "memory://" for a throwaway one. */
  dataDir?: string;
  poolSize?: number;
  /** PGlite's shared_buffers (e.g. "32MB"); PGlite's own default (128MB) when absent. */
  pgliteSharedBuffers?: string;
}

/** PGlite's start-up parameters, with `sharedBuffers` (e.g. "32MB") as its shared_buffers when given. */
export function pgliteStartParams(sharedBuffers: string | undefined): string[] {
  return sharedBuffers
    ? [...PGlite.defaultStartParams, "-c", `shared_buffers=${sharedBuffers}`]
    : PGlite.defaultStartParams;
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    // An idle client losing its connection (server restart) must not crash the process.
    pool.on("error", (err) => console.error("[db] idle client error:", err.message));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_FOLDER }),
      ping: async () => {
        await pool.query("select 1");
      },
      close: () => pool.end(),
    };
  }
  const dataDir = opts.dataDir ?? "memory://";
  let unlock = () => {};
  if (!dataDir.startsWith("memory://")) {
    mkdirSync(dataDir, { recursive: true });
    unlock = lockFolder(dataDir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create(dataDir, { startParams: pgliteStartParams(opts.pgliteSharedBuffers) });
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: async () => {
      await client.query("select 1");
    },
    close: async () => {
      await client.close();
      unlock();
    },
  };
}
