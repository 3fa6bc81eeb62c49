import { setTimeout as sleep } from "node:timers/promises";
import { type HttpClient, httpClient } from "../lib/http-client";
import { summarizeTimings, type TimingSummary } from "../lib/stats";
import { sampleRss, waitForIdleCpu } from "../runner/proc";
import type { ServerProcess } from "../runner/server-process";
import type { BaselineEndpoint, BenchUser } from "../scenarios/types";
import { readRankingEndpoint, saveRanking, saveRankingEndpoint } from "./save-ranking";
import { saveReview, saveReviewEndpoint } from "./save-review";
import type { WriteBenchmark, WriteSession } from "./write-types";

/** The measured writes, in the order they run (after the load scenarios, on both servers). */
export const REVIEW_WRITES: readonly WriteBenchmark[] = [saveReview, saveRanking];

/** What the baseline server answers for them (the ranking's GET too: each reviewer reads it first). */
export const REVIEW_WRITE_ENDPOINTS: readonly BaselineEndpoint[] = [
  saveReviewEndpoint,
  readRankingEndpoint,
  saveRankingEndpoint,
];

/** Timed one at a time: what one reviewer waits for, on an otherwise idle server. */
export interface SequentialFigures extends TimingSummary {
  samples: number;
  non200: number;
  statusCounts: Record<string, number>;
  /** Mean body size. */
  requestKb: number;
}

/** Every signed-in reviewer writing at once, one write in flight each, the next as soon as the last is answered. */
export interface ConcurrentFigures {
  reviewers: number;
  durationSeconds: number;
  /** Answered with a 200 within the duration, per second. */
  writesPerSecond: number;
  latencyP50Ms: number | null;
  latencyP99Ms: number | null;
  latencyMaxMs: number | null;
  non200: number;
  /** No answer (connection errors, timeouts). */
  errors: number;
  statusCounts: Record<string, number>;
  rssMaxMb: number | null;
}

export interface WriteFigures {
  /** What one write carries (candidates in a ranking), when it says. */
  size: number | null;
  sequential: SequentialFigures;
  concurrent: ConcurrentFigures;
  /** The first timed answer, reduced to its shape (keys and value types), to compare with the baseline's. */
  answer: { status: number; shape: string };
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
}

/** The JSON's structure without its values: ids, dates and revisions differ between servers by design. */
export function shapeOf(text: string): string {
  const shape = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.length === 0 ? [] : [shape(value[0])];
    if (value === null) return "null";
    if (typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shape(item)]));
    }
    return typeof value;
  };
  try {
    return JSON.stringify(shape(JSON.parse(text)));
  } catch {
    return text.slice(0, 200);
  }
}

const SAMPLES = { full: 50, quick: 20 } as const;
/** Unmeasured writes before the timed ones, one at a time (JIT, caches). */
const WARMUP_WRITES = 10;
const OPEN_CONCURRENCY = 10;

interface Reviewer {
  client: HttpClient;
  session: WriteSession;
}

async function sequential(reviewers: readonly Reviewer[], samples: number, perReviewer: number) {
  const durations: number[] = [];
  const statusCounts: Record<string, number> = {};
  let bytes = 0;
  let first: { status: number; text: string } | null = null;
  for (let k = 0; k < samples; k++) {
    // `perReviewer` writes in a row by the same reviewer (a review's first save, then its re-save).
    const reviewer = reviewers[Math.floor(k / perReviewer) % reviewers.length]!;
    const request = reviewer.session.next();
    const answer = await reviewer.client.send(request);
    first ??= answer;
    statusCounts[answer.status] = (statusCounts[answer.status] ?? 0) + 1;
    bytes += Buffer.byteLength(request.body ?? "");
    if (answer.status === 200) durations.push(answer.ms);
    await reviewer.session.answered(answer);
  }
  const figures: SequentialFigures = {
    samples: durations.length,
    ...summarizeTimings(durations),
    non200: samples - durations.length,
    statusCounts,
    requestKb: bytes / samples / 1024,
  };
  return { figures, first };
}

async function concurrent(server: ServerProcess, reviewers: readonly Reviewer[], durationSeconds: number) {
  const latencies: number[] = [];
  const statusCounts: Record<string, number> = {};
  let errors = 0;
  let acked = 0;
  const rss = sampleRss(server.pid);
  const started = performance.now();
  const deadline = started + durationSeconds * 1000;
  await Promise.all(
    reviewers.map(async ({ client, session }) => {
      while (performance.now() < deadline) {
        try {
          const answer = await client.send(session.next());
          statusCounts[answer.status] = (statusCounts[answer.status] ?? 0) + 1;
          if (answer.status === 200) {
            latencies.push(answer.ms);
            if (performance.now() <= deadline) acked++;
          }
          await session.answered(answer);
        } catch {
          errors++;
          // A server that stopped answering must not turn this loop into a busy one.
          await sleep(100);
        }
      }
    }),
  );
  const rssMaxMb = rss.stop();
  latencies.sort((a, b) => a - b);
  const answered = Object.values(statusCounts).reduce((sum, n) => sum + n, 0);
  return {
    reviewers: reviewers.length,
    durationSeconds,
    writesPerSecond: acked / durationSeconds,
    latencyP50Ms: percentile(latencies, 0.5),
    latencyP99Ms: percentile(latencies, 0.99),
    latencyMaxMs: latencies.at(-1) ?? null,
    non200: answered - (statusCounts["200"] ?? 0),
    errors,
    statusCounts,
    rssMaxMb,
  } satisfies ConcurrentFigures;
}

const ms = (n: number | null) => (n === null ? "-" : n.toFixed(1));

/**
 * One write benchmark on one server: every signed-in reviewer opens their session on a connection of
 * their own; a few unmeasured writes; `samples` writes one at a time (the target's median); then all
 * reviewers writing at once for `durationSeconds` (throughput, compared with the baseline's); then
 * each session puts back what a later run would notice.
 */
export async function runWrite(opts: {
  server: ServerProcess;
  write: WriteBenchmark;
  users: readonly BenchUser[];
  quick: boolean;
  durationSeconds: number;
  warmup: boolean;
}): Promise<WriteFigures> {
  const { server, write } = opts;
  const reviewers: Reviewer[] = [];
  try {
    for (let start = 0; start < opts.users.length; start += OPEN_CONCURRENCY) {
      const batch = opts.users.slice(start, start + OPEN_CONCURRENCY);
      reviewers.push(
        ...(await Promise.all(
          batch.map(async (user) => {
            const client = httpClient(server.baseUrl);
            try {
              return { client, session: await write.open(client, user, server.origin) };
            } catch (error) {
              client.close();
              throw error;
            }
          }),
        )),
      );
    }
    // Two in a row per reviewer: a review's first save and its re-save; a ranking's save and the next.
    const perReviewer = 2;
    if (opts.warmup) await sequential(reviewers.slice(-5), WARMUP_WRITES, perReviewer);
    await waitForIdleCpu(server.pid);
    const { figures: timed, first } = await sequential(
      reviewers,
      opts.quick ? SAMPLES.quick : SAMPLES.full,
      perReviewer,
    );
    await waitForIdleCpu(server.pid);
    const load = await concurrent(server, reviewers, opts.durationSeconds);
    await waitForIdleCpu(server.pid);
    for (const { session } of reviewers) await session.finish();
    const failures = timed.non200 + load.non200 + load.errors;
    console.log(
      `  ${write.name.padEnd(16)} median ${ms(timed.medianMs)} ms one at a time; ` +
        `${load.writesPerSecond.toFixed(0)} writes/s, p99 ${ms(load.latencyP99Ms)} ms with ${load.reviewers} reviewers` +
        (failures > 0
          ? `  ${failures} failed ${JSON.stringify(timed.statusCounts)} ${JSON.stringify(load.statusCounts)}`
          : ""),
    );
    return {
      size: reviewers[0]?.session.size ?? null,
      sequential: timed,
      concurrent: load,
      answer: { status: first?.status ?? 0, shape: first ? shapeOf(first.text) : "" },
    };
  } finally {
    for (const { client } of reviewers) client.close();
  }
}
