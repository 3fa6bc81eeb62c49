import { randomUUID } from "node:crypto";
import { closeSync, createReadStream, fstatSync, openSync, read } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Readable, Transform, type Writable } from "node:stream";
import { notFound } from "../http/errors";

export type Bucket = "public" | "private";

/** A key is slash-separated segments of letters, digits, dot, dash and underscore — never "..". */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

export function isValidKey(key: string): boolean {
  const segments = key.split("/");
  return segments.length <= 8 && segments.every((s) => SEGMENT.test(s) && s !== "." && s !== "..");
}

/** See `FileStorage.streamTo`. */
export interface StreamedObject {
  output: Writable;
  /** Waits until the whole object is stored (after `output` has ended): its size in bytes. */
  finish(): Promise<number>;
  /** Stops the upload and removes whatever of it was stored. */
  abort(): Promise<void>;
}

/** A stored file's chunks, read once; `close()` stops a reading early (or one never started). */
export interface StoredChunks extends AsyncIterable<Uint8Array> {
  close(): void;
}

/**
 * Where the browser sends a file itself: a form POST of `fields`, then the file as the field `file`
 * (a signed POST policy, which fixes the key, the content type and the size range).
 */
export interface SignedUpload {
  method: "POST";
  url: string;
  fields: Record<string, string>;
}

export interface SignedUploadRequest {
  contentType: string;
  maxBytes: number;
  expiresInSeconds: number;
}

export interface SignedDownloadRequest {
  expiresInSeconds: number;
  /** The name the browser saves it under (always as an attachment). */
  fileName: string;
  contentType: string;
}

/**
 * Where files live: the local disk (the embedded default), an S3-compatible bucket or Google Cloud
 * Storage, chosen by STORAGE_URL (docs/decisions/023-object-storage.md). Keys are `isValidKey` keys
 * under two areas, "public" and "private", laid out the same way everywhere (`{area}/{key}`), so a
 * disk store copies into a bucket as it is.
 */
export interface FileStorage {
  readonly driver: "disk" | "s3" | "gcs";
  /** The origin `signedUpload` addresses point at (the page's connect-src allows it); null: none. */
  readonly uploadOrigin: string | null;
  write(bucket: Bucket, key: string, data: Uint8Array, contentType?: string): Promise<void>;
  /** The file's bytes, or null when there is none. */
  read(bucket: Bucket, key: string): Promise<Buffer | null>;
  /** At most the first `length` bytes (a ranged read on a bucket), or null when there is no file. */
  readHead(bucket: Bucket, key: string, length: number): Promise<Uint8Array | null>;
  /** The file's size, or null when there is none. */
  stat(bucket: Bucket, key: string): Promise<{ size: number } | null>;
  /** The file's bytes as a stream, or null when there is none (known before anything is read). */
  readStream(bucket: Bucket, key: string): Promise<Readable | null>;
  /** The file's chunks (on disk read through `buffer`, see `LentChunks`), or null when there is none. */
  readInto(bucket: Bucket, key: string, buffer: Uint8Array): Promise<StoredChunks | null>;
  remove(bucket: Bucket, key: string): Promise<void>;
  /** Removes a key and everything under it. */
  removeTree(bucket: Bucket, key: string): Promise<void>;
  /**
   * A new local temporary file that will become `key`: the caller writes it, then `moveIntoPlace`
   * stores it whole (a rename on disk, an upload on a bucket) or deletes it. Nobody sees it before.
   */
  partialPathFor(bucket: Bucket, key: string): Promise<string>;
  moveIntoPlace(partial: string, bucket: Bucket, key: string): Promise<void>;
  /**
   * A result written straight into the store (a bucket's multipart upload: one part in memory at a
   * time, no local file), or null when the store has none (disk: `partialPathFor`). The object exists
   * only once `finish` has resolved; `abort` leaves nothing behind.
   */
  streamTo(bucket: Bucket, key: string): StreamedObject | null;
  /** An address the browser uploads `key` to itself; null: the store has none (disk: the app's route). */
  signedUpload(bucket: Bucket, key: string, request: SignedUploadRequest): Promise<SignedUpload | null>;
  /** An address the browser downloads `key` from itself; null: the store has none (disk: the app's route). */
  signedDownload(bucket: Bucket, key: string, request: SignedDownloadRequest): Promise<string | null>;
}

/** `attachment` with a header-safe fallback name for old clients; `filename*` carries the real one. */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** How a bucket driver tells its client's errors apart. */
export interface StoreErrors {
  isMissing(error: unknown): boolean;
  /** A fault of the store or of the way to it (refused, timeout, 5xx), not a verdict on the request. */
  isUnavailable(error: unknown): boolean;
}

/**
 * Runs one call of a bucket's client: a missing object gives `missing`, a fault of the store a
 * StorageUnavailableError (503), anything else is thrown as it is.
 */
export async function callStore<T, M>(
  errors: StoreErrors,
  operation: string,
  run: () => Promise<T>,
  missing: M,
): Promise<T | M> {
  try {
    return await run();
  } catch (error) {
    if (errors.isMissing(error)) return missing;
    if (errors.isUnavailable(error)) throw new StorageUnavailableError(operation, error);
    throw error;
  }
}

/** A bucket's object stream as chunks a caller may stop reading (`close`). */
export function chunksOf(stream: Readable): StoredChunks {
  return {
    [Symbol.asyncIterator]: () => stream[Symbol.asyncIterator](),
    close: () => stream.destroy(),
  };
}

/**
 * A bucket driver's `moveIntoPlace`: `upload` stores the finished local file `partial` (from
 * `temporaryPartial`), which is deleted either way.
 */
export async function uploadPartial(
  partial: string,
  key: string,
  upload: () => Promise<unknown>,
): Promise<void> {
  if (!path.basename(partial).endsWith(".partial")) throw new Error(`Not a partial file of ${key}`);
  try {
    await upload();
  } finally {
    await rm(partial, { force: true });
  }
}

/**
 * A bucket driver's `streamTo`: `output` counts what passes to the upload `start` begins at once (it
 * reads the other side as it is written); `finish` waits for it; `abort` destroys the writer, then
 * `stop`s the upload and removes whatever of it was stored.
 */
export function streamedUpload(upload: {
  start(body: Readable): Promise<unknown>;
  stop?(): Promise<unknown>;
  remove(): Promise<void>;
}): StreamedObject {
  let size = 0;
  const output = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(null, chunk);
    },
  });
  const completion = upload.start(output);
  // A failed upload fails the writer too (nothing would read the rest of what it is given).
  completion.catch((error) => output.destroy(error));
  return {
    output,
    finish: async () => {
      await completion;
      return size;
    },
    abort: async () => {
      output.destroy();
      await upload.stop?.().catch(() => undefined);
      await completion.catch(() => undefined);
      await upload.remove();
    },
  };
}

/** A bucket driver's `partialPathFor`: a new file name in the system's temporary folder. */
export const temporaryPartial = () => path.join(tmpdir(), `decisionhub-${randomUUID()}.partial`);

/**
 * A bucket's own download address for an existing `private` file, or null on disk (the app serves the
 * bytes) — and `notFound` when the bucket has no such file: an address to nothing is never handed out.
 */
export async function signedDownloadOf(
  storage: FileStorage,
  key: string,
  request: SignedDownloadRequest,
): Promise<string | null> {
  if (storage.driver === "disk") return null;
  if (!(await storage.stat("private", key))) throw notFound();
  return storage.signedDownload("private", key, request);
}

/**
 * The store could not be reached or answered with a fault of its own (not a verdict on the request):
 * answered 503 with Retry-After, like a database that is down (src/server/http/unavailable.ts).
 */
export class StorageUnavailableError extends Error {
  readonly code = "STORAGE_UNAVAILABLE";
  constructor(operation: string, cause: unknown) {
    super(`The file store is unavailable (${operation})`, { cause });
  }
}

/**
 * Files on disk under `root/{bucket}/{key}` (DATA_DIR/files). Writes go to a temporary name first
 * and are renamed into place, so a reader never sees half a file.
 */
export class DiskStorage implements FileStorage {
  readonly driver = "disk";
  readonly uploadOrigin = null;
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
  async readStream(bucket: Bucket, key: string): Promise<Readable | null> {
    const fd = this.openFile(bucket, key);
    // The path given is unused: the stream reads the descriptor opened here (and closes it).
    return fd === null ? null : createReadStream(key, { fd });
  }

  async readHead(bucket: Bucket, key: string, length: number): Promise<Uint8Array | null> {
    const fd = this.openFile(bucket, key);
    if (fd === null) return null;
    try {
      const head = new Uint8Array(length);
      return head.subarray(0, await readChunk(fd, head));
    } finally {
      closeSync(fd);
    }
  }

  async stat(bucket: Bucket, key: string): Promise<{ size: number } | null> {
    const fd = this.openFile(bucket, key);
    if (fd === null) return null;
    try {
      return { size: fstatSync(fd).size };
    } finally {
      closeSync(fd);
    }
  }

  /**
   * The file's bytes read into `buffer` again and again (see `LentChunks`), or null when there is none;
   * opened here, as `readStream` does. A copy of gigabytes (the attachment export) then allocates nothing
   * per chunk: a stream's new 64 KB buffer per read stays in the process until V8 collects it, which
   * raised the server's memory by tens of MB over an export (decision 018).
   */
  async readInto(bucket: Bucket, key: string, buffer: Uint8Array): Promise<LentChunks | null> {
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

  // Results written as streams (exports, docs/decisions/011-exports.md): a partial file beside the key, moved
  // into place whole.

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

  streamTo(): StreamedObject | null {
    return null;
  }

  // The app's own routes carry the bytes on disk (files/routes.ts): no address of the store's own.
  async signedUpload(): Promise<SignedUpload | null> {
    return null;
  }

  async signedDownload(): Promise<string | null> {
    return null;
  }
}

/**
 * A stored file's chunks, each a view of one buffer that the next read overwrites: a consumer must be
 * done with a chunk (written it out) before asking for the next. Read once; the file is closed at the
 * end of the reading, or by `close()` when the consumer stops early or never starts.
 */
export class LentChunks implements StoredChunks {
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
