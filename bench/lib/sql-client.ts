import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { pgliteStartParams } from "../../src/server/db/client";
import type { DatabaseTarget } from "./target";

/** Plain SQL queries, on the pool or inside a transaction. */
export interface SqlQuery {
  query<Row extends object>(text: string, params?: unknown[]): Promise<Row[]>;
}

/**
 * Plain SQL over either driver, with no ORM in between: what the baseline server and the runner's
 * own checks use. The app server reaches the same database through Drizzle.
 */
export interface SqlClient extends SqlQuery {
  /** `work` in one transaction (one connection of the pool): committed if it resolves, else rolled back. */
  transaction<T>(work: (tx: SqlQuery) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** `pgliteSharedBuffers`: PGlite's buffer cache, as the server's PGLITE_SHARED_BUFFERS (PGlite's default without). */
export async function openSqlClient(
  target: DatabaseTarget,
  poolSize = 10,
  pgliteSharedBuffers?: string,
): Promise<SqlClient> {
  if (target.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: poolSize });
    pool.on("error", (error) => console.error("[sql] idle client error:", error.message));
    const on = (client: pg.Pool | pg.PoolClient): SqlQuery => ({
      query: async <Row extends object>(text: string, params?: unknown[]) =>
        (await client.query<Row & pg.QueryResultRow>(text, params)).rows,
    });
    return {
      ...on(pool),
      async transaction(work) {
        const client = await pool.connect();
        try {
          await client.query("begin");
          const result = await work(on(client));
          await client.query("commit");
          return result;
        } catch (error) {
          await client.query("rollback");
          throw error;
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const client = await PGlite.create(target.dataDir, { startParams: pgliteStartParams(pgliteSharedBuffers) });
  return {
    query: async <Row extends object>(text: string, params?: unknown[]) =>
      (await client.query<Row>(text, params)).rows,
    transaction: (work) =>
      client.transaction((tx) =>
        work({
          query: async <Row extends object>(text: string, params?: unknown[]) =>
            (await tx.query<Row>(text, params)).rows,
        }),
      ),
    close: () => client.close(),
  };
}
