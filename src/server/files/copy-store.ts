import type { Dirent } from "node:fs";
import { copyFile, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { type Bucket, type FileStorage, isValidKey } from "./storage";

export interface CopyReport {
  copied: number;
  /** Already in the target with the same size (a second run, or one that stopped part way). */
  skipped: number;
  bytes: number;
  /** Paths under the folder that are not stored files (partial writes, stray names): left alone. */
  ignored: string[];
}

/** Every file under `folder`, as paths relative to it with "/" between segments. */
async function filesUnder(folder: string, prefix = ""): Promise<string[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(path.join(folder, prefix), { withFileTypes: true });
  } catch {
    return [];
  }
  const found: string[] = [];
  for (const entry of entries) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await filesUnder(folder, relative)));
    else if (entry.isFile()) found.push(relative);
  }
  return found;
}

/**
 * Copies a disk store (DATA_DIR/files: `public/…` and `private/…`) into another store under the same
 * keys (`npm run storage:migrate`). Each file goes whole (a bucket's multipart upload appears only once
 * complete); one already there with the same size is skipped, so a run that stopped can be run again.
 * Partial writes (`*.partial`) and names that are not keys are reported, never copied. The disk is
 * left as it was.
 */
export async function copyDiskStore(root: string, target: FileStorage): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: 0, bytes: 0, ignored: [] };
  for (const bucket of ["public", "private"] as const satisfies Bucket[]) {
    const folder = path.join(root, bucket);
    for (const key of (await filesUnder(folder)).sort()) {
      if (key.endsWith(".partial") || !isValidKey(key)) {
        report.ignored.push(`${bucket}/${key}`);
        continue;
      }
      const source = path.join(folder, ...key.split("/"));
      const { size } = await stat(source);
      if ((await target.stat(bucket, key))?.size === size) {
        report.skipped++;
        continue;
      }
      const partial = await target.partialPathFor(bucket, key);
      try {
        await copyFile(source, partial);
        await target.moveIntoPlace(partial, bucket, key);
      } finally {
        await rm(partial, { force: true });
      }
      report.copied++;
      report.bytes += size;
    }
  }
  return report;
}
