import { summarizeTimings } from "../lib/stats";
import { timedRequest } from "../round-trips/http";
import { waitForIdleCpu } from "../runner/proc";
import type { ServerProcess } from "../runner/server-process";
import type { BenchUser } from "../scenarios/types";
import type { EndpointParams, GrowthActor, GrowthEndpoint, SendAs } from "./endpoints";

/** One endpoint in one program: round trips one at a time on an idle server. */
export interface GrowthSample {
  size: number;
  samples: number;
  p50Ms: number | null;
  /** Nearest rank: with 100 samples or fewer, the slowest one. */
  p99Ms: number | null;
  /** Answers other than 200 by status, and requests with none by error (TimeoutError after 30 s). */
  statusCounts: Record<string, number>;
  responseKb: number;
}

/** Unmeasured requests first: the JIT, the server's per-program caches (form versions, statistics). */
const WARMUP_REQUESTS = 2;

export type Senders = Record<GrowthActor, BenchUser>;

/** GETs as the signed-in actors, untimed: to find each program's pages and candidates. */
export function sendOverHttp(server: ServerProcess, senders: Senders): SendAs {
  return async (actor, path) => {
    const answer = await timedRequest({ server, cookie: senders[actor].cookie }, "GET", path);
    return { status: answer.status, text: answer.text };
  };
}

/** One program's side of an endpoint: who asks, and the ids its path needs. */
export interface ProgramUnderTest {
  size: number;
  senders: Senders;
  params: EndpointParams;
}

/**
 * A timed GET that never throws: a request with no answer in 30 s (round-trips/http.ts gives up then) or
 * a broken connection is counted under its error's name instead of ending the whole benchmark.
 */
async function attempt(form: Parameters<typeof timedRequest>[0], path: string) {
  try {
    return await timedRequest(form, "GET", path);
  } catch (error) {
    const name = error instanceof Error ? error.name : "Error";
    return { status: name, ms: Number.NaN, responseBytes: 0 };
  }
}

interface Collected {
  durations: number[];
  statusCounts: Record<string, number>;
  responseBytes: number;
}

/**
 * One endpoint in every program, one request at a time on an idle server: unmeasured requests first,
 * then the programs in turn (1k, 10k, 100k, 1k, …) so a burst of other work on this shared machine
 * lands on every size alike instead of on whichever was being measured.
 */
export async function timeEndpoint(opts: {
  server: ServerProcess;
  endpoint: GrowthEndpoint;
  programs: readonly ProgramUnderTest[];
  samples: number;
}): Promise<GrowthSample[]> {
  const { server, endpoint } = opts;
  const requests = opts.programs.map((program) => ({
    form: { server, cookie: program.senders[endpoint.actor].cookie },
    path: endpoint.path(program.params),
  }));
  await waitForIdleCpu(server.pid);
  for (const { form, path } of requests) {
    for (let i = 0; i < WARMUP_REQUESTS; i++) await attempt(form, path);
  }
  const collected: Collected[] = requests.map(() => ({ durations: [], statusCounts: {}, responseBytes: 0 }));
  for (let i = 0; i < opts.samples; i++) {
    for (const [p, { form, path }] of requests.entries()) {
      const answer = await attempt(form, path);
      const into = collected[p]!;
      if (answer.status === 200) {
        into.durations.push(answer.ms);
        into.responseBytes = answer.responseBytes;
      } else into.statusCounts[answer.status] = (into.statusCounts[answer.status] ?? 0) + 1;
    }
  }
  return collected.map(({ durations, statusCounts, responseBytes }, p) => {
    const summary = summarizeTimings(durations);
    return {
      size: opts.programs[p]!.size,
      samples: durations.length,
      p50Ms: summary.medianMs,
      // The nearest-rank p99 of at most 100 samples (runGrowth takes no more) is the slowest one.
      p99Ms: summary.maxMs,
      statusCounts,
      responseKb: responseBytes / 1024,
    };
  });
}
