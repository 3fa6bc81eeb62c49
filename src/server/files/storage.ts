import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

export type Bucket = "public" | "private";

/** A key is slash-separated segments of letters, digits, dot, dash and underscore — never "..". */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

export function isValidKey(key: string): boolean {
  const segments = key.split("/");
  return segments.length <= 8 && segments.every((s) => SEGMENT.test(s) && s !== "." && s !== "..");
}

/**
 * Files on disk under `root/{bucket}/{key}` (DATA_DIR/files). Writes go to a temporary name first
 * and are renamed into place, so a reader never sees half a file.
 */
export class DiskStorage {
  constructor(private readonly root: string) {}

  private pathOf(bucket: Bucket, key: string): string {
    if (!isValidKey(key)) throw new Error(`Invalid storage key: ${key}`);
    return path.join(this.root, bucket, ...key.split("/"));
  }

  async write(bucket: Bucket, key: string, data: Uint8Array): Promise<void> {
    const target = this.pathOf(bucket, key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}.partial`;
    await writeFile(temporary, data);
    await rename(temporary, target);
  }

  /** The file's bytes, or null when there is none. */
  async read(bucket: Bucket, key: string): Promise<Buffer | null> {
    if (!isValidKey(key)) return null;
    try {
      return await readFile(this.pathOf(bucket, key));
    } catch {
      return null;
    }
  }

  async remove(bucket: Bucket, key: string): Promise<void> {
    await rm(this.pathOf(bucket, key), { force: true });
  }
}
