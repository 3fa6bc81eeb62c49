import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createApp } from "../app";
import { type Config, loadConfig } from "../config";
import { createDeps, type JobTriggers } from "../server";
import { createTestDatabase } from "./database";

export const TEST_ORIGIN = "http://localhost:3000";
export const TEST_PASSWORD = "test-password-1";

export interface TestApp {
  app: ReturnType<typeof createApp>;
  deps: Awaited<ReturnType<typeof createDeps>>;
  /** A request as a browser on our origin would send it. */
  request(
    path: string,
    init?: { method?: string; body?: unknown; cookie?: string; headers?: Record<string, string> },
  ): Promise<Response>;
  /** Signs in and returns the Cookie header value for later requests. */
  signIn(email: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * The whole app on a fresh migrated database, driven through app.request (no network). `triggers`: what
 * starts background work, as a host other than the Node server passes it (see createDeps).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  triggers?: JobTriggers,
): Promise<TestApp> {
  const config: Config = loadConfig({
    NODE_ENV: "test",
    PUBLIC_URL: TEST_ORIGIN,
    PORT: "3000",
    BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
    DEMO_DATA: "off",
    AUTH_RATE_LIMIT: "off",
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    SERVE_CLIENT: "off",
    // Uploaded files go to a folder of this test's own, removed on close.
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "decisionhub-test-")),
    ...env,
  });
  const database = await createTestDatabase();
  const deps = await createDeps(config, database, triggers);
  const app = createApp(deps, { serveClient: false });

  const request: TestApp["request"] = (path, init = {}) => {
    const headers: Record<string, string> = { origin: TEST_ORIGIN, ...init.headers };
    if (init.cookie) headers.cookie = init.cookie;
    let body: string | undefined;
    if (init.body !== undefined) {
      headers["content-type"] ??= "application/json";
      body = typeof init.body === "string" ? init.body : JSON.stringify(init.body);
    }
    return Promise.resolve(app.request(path, { method: init.method ?? "GET", headers, body }));
  };

  return {
    app,
    deps,
    request,
    async signIn(email, password = TEST_PASSWORD) {
      const res = await request("/api/auth/sign-in/email", { method: "POST", body: { email, password } });
      if (res.status !== 200)
        throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
      const cookie = res.headers.get("set-cookie")?.match(/better-auth\.session_token=[^;]+/)?.[0];
      if (!cookie) throw new Error("sign-in returned no session cookie");
      return cookie;
    },
    async close() {
      await deps.mailer.stop();
      await database.close();
      rmSync(config.DATA_DIR, { recursive: true, force: true });
    },
  };
}
