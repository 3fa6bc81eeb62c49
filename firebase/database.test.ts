import { randomBytes } from "node:crypto";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { PGLITE_REFUSED } from "./config";
import { migrateUnderLock, openFunctionDatabase } from "./database";

describe("the function's database", () => {
  it("is never the embedded PGlite", async () => {
    for (const DATABASE_URL of [undefined, "", "memory://", "file:///tmp/pglite"]) {
      await expect(openFunctionDatabase({ DATABASE_URL, DATABASE_POOL_SIZE: 2 })).rejects.toThrow(
        PGLITE_REFUSED,
      );
    }
  });

  // On a PostgreSQL server (npm run test:pg, or DATABASE_URL set by hand): cold starts of many instances
  // at once migrate one after another, and each after the first finds nothing left to do.
  it.skipIf(!process.env.DATABASE_URL)("migrates once however many instances start together", async () => {
    const server = process.env.DATABASE_URL!;
    const name = `firebase_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    try {
      await Promise.all(Array.from({ length: 4 }, () => migrateUnderLock(url.toString())));
      const database = await openFunctionDatabase({ DATABASE_URL: url.toString(), DATABASE_POOL_SIZE: 2 });
      try {
        const applied = await database.db.execute(
          "select count(*)::int as n from drizzle.__drizzle_migrations",
        );
        const journal = (await import("../migrations/meta/_journal.json")).entries.length;
        expect((applied as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(journal);
        await database.migrate();
      } finally {
        await database.close();
      }
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
