import { once } from "node:events";
import { createServer } from "node:net";
import { sql } from "drizzle-orm";
import { Hono } from "hono";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../db/client";
import { createTestDatabase } from "../test/database";
import { AppError } from "./errors";
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  databaseUnavailableAnswer,
  isDatabaseUnavailable,
  RETRY_AFTER_SECONDS,
  throwIfDatabaseUnavailable,
} from "./unavailable";

/** A port nothing listens on: connecting to it is refused at once. */
async function closedPort(): Promise<number> {
  const probe = createServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** pg's own error class for a server's ErrorResponse, with the SQLSTATE PostgreSQL sends. */
function serverError(code: string, message: string): pg.DatabaseError {
  const error = new pg.DatabaseError(message, message.length, "error");
  error.code = code;
  return error;
}

/** What drizzle throws around a driver's error: its query text, and the driver's error as the cause. */
function wrapped(cause: unknown): Error {
  return new Error("Failed query: select 1\nparams: ", { cause });
}

describe("isDatabaseUnavailable", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("is true for a query through our pool to a PostgreSQL that refuses connections", async () => {
    const down = await openDatabase({
      databaseUrl: `postgres://postgres@127.0.0.1:${await closedPort()}/nowhere`,
    });
    try {
      const failure = await down.db.execute(sql`select 1`).then(
        () => null,
        (error: unknown) => error,
      );
      // Drizzle wraps the driver's ECONNREFUSED: the mapping has to look at the cause.
      expect(failure).toBeInstanceOf(Error);
      expect((failure as Error).message).toContain("Failed query");
      expect(isDatabaseUnavailable(failure)).toBe(true);
    } finally {
      await down.close();
    }
  });

  it("is false for real query errors: a constraint, a bad value, a syntax error", async () => {
    const failures = await Promise.all(
      [
        sql`select 1 / 0`,
        sql`select 'not a uuid'::uuid`,
        sql`select from nowhere where`,
        sql`insert into plans (id) values (null)`,
      ].map((query) =>
        database.db.execute(query).then(
          () => null,
          (error: unknown) => error,
        ),
      ),
    );
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(failure)).toBe(false);
    }
  });

  it.each([
    ["57P01", "terminating connection due to administrator command"],
    ["57P02", "terminating connection because of crash of another server process"],
    ["57P03", "the database system is starting up"],
    ["57P03", "the database system is shutting down"],
    ["08000", "connection exception"],
    ["08003", "connection does not exist"],
    ["08006", "connection failure"],
  ])("is true for SQLSTATE %s (%s), bare or wrapped", (code, message) => {
    expect(isDatabaseUnavailable(serverError(code, message))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(serverError(code, message)))).toBe(true);
  });

  it.each([
    ["23505", "duplicate key value violates unique constraint"],
    ["40001", "could not serialize access due to concurrent update"],
    ["53300", "sorry, too many clients already"],
    ["57014", "canceling statement due to statement timeout"],
  ])("is false for SQLSTATE %s (%s): not the database going away", (code, message) => {
    expect(isDatabaseUnavailable(wrapped(serverError(code, message)))).toBe(false);
  });

  it.each(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT"])("is true for the socket error %s", (code) => {
    const error = Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
  });

  it("is true for node-postgres's errors that have no code", () => {
    for (const message of [
      "Connection terminated unexpectedly",
      "Connection terminated",
      "Connection terminated due to connection timeout",
      "Client has encountered a connection error and is not queryable",
      "timeout exceeded when trying to connect",
    ]) {
      expect(isDatabaseUnavailable(wrapped(new Error(message)))).toBe(true);
    }
  });

  it("is true for a refused connect to every address of a host (an AggregateError)", () => {
    const refused = (address: string) =>
      Object.assign(new Error(`connect ECONNREFUSED ${address}`), { code: "ECONNREFUSED" });
    const error = new AggregateError([refused("::1:5432"), refused("127.0.0.1:5432")]);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("is false for our own errors and anything else", () => {
    // An AppError keeps its own status even if its text reads like a connection error.
    expect(isDatabaseUnavailable(new AppError("CONFLICT", "Connection terminated"))).toBe(false);
    expect(isDatabaseUnavailable(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("x is not a function"))).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });

  it("stops on a cause chain that loops", () => {
    const a = new Error("a");
    const b = new Error("b", { cause: a });
    (a as { cause?: unknown }).cause = b;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});

describe("databaseUnavailableAnswer", () => {
  /** An app whose one route throws `error`, with the unavailable branch in its onError, as in app.ts. */
  function appThrowing(error: unknown, answer: ReturnType<typeof databaseUnavailableAnswer>) {
    const app = new Hono();
    app.get("/api/thing", () => {
      throw error;
    });
    app.onError((err, c) =>
      isDatabaseUnavailable(err)
        ? answer(c, err)
        : c.json(new AppError("INTERNAL", "There was a problem internally.").toBody(), 500),
    );
    return app;
  }

  it("answers 503 with Retry-After in our error shape, and nothing of the query", async () => {
    const warnings: string[] = [];
    const answer = databaseUnavailableAnswer({ warn: (m) => warnings.push(m) });
    const error = wrapped(serverError("57P01", "terminating connection due to administrator command"));
    const response = await appThrowing(error, answer).request("/api/thing");
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe(String(RETRY_AFTER_SECONDS));
    expect(await response.json()).toEqual({
      error: { code: "UNAVAILABLE", message: DATABASE_UNAVAILABLE_MESSAGE },
    });
    expect(warnings).toEqual([
      "The database or the file store is unavailable (57P01 terminating connection due to administrator command): 1 request(s) answered 503, the last GET /api/thing",
    ]);
  });

  it("leaves every other error a 500", async () => {
    const answer = databaseUnavailableAnswer({ warn: () => {} });
    const response = await appThrowing(new Error("a bug"), answer).request("/api/thing");
    expect(response.status).toBe(500);
    expect(response.headers.get("retry-after")).toBeNull();
  });

  it("logs one warning per 5 seconds however many requests fail, with the count since the last", async () => {
    const warnings: string[] = [];
    let clock = 0;
    const answer = databaseUnavailableAnswer({ warn: (m) => warnings.push(m) }, () => clock);
    const app = appThrowing(
      Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
      answer,
    );
    for (const at of [0, 100, 2000, 4999, 5000, 5001, 12_000]) {
      clock = at;
      expect((await app.request("/api/thing")).status).toBe(503);
    }
    expect(warnings.map((w) => /: (\d+) request/.exec(w)?.[1])).toEqual(["1", "4", "2"]);
  });
});

describe("throwIfDatabaseUnavailable (after a 500 of better-auth)", () => {
  it("throws the ping's error when the database is unavailable", async () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    await expect(throwIfDatabaseUnavailable({ ping: () => Promise.reject(refused) })).rejects.toBe(refused);
  });

  it("returns when the database answers, or fails for another reason: the 500 stands", async () => {
    await expect(throwIfDatabaseUnavailable({ ping: () => Promise.resolve() })).resolves.toBeUndefined();
    const other = serverError("53300", "sorry, too many clients already");
    await expect(throwIfDatabaseUnavailable({ ping: () => Promise.reject(other) })).resolves.toBeUndefined();
  });
});
