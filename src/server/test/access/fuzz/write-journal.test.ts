import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { createTestDatabase } from "../../database";
import { installWriteJournal, type WriteJournal } from "./write-journal";

let database: Database;
let journal: WriteJournal;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table things (id int primary key, name text)`);
  journal = await installWriteJournal(database.db);
});
afterAll(async () => {
  await database?.close();
});

describe("the write journal", () => {
  it("notes each committed row by table and operation, and forgets them when cleared", async () => {
    await journal.clear();
    await database.db.execute(sql`insert into things values (1, 'a'), (2, 'b')`);
    await database.db.execute(sql`update things set name = 'c' where id = 1`);
    expect(await journal.writes()).toEqual([
      { table: "things", op: "INSERT", rows: 2 },
      { table: "things", op: "UPDATE", rows: 1 },
    ]);
    await journal.clear();
    expect(await journal.writes()).toEqual([]);
  });

  it("notes nothing for a transaction rolled back, nor for a statement that touches no row", async () => {
    await journal.clear();
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`delete from things`);
        throw new Error("refused halfway");
      }),
    ).rejects.toThrow("refused halfway");
    await database.db.execute(sql`update things set name = 'z' where id = 404`);
    expect(await journal.writes()).toEqual([]);
  });

  it("notes a truncate", async () => {
    await journal.clear();
    await database.db.execute(sql`truncate things`);
    expect(await journal.writes()).toEqual([{ table: "things", op: "TRUNCATE", rows: 1 }]);
  });
});
