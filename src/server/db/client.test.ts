import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "../http/unavailable";
import { createTestDatabase } from "../test/database";
import { type Database, openDatabase } from "./client";

/**
 * The PostgreSQL pool when its connections die under it (PostgreSQL restarted, a backend terminated):
 * the process must not crash, the failures must read as "database unavailable" (503), and the pool must
 * serve the next request on a new connection. PostgreSQL only (npm run test:pg): PGlite has no connections.
 */
describe.skipIf(!process.env.DATABASE_URL)("the PostgreSQL pool's sessions", () => {
  it("run without JIT compilation (it cost seconds on large programs' statements)", async () => {
    const database = await createTestDatabase();
    try {
      const result = await database.db.execute(sql`select current_setting('jit') as jit`);
      expect((result as unknown as { rows: { jit: string }[] }).rows).toEqual([{ jit: "off" }]);
    } finally {
      await database.close();
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)("the PostgreSQL pool losing its connections", () => {
  let database: Database;
  let admin: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await database?.close();
  });

  /** What pg_ctl stop -m fast does to every backend: SIGTERM, the client gets FATAL 57P01. */
  const terminate = (pid: number) => admin.query("select pg_terminate_backend($1)", [pid]);

  /** The rows of a raw query (the Db type leaves them unknown). */
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

  const backendPid = async (db: Pick<Database["db"], "execute">) =>
    rowsOf<{ pid: number }>(await db.execute(sql`select pg_backend_pid() as pid`))[0]!.pid;

  it("survives the connection of a transaction dying between two of its queries, and answers the next request", async () => {
    const failure = await database.db
      .transaction(async (tx) => {
        await terminate(await backendPid(tx));
        // The FATAL arrives while the transaction's client is checked out and idle: the pool does not
        // listen to it then, and an 'error' event without a listener would end the process here.
        await sleep(300);
        await tx.execute(sql`select 1`);
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(failure)).toBe(true);
    const after = rowsOf(await database.db.execute(sql`select 1 as one`));
    expect(after).toEqual([{ one: 1 }]);
  });

  it("gets a connection back when its backend dies as a transaction begins (pool of one, so a leak would starve it)", async () => {
    // The same database through a pool of one connection: a client the pool lost would leave it none.
    const [current] = rowsOf<{ name: string }>(
      await database.db.execute(sql`select current_database() as name`),
    );
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${current!.name}`;
    const single = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
    try {
      for (let round = 0; round < 20; round++) {
        const pid = await backendPid(single.db);
        await terminate(pid);
        // At once, on the connection being terminated: its FATAL arrives as the answer to BEGIN, which
        // drizzle sends before its try/finally, so drizzle never releases this client.
        await single.db.transaction((tx) => tx.execute(sql`select 1`)).catch(() => {});
      }
      const started = performance.now();
      expect(rowsOf(await single.db.execute(sql`select 1 as one`))).toEqual([{ one: 1 }]);
      // Far below the 10 s a request would wait for a connection the pool has lost.
      expect(performance.now() - started).toBeLessThan(3000);
    } finally {
      await single.close();
    }
  });

  it("drops idle connections that were terminated and opens new ones", async () => {
    // Fill the pool with idle connections, then terminate all of them.
    const pids = await Promise.all(
      Array.from({ length: 3 }, () =>
        database.db.transaction(async (tx) => {
          const pid = await backendPid(tx);
          await sleep(50); // held, so the three run on three connections
          return pid;
        }),
      ),
    );
    expect(new Set(pids).size).toBe(3);
    for (const pid of pids) await terminate(pid);
    await sleep(300);
    const fresh = await Promise.all(Array.from({ length: 3 }, () => backendPid(database.db)));
    for (const pid of fresh) expect(pids).not.toContain(pid);
  });
});
