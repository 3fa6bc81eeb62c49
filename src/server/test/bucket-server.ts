import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { vi } from "vitest";
import { createTestApp, type TestApp } from "./harness";
import { DUMMY_SERVICE_ACCOUNT, type LocalGcs, startLocalGcs } from "./local-gcs";
import { type LocalS3, startLocalS3 } from "./local-s3";

export { DUMMY_SERVICE_ACCOUNT, type LocalGcs, startLocalGcs } from "./local-gcs";
export { type LocalS3, startLocalS3 } from "./local-s3";

/**
 * The whole app with STORAGE_URL naming a local bucket of its own — s3rver, or the stand-in for Cloud
 * Storage's JSON API — and the credentials its driver finds the usual way, stubbed for the test file:
 * s3rver's keys in the AWS variables; for gs://, Google's dummy service account as a key file in
 * GOOGLE_APPLICATION_CREDENTIALS (it signs the addresses; the calls to the stand-in carry none).
 * `close` stops both.
 */
export async function createBucketTestApp<D extends "s3" | "gcs" = "s3">(
  driver: D = "s3" as D,
): Promise<{ store: D extends "gcs" ? LocalGcs : LocalS3; t: TestApp; close(): Promise<void> }> {
  let keyFolder: string | null = null;
  let store: LocalS3 | LocalGcs;
  if (driver === "s3") {
    const s3 = await startLocalS3();
    vi.stubEnv("AWS_ACCESS_KEY_ID", s3.credentials.accessKeyId);
    vi.stubEnv("AWS_SECRET_ACCESS_KEY", s3.credentials.secretAccessKey);
    store = s3;
  } else {
    store = await startLocalGcs();
    keyFolder = await mkdtemp(path.join(tmpdir(), "gcs-key-"));
    const keyFile = path.join(keyFolder, "service-account.json");
    await writeFile(keyFile, JSON.stringify({ type: "service_account", ...DUMMY_SERVICE_ACCOUNT }));
    vi.stubEnv("GOOGLE_APPLICATION_CREDENTIALS", keyFile);
  }
  const t = await createTestApp({ STORAGE_URL: store.url });
  return {
    store: store as D extends "gcs" ? LocalGcs : LocalS3,
    t,
    async close() {
      await t.close();
      await store.close();
      if (keyFolder) await rm(keyFolder, { recursive: true, force: true });
      vi.unstubAllEnvs();
    },
  };
}
