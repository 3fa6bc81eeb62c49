import { setTimeout as sleep } from "node:timers/promises";
import { freePort, type ServerProcess, startServerProcess } from "../../bench/runner/server-process";

const EXIT_POLL_MS = 10;
const EXIT_TIMEOUT_MS = 10_000;

/** Resolves once `pid` is gone (Node reaps its own children, so the pid disappears soon after the signal). */
async function waitForExit(pid: number): Promise<void> {
  const deadline = performance.now() + EXIT_TIMEOUT_MS;
  while (performance.now() < deadline) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await sleep(EXIT_POLL_MS);
  }
  throw new Error(`The server (pid ${pid}) was still there ${EXIT_TIMEOUT_MS / 1000} s after SIGKILL.`);
}

/** A promise with its resolve and reject at hand (Promise.withResolvers is Node 22). */
function settleable() {
  let resolve = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // A server that cannot start again fails the clients waiting for it rather than leaving them waiting;
  // the kill loop reports the error itself.
  promise.catch(() => {});
  return { promise, resolve, reject };
}

/** One kill: how long the server was away, and how many of the clients' requests it caught in flight. */
export interface KillRecord {
  /** From SIGKILL to the restarted server's first healthy answer. */
  downMs: number;
  /** From spawning the new process to its first healthy answer (migrations check and recovery included). */
  startMs: number;
  inFlightAtKill: number;
}

/**
 * Our server as a child process on one port and one database, that can be killed with SIGKILL and
 * started again on the same data. The port stays the same, so the clients' base URL and the origin the
 * server trusts do not change. Clients wait on `whenUp()` after a failure: it resolves at once while
 * the server is up, and when the restarted one first answers its health check while it is down.
 */
export class ChaosServer {
  private process: ServerProcess;
  private down: Promise<void> | null = null;
  readonly kills: KillRecord[] = [];
  /** Process start of a clean restart (after SIGTERM), to compare with the starts after a kill. */
  cleanStartMs: number | null = null;

  private constructor(
    process: ServerProcess,
    private readonly port: number,
    private readonly env: Record<string, string>,
  ) {
    this.process = process;
  }

  static async start(env: Record<string, string>): Promise<ChaosServer> {
    const port = await freePort();
    // The origin the clients send is the one bench's ServerProcess names: pinned here, whatever PUBLIC_URL
    // the calling shell has.
    const pinned = { ...env, PUBLIC_URL: `http://localhost:${port}` };
    return new ChaosServer(await ChaosServer.spawn(port, pinned), port, pinned);
  }

  private static spawn(port: number, env: Record<string, string>): Promise<ServerProcess> {
    // What `npm start` runs (startServer, SIGTERM closes it) without its banner of demo accounts, which
    // would be printed again at every restart.
    return startServerProcess({ label: "app", entry: "bench/frontend/server-entry.ts", port, env });
  }

  get baseUrl(): string {
    return this.process.baseUrl;
  }

  get origin(): string {
    return this.process.origin;
  }

  /** The running process, for helpers that take one (sign-in). */
  get current(): ServerProcess {
    return this.process;
  }

  whenUp(): Promise<void> {
    return this.down ?? Promise.resolve();
  }

  /** SIGKILL (no shutdown of any kind: the database is left as the kill found it), then the same server again. */
  async killAndRestart(inFlight: () => number): Promise<KillRecord> {
    const back = settleable();
    this.down = back.promise;
    const killedAt = performance.now();
    const inFlightAtKill = inFlight();
    try {
      process.kill(this.process.pid, "SIGKILL");
      await waitForExit(this.process.pid);
      this.process = await ChaosServer.spawn(this.port, this.env);
    } catch (error) {
      back.reject(error);
      throw error;
    }
    const record = {
      downMs: performance.now() - killedAt,
      startMs: this.process.coldStartMs,
      inFlightAtKill,
    };
    this.kills.push(record);
    this.down = null;
    back.resolve();
    return record;
  }

  /** A clean stop (SIGTERM: requests finish, the database closes) and a clean start, for the read-back. */
  async restartGracefully(): Promise<void> {
    await this.process.stop();
    this.process = await ChaosServer.spawn(this.port, this.env);
    this.cleanStartMs = this.process.coldStartMs;
  }

  stop(): Promise<void> {
    return this.process.stop();
  }
}
