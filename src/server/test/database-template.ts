import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { MIGRATIONS_FOLDER, openDatabase } from "../db/client";

/**
 * A migrated, empty database made once per test run, which every test file's database starts from
 * (`createTestDatabase`): starting PGlite afresh and migrating it took ~2 s a file, loading the
 * template ~0.5 s (`pgliteTemplateArchive`); on PostgreSQL `CREATE DATABASE … TEMPLATE` copies it in one
 * statement. Made by the unit project's global setup (vitest.config.ts), named to the files by environment variables.
 */

/** The PGlite template: a `dumpDataDir` archive of a migrated database. */
export const PGLITE_TEMPLATE_ENV = "TEST_PGLITE_TEMPLATE";
/** The PostgreSQL template: a migrated database on the server DATABASE_URL names. */
export const PG_TEMPLATE_ENV = "TEST_PG_TEMPLATE";

export async function setup(): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `test_template_${process.pid}_${Date.now()}`;
    await adminQuery(serverUrl, `create database ${name}`);
    const database = await openDatabase({ databaseUrl: withDatabase(serverUrl, name), poolSize: 1 });
    await database.migrate();
    await database.close();
    process.env[PG_TEMPLATE_ENV] = name;
    return () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  }
  const folder = mkdtempSync(path.join(tmpdir(), "decisionhub-template-"));
  const file = path.join(folder, "migrated.tar");
  const client = await PGlite.create("memory://");
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
  writeFileSync(file, Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
  await client.close();
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return async () => rmSync(folder, { recursive: true, force: true });
}

/**
 * The PGlite template as PGlite's `loadDataDir` takes it, read once per worker (the server project's workers
 * keep their modules between files, vitest.config.ts), or nothing outside a test run that made one. PGlite
 * reads an archive with `arrayBuffer()` and its `type` only: this one hands over the bytes already in
 * memory, where a Node Blob of the 43 MB archive copied them in chunks on every file's open (~0.35 s).
 */
export function pgliteTemplateArchive(): Blob | undefined {
  const file = process.env[PGLITE_TEMPLATE_ENV];
  if (!file) return undefined;
  if (templateArchive?.file !== file) {
    const bytes = readFileSync(file);
    templateArchive = {
      file,
      bytes: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    };
  }
  return new TemplateArchive(templateArchive.bytes);
}

let templateArchive: { file: string; bytes: ArrayBuffer } | undefined;

class TemplateArchive extends Blob {
  constructor(private readonly archive: ArrayBuffer) {
    super([], { type: "application/x-tar" });
  }
  // PGlite only reads the archive: every file's database may start from the same bytes.
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.archive);
  }
}

export function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
