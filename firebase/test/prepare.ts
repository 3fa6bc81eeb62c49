/**
 * What `npm run test:firebase` needs before the emulators start, which is mostly downloads: Node 24 and
 * firebase-tools in the cache (cache.ts), the functions' source folder and its own dependencies, installed from
 * its package.json as Cloud Build would. run.ts does each step that is not done yet; `.ci/run` runs this file
 * first, in the background while the other checks use the cores (docs/decisions/026-the-gate.md). Run directly,
 * it prints the folder of Node 24's binaries on its last line.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildFunctions, FUNCTIONS_DIR } from "../build.mjs";
import { CACHE, cachedPackage, nodeBinDir, sh } from "./cache";

export const FIREBASE_TOOLS = "15.34.2";

/** firebase-tools' command line, installed into the cache when missing. */
export async function firebaseCli(): Promise<string> {
  return path.join(
    await cachedPackage("firebase-tools", "firebase-tools", FIREBASE_TOOLS),
    "lib/bin/firebase.js",
  );
}

/** The functions' own dependencies, installed from their package.json when it changed (as Cloud Build installs them). */
export async function installFunctionDependencies(nodeDir: string): Promise<void> {
  const manifest = readFileSync(path.join(FUNCTIONS_DIR, "package.json"), "utf8");
  const stamp = path.join(CACHE, "functions-package.json");
  const installed = existsSync(stamp) ? readFileSync(stamp, "utf8") : "";
  if (manifest === installed && existsSync(path.join(FUNCTIONS_DIR, "node_modules/firebase-functions")))
    return;
  await sh("npm", ["install", "--omit=dev", "--no-audit", "--no-fund", "--no-package-lock"], {
    cwd: FUNCTIONS_DIR,
    env: { ...process.env, PATH: `${nodeDir}${path.delimiter}${process.env.PATH}` },
  });
  writeFileSync(stamp, manifest);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  mkdirSync(CACHE, { recursive: true });
  const nodeDir = await nodeBinDir();
  await firebaseCli();
  await buildFunctions();
  await installFunctionDependencies(nodeDir);
  // The last line is the answer (an install prints above it).
  console.log(nodeDir);
}
