/**
 * PGlite in a worker thread (PGLITE_WORKER, docs/decisions/017-pglite-worker.md): the database's WebAssembly,
 * its protocol code and its file writes run on the second core, while this thread serves HTTP. `RemotePglite`
 * stands in for the PGlite instance, with what drizzle-orm's pglite driver and migrator call on it (query,
 * and transaction with a client that has query and exec) and what our code calls (query, exec,
 * dumpDataDir, close); the worker (pglite-worker.ts) runs the real one.
 *
 * Exactly as in-process:
 * - parsers: functions cannot cross threads. The worker leaves the value of every type a query has a
 *   parser for as PostgreSQL's text, and the parser runs here on receipt (drizzle's, which keep
 *   timestamps and dates as text). Every other value (Date, BigInt, JSON, Uint8Array) is parsed by
 *   PGlite in the worker and survives the structured clone as it is;
 * - transactions: the worker runs each in PGlite's own `transaction()`, so a query from outside waits
 *   for it there, as in-process. Statements go to the worker the moment they are made, in order, with
 *   no lock on this side: one round trip per statement, several in flight;
 * - errors: PostgreSQL's (code, detail, constraint…) come back as PGlite's DatabaseError with every field.
 */
import { Worker } from "node:worker_threads";
import {
  messages,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
  TransactionAbortedError,
} from "@electric-sql/pglite";

/** What the worker starts PGlite with. */
export interface PgliteWorkerData {
  dataDir: string;
  startParams: string[];
  /** Create PGlite with `drizzleTextParsers` (pglite-parsers.ts), as openDatabase does in-process. */
  drizzleText: boolean;
}

/** QueryOptions without functions: `rawTypes` are the types whose parser runs on this side. */
export interface WireQueryOptions {
  rowMode?: QueryOptions["rowMode"];
  paramTypes?: number[];
  rawTypes?: number[];
}

/** `tx` is 0 outside a transaction, else the id the transaction was begun with. */
export type WorkerRequest =
  | { id: number; op: "query"; tx: number; sql: string; params: unknown[]; options: WireQueryOptions }
  | { id: number; op: "exec"; tx: number; sql: string; options: WireQueryOptions }
  | { id: number; op: "begin"; tx: number }
  | { id: number; op: "end"; tx: number; commit: boolean }
  | { id: number; op: "dump"; compression: "auto" | "gzip" | "none" | undefined }
  | { id: number; op: "close" };

/** A request before #call numbers it. */
type Unnumbered<T> = T extends unknown ? Omit<T, "id"> : never;

/** An error as it crosses: its own fields (code, detail, constraint…) as data. */
export interface WireError {
  message: string;
  name: string;
  /**
   * PGlite's class of it: DatabaseError (an error PostgreSQL reported), TransactionAbortedError (COMMIT
   * of a transaction a failed statement had aborted), or any other.
   */
  kind: "database" | "aborted" | "other";
  fields: Record<string, unknown>;
}

/** The answer to request `id`; id 0 says the database is open (or why it could not be). */
export type WorkerResponse = { id: number; result: unknown } | { id: number; error: WireError };

/** A dump as it crosses: its bytes (transferred, not copied) and what the File or Blob said. */
export interface WireDump {
  bytes: ArrayBuffer;
  name: string | null;
  type: string;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  /** A query's own options: its parsers to run, and PGlite's `queryOptions` on its error. */
  options: QueryOptions | undefined;
}

const TRANSACTION_CLOSED = "Transaction is closed";

/** Options that hold functions or a Blob this side cannot pass on, instead of silently dropping them. */
function toWireOptions(options: QueryOptions | undefined): WireQueryOptions {
  if (!options) return {};
  if (options.serializers || options.blob || options.onNotice) {
    throw new Error("PGlite in a worker supports the query options rowMode, paramTypes and parsers only.");
  }
  const wire: WireQueryOptions = {};
  if (options.rowMode) wire.rowMode = options.rowMode;
  if (options.paramTypes) wire.paramTypes = options.paramTypes;
  if (options.parsers) wire.rawTypes = Object.keys(options.parsers).map(Number);
  return wire;
}

/**
 * Runs the query's parsers on the values the worker left as text. Object rows keep the last of
 * several columns of one name (as PGlite does), so each name is parsed once, with that column's type.
 */
export function applyParsers(result: Results, options: QueryOptions | undefined): void {
  const parsers = options?.parsers;
  if (!parsers) return;
  const arrayMode = options.rowMode === "array";
  const seen = new Set<string>();
  for (let column = result.fields.length - 1; column >= 0; column--) {
    const { name, dataTypeID } = result.fields[column]!;
    if (!arrayMode) {
      if (seen.has(name)) continue;
      seen.add(name);
    }
    // PGlite calls a parser with the type too, though its type declares the value only.
    const parse = parsers[dataTypeID] as ((value: string, type: number) => unknown) | undefined;
    if (!parse) continue;
    const key = arrayMode ? column : name;
    for (const row of result.rows as Record<string | number, unknown>[]) {
      const value = row[key];
      if (value !== null && value !== undefined) row[key] = parse(value as string, dataTypeID);
    }
  }
}

/** The worker's error as this side's: a DatabaseError with every field, or an Error of the same name. */
export function fromWireError(wire: WireError, options: QueryOptions | undefined): Error {
  if (wire.kind === "other") {
    const error = new Error(wire.message);
    Object.assign(error, wire.fields);
    error.name = wire.name;
    return error;
  }
  const error =
    wire.kind === "aborted"
      ? new TransactionAbortedError()
      : new messages.DatabaseError(
          wire.message,
          Number(wire.fields.length ?? 0),
          wire.name as messages.DatabaseError["name"],
        );
  Object.assign(error, wire.fields);
  // PGlite hangs the query's options on its errors; the worker's copy had no parsers.
  if ("query" in wire.fields) Object.assign(error, { queryOptions: options });
  return error;
}

/**
 * The worker's entry: beside this module when it is bundled (dist/server/pglite-worker.mjs, a second
 * entry point of scripts/server-bundle.mjs); from the TypeScript source, through tsx, otherwise
 * (tests, scripts), because Node cannot start a .ts worker itself.
 */
function startWorker(data: PgliteWorkerData): Worker {
  const here = import.meta.url;
  if (!here.endsWith(".ts")) return new Worker(new URL("./pglite-worker.mjs", here), { workerData: data });
  const entry = new URL("./pglite-worker.ts", here).href;
  const tsx = import.meta.resolve("tsx/esm/api");
  const boot = `import(${JSON.stringify(tsx)}).then((tsx) => tsx.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(here)}))`;
  return new Worker(boot, { eval: true, workerData: data });
}

/** The part of PGlite's interface that runs in the worker; see the module's comment. */
export class RemotePglite {
  readonly dataDir: string;
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #nextTransaction = 1;
  /** Why the worker can take no more requests (closed, or stopped), once it cannot. */
  #stopped: Error | null = null;
  #closing: Promise<void> | null = null;
  /** Resolved: the worker is only started by `openPgliteInWorker`, which waits for it. */
  readonly waitReady = Promise.resolve();

  private constructor(worker: Worker, dataDir: string) {
    this.#worker = worker;
    this.dataDir = dataDir;
    worker.on("message", (response: WorkerResponse) => this.#settle(response));
    worker.on("error", (error) => this.#stop(new Error(`The PGlite worker failed: ${error.message}`)));
    worker.on("exit", (code) => this.#stop(new Error(`The PGlite worker stopped (exit code ${code}).`)));
  }

  /** Starts the worker and waits until its database is open; PGlite's own error when it cannot open it. */
  static async open(data: PgliteWorkerData): Promise<RemotePglite> {
    const remote = new RemotePglite(startWorker(data), data.dataDir);
    // The worker's first answer, id 0, says whether the database opened.
    const opened = new Promise((resolve, reject) => {
      remote.#pending.set(0, { resolve, reject, options: undefined });
    });
    try {
      await opened;
    } catch (error) {
      await remote.#worker.terminate();
      throw error;
    }
    return remote;
  }

  get closed(): boolean {
    return this.#stopped !== null;
  }

  get ready(): boolean {
    return this.#stopped === null && this.#closing === null;
  }

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.#query(0, sql, params, options);
  }

  exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    return this.#exec(0, sql, options);
  }

  /**
   * PGlite's transaction(): BEGIN, the callback with a client whose statements run in the transaction,
   * then COMMIT, or ROLLBACK when the callback throws (its error is rethrown) or rolled back itself.
   */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = this.#nextTransaction++;
    await this.#call({ op: "begin", tx: id });
    let closed = false;
    const open = () => {
      if (closed) throw new Error(TRANSACTION_CLOSED);
    };
    const end = (commit: boolean) => {
      closed = true;
      return this.#call({ op: "end", tx: id, commit });
    };
    const tx = {
      query: async <R>(sql: string, params: unknown[] = [], options?: QueryOptions) => {
        open();
        return await this.#query<R>(id, sql, params, options);
      },
      exec: async (sql: string, options?: QueryOptions) => {
        open();
        return await this.#exec(id, sql, options);
      },
      rollback: async () => {
        open();
        await end(false);
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx as unknown as Transaction);
    } catch (error) {
      if (!closed) await end(false);
      throw error;
    }
    if (!closed) await end(true);
    return result;
  }

  /** The data folder as a tar (gzipped or not), a File as PGlite gives it. */
  async dumpDataDir(compression?: "auto" | "gzip" | "none"): Promise<File | Blob> {
    const dump = (await this.#call({ op: "dump", compression })) as WireDump;
    const bytes = new Uint8Array(dump.bytes);
    return dump.name === null
      ? new Blob([bytes], { type: dump.type })
      : new File([bytes], dump.name, { type: dump.type });
  }

  /** Closes the database (its files are complete when this resolves), then ends the worker. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      try {
        if (!this.#stopped) await this.#call({ op: "close" });
      } finally {
        this.#stop(new Error("PGlite is closed"));
        await this.#worker.terminate();
      }
    })();
    return this.#closing;
  }

  async #query<T>(tx: number, sql: string, params: unknown[], options: QueryOptions | undefined) {
    const wire = toWireOptions(options);
    const result = (await this.#call({ op: "query", tx, sql, params, options: wire }, options)) as Results<T>;
    applyParsers(result as Results, options);
    return result;
  }

  async #exec(tx: number, sql: string, options: QueryOptions | undefined) {
    const wire = toWireOptions(options);
    const results = (await this.#call({ op: "exec", tx, sql, options: wire }, options)) as Results[];
    for (const result of results) applyParsers(result, options);
    return results;
  }

  /** Sends `request` under a new id; settles with the worker's answer to it. */
  #call(request: Unnumbered<WorkerRequest>, options?: QueryOptions): Promise<unknown> {
    // While it closes, PGlite itself decides: a transaction already open still runs to its end.
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve, reject, options });
      this.#worker.postMessage({ ...request, id });
    });
  }

  #settle(response: WorkerResponse): void {
    const pending = this.#pending.get(response.id);
    if (!pending) return;
    this.#pending.delete(response.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if ("error" in response) pending.reject(fromWireError(response.error, pending.options));
    else pending.resolve(response.result);
  }

  /** No more requests: the ones waiting fail with `reason`. */
  #stop(reason: Error): void {
    this.#stopped ??= reason;
    for (const pending of this.#pending.values()) pending.reject(this.#stopped);
    this.#pending.clear();
  }
}

/**
 * PGlite on `dataDir` in a worker thread, with PGlite's start parameters; with `drizzleText`, it keeps
 * drizzle's text types as text without being asked each statement (pglite-parsers.ts). Typed as PGlite for drizzle's
 * driver and our callers: it has the part of PGlite they use (see RemotePglite).
 */
export async function openPgliteInWorker(
  dataDir: string,
  options: { startParams: string[]; drizzleText?: boolean },
): Promise<PGlite> {
  const remote = await RemotePglite.open({
    dataDir,
    startParams: options.startParams,
    drizzleText: options.drizzleText ?? false,
  });
  return remote as unknown as PGlite;
}
