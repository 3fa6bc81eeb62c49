import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { DatabaseTarget } from "./target";

/**
 * Plain SQL over either driver, with no ORM in between: what the baseline server and the runner's
 * own checks use. The app server reaches the same database through Drizzle.
 */
export interface SqlClient {
  query<Row extends object>(text: string, params?: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

export async function openSqlClient(target: DatabaseTarget, poolSize = 10): Promise<SqlClient> {
  if (target.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: poolSize });
    pool.on("error", (error) => console.error("[sql] idle client error:", error.message));
    return {
      query: async <Row extends object>(text: string, params?: unknown[]) =>
        (await pool.query<Row & pg.QueryResultRow>(text, params)).rows,
      close: () => pool.end(),
    };
  }
  const client = await PGlite.create(target.dataDir);
  return {
    query: async <Row extends object>(text: string, params?: unknown[]) =>
      (await client.query<Row>(text, params)).rows,
    close: () => client.close(),
  };
}
