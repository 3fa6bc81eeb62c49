import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/database";
import type { Database } from "../client";
import { namesDefinedBy, readSqlFiles, statementsOf } from "./files";

/**
 * The files of src/server/db/sql/ are the current body of every function and trigger: on the migrated
 * database (PGlite, or PostgreSQL under DATABASE_URL), applying them again changes nothing, and they
 * define every function and trigger the database holds. An edited file without its migration, or a
 * migration that changes a function or trigger without its file, fails here (docs/database.md,
 * "Changing a function or a trigger").
 */

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.migrate();
});
afterAll(() => database?.close());

type Definition = { name: string; definition: string };

/** Every function of the public schema (but an extension's) and every trigger not made by a constraint. */
async function definitions(): Promise<Map<string, string>> {
  const functions = await database.db.execute(sql`
    select 'function ' || p.proname as name, pg_get_functiondef(p.oid) as definition
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public'
       and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`);
  const triggers = await database.db.execute(sql`
    select 'trigger ' || t.tgname || ' on ' || c.relname as name, pg_get_triggerdef(t.oid) as definition
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and not t.tgisinternal`);
  const rows = [functions, triggers].flatMap((result) => (result as unknown as { rows: Definition[] }).rows);
  return new Map(rows.map((r) => [r.name, r.definition]));
}

async function applyFiles(): Promise<void> {
  for (const file of readSqlFiles()) {
    for (const statement of file.statements) await database.db.execute(sql.raw(statement));
  }
}

describe("the database's functions and triggers", () => {
  it("are what src/server/db/sql/ says: applying the files again changes none of them", async () => {
    const migrated = await definitions();
    await applyFiles();
    expect(Object.fromEntries(await definitions())).toEqual(Object.fromEntries(migrated));
  });

  it("are each defined by one of the files, and the files define nothing else", async () => {
    const names = namesDefinedBy(readSqlFiles());
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual([...(await definitions()).keys()].sort());
  });
});

describe("a file's statements", () => {
  it("end at a line ending with a semicolon outside a dollar-quoted body, comments above included", () => {
    const text = [
      "-- A function.",
      'CREATE OR REPLACE FUNCTION "f"() RETURNS trigger LANGUAGE plpgsql AS $$',
      "BEGIN",
      "  RETURN NULL;",
      "END",
      "$$;",
      'CREATE OR REPLACE TRIGGER "t" AFTER INSERT ON "x"',
      '  FOR EACH ROW EXECUTE FUNCTION "f"();',
      "-- The end;",
    ].join("\n");
    expect(statementsOf(text)).toEqual([
      [
        "-- A function.",
        'CREATE OR REPLACE FUNCTION "f"() RETURNS trigger LANGUAGE plpgsql AS $$',
        "BEGIN",
        "  RETURN NULL;",
        "END",
        "$$;",
      ].join("\n"),
      [
        'CREATE OR REPLACE TRIGGER "t" AFTER INSERT ON "x"',
        '  FOR EACH ROW EXECUTE FUNCTION "f"();',
        "-- The end;",
      ].join("\n"),
    ]);
    expect(() => statementsOf("SELECT 1")).toThrow(/does not end/);
  });
});
