import { execFile, execFileSync } from "node:child_process";
import { chownSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);

/** Where Debian's PostgreSQL 15 keeps its programs (initdb and pg_ctl are not on PATH). */
const PG_BIN = process.env.DB_RESTART_PG_BIN ?? "/usr/lib/postgresql/15/bin";
/** The account that owns the cluster when we run as root: initdb and postgres refuse to run as root. */
const CLUSTER_USER = "postgres";

/**
 * A PostgreSQL cluster of our own, in a temporary folder, on its own port: stopped, restarted and
 * started again without touching the machine's shared server. Trust authentication on 127.0.0.1
 * only; fsync on, as a real server has it. `destroy` stops it and removes the folder.
 */
export class ThrowawayCluster {
  private constructor(
    readonly dir: string,
    readonly port: number,
    private readonly asUser: string | null,
  ) {}

  get dataDir(): string {
    return path.join(this.dir, "data");
  }

  get logFile(): string {
    return path.join(this.dir, "postgres.log");
  }

  /** postgres://postgres@127.0.0.1:port/name */
  url(database = "postgres"): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  static async create(port: number): Promise<ThrowawayCluster> {
    const dir = mkdtempSync(path.join(tmpdir(), "db-restart-"));
    const asUser = process.getuid?.() === 0 ? CLUSTER_USER : null;
    if (asUser) {
      const { stdout } = await run("id", ["-u", asUser]);
      const { stdout: gid } = await run("id", ["-g", asUser]);
      chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
    }
    const cluster = new ThrowawayCluster(dir, port, asUser);
    // However the run ends (Ctrl-C included: runBenchMain exits at once), no PostgreSQL is left behind.
    process.once("exit", () => cluster.destroySync());
    await cluster.pg("initdb", [
      "-D",
      cluster.dataDir,
      "-U",
      "postgres",
      "-A",
      "trust",
      "--no-sync",
      "--encoding=UTF8",
    ]);
    await cluster.start();
    return cluster;
  }

  /** Runs one of PostgreSQL's programs, as the cluster's owner when we are root. */
  private async pg(program: string, args: string[]): Promise<void> {
    const command = path.join(PG_BIN, program);
    try {
      if (this.asUser) {
        const quoted = [command, ...args].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(" ");
        await run("su", [this.asUser, "-s", "/bin/sh", "-c", quoted], { timeout: 120_000 });
      } else {
        await run(command, args, { timeout: 120_000 });
      }
    } catch (error) {
      const { stderr, stdout } = error as { stderr?: string; stdout?: string };
      throw new Error(`${program} ${args.join(" ")} failed: ${stderr || stdout || String(error)}`);
    }
  }

  /** PostgreSQL's own options: our port, TCP on 127.0.0.1 only, its socket in our folder. */
  private get serverOptions(): string {
    return `-p ${this.port} -c listen_addresses=127.0.0.1 -k ${this.dir} -c max_connections=50`;
  }

  /** Starts the server and waits until it accepts connections. */
  start(): Promise<void> {
    return this.pg("pg_ctl", [
      "start",
      "-w",
      "-D",
      this.dataDir,
      "-l",
      this.logFile,
      "-o",
      this.serverOptions,
    ]);
  }

  /**
   * `pg_ctl stop -m fast`: every backend is told to end (clients get FATAL 57P01), transactions in
   * progress roll back, a checkpoint is written; new connections are refused meanwhile.
   */
  stop(): Promise<void> {
    return this.pg("pg_ctl", ["stop", "-w", "-m", "fast", "-D", this.dataDir]);
  }

  /** `pg_ctl restart -m fast`: the stop above, then a start with the same options. */
  restart(): Promise<void> {
    return this.pg("pg_ctl", [
      "restart",
      "-w",
      "-m",
      "fast",
      "-D",
      this.dataDir,
      "-l",
      this.logFile,
      "-o",
      this.serverOptions,
    ]);
  }

  /** One statement on the cluster's `postgres` database (create database and the like). */
  async execute(statement: string): Promise<void> {
    const client = new pg.Client({ connectionString: this.url() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  }

  /** `destroy`, also for an exiting process, which cannot wait for promises. */
  private destroySync(): void {
    const args = ["stop", "-w", "-m", "immediate", "-D", this.dataDir];
    const command = path.join(PG_BIN, "pg_ctl");
    try {
      if (this.asUser) {
        execFileSync("su", [this.asUser, "-s", "/bin/sh", "-c", `'${command}' ${args.join(" ")}`], {
          stdio: "ignore",
        });
      } else {
        execFileSync(command, args, { stdio: "ignore" });
      }
    } catch {
      // Already stopped.
    }
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** Stops the server however it is (immediate: nothing here is worth a checkpoint) and removes the folder. */
  async destroy(): Promise<void> {
    this.destroySync();
  }
}
