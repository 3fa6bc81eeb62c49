import { execFile } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { type Database, openDatabase } from "./client";
import { lockFolder } from "./folder-lock";

const run = promisify(execFile);

/**
 * A backup is a folder: the database (PGlite's data folder as `database.tar.gz`, or PostgreSQL's
 * `pg_dump --format=custom` as `database.pgdump`), a copy of the uploaded and exported files
 * (`files/`), and `manifest.json` with every table's row count and the files' count and bytes, which
 * a restore checks itself against. `npm run backup` / `npm run restore`; see docs/reliability.md.
 */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  database: "pglite" | "postgres";
  tables: Record<string, number>;
  files: { count: number; bytes: number };
}

export interface BackupSource {
  /** DATA_DIR: PGlite in `pglite/`, files in `files/`. */
  dataDir: string;
  /** A PostgreSQL server instead of the PGlite folder. */
  databaseUrl?: string | undefined;
}

const PGLITE_DUMP = "database.tar.gz";
const PG_DUMP = "database.pgdump";
const MANIFEST = "manifest.json";

/** Row counts of every table of the public schema (the migrations' own table is in `drizzle`). */
export async function tableCounts(database: Database): Promise<Record<string, number>> {
  const result = await database.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const names = rowsOf<{ table_name: string }>(result).map((r) => r.table_name);
  const counts: Record<string, number> = {};
  for (const name of names) {
    const rows = rowsOf<{ n: number }>(
      await database.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from "${name}"`)),
    );
    counts[name] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}

function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}

function fileTotals(folder: string): { count: number; bytes: number } {
  if (!existsSync(folder)) return { count: 0, bytes: 0 };
  let count = 0;
  let bytes = 0;
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    count++;
    bytes += statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return { count, bytes };
}

/** Writes a backup of `source` into the new folder `out`. The PGlite folder must not be in use. */
export async function backup(source: BackupSource, out: string): Promise<BackupManifest> {
  if (existsSync(out) && readdirSync(out).length > 0) throw new Error(`${out} exists and is not empty.`);
  mkdirSync(out, { recursive: true });
  const filesDir = path.join(source.dataDir, "files");
  let manifest: BackupManifest;
  if (source.databaseUrl) {
    const database = await openDatabase({ databaseUrl: source.databaseUrl });
    try {
      await run("pg_dump", [
        "--format=custom",
        "--no-owner",
        `--file=${path.join(out, PG_DUMP)}`,
        source.databaseUrl,
      ]);
      manifest = manifestOf("postgres", await tableCounts(database), filesDir);
    } finally {
      await database.close();
    }
  } else {
    // openDatabase takes the folder's lock: a running server makes this fail instead of copying a moving target.
    const database = await openDatabase({ dataDir: path.join(source.dataDir, "pglite") });
    try {
      const counts = await tableCounts(database);
      const client = (database.db as unknown as { $client: PGlite }).$client;
      const dump = await client.dumpDataDir("gzip");
      writeFileSync(path.join(out, PGLITE_DUMP), new Uint8Array(await dump.arrayBuffer()));
      manifest = manifestOf("pglite", counts, filesDir);
    } finally {
      await database.close();
    }
  }
  if (existsSync(filesDir)) cpSync(filesDir, path.join(out, "files"), { recursive: true });
  writeFileSync(path.join(out, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

function manifestOf(
  database: BackupManifest["database"],
  tables: Record<string, number>,
  filesDir: string,
): BackupManifest {
  return { format: 1, createdAt: new Date().toISOString(), database, tables, files: fileTotals(filesDir) };
}

export function readManifest(folder: string): BackupManifest {
  const file = path.join(folder, MANIFEST);
  if (!existsSync(file)) throw new Error(`${folder} is not a backup: it has no ${MANIFEST}.`);
  const manifest = JSON.parse(readFileSync(file, "utf8")) as BackupManifest;
  if (manifest.format !== 1) throw new Error(`Unknown backup format ${String(manifest.format)}.`);
  return manifest;
}

/**
 * Restores the backup in `folder` into `target`. What is there already is never deleted: without
 * `replace` a non-empty database or files folder is refused; with it, the PGlite folder and the files
 * are moved aside (`…replaced-<time>`), and a PostgreSQL database is cleaned by pg_restore. Then the
 * restored row counts and files are checked against the manifest; a difference throws.
 */
export async function restore(
  folder: string,
  target: BackupSource,
  opts: { replace?: boolean } = {},
): Promise<BackupManifest> {
  const manifest = readManifest(folder);
  const wanted = target.databaseUrl ? "postgres" : "pglite";
  if (manifest.database !== wanted) {
    throw new Error(`This backup is of a ${manifest.database} database; the target is ${wanted}.`);
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const filesDir = path.join(target.dataDir, "files");
  if (target.databaseUrl) {
    const database = await openDatabase({ databaseUrl: target.databaseUrl });
    try {
      const existing = await tableCounts(database);
      const holdsData = Object.values(existing).some((n) => n > 0);
      if (holdsData && !opts.replace)
        throw new Error("The target database holds data: restore with --replace.");
    } finally {
      await database.close();
    }
    await run("pg_restore", [
      "--clean",
      "--if-exists",
      "--no-owner",
      `--dbname=${target.databaseUrl}`,
      path.join(folder, PG_DUMP),
    ]);
  } else {
    const pgliteDir = path.join(target.dataDir, "pglite");
    mkdirSync(target.dataDir, { recursive: true });
    const release = lockFolder(pgliteDir);
    try {
      if (existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0) {
        if (!opts.replace) throw new Error(`${pgliteDir} holds a database: restore with --replace.`);
        renameSync(pgliteDir, `${pgliteDir}.replaced-${stamp}`);
      }
      const dump = new Blob([readFileSync(path.join(folder, PGLITE_DUMP))]);
      mkdirSync(pgliteDir, { recursive: true });
      const client = await PGlite.create(pgliteDir, { loadDataDir: dump });
      await client.close();
    } finally {
      release();
    }
  }
  if (existsSync(filesDir) && readdirSync(filesDir).length > 0) {
    if (!opts.replace) throw new Error(`${filesDir} holds files: restore with --replace.`);
    renameSync(filesDir, `${filesDir}.replaced-${stamp}`);
  }
  const backedUpFiles = path.join(folder, "files");
  if (existsSync(backedUpFiles)) cpSync(backedUpFiles, filesDir, { recursive: true });
  await verify(manifest, target, filesDir);
  return manifest;
}

async function verify(manifest: BackupManifest, target: BackupSource, filesDir: string): Promise<void> {
  const database = await openDatabase(
    target.databaseUrl
      ? { databaseUrl: target.databaseUrl }
      : { dataDir: path.join(target.dataDir, "pglite") },
  );
  try {
    const counts = await tableCounts(database);
    const wrong = Object.entries(manifest.tables).filter(([table, n]) => counts[table] !== n);
    if (wrong.length > 0) {
      const list = wrong
        .map(([table, n]) => `${table}: ${counts[table] ?? "missing"} instead of ${n}`)
        .join(", ");
      throw new Error(`The restored database differs from the backup: ${list}.`);
    }
  } finally {
    await database.close();
  }
  const files = fileTotals(filesDir);
  if (files.count !== manifest.files.count || files.bytes !== manifest.files.bytes) {
    throw new Error(
      `The restored files differ from the backup: ${files.count} files, ${files.bytes} bytes instead of ${manifest.files.count}, ${manifest.files.bytes}.`,
    );
  }
}
