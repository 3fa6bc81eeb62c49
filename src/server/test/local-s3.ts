import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/**
 * A real S3-compatible server (s3rver) on 127.0.0.1, a random port and a folder of its own, for the
 * S3 driver's tests. It stores, lists, ranges, multipart-uploads, takes browser POST uploads and
 * refuses expired presigned addresses, but it does NOT check V4 signatures nor a POST policy's
 * conditions: those are tested on our side (see storage-contract.test.ts and decision 023).
 */
export interface LocalS3 {
  /** STORAGE_URL for the app. */
  url: string;
  endpoint: string;
  bucket: string;
  /** The credentials s3rver knows (its only account). */
  credentials: { accessKeyId: string; secretAccessKey: string };
  close(): Promise<void>;
}

/**
 * `directory`: where s3rver keeps the objects, kept after `close` (the benchmark reuses its files);
 * without it a new temporary folder, removed by `close`.
 */
export async function startLocalS3(
  bucket = "decisionhub-test",
  options: { directory?: string } = {},
): Promise<LocalS3> {
  const kept = options.directory;
  if (kept) await mkdir(kept, { recursive: true });
  const directory = kept ?? (await mkdtemp(path.join(tmpdir(), "s3rver-")));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [CORS] }],
  });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    url: `s3://${bucket}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1&forcePathStyle=true`,
    endpoint,
    bucket,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    async close() {
      await server.close();
      if (!kept) await rm(directory, { recursive: true, force: true });
    },
  };
}

/** The browser posts uploads straight to the bucket from the app's origin (end-to-end tests). */
const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
  </CORSRule>
</CORSConfiguration>`;
