import { messages, PGlite, type QueryOptions, TransactionAbortedError, types } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { bigint, date, integer, jsonb, numeric, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, pgliteStartParams } from "./client";
import { openPgliteInWorker } from "./pglite-remote";

// PGlite's own tests: the unit project runs them; the PostgreSQL run (DATABASE_URL) would repeat the same
// PGlite work, as none of them opens a database through DATABASE_URL.
/**
 * PGlite in a worker thread (PGLITE_WORKER) must be indistinguishable from PGlite in-process for
 * drizzle and our code: each case runs the same statements on both and compares what comes back.
 */
describe.skipIf(process.env.DATABASE_URL)("PGlite in a worker thread", () => {
  let local: PGlite;
  let remote: PGlite;

  /** Runs `run` on both databases, in turn, and gives both outcomes (a result or the error thrown). */
  async function onBoth<T>(run: (pg: PGlite) => Promise<T>): Promise<{ local: T; remote: T }> {
    const settle = (p: Promise<T>) => p.catch((error: unknown) => error as T);
    return { local: await settle(run(local)), remote: await settle(run(remote)) };
  }

  beforeAll(async () => {
    const startParams = pgliteStartParams("32MB");
    [local, remote] = await Promise.all([
      PGlite.create("memory://", { startParams }),
      openPgliteInWorker("memory://", { startParams }),
    ]);
    const ddl = `create table kinds (
      id int primary key, big int8, money numeric, bytes bytea, doc jsonb, at timestamptz,
      at_plain timestamp, day date, span interval, tags text[], days date[], label text unique)`;
    const row = `insert into kinds values (1, 9007199254740993, 12.50, '\\x00ff', '{"a":[1,"b"]}',
      '2024-03-01 10:20:30.123456+00', '2024-03-01 10:20:30', '2024-03-01', '1 day 2 hours',
      '{x,"y z"}', '{2024-01-01,2024-01-02}', 'first')`;
    for (const pg of [local, remote]) {
      await pg.exec(ddl);
      await pg.query(row);
    }
  });
  afterAll(async () => {
    await local?.close();
    await remote?.close();
  });

  it("returns PGlite's own values (BigInt, Date, JSON, bytes, arrays) without parsers, in both row modes", async () => {
    for (const rowMode of ["object", "array"] as const) {
      const both = await onBoth((pg) => pg.query("select * from kinds where id = $1", [1], { rowMode }));
      expect(both.remote).toEqual(both.local);
    }
    const { remote: result } = await onBoth((pg) => pg.query<Record<string, unknown>>("select * from kinds"));
    // toEqual would pass on lookalikes: the classes themselves must survive the thread boundary.
    expect(typeof result.rows[0]!.big).toBe("bigint");
    expect(result.rows[0]!.at).toBeInstanceOf(Date);
    expect(result.rows[0]!.bytes).toBeInstanceOf(Uint8Array);
    expect(result.rows[0]!.doc).toEqual({ a: [1, "b"] });
  });

  it("runs a query's own parsers on PostgreSQL's text, in both row modes (drizzle keeps dates as text)", async () => {
    // Not an identity, so a value left unparsed, or parsed twice, would show.
    const tagged = (value: string, type?: number) => `${type}:${value}`;
    const parsers = { [types.TIMESTAMPTZ]: tagged, [types.DATE]: tagged, 1182: tagged };
    // Two columns of one name: PGlite keeps the last one (a date, parsed as a date).
    const query = "select at, day, days, day as at, null::date as none from kinds";
    for (const rowMode of ["object", "array"] as const) {
      const both = await onBoth((pg) => pg.query(query, [], { rowMode, parsers }));
      expect(both.remote).toEqual(both.local);
    }
    const inWorker = await remote.query(query, [], { parsers });
    expect(inWorker.rows[0]).toEqual({
      at: "1082:2024-03-01",
      day: "1082:2024-03-01",
      days: "1182:{2024-01-01,2024-01-02}",
      none: null,
    });
  });

  it("throws PostgreSQL's errors as PGlite's DatabaseError, with every field and the query's options", async () => {
    const options: QueryOptions = { rowMode: "array", parsers: { [types.DATE]: (value) => value } };
    const both = await onBoth((pg) =>
      pg.query("insert into kinds (id, label) values ($1, $2)", [2, "first"], options),
    );
    const error = both.remote as unknown as messages.DatabaseError & Record<string, unknown>;
    expect(error).toBeInstanceOf(messages.DatabaseError);
    expect(error).toMatchObject({
      code: "23505",
      constraint: "kinds_label_key",
      table: "kinds",
      detail: "Key (label)=(first) already exists.",
      query: "insert into kinds (id, label) values ($1, $2)",
      params: [2, "first"],
    });
    expect(error.queryOptions).toBe(options);
    const fields = (e: object) => ({ ...e, queryOptions: undefined });
    expect(fields(error)).toEqual(fields(both.local as object));
    expect(error.message).toBe((both.local as unknown as Error).message);
  });

  it("commits a transaction, and rolls it back when its callback throws, rethrowing that very error", async () => {
    await remote.exec("create table ledger (n int)");
    const result = await remote.transaction(async (tx) => {
      await tx.query("insert into ledger values (1)");
      return "done";
    });
    expect(result).toBe("done");
    const thrown = new Error("changed my mind");
    const failure = await remote
      .transaction(async (tx) => {
        await tx.query("insert into ledger values (2)");
        throw thrown;
      })
      .catch((error: unknown) => error);
    expect(failure).toBe(thrown);
    expect((await remote.query("select n from ledger")).rows).toEqual([{ n: 1 }]);
  });

  it("makes a query from outside wait until the transaction ends, and never runs it inside", async () => {
    await remote.exec("create table queue (n int)");
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let outsideSettled = false;
    let outside: Promise<unknown> = Promise.resolve();
    const transaction = remote.transaction(async (tx) => {
      await tx.query("insert into queue values (1)");
      outside = remote.query("select count(*)::int as n from queue").then((r) => {
        outsideSettled = true;
        return r.rows;
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      // Had it run inside the transaction, it would have answered by now (and counted the row).
      expect(outsideSettled).toBe(false);
      await gate;
      throw new Error("roll back");
    });
    release();
    await expect(transaction).rejects.toThrow("roll back");
    // It ran after the rollback: the row it would have seen inside is gone.
    expect(await outside).toEqual([{ n: 0 }]);
  });

  it("rolls back on tx.rollback(), after which the transaction refuses statements", async () => {
    await remote.exec("create table undone (n int)");
    let closedAfter = false;
    const late = await remote.transaction(async (tx) => {
      await tx.query("insert into undone values (1)");
      await tx.rollback();
      closedAfter = tx.closed;
      return tx.query("select 1").catch((error: unknown) => error);
    });
    expect(closedAfter).toBe(true);
    expect((late as Error).message).toBe("Transaction is closed");
    expect((await remote.query("select * from undone")).rows).toEqual([]);
  });

  it("says a transaction a failed statement aborted was rolled back instead of committed, as PGlite does", async () => {
    const both = await onBoth((pg) =>
      pg.transaction(async (tx) => {
        await tx.query("select 1/0").catch(() => null);
      }),
    );
    expect(both.remote).toBeInstanceOf(TransactionAbortedError);
    expect(both.remote).toMatchObject({ code: "25P02", message: (both.local as unknown as Error).message });
  });

  it("gives drizzle the same rows as in-process, savepoints included", async () => {
    const things = pgTable("things", {
      id: integer("id").primaryKey(),
      name: text("name").notNull(),
      count: bigint("count", { mode: "bigint" }),
      price: numeric("price"),
      doc: jsonb("doc").$type<{ tags: string[] }>(),
      createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }),
      createdText: timestamp("created_text", { mode: "string" }),
      day: date("day", { mode: "date" }),
    });
    const create = sql`create table things (id int primary key, name text not null, count int8, price numeric,
      doc jsonb, created_at timestamptz, created_text timestamp, day date)`;
    const both = await onBoth(async (pg) => {
      const db = drizzle(pg);
      await db.execute(create);
      await db.transaction(async (tx) => {
        await tx.insert(things).values({
          id: 1,
          name: "kept",
          count: 9007199254740993n,
          price: "3.10",
          doc: { tags: ["a"] },
          createdAt: new Date("2024-05-06T07:08:09.123Z"),
          createdText: "2024-05-06 07:08:09.5",
          day: new Date("2024-05-06T00:00:00Z"),
        });
        // A nested transaction is a savepoint: its rollback leaves the outer one's row.
        await tx
          .transaction(async (inner) => {
            await inner.insert(things).values({ id: 2, name: "undone" });
            throw new Error("inner");
          })
          .catch(() => null);
      });
      return {
        rows: await db.select().from(things),
        raw: await db.execute(sql`select created_at, day, doc from things`),
      };
    });
    expect(both.remote).toEqual(both.local);
    expect(both.remote.rows).toHaveLength(1);
    expect(both.remote.rows[0]!.createdAt).toEqual(new Date("2024-05-06T07:08:09.123Z"));
  });

  it("dumps the data folder as PGlite does, into a dump PGlite can load", async () => {
    const dump = await remote.dumpDataDir("gzip");
    const inProcess = await local.dumpDataDir("gzip");
    expect(dump).toBeInstanceOf(File);
    expect((dump as File).name).toBe((inProcess as File).name);
    expect(dump.type).toBe("application/x-gzip");
    const copy = await PGlite.create({ loadDataDir: dump });
    try {
      expect((await copy.query("select label from kinds")).rows).toEqual([{ label: "first" }]);
    } finally {
      await copy.close();
    }
  });
});

describe.skipIf(process.env.DATABASE_URL)("openDatabase with pgliteWorker", () => {
  it("migrates and serves the app's schema from the worker, and refuses queries once closed", async () => {
    const database = await openDatabase({ dataDir: "memory://", pgliteWorker: true });
    try {
      await database.migrate();
      await database.ping();
      const rows = await database.db.execute(sql`select count(*)::int as n from organizations`);
      expect((rows as unknown as { rows: unknown[] }).rows).toEqual([{ n: 0 }]);
    } finally {
      await database.close();
    }
    await expect(database.ping()).rejects.toThrow("PGlite is closed");
  });

  it("lets a transaction open when close() is called run to its end, then closes (as PGlite does)", async () => {
    const pg = await openPgliteInWorker("memory://", { startParams: pgliteStartParams("32MB") });
    await pg.exec("create table t (n int)");
    let closing: Promise<void> = Promise.resolve();
    const counted = await pg.transaction(async (tx) => {
      closing = pg.close();
      await tx.query("insert into t values (1)");
      return (await tx.query("select count(*)::int as n from t")).rows;
    });
    await closing;
    expect(counted).toEqual([{ n: 1 }]);
    expect(pg.closed).toBe(true);
    await expect(pg.query("select 1")).rejects.toThrow("PGlite is closed");
  });

  it("fails to open with PGlite's own error", async () => {
    const startParams = ["--no-such-option"];
    const inProcess = await PGlite.create("memory://", { startParams }).catch((error: Error) => error);
    const inWorker = await openPgliteInWorker("memory://", { startParams }).catch((error: Error) => error);
    expect(inWorker).toBeInstanceOf(Error);
    expect((inWorker as Error).message).toBe((inProcess as Error).message);
  });
});
