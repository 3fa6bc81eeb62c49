import { vi } from "vitest";
import { createTestApp, type TestApp } from "./harness";
import { type LocalS3, startLocalS3 } from "./local-s3";

export { type LocalS3, startLocalS3 } from "./local-s3";

/**
 * The whole app with STORAGE_URL naming a local S3 server of its own (the SDK takes s3rver's keys from
 * the standard variables, stubbed for the test file); `close` stops both.
 */
export async function createBucketTestApp(): Promise<{ s3: LocalS3; t: TestApp; close(): Promise<void> }> {
  const s3 = await startLocalS3();
  vi.stubEnv("AWS_ACCESS_KEY_ID", s3.credentials.accessKeyId);
  vi.stubEnv("AWS_SECRET_ACCESS_KEY", s3.credentials.secretAccessKey);
  const t = await createTestApp({ STORAGE_URL: s3.url });
  return {
    s3,
    t,
    async close() {
      await t.close();
      await s3.close();
      vi.unstubAllEnvs();
    },
  };
}
