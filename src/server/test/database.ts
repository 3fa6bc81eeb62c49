import { randomBytes } from "node:crypto";
import pg from "pg";
import { loadConfig } from "../config";
import { type Database, openDatabase } from "../db/client";

/**
 * A fresh, empty database for one test file: an in-process PGlite by default, or — when
 * DATABASE_URL is set (npm run test:pg) — a new database on that PostgreSQL server, dropped on close.
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  // PGLITE_WORKER=on runs the suites against PGlite in a worker thread (the server's PGLITE_WORKER).
  if (!serverUrl) return openDatabase({ dataDir: "memory://", pgliteWorker: loadConfig().PGLITE_WORKER });
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
