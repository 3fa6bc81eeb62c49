import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { buildClient, clientBuildIsStale } from "../src/server/build-client";
import { loadConfig } from "../src/server/config";
import { type RunningServer, startServer } from "../src/server/server";
import { startTranslateStandIn, type TranslateStandIn } from "../src/server/test/google-translate-stand-in";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    demoPassword: string;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const address = s.address();
      s.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

let server: RunningServer | undefined;
let translateStandIn: TranslateStandIn | undefined;
let dataDir: string | undefined;

/** The real app on a free port of 127.0.0.1, with demo data in `dataDir`, plus `env`. */
export async function startE2eServer(
  dataDir: string,
  demoPassword: string,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const port = await freePort();
  return startServer(
    loadConfig({
      NODE_ENV: "development",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      DEMO_PASSWORD: demoPassword,
      LOG_LEVEL: "warn",
      AUTH_RATE_LIMIT: "off",
      ...env,
    }),
  );
}

/** The real app (built SPA + API) on a fresh embedded database with demo data, as `npm start` runs it. */
export async function setup(project: TestProject) {
  if (clientBuildIsStale()) buildClient();
  dataDir = mkdtempSync(path.join(tmpdir(), "decisionhub-e2e-"));
  const demoPassword = "e2e-demo-password";
  // Machine translation through a local server speaking Google's REST API ("FR:" before the English).
  translateStandIn = await startTranslateStandIn();
  server = await startE2eServer(dataDir, demoPassword, {
    GOOGLE_TRANSLATE_API_KEY: "e2e-translate-key",
    GOOGLE_TRANSLATE_ENDPOINT: translateStandIn.url,
  });
  project.provide("baseURL", server.url);
  project.provide("demoPassword", demoPassword);
}

export async function teardown() {
  await server?.close();
  await translateStandIn?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
