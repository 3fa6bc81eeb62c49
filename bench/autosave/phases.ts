import { setTimeout as sleep } from "node:timers/promises";
import { percentile } from "../lib/stats";
import { cpuTicks, postgresCpuTicks, sampleRss, TICKS_PER_SECOND } from "../runner/proc";
import { type Applicant, saveOnce } from "./applicants";

export type PhaseName = "warm-up" | "paced" | "rated" | "saturating";

export interface PhaseSpec {
  name: PhaseName;
  /**
   * Time from the start of one applicant's save to the start of their next; 0: the next save as
   * soon as the previous one is acknowledged (the most a client with one save in flight can send).
   */
  intervalMs: number;
  durationSeconds: number;
}

/** What one phase measured. Latencies are of acknowledged saves, as the applicant's browser waits for them. */
export interface PhaseFigures {
  phase: PhaseName;
  applicants: number;
  intervalMs: number;
  /** Saves per second the applicants would send if every save were answered at once; null when saturating. */
  offeredPerSecond: number | null;
  durationSeconds: number;
  /** Saves sent (each applicant stops sending at the end and waits for the one in flight). */
  sent: number;
  /** Acknowledged (200) saves, those in flight at the end included. */
  acked: number;
  /** Saves acknowledged within the duration, per second of it. */
  savesPerSecond: number;
  latencyP50Ms: number | null;
  latencyP99Ms: number | null;
  latencyMaxMs: number | null;
  latencyMeanMs: number | null;
  /** Answers other than 200 (409 STALE_REVISION would mean the revision chain broke). */
  non2xx: number;
  /** No answer: connection errors and timeouts. */
  errors: number;
  /** The errors by message. */
  errorMessages: Record<string, number>;
  statusCounts: Record<string, number>;
  /** Saves acknowledged in each second of the phase: a pause of the server shows as a dip. */
  timeline: number[];
  /** Mean size of a save's body. */
  requestKb: number | null;
  /** Cores our server's process used on average (with PGlite the database's work is in it). */
  serverCpuCores: number | null;
  /** Cores the PostgreSQL processes on this machine used; null with PGlite. */
  databaseCpuCores: number | null;
  /** Cores the load generator (this process) used: it shares the machine with the server. */
  runnerCpuCores: number;
  rssMaxMb: number | null;
}

function cpuMeter(serverPid: number, postgres: boolean) {
  const started = performance.now();
  const server = cpuTicks(serverPid);
  const database = postgres ? postgresCpuTicks() : null;
  const runner = process.cpuUsage();
  return () => {
    const seconds = (performance.now() - started) / 1000;
    const serverNow = cpuTicks(serverPid);
    const databaseNow = postgres ? postgresCpuTicks() : null;
    const runnerUsed = process.cpuUsage(runner);
    const cores = (ticks: number) => ticks / TICKS_PER_SECOND / seconds;
    return {
      serverCpuCores: server !== null && serverNow !== null ? cores(serverNow - server) : null,
      databaseCpuCores: database !== null && databaseNow !== null ? cores(databaseNow - database) : null,
      runnerCpuCores: (runnerUsed.user + runnerUsed.system) / 1e6 / seconds,
    };
  };
}

/**
 * Every applicant saves in a loop for the phase's duration, one save in flight each, a save starting
 * `intervalMs` after their previous one started (or when it is acknowledged, if that is later). The
 * first saves are spread over one interval so the applicants do not all save in step. At the end
 * nobody starts a new save and the saves in flight are awaited, so no save is left unanswered and
 * the next phase starts on an idle server.
 */
export async function runPhase(
  serverPid: number,
  applicants: readonly Applicant[],
  spec: PhaseSpec,
  database: "pglite" | "postgres",
): Promise<PhaseFigures> {
  const latencies: number[] = [];
  const statusCounts: Record<string, number> = {};
  let sent = 0;
  let ackedInTime = 0;
  let errors = 0;
  const errorMessages: Record<string, number> = {};
  const timeline = Array.from({ length: Math.ceil(spec.durationSeconds) }, () => 0);
  let requestBytes = 0;
  const rss = sampleRss(serverPid);
  const cpu = cpuMeter(serverPid, database === "postgres");
  const started = performance.now();
  const deadline = started + spec.durationSeconds * 1000;

  await Promise.all(
    applicants.map(async (applicant, i) => {
      let nextAt = started + (spec.intervalMs * i) / applicants.length;
      while (!applicant.stopped && nextAt < deadline) {
        const wait = nextAt - performance.now();
        if (wait > 0) await sleep(wait);
        const sentAt = performance.now();
        if (sentAt >= deadline) return;
        sent++;
        const outcome = await saveOnce(applicant);
        if (outcome.kind === "error") {
          errors++;
          errorMessages[outcome.message] = (errorMessages[outcome.message] ?? 0) + 1;
        } else if (outcome.kind === "refused") {
          statusCounts[outcome.status] = (statusCounts[outcome.status] ?? 0) + 1;
        } else {
          statusCounts[200] = (statusCounts[200] ?? 0) + 1;
          latencies.push(outcome.ms);
          requestBytes += outcome.requestBytes;
          const ackedAt = performance.now();
          if (ackedAt <= deadline) {
            ackedInTime++;
            const second = Math.floor((ackedAt - started) / 1000);
            if (second < timeline.length) timeline[second]!++;
          }
        }
        nextAt = sentAt + spec.intervalMs;
      }
    }),
  );

  const usage = cpu();
  const rssMaxMb = rss.stop();
  const sorted = latencies.sort((a, b) => a - b);
  const acked = sorted.length;
  return {
    phase: spec.name,
    applicants: applicants.length,
    intervalMs: spec.intervalMs,
    offeredPerSecond: spec.intervalMs > 0 ? (applicants.length * 1000) / spec.intervalMs : null,
    durationSeconds: spec.durationSeconds,
    sent,
    acked,
    savesPerSecond: ackedInTime / spec.durationSeconds,
    latencyP50Ms: percentile(sorted, 0.5),
    latencyP99Ms: percentile(sorted, 0.99),
    latencyMaxMs: sorted.at(-1) ?? null,
    latencyMeanMs: acked > 0 ? sorted.reduce((sum, ms) => sum + ms, 0) / acked : null,
    non2xx: sent - acked - errors,
    errors,
    errorMessages,
    statusCounts,
    timeline,
    requestKb: acked > 0 ? requestBytes / acked / 1024 : null,
    ...usage,
    rssMaxMb,
  };
}
