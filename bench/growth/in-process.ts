import { type ServerType, serve } from "@hono/node-server";
import pg from "pg";
import { createApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { type Database, openDatabase } from "../../src/server/db/client";
import { createDeps } from "../../src/server/server";
import type { DatabaseTarget } from "../lib/target";
import { freePort, type ServerProcess } from "../runner/server-process";

/** A statement as our server sent it to the driver: the text and its bind parameters. */
export interface CapturedStatement {
  text: string;
  params: unknown[];
}

/**
 * Our app in this process on the growth database, listening on a free port of 127.0.0.1 (so the same
 * sign-in and requests as for the server process work on it), where the SQL its routes send can be
 * caught on the way to the driver: a server in another process cannot be watched that way. Runs while
 * no server holds the database: a PGlite folder has one owner.
 */
export interface InProcessApp {
  server: ServerProcess;
  database: Database;
  /** The statements sent while `run` runs, in order (every driver call: drizzle's and better-auth's). */
  capture(run: () => Promise<unknown>): Promise<CapturedStatement[]>;
}

type QueryFn = (...args: unknown[]) => unknown;

/** The text and parameters of a driver call: pg takes (text | {text, values}, values?), PGlite (text, params?). */
function statementOf(args: unknown[]): CapturedStatement {
  const [first, second] = args;
  const config =
    typeof first === "object" && first !== null ? (first as { text: string; values?: unknown[] }) : null;
  const text = config ? config.text : String(first);
  const params = Array.isArray(second) ? second : (config?.values ?? []);
  return { text, params };
}

/**
 * Wraps the driver: with PostgreSQL every query of every pooled connection goes through
 * pg.Client.prototype.query (a transaction's too); with PGlite through the instance's query, and a
 * transaction's through the `tx` its callback receives.
 */
function wrapDriver(database: Database, record: (s: CapturedStatement) => void): () => void {
  const wrap = (original: QueryFn): QueryFn =>
    function (this: unknown, ...args: unknown[]) {
      record(statementOf(args));
      return original.apply(this, args);
    };
  if (database.kind === "postgres") {
    const proto = pg.Client.prototype as unknown as { query: QueryFn };
    const original = proto.query;
    proto.query = wrap(original);
    return () => {
      proto.query = original;
    };
  }
  const client = (database.db as unknown as { $client: { query: QueryFn; transaction: QueryFn } }).$client;
  const { query, transaction } = client;
  client.query = wrap(query);
  client.transaction = function (this: unknown, work: unknown) {
    return transaction.call(this, (tx: { query: QueryFn }) => {
      tx.query = wrap(tx.query);
      return (work as (tx: unknown) => unknown)(tx);
    });
  };
  return () => {
    client.query = query;
    client.transaction = transaction;
  };
}

export async function openInProcessApp(
  target: DatabaseTarget,
  env: Record<string, string>,
): Promise<InProcessApp> {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const config = loadConfig({ ...env, PUBLIC_URL: origin, PORT: String(port), HOST: "127.0.0.1" });
  const database = await openDatabase(
    target.kind === "postgres" ? { databaseUrl: target.databaseUrl } : { dataDir: target.dataDir },
  );
  const deps = await createDeps(config, database);
  const app = createApp(deps, { serveClient: false });
  const listener: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port, hostname: "127.0.0.1" }, () => resolve(s));
  });
  let recording: CapturedStatement[] | null = null;
  const unwrap = wrapDriver(database, (statement) => recording?.push(statement));
  const stop = async () => {
    unwrap();
    await new Promise<void>((resolve) => listener.close(() => resolve()));
    await deps.mailer.stop();
    await database.close();
  };
  return {
    server: {
      label: "in-process",
      pid: process.pid,
      baseUrl: `http://127.0.0.1:${port}`,
      origin,
      coldStartMs: 0,
      stop,
    },
    database,
    async capture(run) {
      recording = [];
      try {
        await run();
        return recording;
      } finally {
        recording = null;
      }
    },
  };
}
