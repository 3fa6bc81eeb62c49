import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The bench/ folder, so default paths do not depend on the directory the command runs from. */
export const BENCH_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const REPO_DIR = path.resolve(BENCH_DIR, "..");
export const DEFAULT_DATA_DIR = path.join(BENCH_DIR, "data", "pglite");

/** Where the benchmark database lives: a PostgreSQL database or an embedded PGlite folder. */
export type DatabaseTarget =
  | { kind: "postgres"; databaseUrl: string; databaseName: string }
  | { kind: "pglite"; dataDir: string };

/** DATABASE_URL wins (as in the server's own config); otherwise a PGlite folder. */
export function resolveTarget(
  dataDirOption: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): DatabaseTarget {
  const databaseUrl = env.DATABASE_URL?.trim();
  if (databaseUrl) return { kind: "postgres", databaseUrl, databaseName: databaseNameOf(databaseUrl) };
  return { kind: "pglite", dataDir: dataDirOption ? path.resolve(dataDirOption) : DEFAULT_DATA_DIR };
}

export function databaseNameOf(databaseUrl: string): string {
  try {
    return decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, ""));
  } catch {
    throw new Error("DATABASE_URL is not a valid postgres:// URL.");
  }
}

/** A PGlite folder that holds a database cluster (PostgreSQL writes PG_VERSION at its root). */
export function isPgliteFolder(dataDir: string): boolean {
  return existsSync(path.join(dataDir, "PG_VERSION"));
}

/** For messages: the target without a password. */
export function describeTarget(target: DatabaseTarget): string {
  if (target.kind === "pglite") {
    const relative = path.relative(process.cwd(), target.dataDir);
    return `PGlite ${relative && !relative.startsWith("..") ? relative : target.dataDir}`;
  }
  const url = new URL(target.databaseUrl);
  if (url.password) url.password = "***";
  return `PostgreSQL ${url.toString()}`;
}

/**
 * Our server opens PGlite at `$DATA_DIR/pglite` (src/server/server.ts); these two functions
 * translate between that convention and a target, for the app server and the baseline alike.
 */
const PGLITE_SUBFOLDER = "pglite";

export function serverEnvFor(target: DatabaseTarget): Record<string, string> {
  if (target.kind === "postgres") return { DATABASE_URL: target.databaseUrl };
  if (path.basename(target.dataDir) !== PGLITE_SUBFOLDER) {
    throw new Error(
      `The server opens DATA_DIR/${PGLITE_SUBFOLDER}, so --data-dir must end in /${PGLITE_SUBFOLDER} (got ${target.dataDir}).`,
    );
  }
  return { DATA_DIR: path.dirname(target.dataDir) };
}

/**
 * Our server's environment in the benchmarks: the database, production mode, no demo data, no sign-in
 * limits, no client, a fresh auth secret (every server of one run gets the same, so sessions carry over).
 */
export function benchServerEnv(target: DatabaseTarget, secret: string): Record<string, string> {
  return {
    ...serverEnvFor(target),
    DEMO_DATA: "off",
    AUTH_RATE_LIMIT: "off",
    SERVE_CLIENT: "off",
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
    BETTER_AUTH_SECRET: secret,
    // No mail goes out in a benchmark (docs/decisions/020).
    ALLOW_NO_MAIL_PROVIDER: "on",
  };
}

export function targetFromServerEnv(env: NodeJS.ProcessEnv): DatabaseTarget {
  const dataDir = path.join(env.DATA_DIR ?? "./data", PGLITE_SUBFOLDER);
  return resolveTarget(dataDir, env);
}
