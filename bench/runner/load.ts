import autocannon from "autocannon";
import type { BenchUser, Scenario } from "../scenarios/types";
import type { ServerProcess } from "./server-process";

/** What one scenario measured against one server. */
export interface LoadFigures {
  connections: number;
  /** Responses received, whatever their status. */
  responses: number;
  /** Responses with the expected status, per second. */
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** Responses whose status is not the scenario's expected one. */
  unexpectedStatus: number;
  statusCounts: Record<string, number>;
}

/** Longest wait for a server to finish the requests still queued when a load run stopped. */
const DRAIN_TIMEOUT_MS = 60_000;

export interface PreparedRequest {
  method: Scenario["method"];
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/**
 * The scenario's requests, prepared once so the load generator does little per request: every user's
 * variant 0, then every user's variant 1, and so on.
 */
export function prepareRequests(
  scenario: Scenario,
  users: readonly BenchUser[],
  origin: string,
): PreparedRequest[] {
  const variants = Array.from({ length: scenario.variants ?? 1 }, (_, variant) => variant);
  return variants.flatMap((variant) =>
    users.map((user) => {
      const headers: Record<string, string> = { origin };
      if (scenario.signedIn) headers.cookie = user.cookie;
      const request: PreparedRequest = {
        method: scenario.method,
        path: scenario.path(user, variant),
        headers,
      };
      if (scenario.body) {
        headers["content-type"] = "application/json";
        request.body = JSON.stringify(scenario.body(user, variant));
      }
      return request;
    }),
  );
}

export function connectionsFor(scenario: Scenario, connections: number): number {
  return Math.min(connections, scenario.maxConnections ?? connections);
}

/**
 * Runs one scenario against one server for `durationSeconds` with autocannon (in this process; the
 * server is another process), each connection sending its next request the moment the last is
 * answered (the saturating run; the paced users are `runPaced`). Each request goes out as the next user in turn (see `prepareRequests`).
 */
export async function runLoad(opts: {
  server: ServerProcess;
  scenario: Scenario;
  users: readonly BenchUser[];
  connections: number;
  durationSeconds: number;
}): Promise<LoadFigures> {
  const prepared = prepareRequests(opts.scenario, opts.users, opts.server.origin);
  const connections = connectionsFor(opts.scenario, opts.connections);
  let next = 0;
  const result = await autocannon({
    url: opts.server.baseUrl,
    connections,
    duration: opts.durationSeconds,
    timeout: 10,
    requests: [
      {
        // `defaults` carries autocannon's host and port (for the Host header): keep them.
        setupRequest: (defaults) => {
          const request = prepared[next % prepared.length]!;
          next++;
          return { ...defaults, ...request, headers: { ...defaults.headers, ...request.headers } };
        },
      },
    ],
  });
  await drain(opts.server, prepared[0]!);

  const statusCounts: Record<string, number> = {};
  for (const [status, stats] of Object.entries(result.statusCodeStats ?? {})) {
    statusCounts[status] = stats.count ?? 0;
  }
  const responses = Object.values(statusCounts).reduce((sum, n) => sum + n, 0);
  const expected = statusCounts[String(opts.scenario.expectStatus)] ?? 0;
  return {
    connections,
    responses,
    requestsPerSecond: expected / result.duration,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyMaxMs: result.latency.max,
    errors: result.errors,
    unexpectedStatus: responses - expected,
    statusCounts,
  };
}

/**
 * When autocannon stops, the requests it had in flight are still being served. One more request of
 * the same kind waits behind them (the database and the password-hashing threads serve in order),
 * so once it is answered the next run starts on an idle server instead of inheriting a queue.
 */
async function drain(server: ServerProcess, request: PreparedRequest): Promise<void> {
  try {
    const response = await fetch(`${server.baseUrl}${request.path}`, {
      method: request.method,
      headers: request.headers,
      ...(request.body === undefined ? {} : { body: request.body }),
      signal: AbortSignal.timeout(DRAIN_TIMEOUT_MS),
    });
    await response.arrayBuffer();
  } catch (error) {
    console.warn(`  the ${server.label} server did not answer after the load: ${String(error)}`);
  }
}
