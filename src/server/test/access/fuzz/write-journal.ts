import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";

/**
 * "Never a partial write" (docs/reliability.md, "Bad input"), measured exactly: a trigger on every table of
 * the application notes each row inserted, updated or deleted (and each truncate) in a journal table of the
 * test database. The note is written in the writer's own transaction, so a write that is rolled back leaves
 * none and a committed one always leaves one — a request that is refused must leave the journal empty.
 * (A checksum of the tables would miss a write undone by a later one; the journal does not.)
 */

const JOURNAL = "fuzz_write_journal";

export interface Write {
  table: string;
  op: string;
  rows: number;
}

export interface WriteJournal {
  /** Forgets what was noted so far: call it just before the request whose writes are wanted. */
  clear(): Promise<void>;
  /** What was committed since the last clear, by table and operation. */
  writes(): Promise<Write[]>;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function installWriteJournal(db: Db): Promise<WriteJournal> {
  await db.execute(sql.raw(`create table ${JOURNAL} (tbl text not null, op text not null)`));
  await db.execute(
    sql.raw(`create function fuzz_note_write() returns trigger language plpgsql as $$
      begin insert into ${JOURNAL} (tbl, op) values (tg_table_name, tg_op); return null; end $$`),
  );
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`
      select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name <> ${JOURNAL}`),
  );
  for (const { name } of tables) {
    const table = `"${name.replaceAll('"', '""')}"`;
    await db.execute(
      sql.raw(`create trigger fuzz_note_rows after insert or update or delete on ${table}
        for each row execute function fuzz_note_write()`),
    );
    await db.execute(
      sql.raw(`create trigger fuzz_note_truncate after truncate on ${table}
        for each statement execute function fuzz_note_write()`),
    );
  }
  return {
    async clear() {
      await db.execute(sql.raw(`delete from ${JOURNAL}`));
    },
    async writes() {
      const rows = rowsOf<{ tbl: string; op: string; rows: number | string }>(
        await db.execute(
          sql.raw(`select tbl, op, count(*) as rows from ${JOURNAL} group by 1, 2 order by 1, 2`),
        ),
      );
      return rows.map((r) => ({ table: r.tbl, op: r.op, rows: Number(r.rows) }));
    },
  };
}

/** The journal's tables themselves: how many the triggers watch (a figure for the report). */
export async function watchedTableCount(db: Db): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(sql`
      select count(distinct event_object_table) as n from information_schema.triggers
      where trigger_name = 'fuzz_note_rows'`),
  );
  return Number(row?.n ?? 0);
}
