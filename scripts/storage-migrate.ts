/**
 * `npm run storage:migrate [-- --from FOLDER]`: copies the files of a disk store (default DATA_DIR/files)
 * into the store STORAGE_URL names (a bucket), under the same keys. Safe to run again: what is already
 * there with the same size is skipped. The disk is left as it was. See README ("Where files live").
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../src/server/config";
import { copyDiskStore } from "../src/server/files/copy-store";
import { createStorage } from "../src/server/files/create-storage";

const { values } = parseArgs({ options: { from: { type: "string" } } });
const config = loadConfig();
if (config.STORAGE_URL.driver === "disk") {
  console.error("STORAGE_URL names no bucket: set it to s3://… or gs://… (the target) and run again.");
  process.exit(1);
}
const from = path.resolve(values.from ?? path.join(config.DATA_DIR, "files"));
try {
  const report = await copyDiskStore(from, await createStorage(config));
  console.log(
    `Copied ${report.copied} files (${report.bytes} bytes) from ${from}; ${report.skipped} already there` +
      (report.ignored.length > 0 ? `; left alone (not stored files): ${report.ignored.join(", ")}` : ""),
  );
} catch (error) {
  console.error(`Copy failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
}
