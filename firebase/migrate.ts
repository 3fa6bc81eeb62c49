/**
 * `npm run firebase:migrate` — run once per deploy, before `firebase deploy` (docs/deploy/firebase.md):
 * applies the migrations under the advisory lock the functions' cold starts also take, and writes the
 * reference data. With `--demo`, also the demo organization when the database has none (the emulator
 * test; never a production database), its files in STORAGE_URL.
 *
 *   DATABASE_URL=postgres://… npm run firebase:migrate [-- --demo]
 */
import { loadConfig } from "../src/server/config";
import { seedDemoIfEmpty } from "../src/server/demo/seed";
import { createStorage } from "../src/server/files/create-storage";
import { ensureReferenceData } from "../src/server/plans/reference-data";
import { PGLITE_REFUSED } from "./config";
import { openFunctionDatabase } from "./database";

const demo = process.argv.includes("--demo");
// Only what this command reads: the database, and for the demo its password and the files' store.
const config = loadConfig({
  DATABASE_URL: process.env.DATABASE_URL,
  STORAGE_URL: process.env.STORAGE_URL,
  DEMO_PASSWORD: process.env.DEMO_PASSWORD,
  DATA_DIR: process.env.DATA_DIR,
  DATABASE_POOL_SIZE: "2",
});
if (!config.DATABASE_URL) throw new Error(PGLITE_REFUSED);
const database = await openFunctionDatabase(config);
try {
  await database.migrate();
  await ensureReferenceData(database.db);
  console.log("Migrations applied; reference data in place.");
  if (demo) {
    const storage = await createStorage(config);
    const seeded = await seedDemoIfEmpty(database.db, config.DEMO_PASSWORD, storage, config.publicUrl);
    console.log(seeded ? "Demo organization created." : "The database already has data: no demo created.");
  }
} finally {
  await database.close();
}
