import { PGlite, type QueryOptions, types } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import { date, integer, interval, numeric, pgTable, timestamp } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { pgliteTemplateArchive } from "../test/database-template";
import { pgliteStartParams } from "./client";
import { parseOnce } from "./pglite-parsers";
import { openPgliteInWorker } from "./pglite-remote";

const kinds = pgTable("kinds", {
  id: integer("id").primaryKey(),
  at: timestamp("at", { withTimezone: true, mode: "date" }),
  atText: timestamp("at_text", { withTimezone: true, mode: "string" }),
  plain: timestamp("plain"),
  day: date("day"),
  dayDate: date("day_date", { mode: "date" }),
  span: interval("span"),
  amounts: numeric("amounts").array(),
  days: date("days").array(),
});

const TEST_PGLITE_START_PARAMS = pgliteStartParams(loadConfig().PGLITE_SHARED_BUFFERS);

const DDL = `create table kinds (id int primary key, at timestamptz, at_text timestamptz, plain timestamp,
  day date, day_date date, span interval, amounts numeric[], days date[])`;
const ROW = `insert into kinds values (1, '2024-03-01 10:20:30.123+00', '2024-03-01 10:20:30.123456+00',
  '2024-03-01 10:20:30', '2024-03-01', '2024-03-02', '1 day 2 hours', '{1.50,2}', '{2024-01-01,2024-01-02}')`;

// PGlite's own tests: the unit project runs them; the PostgreSQL run (DATABASE_URL) would repeat the same
// PGlite work, as none of them opens a database through DATABASE_URL.
/** drizzle over PGlite as openDatabase makes it, and over PGlite as it comes, must read the same values. */
describe.skipIf(process.env.DATABASE_URL)("PGlite given drizzle's parsers once (parseOnce)", () => {
  let plain: PGlite;
  let once: PGlite;
  let worker: PGlite;
  /** The options each statement of `once` reached PGlite with. */
  const reached: (QueryOptions | undefined)[] = [];

  beforeAll(async () => {
    // The run's migrated template instead of an initdb each: the tables here are the test's own.
    const template = pgliteTemplateArchive();
    const options = template ? { loadDataDir: template, startParams: TEST_PGLITE_START_PARAMS } : {};
    plain = await PGlite.create("memory://", options);
    once = await PGlite.create("memory://", options);
    const query = once.query.bind(once);
    once.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
      reached.push(options);
      return query(text, params, options);
    }) as PGlite["query"];
    const transaction = once.transaction.bind(once);
    once.transaction = ((run: Parameters<PGlite["transaction"]>[0]) =>
      transaction((tx) => {
        const txQuery = tx.query.bind(tx);
        tx.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
          reached.push(options);
          return txQuery(text, params, options);
        }) as PGlite["query"];
        return run(tx);
      })) as PGlite["transaction"];
    parseOnce(once);
    worker = await openPgliteInWorker("memory://", {
      startParams: PGlite.defaultStartParams,
      drizzleText: true,
    });
    for (const pg of [plain, once, worker]) {
      await pg.exec(DDL);
      await pg.query(ROW);
    }
  });
  afterAll(async () => {
    await Promise.all([plain?.close(), once?.close(), worker?.close()]);
  });

  it("reads every type drizzle keeps as text exactly as drizzle over a plain PGlite does", async () => {
    const expected = await drizzle(plain).select().from(kinds);
    expect(expected[0]!.at).toEqual(new Date("2024-03-01T10:20:30.123Z"));
    expect(expected[0]!.span).toBe("1 day 02:00:00");
    expect(await drizzle(once).select().from(kinds)).toEqual(expected);
    expect(await drizzle(worker).select().from(kinds)).toEqual(expected);
    // Raw and relational paths (rawQueryConfig, object rows) too.
    const raw = sql`select at, day, amounts from kinds`;
    expect((await drizzle(once).execute(raw)).rows).toEqual((await drizzle(plain).execute(raw)).rows);
  });

  it("sends drizzle's statements without their parsers, inside transactions too", async () => {
    reached.length = 0;
    await drizzle(once).select().from(kinds);
    const inTransaction = await drizzle(once).transaction(async (tx) => {
      await tx.update(kinds).set({ day: "2024-04-01" }).where(eq(kinds.id, 1));
      return tx.select({ day: kinds.day }).from(kinds);
    });
    expect(inTransaction).toEqual([{ day: "2024-04-01" }]);
    // The select, then the transaction's update (no rows asked for: object rows) and select.
    expect(reached).toEqual([{ rowMode: "array" }, { rowMode: "object" }, { rowMode: "array" }]);
  });

  it("keeps a statement's own parsers for other types", async () => {
    const doubled = (value: string) => Number(value) * 2;
    const result = await once.query<{ id: number; day: string }>("select id, day from kinds", [], {
      parsers: { [types.INT4]: doubled, [types.DATE]: (value: string) => value },
    });
    expect(result.rows[0]).toEqual({ id: 2, day: "2024-04-01" });
  });

  it("gives the transaction object's state (closed) through", async () => {
    const tx = await once.transaction(async (t) => {
      expect(t.closed).toBe(false);
      return t;
    });
    expect(tx.closed).toBe(true);
  });
});
