/**
 * The worker thread that runs PGlite for RemotePglite (pglite-remote.ts, PGLITE_WORKER). It opens the
 * database from its workerData, says so with the answer of id 0, then answers each request in the
 * order it came. A transaction is PGlite's own `transaction()`, held open until the other side ends
 * it: queries from outside wait for it inside PGlite, exactly as in-process.
 */
import { parentPort, workerData } from "node:worker_threads";
import {
  messages,
  PGlite,
  type QueryOptions,
  type Transaction,
  TransactionAbortedError,
} from "@electric-sql/pglite";
import { keepDrizzleTextTypes, onlyDrizzleTextTypes } from "./pglite-parsers";
import type {
  PgliteWorkerData,
  WireDump,
  WireError,
  WireQueryOptions,
  WorkerRequest,
  WorkerResponse,
} from "./pglite-remote";

const port = parentPort;
if (!port) throw new Error("pglite-worker runs as a worker thread (see pglite-remote.ts).");
const { dataDir, startParams, drizzleText } = workerData as PgliteWorkerData;

/** Thrown inside PGlite's transaction to have it roll back; never seen outside this file. */
const ROLLBACK = Symbol("rollback");

interface OpenTransaction {
  tx: Transaction;
  /** Ends the transaction; `requestId` gets the answer once PGlite has committed or rolled back. */
  end(requestId: number, commit: boolean): void;
}

const transactions = new Map<number, OpenTransaction>();

/** Identity parsers, one object per set of types (drizzle sends the same few sets over and over). */
const rawParserSets = new Map<string, QueryOptions["parsers"]>();
const keepText = (value: string) => value;

function toQueryOptions(wire: WireQueryOptions): QueryOptions {
  const options: QueryOptions = {};
  if (wire.rowMode) options.rowMode = wire.rowMode;
  if (wire.paramTypes) options.paramTypes = wire.paramTypes;
  // Types PGlite already keeps as text (keepDrizzleTextTypes) need no parsers of their
  // own: PGlite would copy its whole parser table to merge them (pglite-parsers.ts).
  if (wire.rawTypes && !(drizzleText && onlyDrizzleTextTypes(wire.rawTypes))) {
    const key = wire.rawTypes.join(",");
    let parsers = rawParserSets.get(key);
    if (!parsers) {
      parsers = Object.fromEntries(wire.rawTypes.map((type) => [type, keepText]));
      rawParserSets.set(key, parsers);
    }
    options.parsers = parsers;
  }
  return options;
}

/** Every own field of the error that can be cloned: PGlite's queryOptions are left behind (functions). */
function toWireError(error: unknown): WireError {
  if (!(error instanceof Error)) return { message: String(error), name: "Error", kind: "other", fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (key !== "queryOptions" && typeof value !== "function") fields[key] = value;
  }
  return {
    message: error.message,
    name: error.name,
    kind:
      error instanceof TransactionAbortedError
        ? "aborted"
        : error instanceof messages.DatabaseError
          ? "database"
          : "other",
    fields,
  };
}

function reply(id: number, result: unknown, transfer?: ArrayBuffer[]): void {
  const response: WorkerResponse = { id, result };
  port!.postMessage(response, transfer);
}

function fail(id: number, error: unknown): void {
  const wire = toWireError(error);
  try {
    port!.postMessage({ id, error: wire } satisfies WorkerResponse);
  } catch {
    // A field that cannot be cloned (an error that is not PGlite's) must not cost the answer itself.
    port!.postMessage({ id, error: { ...wire, fields: {} } } satisfies WorkerResponse);
  }
}

/** The statement runs in transaction `tx` when it is not 0; after its end, it fails as PGlite's would. */
function target(pg: PGlite, tx: number): PGlite | Transaction {
  if (tx === 0) return pg;
  const open = transactions.get(tx);
  if (!open) throw new Error("Transaction is closed");
  return open.tx;
}

function begin(pg: PGlite, requestId: number, id: number): void {
  let started = false;
  let endRequestId = 0;
  pg.transaction(async (tx) => {
    started = true;
    const commit = await new Promise<boolean>((resolve) => {
      transactions.set(id, {
        tx,
        end: (request, wantsCommit) => {
          endRequestId = request;
          transactions.delete(id);
          resolve(wantsCommit);
        },
      });
      reply(requestId, null);
    });
    if (!commit) throw ROLLBACK;
  }).then(
    () => reply(endRequestId, null),
    (error: unknown) => {
      transactions.delete(id);
      if (!started) fail(requestId, error);
      else if (error === ROLLBACK) reply(endRequestId, null);
      else fail(endRequestId, error);
    },
  );
}

async function dump(pg: PGlite, compression: "auto" | "gzip" | "none" | undefined): Promise<WireDump> {
  const file = await pg.dumpDataDir(compression);
  const bytes = await file.arrayBuffer();
  return { bytes, name: file instanceof File ? file.name : null, type: file.type };
}

async function handle(pg: PGlite, request: WorkerRequest): Promise<void> {
  switch (request.op) {
    case "query":
      reply(
        request.id,
        await target(pg, request.tx).query(request.sql, request.params, toQueryOptions(request.options)),
      );
      return;
    case "exec":
      reply(request.id, await target(pg, request.tx).exec(request.sql, toQueryOptions(request.options)));
      return;
    case "begin":
      begin(pg, request.id, request.tx);
      return;
    case "end": {
      const open = transactions.get(request.tx);
      if (!open) throw new Error("Transaction is closed");
      open.end(request.id, request.commit);
      return;
    }
    case "dump": {
      const result = await dump(pg, request.compression);
      reply(request.id, result, [result.bytes]);
      return;
    }
    case "close":
      await pg.close();
      reply(request.id, null);
      port!.close();
      return;
  }
}

try {
  const pg = await PGlite.create(dataDir, { startParams });
  if (drizzleText) keepDrizzleTextTypes(pg);
  port.on("message", (request: WorkerRequest) => {
    handle(pg, request).catch((error: unknown) => fail(request.id, error));
  });
  reply(0, null);
} catch (error) {
  fail(0, error);
  port.close();
}
