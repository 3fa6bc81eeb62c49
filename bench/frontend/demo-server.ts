import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, type ServerProcess, startServerProcess } from "../runner/server-process";

/** Our server on the production build in dist/client, on a new embedded database with the demo data. */
export interface DemoServer {
  server: ServerProcess;
  demoPassword: string;
  /** Stops the server and removes its data folder. */
  stop: () => Promise<void>;
}

export async function startDemoServer(
  label: string,
  options: { healthyTimeoutMs?: number } = {},
): Promise<DemoServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `decisionhub-${label}-`));
  const demoPassword = randomBytes(12).toString("hex");
  const server = await startServerProcess({
    label: "app",
    entry: "bench/frontend/server-entry.ts",
    port: await freePort(),
    env: {
      // The demo data is made in development mode only; the client is the production build either way.
      NODE_ENV: "development",
      DEMO_DATA: "on",
      DEMO_PASSWORD: demoPassword,
      SERVE_CLIENT: "on",
      DATA_DIR: dataDir,
      // Always the embedded database: the page, not the database, is measured here.
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
    },
    ...(options.healthyTimeoutMs ? { healthyTimeoutMs: options.healthyTimeoutMs } : {}),
  });
  return {
    server,
    demoPassword,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
