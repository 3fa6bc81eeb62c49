import { createReadStream } from "node:fs";
import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { createPresignedPost } from "@aws-sdk/s3-presigned-post";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import {
  attachment,
  type Bucket,
  callStore,
  chunksOf,
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

export interface S3Location {
  bucket: string;
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
}

/** Errors that mean "no such object", whatever the store calls them. */
const MISSING = new Set(["NoSuchKey", "NotFound", "NoSuchObject"]);
/** The part size of a multipart upload: the least S3 accepts; one part is held in memory at a time. */
const PART_BYTES = 5 * 1024 * 1024;

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return MISSING.has(e.name ?? "") || e.$metadata?.httpStatusCode === 404;
}

/**
 * A fault of the store or of the way to it (refused connection, timeout, 5xx), as opposed to a verdict
 * on the request (403, 400…), which stays an error of ours.
 */
function isUnavailable(error: unknown): boolean {
  const e = error as { $metadata?: { httpStatusCode?: number }; $fault?: string; code?: string };
  const status = e.$metadata?.httpStatusCode;
  if (status !== undefined) return status >= 500;
  return e.$fault === "server" || typeof e.code === "string" || !("$metadata" in (error as object));
}

/**
 * Any S3-compatible store (AWS S3, Cloudflare R2, MinIO, Google Cloud Storage's XML API with HMAC
 * keys). Objects are `{area}/{key}` in one bucket, as on disk. Credentials come from the SDK's usual
 * chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, or the runtime's role).
 */
export class S3Storage implements FileStorage {
  readonly driver = "s3";
  readonly uploadOrigin: string;
  private readonly client: S3Client;

  constructor(
    private readonly location: S3Location,
    clientConfig: Partial<S3ClientConfig> = {},
  ) {
    this.client = new S3Client({
      region: location.region,
      forcePathStyle: location.forcePathStyle,
      ...(location.endpoint ? { endpoint: location.endpoint } : {}),
      // One retry: a store that is down answers 503 quickly rather than after the SDK's backoff.
      maxAttempts: 2,
      ...clientConfig,
    });
    this.uploadOrigin = uploadOriginOf(location);
  }

  private objectKey(bucket: Bucket, key: string): string {
    if (!isValidKey(key)) throw new Error(`Invalid storage key: ${key}`);
    return `${bucket}/${key}`;
  }

  /** Runs one call of the store: a missing object gives `missing`, a fault of the store a 503. */
  private call<T, M>(operation: string, run: () => Promise<T>, missing: M): Promise<T | M> {
    return callStore({ isMissing, isUnavailable }, operation, run, missing);
  }

  private async get(bucket: Bucket, key: string, range?: string) {
    if (!isValidKey(key)) return null;
    const Key = this.objectKey(bucket, key);
    return this.call(
      "read",
      () =>
        this.client.send(
          new GetObjectCommand({ Bucket: this.location.bucket, Key, ...(range ? { Range: range } : {}) }),
        ),
      null,
    );
  }

  async write(bucket: Bucket, key: string, data: Uint8Array, contentType?: string): Promise<void> {
    const Key = this.objectKey(bucket, key);
    await this.call(
      "write",
      () =>
        this.client.send(
          new PutObjectCommand({
            Bucket: this.location.bucket,
            Key,
            Body: data,
            ...(contentType ? { ContentType: contentType } : {}),
          }),
        ),
      null,
    );
  }

  async read(bucket: Bucket, key: string): Promise<Buffer | null> {
    const object = await this.get(bucket, key);
    if (!object?.Body) return null;
    return Buffer.from(await object.Body.transformToByteArray());
  }

  async readHead(bucket: Bucket, key: string, length: number): Promise<Uint8Array | null> {
    const size = await this.stat(bucket, key);
    if (size === null) return null;
    if (size.size === 0) return new Uint8Array(0);
    const object = await this.get(bucket, key, `bytes=0-${length - 1}`);
    if (!object?.Body) return null;
    // A store that ignores Range sends the whole object: only the head is kept.
    return (await object.Body.transformToByteArray()).subarray(0, length);
  }

  async stat(bucket: Bucket, key: string): Promise<{ size: number } | null> {
    if (!isValidKey(key)) return null;
    const Key = this.objectKey(bucket, key);
    const head = await this.call(
      "stat",
      () => this.client.send(new HeadObjectCommand({ Bucket: this.location.bucket, Key })),
      null,
    );
    return head ? { size: head.ContentLength ?? 0 } : null;
  }

  async readStream(bucket: Bucket, key: string): Promise<Readable | null> {
    const object = await this.get(bucket, key);
    return object?.Body ? (object.Body as Readable) : null;
  }

  async readInto(bucket: Bucket, key: string): Promise<StoredChunks | null> {
    const stream = await this.readStream(bucket, key);
    if (!stream) return null;
    return chunksOf(stream);
  }

  async remove(bucket: Bucket, key: string): Promise<void> {
    const Key = this.objectKey(bucket, key);
    await this.call(
      "remove",
      () => this.client.send(new DeleteObjectCommand({ Bucket: this.location.bucket, Key })),
      null,
    );
  }

  async removeTree(bucket: Bucket, key: string): Promise<void> {
    const prefix = `${this.objectKey(bucket, key)}/`;
    await this.remove(bucket, key);
    for (;;) {
      const listed = await this.call(
        "list",
        () =>
          this.client.send(
            new ListObjectsV2Command({ Bucket: this.location.bucket, Prefix: prefix, MaxKeys: 1000 }),
          ),
        null,
      );
      const keys = (listed?.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (keys.length === 0) return;
      await this.call(
        "remove",
        () =>
          this.client.send(
            new DeleteObjectsCommand({
              Bucket: this.location.bucket,
              Delete: { Objects: keys, Quiet: true },
            }),
          ),
        null,
      );
    }
  }

  async partialPathFor(bucket: Bucket, key: string): Promise<string> {
    this.objectKey(bucket, key);
    return temporaryPartial();
  }

  /**
   * Uploads the finished temporary file in parts (one part in memory at a time): the object exists only
   * once the last part is in, so a reader never sees half of it. The temporary file goes either way.
   */
  async moveIntoPlace(partial: string, bucket: Bucket, key: string): Promise<void> {
    const Key = this.objectKey(bucket, key);
    await uploadPartial(partial, key, () => {
      const upload = new Upload({
        client: this.client,
        params: { Bucket: this.location.bucket, Key, Body: createReadStream(partial) },
        partSize: PART_BYTES,
        queueSize: 1,
        leavePartsOnError: false,
      });
      return this.call("write", () => upload.done(), null);
    });
  }

  streamTo(bucket: Bucket, key: string): StreamedObject {
    const Key = this.objectKey(bucket, key);
    let upload: Upload | undefined;
    return streamedUpload({
      start: (Body) => {
        const started = new Upload({
          client: this.client,
          params: { Bucket: this.location.bucket, Key, Body },
          partSize: PART_BYTES,
          queueSize: 1,
          leavePartsOnError: false,
        });
        upload = started;
        return this.call("write", () => started.done(), null);
      },
      stop: async () => upload?.abort(),
      remove: () => this.remove(bucket, key),
    });
  }

  async signedUpload(bucket: Bucket, key: string, request: SignedUploadRequest): Promise<SignedUpload> {
    const post = await createPresignedPost(this.client, {
      Bucket: this.location.bucket,
      Key: this.objectKey(bucket, key),
      Conditions: [
        ["content-length-range", 1, request.maxBytes],
        ["eq", "$Content-Type", request.contentType],
      ],
      Fields: { "Content-Type": request.contentType },
      Expires: request.expiresInSeconds,
    });
    return { method: "POST", url: post.url, fields: post.fields };
  }

  async signedDownload(bucket: Bucket, key: string, request: SignedDownloadRequest): Promise<string> {
    return getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.location.bucket,
        Key: this.objectKey(bucket, key),
        ResponseContentDisposition: attachment(request.fileName),
        ResponseContentType: request.contentType,
        ResponseCacheControl: "private, no-store",
      }),
      { expiresIn: request.expiresInSeconds },
    );
  }

  /** Ends the client's connections (tests, shutdown). */
  close(): void {
    this.client.destroy();
  }
}

/**
 * Where the browser posts to: the endpoint itself with path-style addressing, else the bucket's own
 * host under it (AWS without an endpoint: its regional virtual-hosted address).
 */
function uploadOriginOf(location: S3Location): string {
  if (!location.endpoint) return `https://${location.bucket}.s3.${location.region}.amazonaws.com`;
  const endpoint = new URL(location.endpoint);
  if (location.forcePathStyle) return endpoint.origin;
  return `${endpoint.protocol}//${location.bucket}.${endpoint.host}`;
}
