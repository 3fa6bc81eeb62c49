import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Storage, StorageOptions } from "@google-cloud/storage";
import {
  attachment,
  type Bucket,
  callStore,
  type FileStorage,
  isValidKey,
  type SignedDownloadRequest,
  type SignedUpload,
  type SignedUploadRequest,
  type StoredChunks,
  type StreamedObject,
  streamedUpload,
  temporaryPartial,
  uploadPartial,
} from "./storage";

export interface GcsLocation {
  bucket: string;
  /** Another host speaking the JSON API (tests); unset: Google's. */
  endpoint?: string;
}

/** A fault of the store or of the way to it (refused, timeout, 5xx), not a verdict on the request. */
function isUnavailable(error: unknown): boolean {
  const e = error as { code?: unknown };
  if (typeof e.code === "number") return e.code >= 500;
  return typeof e.code === "string" || e.code === undefined;
}

const isMissing = (error: unknown) => (error as { code?: unknown }).code === 404;

/**
 * The chunk of a resumable upload held in memory and sent per request: Google's recommended least
 * (8 MiB; a chunk must be a multiple of 256 KiB), see `createWriteStream`'s `chunkSize`.
 */
const CHUNK_BYTES = 8 * 1024 * 1024;

/**
 * Google Cloud Storage through `@google-cloud/storage`, with the runtime's own credentials (on Cloud Run
 * and Cloud Functions the service account: V4 addresses are then signed through its signBlob call, no
 * key file). Objects are `{area}/{key}`, as on disk and on S3.
 */
export class GcsStorage implements FileStorage {
  readonly driver = "gcs";
  readonly uploadOrigin: string;
  private readonly storage: Storage;

  constructor(
    StorageClass: typeof Storage,
    private readonly location: GcsLocation,
    options: StorageOptions = {},
  ) {
    this.storage = new StorageClass({
      ...(location.endpoint ? { apiEndpoint: location.endpoint } : {}),
      retryOptions: { maxRetries: 1 },
      ...options,
    });
    this.uploadOrigin = new URL(location.endpoint ?? "https://storage.googleapis.com").origin;
  }

  private file(bucket: Bucket, key: string) {
    if (!isValidKey(key)) throw new Error(`Invalid storage key: ${key}`);
    return this.storage.bucket(this.location.bucket).file(`${bucket}/${key}`);
  }

  private call<T, M>(operation: string, run: () => Promise<T>, missing: M): Promise<T | M> {
    return callStore({ isMissing, isUnavailable }, operation, run, missing);
  }

  async write(bucket: Bucket, key: string, data: Uint8Array, contentType?: string): Promise<void> {
    const file = this.file(bucket, key);
    await this.call(
      "write",
      () => file.save(Buffer.from(data), { resumable: false, ...(contentType ? { contentType } : {}) }),
      null,
    );
  }

  async read(bucket: Bucket, key: string): Promise<Buffer | null> {
    if (!isValidKey(key)) return null;
    const file = this.file(bucket, key);
    const downloaded = await this.call("read", () => file.download(), null);
    return downloaded ? downloaded[0] : null;
  }

  async readHead(bucket: Bucket, key: string, length: number): Promise<Uint8Array | null> {
    const size = await this.stat(bucket, key);
    if (size === null) return null;
    if (size.size === 0) return new Uint8Array(0);
    const file = this.file(bucket, key);
    const downloaded = await this.call("read", () => file.download({ start: 0, end: length - 1 }), null);
    return downloaded ? downloaded[0].subarray(0, length) : null;
  }

  async stat(bucket: Bucket, key: string): Promise<{ size: number } | null> {
    if (!isValidKey(key)) return null;
    const file = this.file(bucket, key);
    const metadata = await this.call("stat", () => file.getMetadata(), null);
    return metadata ? { size: Number(metadata[0].size ?? 0) } : null;
  }

  /** Opened after a stat, so that "missing" is known before anything is read. */
  async readStream(bucket: Bucket, key: string): Promise<Readable | null> {
    if ((await this.stat(bucket, key)) === null) return null;
    return this.file(bucket, key).createReadStream({ validation: false });
  }

  /**
   * Stopped part way (a failed export), the download is read to its end and dropped rather than
   * destroyed: the SDK answers a destroyed download by destroying the keep-alive agent every request of
   * the client shares (file.js, createReadStream's `onComplete`), which fails whatever else is under
   * way — the removal of the failed export, another user's request (seen in storage-contract.test.ts).
   */
  async readInto(bucket: Bucket, key: string): Promise<StoredChunks | null> {
    const stream = await this.readStream(bucket, key);
    if (!stream) return null;
    // The request is made on the first read; before it nothing is under way and destroying is harmless.
    let requested = false;
    stream.once("reading", () => {
      requested = true;
    });
    return {
      [Symbol.asyncIterator]: () => stream.iterator({ destroyOnReturn: false }),
      close: () => {
        if (!requested) stream.destroy();
        else if (!stream.readableEnded) {
          // What is dropped may fail unheard (an "error" nobody listens to would end the process).
          stream.on("error", () => undefined);
          stream.resume();
        }
      },
    };
  }

  async remove(bucket: Bucket, key: string): Promise<void> {
    const file = this.file(bucket, key);
    await this.call("remove", () => file.delete({ ignoreNotFound: true }), null);
  }

  async removeTree(bucket: Bucket, key: string): Promise<void> {
    await this.remove(bucket, key);
    const prefix = `${bucket}/${key}/`;
    await this.call("remove", () => this.storage.bucket(this.location.bucket).deleteFiles({ prefix }), null);
  }

  async partialPathFor(bucket: Bucket, key: string): Promise<string> {
    this.file(bucket, key);
    return temporaryPartial();
  }

  /** A resumable upload of the finished file: the object appears only once it is complete. */
  async moveIntoPlace(partial: string, bucket: Bucket, key: string): Promise<void> {
    this.file(bucket, key);
    const destination = `${bucket}/${key}`;
    const target = this.storage.bucket(this.location.bucket);
    await uploadPartial(partial, key, () =>
      this.call("write", () => target.upload(partial, { destination, resumable: true }), null),
    );
  }

  /**
   * A resumable upload in chunks of CHUNK_BYTES (one in memory at a time): the object exists only once
   * the last chunk is in, which the SDK sends when `output` has ended. The type comes from the key's
   * extension (the SDK's guess); the download address names it anyway.
   */
  streamTo(bucket: Bucket, key: string): StreamedObject {
    const file = this.file(bucket, key);
    // No CRC32C pass over the whole export: the SDK computes it byte by byte in JavaScript (crc32c.js).
    const upload = file.createWriteStream({ resumable: true, chunkSize: CHUNK_BYTES, validation: false });
    return streamedUpload({
      start: (body) => this.call("write", () => pipeline(body, upload), null),
      // Without its last chunk the session never becomes an object (Google drops it after a week).
      remove: () => this.remove(bucket, key),
    });
  }

  async signedUpload(bucket: Bucket, key: string, request: SignedUploadRequest): Promise<SignedUpload> {
    const [policy] = await this.file(bucket, key).generateSignedPostPolicyV4({
      expires: Date.now() + request.expiresInSeconds * 1000,
      conditions: [
        ["content-length-range", 1, request.maxBytes],
        ["eq", "$Content-Type", request.contentType],
      ],
      fields: { "Content-Type": request.contentType },
    });
    return { method: "POST", url: policy.url, fields: policy.fields };
  }

  async signedDownload(bucket: Bucket, key: string, request: SignedDownloadRequest): Promise<string> {
    const [url] = await this.file(bucket, key).getSignedUrl({
      version: "v4",
      action: "read",
      expires: Date.now() + request.expiresInSeconds * 1000,
      responseDisposition: attachment(request.fileName),
      responseType: request.contentType,
    });
    return url;
  }
}
