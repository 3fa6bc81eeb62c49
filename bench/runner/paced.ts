import { setTimeout as sleep } from "node:timers/promises";
import { type HttpClient, httpClient } from "../lib/http-client";
import { percentile } from "../lib/stats";
import type { BenchUser, Scenario } from "../scenarios/types";
import { connectionsFor, type LoadFigures, prepareRequests } from "./load";
import type { ServerProcess } from "./server-process";

/**
 * The paced phase's pace: each of the scenario's connections is a user sending one request a second
 * (a reviewer paging through a list or opening candidates, briskly), where the saturating phase sends
 * the next request the moment the last one is answered.
 */
export const PACED_REQUESTS_PER_USER_SECOND = 1;

/**
 * The issue's "50 concurrent signed-in users": each user on a keep-alive connection of their own sends
 * a request, then the next one a second after the previous one started (or when it is answered, if
 * that is later: a user waits for the page). The users' first requests are spread over the first
 * second, as people's clicks are, instead of all 50 landing in the same millisecond every second.
 *
 * Why not autocannon's `overallRate` (used before): its connections all reset their per-second quota
 * on timers started together, so every second began with a burst of all 50 requests at once — the
 * saturating run's queue, once a second — and it "corrects" each latency for coordinated omission
 * with an expected interval of 1 ms instead of 1,000, adding one synthetic sample per millisecond the
 * answer took. Both made the paced p99 a measure of the burst, not of the users.
 *
 * Latency: from the request written to the answer's last byte read. Requests go out as the next
 * prepared request in turn (every user's variant 0, then variant 1…), as in the saturating run.
 */
export async function runPaced(opts: {
  server: ServerProcess;
  scenario: Scenario;
  users: readonly BenchUser[];
  connections: number;
  durationSeconds: number;
}): Promise<LoadFigures> {
  const prepared = prepareRequests(opts.scenario, opts.users, opts.server.origin);
  const connections = connectionsFor(opts.scenario, opts.connections);
  const intervalMs = 1000 / PACED_REQUESTS_PER_USER_SECOND;
  const clients: HttpClient[] = Array.from({ length: connections }, () => httpClient(opts.server.baseUrl));
  const latencies: number[] = [];
  const statusCounts: Record<string, number> = {};
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const deadline = started + opts.durationSeconds * 1000;
  try {
    await Promise.all(
      clients.map(async (client, i) => {
        let nextAt = started + (intervalMs * i) / connections;
        while (nextAt < deadline) {
          const wait = nextAt - performance.now();
          if (wait > 0) await sleep(wait);
          const sentAt = performance.now();
          if (sentAt >= deadline) return;
          const request = prepared[next++ % prepared.length]!;
          try {
            const answer = await client.send(request);
            statusCounts[answer.status] = (statusCounts[answer.status] ?? 0) + 1;
            latencies.push(answer.ms);
          } catch {
            errors++;
          }
          nextAt = sentAt + intervalMs;
        }
      }),
    );
  } finally {
    for (const client of clients) client.close();
  }
  const sorted = latencies.sort((a, b) => a - b);
  const responses = sorted.length;
  const expected = statusCounts[String(opts.scenario.expectStatus)] ?? 0;
  return {
    connections,
    responses,
    requestsPerSecond: expected / opts.durationSeconds,
    latencyP50Ms: percentile(sorted, 0.5) ?? 0,
    latencyP99Ms: percentile(sorted, 0.99) ?? 0,
    latencyMaxMs: sorted.at(-1) ?? 0,
    errors,
    unexpectedStatus: responses - expected,
    statusCounts,
  };
}
