import { randomBytes } from "node:crypto";
import { loadConfig } from "../config";
import { type Database, openDatabase } from "../db/client";
import { adminQuery, PG_TEMPLATE_ENV, pgliteTemplateArchive, withDatabase } from "./database-template";

/**
 * A fresh, empty database for one test file: an in-process PGlite by default, or — when
 * DATABASE_URL is set (npm run test:pg) — a new database on that PostgreSQL server, dropped on close.
 * Each starts from the run's migrated template when there is one (database-template.ts); the app's
 * own migrate() then finds nothing to do.
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  // PGLITE_WORKER=on runs the suites against PGlite in a worker thread (the server's PGLITE_WORKER).
  if (!serverUrl) {
    const config = loadConfig();
    const pgliteWorker = config.PGLITE_WORKER;
    const template = pgliteWorker ? undefined : pgliteTemplateArchive();
    return openDatabase({
      dataDir: "memory://",
      pgliteWorker,
      // The server's own buffer pool, not PGlite's 128 MB: set up at every start, it was half of an open
      // from the template (~0.8 → ~0.5 s; docs/decisions/026-the-gate.md).
      pgliteSharedBuffers: config.PGLITE_SHARED_BUFFERS,
      ...(template ? { pgliteLoadDataDir: template } : {}),
    });
  }
  const name = `test_${randomBytes(6).toString("hex")}`;
  const template = process.env[PG_TEMPLATE_ENV];
  await adminQuery(serverUrl, `create database ${name}${template ? ` template ${template}` : ""}`);
  const database = await openDatabase({ databaseUrl: withDatabase(serverUrl, name), poolSize: 5 });
  return {
    ...database,
    async close() {
      await database.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
