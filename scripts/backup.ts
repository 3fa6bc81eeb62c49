/**
 * `npm run backup [-- --out FOLDER]`: a backup of the database and the stored files into a new folder
 * (default `backups/decisionhub-<time>`), with a manifest of row counts. With PGlite (no DATABASE_URL)
 * stop the server first: the folder has one owner, and the backup refuses to copy it while it is in use.
 * With DATABASE_URL it runs pg_dump, which is consistent while the server runs. See docs/reliability.md.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../src/server/config";
import { backup } from "../src/server/db/backup";

const { values } = parseArgs({ options: { out: { type: "string" } } });
const config = loadConfig();
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const out = path.resolve(values.out ?? path.join("backups", `decisionhub-${stamp}`));
try {
  const manifest = await backup({ dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL }, out);
  const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
  console.log(
    `Backed up ${manifest.database}: ${Object.keys(manifest.tables).length} tables, ${rows} rows, ` +
      `${manifest.files.count} files (${manifest.files.bytes} bytes) into ${out}`,
  );
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
}
