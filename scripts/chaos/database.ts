import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

export type DatabaseKind = "pglite" | "postgres";

/** Where a PostgreSQL run makes its database; CHAOS_POSTGRES_URL points at another server. */
const POSTGRES_ADMIN_URL = process.env.CHAOS_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** A fresh, empty database for one run, and the environment that points our server at it. */
export interface ScratchDatabase {
  kind: DatabaseKind;
  /** For messages. */
  description: string;
  /** DATA_DIR (PGlite's folder, the auth secret that keeps sessions valid across restarts, files) and DATABASE_URL. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

async function onPostgresServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A temporary DATA_DIR, plus for PostgreSQL a database `chaos_<random>`, both removed by `drop`. */
export async function createScratchDatabase(kind: DatabaseKind): Promise<ScratchDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `chaos-${kind}-`));
  const removeDataDir = async () => rmSync(dataDir, { recursive: true, force: true });
  if (kind === "pglite") {
    return {
      kind,
      description: `PGlite in ${dataDir}/pglite`,
      env: { DATA_DIR: dataDir },
      drop: removeDataDir,
    };
  }
  const name = `chaos_${randomBytes(6).toString("hex")}`;
  await onPostgresServer(`create database ${name}`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    kind,
    description: `PostgreSQL database ${name} on ${url.host}`,
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    async drop() {
      await onPostgresServer(`drop database if exists ${name} with (force)`);
      await removeDataDir();
    },
  };
}
