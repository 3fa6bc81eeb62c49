import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { REPO_DIR } from "../lib/target";

/** Longest wait for a server to answer its health check: migrations on a cold start included. */
const HEALTHY_TIMEOUT_MS = 60_000;
const HEALTH_POLL_MS = 50;
const STOP_TIMEOUT_MS = 10_000;
/** Output lines kept to explain a server that died. */
const KEPT_OUTPUT_LINES = 40;

export interface ServerProcess {
  /** "app" or "baseline", for messages. */
  label: string;
  pid: number;
  /** http://127.0.0.1:port: where the load goes. */
  baseUrl: string;
  /** http://localhost:port: the origin our server trusts (its PUBLIC_URL default). */
  origin: string;
  /** From spawn to the first healthy answer. */
  coldStartMs: number;
  stop(): Promise<void>;
}

/** A port the kernel says is free right now (a tiny race with other programs is acceptable here). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, "127.0.0.1");
  await once(probe, "listening");
  const address = probe.address();
  probe.close();
  if (typeof address !== "object" || address === null) throw new Error("Could not find a free port.");
  return address.port;
}

/** Children still running, stopped by `killRunningServers` if the runner exits early. */
const running = new Set<ChildProcess>();

export function killRunningServers(): void {
  for (const child of running) child.kill("SIGKILL");
}

/**
 * Starts `entry` as a child process and waits until GET /api/health answers {"ok":true}. A TypeScript
 * entry runs as `node --import tsx entry`, which is what `tsx entry` does but without tsx's wrapper
 * process, so `pid` is the server itself and its RSS is the server's; a JavaScript one (the bundled
 * server of `npm start`, scripts/start.mjs) with plain Node.
 */
export async function startServerProcess(opts: {
  label: string;
  entry: string;
  port: number;
  env: Record<string, string>;
  /** How long to wait for it to answer its health check (default 60 s; longer on a loaded machine). */
  healthyTimeoutMs?: number;
}): Promise<ServerProcess> {
  const started = performance.now();
  // Extra Node flags for the servers, e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"
  // to profile them (Node refuses --cpu-prof in NODE_OPTIONS).
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
  const loader = opts.entry.endsWith(".ts") ? ["--import", "tsx"] : [];
  const child = spawn(process.execPath, [...nodeArgs, ...loader, opts.entry], {
    cwd: REPO_DIR,
    env: { ...process.env, ...opts.env, PORT: String(opts.port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n")) {
      if (!line.trim()) continue;
      output.push(line);
      if (output.length > KEPT_OUTPUT_LINES) output.shift();
      // Warnings and errors only (LOG_LEVEL=warn), so worth showing as they come.
      process.stderr.write(`  [${opts.label}] ${line}\n`);
    }
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = once(child, "exit");
  child.once("exit", () => running.delete(child));

  const baseUrl = `http://127.0.0.1:${opts.port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const stopped = await Promise.race([exited.then(() => true), sleep(STOP_TIMEOUT_MS).then(() => false)]);
    if (!stopped) {
      console.warn(`  ${opts.label} server did not stop within ${STOP_TIMEOUT_MS / 1000} s; killing it.`);
      child.kill("SIGKILL");
      await exited;
    }
  };

  const healthyTimeoutMs = opts.healthyTimeoutMs ?? HEALTHY_TIMEOUT_MS;
  const deadline = started + healthyTimeoutMs;
  while (performance.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The ${opts.label} server exited during start-up:\n${output.join("\n")}`);
    }
    if (await isHealthy(baseUrl)) {
      return {
        label: opts.label,
        pid: child.pid!,
        baseUrl,
        origin: `http://localhost:${opts.port}`,
        coldStartMs: performance.now() - started,
        stop,
      };
    }
    await sleep(HEALTH_POLL_MS);
  }
  await stop();
  throw new Error(`The ${opts.label} server was not healthy within ${healthyTimeoutMs / 1000} s.`);
}

async function isHealthy(baseUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
    const body: unknown = await response.json();
    return response.status === 200 && (body as { ok?: unknown }).ok === true;
  } catch {
    return false; // Not listening yet.
  }
}

/**
 * Runs a benchmark's `main` as the process's work: servers it started are killed however it ends (an
 * error, Ctrl-C), a failure is printed with its cause, and `main`'s number is the exit code.
 */
export async function runBenchMain(label: string, main: () => Promise<number | undefined>): Promise<void> {
  process.on("exit", killRunningServers);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      killRunningServers();
      process.exit(130);
    });
  }
  try {
    process.exitCode = (await main()) ?? 0;
  } catch (error) {
    // fetch's "fetch failed" says why only in its cause (a refused or reset connection).
    const cause = error instanceof Error && error.cause ? `\n  cause: ${String(error.cause)}` : "";
    console.error(`\n${label} failed: ${error instanceof Error ? error.message : error}${cause}`);
    process.exitCode = 1;
  }
}
