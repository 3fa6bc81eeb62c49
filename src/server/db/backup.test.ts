import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ensureReferenceData } from "../plans/reference-data";
import { PG_TEMPLATE_ENV, pgliteTemplateArchive } from "../test/database-template";
import { buildOrg, buildProgram, buildUser } from "../test/factories";
import { backup, readManifest, restore, tableCounts } from "./backup";
import { openDatabase } from "./client";
import { FolderInUseError, lockFolder } from "./folder-lock";
import { organizations } from "./schema";

const scratch = mkdtempSync(path.join(os.tmpdir(), "backup-test-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const folder = (name: string) => path.join(scratch, `${name}-${randomBytes(4).toString("hex")}`);

/** The run's migrated template (database-template.ts): a new data folder starts from it, not from initdb. */
function migratedTemplate() {
  const template = pgliteTemplateArchive();
  return template ? { pgliteLoadDataDir: template } : {};
}

/** A database with an organization, a program, users and a stored file; what a backup must carry. */
async function fill(target: { dataDir: string; databaseUrl?: string }) {
  const database = await openDatabase(
    target.databaseUrl
      ? { databaseUrl: target.databaseUrl }
      : { dataDir: path.join(target.dataDir, "pglite"), ...migratedTemplate() },
  );
  try {
    await database.migrate();
    await ensureReferenceData(database.db);
    const org = await buildOrg(database.db, { name: "Backed-up Foundation é" });
    await buildProgram(database.db, org.id, { name: "Arts 2027" });
    await buildUser(database.db, { name: "Kept Person" });
    mkdirSync(path.join(target.dataDir, "files", "private", "uploads"), { recursive: true });
    writeFileSync(path.join(target.dataDir, "files", "private", "uploads", "budget.pdf"), "%PDF-1.4 budget");
    return { orgId: org.id, counts: await tableCounts(database) };
  } finally {
    await database.close();
  }
}

async function organizationName(target: { dataDir: string; databaseUrl?: string }, id: string) {
  const database = await openDatabase(
    target.databaseUrl
      ? { databaseUrl: target.databaseUrl }
      : { dataDir: path.join(target.dataDir, "pglite") },
  );
  try {
    const [row] = await database.db.select().from(organizations).where(eq(organizations.id, id));
    return row?.name;
  } finally {
    await database.close();
  }
}

// Each case opens several PGlite databases in turn (a few seconds each on a busy machine). The cases read one
// backup of one filled source, made once: restoring reads a backup and never changes it.
describe("backup and restore of the embedded database", { timeout: 120_000 }, () => {
  let source: { dataDir: string };
  let filled: Awaited<ReturnType<typeof fill>>;
  let out: string;
  let made: Awaited<ReturnType<typeof backup>>;
  beforeAll(async () => {
    source = { dataDir: folder("source") };
    filled = await fill(source);
    out = folder("backup");
    made = await backup(source, out);
  }, 120_000);

  it("round-trips every row and file into another data folder, checked against the manifest", async () => {
    const { orgId, counts } = filled;
    const manifest = made;
    expect(manifest.database).toBe("pglite");
    expect(manifest.tables).toEqual(counts);
    expect(manifest.tables.organizations).toBe(1);
    expect(manifest.files).toEqual({ count: 1, bytes: "%PDF-1.4 budget".length });

    const target = { dataDir: folder("target") };
    await restore(out, target);
    expect(await organizationName(target, orgId)).toBe("Backed-up Foundation é");
    expect(readFileSync(path.join(target.dataDir, "files", "private", "uploads", "budget.pdf"), "utf8")).toBe(
      "%PDF-1.4 budget",
    );
  });

  it("refuses to restore over a database without --replace, and with it moves the old one aside", async () => {
    const { orgId } = filled;
    const target = { dataDir: folder("target") };
    const { orgId: otherOrgId } = await fill(target);

    await expect(restore(out, target)).rejects.toThrow(/holds a database: restore with --replace/);
    expect(await organizationName(target, otherOrgId)).toBe("Backed-up Foundation é");

    await restore(out, target, { replace: true });
    expect(await organizationName(target, orgId)).toBe("Backed-up Foundation é");
    expect(await organizationName(target, otherOrgId)).toBeUndefined();
    const asides = readdirSync(target.dataDir).filter((name) => name.includes(".replaced-"));
    expect(asides.sort().map((name) => name.split(".")[0])).toEqual(["files", "pglite"]);
  });

  it("is not a backup without a manifest, and a backup of one kind does not restore into the other", async () => {
    expect(() => readManifest(scratch)).toThrow(/is not a backup/);
    await expect(restore(out, { dataDir: folder("t"), databaseUrl: "postgres://nowhere/x" })).rejects.toThrow(
      /backup is of a pglite database; the target is postgres/,
    );
  });
});

describe("the data folder's lock", () => {
  let holder: ChildProcess | null = null;
  afterEach(() => {
    holder?.kill("SIGKILL");
    holder = null;
  });

  it("keeps a second process out while the first lives, and is taken over once it is gone", async () => {
    const dataDir = folder("locked");
    const dir = path.join(dataDir, "pglite");
    mkdirSync(dir, { recursive: true });
    holder = spawn("sleep", ["30"]);
    const lock = { pid: holder.pid, host: os.hostname(), since: new Date().toISOString() };
    writeFileSync(`${dir}.lock`, JSON.stringify(lock));
    expect(() => lockFolder(dir)).toThrow(FolderInUseError);
    await expect(backup({ dataDir }, folder("never"))).rejects.toThrow(FolderInUseError);

    holder.kill("SIGKILL");
    await new Promise((resolve) => holder!.once("exit", resolve));
    const release = lockFolder(dir);
    expect(JSON.parse(readFileSync(`${dir}.lock`, "utf8")).pid).toBe(process.pid);
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });
});

describe.runIf(process.env.DATABASE_URL)(
  "backup and restore of a PostgreSQL database",
  { timeout: 120_000 },
  () => {
    const created: string[] = [];
    const serverUrl = process.env.DATABASE_URL ?? "";
    async function freshDatabase(): Promise<string> {
      const name = `backup_${randomBytes(6).toString("hex")}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      // From the run's migrated template (database-template.ts), as every test file's database starts.
      const template = process.env[PG_TEMPLATE_ENV];
      await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
      await admin.end();
      created.push(name);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      return url.toString();
    }
    afterAll(async () => {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      for (const name of created) await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });

    it("round-trips with pg_dump and pg_restore, and refuses a database holding data without --replace", async () => {
      const source = { dataDir: folder("pg-source"), databaseUrl: await freshDatabase() };
      const { orgId, counts } = await fill(source);
      const out = folder("pg-backup");
      const manifest = await backup(source, out);
      expect(manifest.database).toBe("postgres");
      expect(manifest.tables).toEqual(counts);

      const target = { dataDir: folder("pg-target"), databaseUrl: await freshDatabase() };
      await restore(out, target);
      expect(await organizationName(target, orgId)).toBe("Backed-up Foundation é");
      await expect(restore(out, { ...target, dataDir: folder("pg-again") })).rejects.toThrow(
        /holds data: restore with --replace/,
      );
    });
  },
);
