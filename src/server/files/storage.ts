import { randomUUID } from "node:crypto";
import { closeSync, createReadStream, fstatSync, openSync, read } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

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

  /**
   * The file's bytes as a stream (exports copy files into a zip without holding them in memory), or
   * null when there is none. The file is opened here, synchronously, so "missing" is known before the
   * caller starts writing anything for it, and a file removed afterwards is still read whole.
   */
  readStream(bucket: Bucket, key: string): Readable | null {
    const fd = this.openFile(bucket, key);
    // The path given is unused: the stream reads the descriptor opened here (and closes it).
    return fd === null ? null : createReadStream(key, { fd });
  }

  /**
   * The file's bytes read into `buffer` again and again (see `LentChunks`), or null when there is none;
   * opened here, as `readStream` does. A copy of gigabytes (the attachment export) then allocates nothing
   * per chunk: a stream's new 64 KB buffer per read stays in the process until V8 collects it, which
   * raised the server's memory by tens of MB over an export (decision 018).
   */
  readInto(bucket: Bucket, key: string, buffer: Uint8Array): LentChunks | null {
    const fd = this.openFile(bucket, key);
    return fd === null ? null : new LentChunks(fd, buffer);
  }

  /** A descriptor open for reading a stored file, or null when it is missing, unreadable or a folder. */
  private openFile(bucket: Bucket, key: string): number | null {
    if (!isValidKey(key)) return null;
    let fd: number | undefined;
    try {
      fd = openSync(this.pathOf(bucket, key), "r");
      if (fstatSync(fd).isFile()) return fd;
    } catch {
      // Missing or unreadable: the same answer as `read`.
    }
    if (fd !== undefined) closeSync(fd);
    return null;
  }

  async remove(bucket: Bucket, key: string): Promise<void> {
    await rm(this.pathOf(bucket, key), { force: true });
  }

  // Results written as streams (exports, issue 8): a partial file beside the key, moved into place whole.

  /**
   * A new temporary path beside where `key` goes, its folder created: the caller writes it, then
   * moves it into place with `moveIntoPlace` (a rename within one folder: atomic) or deletes it.
   */
  async partialPathFor(bucket: Bucket, key: string): Promise<string> {
    const target = this.pathOf(bucket, key);
    await mkdir(path.dirname(target), { recursive: true });
    return `${target}.${randomUUID()}.partial`;
  }

  /** Puts a finished file from `partialPathFor(bucket, key)` in place, replacing what was there. */
  async moveIntoPlace(partial: string, bucket: Bucket, key: string): Promise<void> {
    const target = this.pathOf(bucket, key);
    if (!partial.startsWith(`${target}.`) || !partial.endsWith(".partial")) {
      throw new Error(`Not a partial file of ${key}`);
    }
    await rename(partial, target);
  }

  /** Removes a key and everything under it (a folder of files, partial ones included). */
  async removeTree(bucket: Bucket, key: string): Promise<void> {
    await rm(this.pathOf(bucket, key), { recursive: true, force: true });
  }
}

/**
 * A stored file's chunks, each a view of one buffer that the next read overwrites: a consumer must be
 * done with a chunk (written it out) before asking for the next. Read once; the file is closed at the
 * end of the reading, or by `close()` when the consumer stops early or never starts.
 */
export class LentChunks implements AsyncIterable<Uint8Array> {
  private closed = false;

  constructor(
    private readonly fd: number,
    private readonly buffer: Uint8Array,
  ) {}

  async *[Symbol.asyncIterator](): AsyncGenerator<Uint8Array> {
    try {
      while (!this.closed) {
        const bytesRead = await readChunk(this.fd, this.buffer);
        if (bytesRead === 0) return;
        yield this.buffer.subarray(0, bytesRead);
      }
    } finally {
      this.close();
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
  }
}

function readChunk(fd: number, buffer: Uint8Array): Promise<number> {
  return new Promise((resolve, reject) => {
    read(fd, buffer, 0, buffer.length, null, (error, bytesRead) =>
      error ? reject(error) : resolve(bytesRead),
    );
  });
}
