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
import { parseOnce } from "./pglite-parsers";
import { openPgliteInWorker } from "./pglite-remote";
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

/** How long a request waits for a PostgreSQL connection, new or from the pool, before it fails. */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * A client checked out with `pool.connect()` (drizzle's transactions) goes back to the pool, which
 * discards it, as soon as its connection dies, and releasing it again later does nothing. Two reasons:
 * - the pool listens for a client's 'error' only while it is idle; a connection dying while a
 *   transaction holds it (between two of its queries) emits 'error' with no listener, which Node throws:
 *   the process would die;
 * - drizzle sends BEGIN before the try/finally that releases the client: when the connection dies at
 *   that moment (PostgreSQL stopping, the client just taken from the pool), BEGIN fails and the client
 *   is never released; the pool counts it forever, and after a few restarts has none left to give.
 */
function releasedWhenItDies(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  let released = false;
  const onError = (error: Error) => done(error);
  const done = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.removeListener("error", onError);
    release(error);
  };
  client.on("error", onError);
  client.release = done;
  return client;
}

type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/** pg's Pool, whose promise-returning connect() hands out clients `releasedWhenItDies`. */
class SelfReleasingPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    // The callback form is pool.query's own, which releases the client on error itself.
    if (callback) {
      super.connect(callback);
      return undefined;
    }
    return super.connect().then(releasedWhenItDies);
  }
}

export interface OpenDatabaseOptions {
  /** A postgres:// URL: use a PostgreSQL server. */
  databaseUrl?: string | undefined;
  /** A folder for the embedded PGlite database; "memory://" for a throwaway one. */
  dataDir?: string;
  poolSize?: number;
  /** PGlite's shared_buffers (e.g. "32MB"); PGlite's own default (128MB) when absent. */
  pgliteSharedBuffers?: string;
  /** Run PGlite in a worker thread (PGLITE_WORKER; see pglite-remote.ts). */
  pgliteWorker?: boolean;
  /** A PGlite data folder to start from (a `dumpDataDir` archive): the tests' migrated template. */
  pgliteLoadDataDir?: Blob;
}

/** PGlite's start-up parameters, with `sharedBuffers` (e.g. "32MB") as its shared_buffers when given. */
export function pgliteStartParams(sharedBuffers: string | undefined): string[] {
  return sharedBuffers
    ? [...PGlite.defaultStartParams, "-c", `shared_buffers=${sharedBuffers}`]
    : PGlite.defaultStartParams;
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new SelfReleasingPool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      // A database host that accepts the socket but never answers, or a pool whose connections are
      // all taken for this long, fails the request (503, see http/unavailable.ts) instead of hanging it.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // A connection whose peer vanished without a reset (a host gone, a network cut) is found dead.
      keepAlive: true,
      // No JIT compilation: our statements are short, and on a large program PostgreSQL's cost estimate
      // can pass jit_above_cost and spend a second compiling a statement that runs in 0.3 s.
      options: "-c jit=off",
    });
    // An idle client losing its connection (PostgreSQL restarted or stopped) must not crash the process:
    // the pool drops it and opens a new one when next needed.
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
    const startParams = pgliteStartParams(opts.pgliteSharedBuffers);
    client = opts.pgliteWorker
      ? await openPgliteInWorker(dataDir, { startParams, drizzleText: true })
      : parseOnce(
          await PGlite.create(dataDir, {
            startParams,
            ...(opts.pgliteLoadDataDir ? { loadDataDir: opts.pgliteLoadDataDir } : {}),
          }),
        );
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
