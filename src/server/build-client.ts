import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { CLIENT_DIST } from "./app";
import { PROJECT_ROOT as ROOT } from "./project-root";

const SOURCES = ["src/client", "src/shared", "vite.config.ts", "package-lock.json"];

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** True when dist/client is missing or older than any client source. */
export function clientBuildIsStale(): boolean {
  const built = path.join(CLIENT_DIST, "index.html");
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.join(ROOT, s)) > builtAt);
}

export function buildClient(): void {
  const vite = path.join(ROOT, "node_modules/.bin/vite");
  // Always React's production build: under `npm start` (development) or the tests (test) vite would
  // otherwise bundle the development build, two to three times slower in the browser.
  const result = spawnSync(vite, ["build", "--logLevel", "warn"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error("Building the client failed.");
}
