import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, type ServerProcess, startServerProcess } from "../../bench/runner/server-process";
import { buildClient, clientBuildIsStale } from "../../src/server/build-client";

/** The demo accounts' password on the scanned server (any will do: the database is new). */
export const SCAN_DEMO_PASSWORD = "security-scan-demo-password";

export interface ScanServer {
  process: ServerProcess;
  port: number;
  /** The server's DATA_DIR (PGlite in pglite/, uploads in files/), removed by `stop`. */
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Our server as `npm start` runs it (startServer through bench/frontend/server-entry.ts, the SPA built
 * first when stale), on a new PGlite folder that it seeds with the demo organization. The rate limits
 * are off (AUTH_RATE_LIMIT=off) so that the scanners' thousands of requests reach the handlers instead
 * of a 429; the limits have their own tests. Development mode, because the demo data is only seeded
 * outside production.
 */
export async function startScanServer(): Promise<ScanServer> {
  if (clientBuildIsStale()) {
    console.log("Building the client (missing or older than its sources)…");
    buildClient();
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "security-scan-"));
  const port = await freePort();
  try {
    const process = await startServerProcess({
      label: "app",
      entry: "bench/frontend/server-entry.ts",
      port,
      env: {
        DATA_DIR: dataDir,
        // PGlite whatever the calling shell says.
        DATABASE_URL: "",
        DEMO_DATA: "on",
        DEMO_PASSWORD: SCAN_DEMO_PASSWORD,
        NODE_ENV: "development",
        AUTH_RATE_LIMIT: "off",
        SERVE_CLIENT: "on",
        LOG_LEVEL: "warn",
        // The origin bench's ServerProcess names, whatever PUBLIC_URL the calling shell has.
        PUBLIC_URL: `http://localhost:${port}`,
        STRIPE_SECRET_KEY: "",
        STRIPE_WEBHOOK_SECRET: "",
      },
    });
    return {
      process,
      port,
      dataDir,
      async stop() {
        await process.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
