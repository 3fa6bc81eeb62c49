import { existsSync, readFileSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { readRssMb } from "../../bench/runner/proc";

/** The server's resident memory every few seconds, and the machine's load average with it. */

export interface RssSample {
  /** Seconds since the load started. */
  t: number;
  rssMb: number;
  /** The machine's 1-minute load average (the machine is shared: other work shows here). */
  load1: number;
}

export class RssSampler {
  readonly samples: RssSample[] = [];
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly pid: number,
    private readonly startedAt: number,
    everyMs = 5_000,
  ) {
    this.sample();
    this.timer = setInterval(() => this.sample(), everyMs);
  }

  private sample(): void {
    const rssMb = readRssMb(this.pid);
    if (rssMb === null) return;
    this.samples.push({ t: (performance.now() - this.startedAt) / 1000, rssMb, load1: loadavg()[0]! });
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

/** Least-squares slope of y over x; null with fewer than two points. */
export function slope(points: readonly { x: number; y: number }[]): number | null {
  if (points.length < 2) return null;
  const n = points.length;
  const meanX = points.reduce((s, p) => s + p.x, 0) / n;
  const meanY = points.reduce((s, p) => s + p.y, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of points) {
    num += (p.x - meanX) * (p.y - meanY);
    den += (p.x - meanX) ** 2;
  }
  return den === 0 ? null : num / den;
}

/** What the server reports after a full garbage collection (scripts/soak/server-entry.ts). */
export interface HeapSnapshot {
  heapUsedMb: number;
  /** Outside the JS heap: buffers, and with PGlite its WebAssembly memory. */
  externalMb: number;
  rssMb: number;
  gcMs: number;
}

const MB = 1024 * 1024;
const PROBE_TIMEOUT_MS = 15_000;

/** Asks the server for a full collection and its memory after it (SIGUSR2, answer in `file`). */
export async function heapAfterGc(pid: number, file: string): Promise<HeapSnapshot> {
  rmSync(file, { force: true });
  process.kill(pid, "SIGUSR2");
  const deadline = performance.now() + PROBE_TIMEOUT_MS;
  while (!existsSync(file)) {
    if (performance.now() > deadline) throw new Error("The server did not answer the memory probe.");
    await sleep(20);
  }
  const usage = JSON.parse(readFileSync(file, "utf8")) as {
    heapUsed: number;
    external: number;
    rss: number;
    gcMs: number;
  };
  return {
    heapUsedMb: usage.heapUsed / MB,
    externalMb: usage.external / MB,
    rssMb: usage.rss / MB,
    gcMs: usage.gcMs,
  };
}

/** PostgreSQL's checkpoint counters (the whole server's), read at the end of each minute. */
export class CheckpointCounter {
  private constructor(
    private readonly client: pg.Client,
    private last: { requested: number; timed: number },
  ) {}

  private static async read(client: pg.Client) {
    const { rows } = await client.query<{ requested: string; timed: string }>(
      "select checkpoints_req as requested, checkpoints_timed as timed from pg_stat_bgwriter",
    );
    return { requested: Number(rows[0]!.requested), timed: Number(rows[0]!.timed) };
  }

  static async open(databaseUrl: string): Promise<CheckpointCounter> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return new CheckpointCounter(client, await CheckpointCounter.read(client));
  }

  /** Checkpoints since the last call. */
  async sinceLast(): Promise<{ requested: number; timed: number }> {
    const now = await CheckpointCounter.read(this.client);
    const delta = { requested: now.requested - this.last.requested, timed: now.timed - this.last.timed };
    this.last = now;
    return delta;
  }

  close(): Promise<void> {
    return this.client.end();
  }
}
