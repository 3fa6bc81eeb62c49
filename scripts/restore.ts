/**
 * `npm run restore -- FOLDER [--replace]`: restores a backup made by `npm run backup` into DATA_DIR
 * (PGlite) or DATABASE_URL, with the stored files, then checks every table's row count and the files
 * against the backup's manifest. Stop the server first. Nothing is deleted: without --replace an
 * existing database or files folder is refused; with it they are moved aside (PGlite, files) or
 * cleaned by pg_restore (PostgreSQL).
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../src/server/config";
import { restore } from "../src/server/db/backup";

const { values, positionals } = parseArgs({
  options: { replace: { type: "boolean", default: false } },
  allowPositionals: true,
});
const folder = positionals[0];
if (!folder) {
  console.error("Usage: npm run restore -- FOLDER [--replace]");
  process.exit(2);
}
const config = loadConfig();
try {
  const manifest = await restore(
    path.resolve(folder),
    { dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL },
    { replace: values.replace },
  );
  const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
  console.log(
    `Restored the backup of ${manifest.createdAt}: ${rows} rows and ${manifest.files.count} files, checked against its manifest.`,
  );
} catch (error) {
  console.error(`Restore failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
}
