import { rmSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { type DatabaseTarget, databaseNameOf } from "../../bench/lib/target";
import {
  freePort,
  killRunningServers,
  type ServerProcess,
  startServerProcess,
} from "../../bench/runner/server-process";
import { signInUsers } from "../../bench/runner/sign-in";
import { createScratchDatabase, type DatabaseKind, type ScratchDatabase } from "../chaos/database";
import type { LoopControl } from "../chaos/loop";
import { SubmittingApplicants } from "./applicants";
import { SoakCommittee } from "./committee";
import { DEMO_DECIDER, DEMO_PASSWORD, DEMO_REVIEWERS, demoProgram, demoServerEnv } from "./demo";
import { CheckpointCounter, type HeapSnapshot, heapAfterGc, type RssSample, RssSampler } from "./memory";
import { type MinuteFigures, Recorder } from "./recorder";

export interface SoakOptions {
  database: DatabaseKind;
  minutes: number;
  /** Browser tabs of guest applicants, each autosaving every APPLICANT_EVERY_MS. */
  applicants: number;
}

/** One request per tab every 2 s: an autosave, or opening a draft, or the submit. */
const APPLICANT_EVERY_MS = 2_000;
/** Idle time after the load, before the final memory probe: requests finished, timers settled. */
const SETTLE_MS = 5_000;

export interface MinuteRow extends MinuteFigures {
  /** The server's RSS at the end of the minute (the last sample in it). */
  rssMb: number | null;
  /** Heap after a full collection, probed at the end of the minute. */
  heapAfterGcMb: number | null;
  /** The machine's 1-minute load average at the end of the minute. */
  load1: number | null;
  /**
   * PostgreSQL only: checkpoints the server made during the minute, requested ones apart. The server
   * is shared: other work's CREATE/DROP DATABASE forces immediate checkpoints, which stall every write.
   */
  checkpoints: { requested: number; timed: number } | null;
}

export interface SoakFigures {
  database: DatabaseKind;
  options: SoakOptions;
  startedAt: string;
  warmupMinutes: number;
  perMinute: MinuteRow[];
  rssSamples: RssSample[];
  /** Heap after a full collection at the end of the warm-up, and after the load (idle). */
  heapAtWarmup: HeapSnapshot;
  heapAtEnd: HeapSnapshot;
  requestsByKind: Record<string, number>;
  errorsByKind: Record<string, number>;
  errorSamples: string[];
  /** Refusals the scenario expects (a ranking saved as a new candidate arrived: 409), by kind. */
  expectedRefusals: Record<string, number>;
  totalErrors: number;
  applications: { submitted: number };
  clientErrors: string[];
  /** The machine's load averages (1, 5, 15 minutes) at the start and at the end. */
  loadAverage: { start: number[]; end: number[] };
}

function targetOf(scratch: ScratchDatabase): DatabaseTarget {
  const { DATA_DIR: dataDir, DATABASE_URL: databaseUrl } = scratch.env;
  return databaseUrl
    ? { kind: "postgres", databaseUrl, databaseName: databaseNameOf(databaseUrl) }
    : { kind: "pglite", dataDir: path.join(dataDir!, "pglite") };
}

/** The warm-up: 2 minutes (1 for runs shorter than 5 minutes); memory is judged after it. */
export const warmupMinutesFor = (minutes: number) => (minutes >= 5 ? 2 : 1);

/**
 * A fresh database with the demo data, our server on it (scripts/soak/server-entry.ts: the server the
 * other runs start, with a memory probe), and the mixed load for `minutes`: guest applicants autosaving
 * and submitting, reviewers listing, opening, reviewing and ranking, the admin listing and deciding.
 * Every request timed and checked; the server's RSS every 5 s; its heap after a full collection at the
 * end of every minute from the warm-up on, and once more when the load has stopped.
 */
export async function runSoak(opts: SoakOptions): Promise<SoakFigures> {
  const scratch = await createScratchDatabase(opts.database);
  const memoryFile = path.join(scratch.env.DATA_DIR!, "memory.json");
  const warmupMinutes = warmupMinutesFor(opts.minutes);
  console.log(
    `\n${scratch.description}: ${opts.minutes} minutes, ${opts.applicants} applicant tabs (warm-up ${warmupMinutes} min)`,
  );
  const loadStart = loadavg();
  const recorder = new Recorder();
  let applicants: SubmittingApplicants | null = null;
  let committee: SoakCommittee | null = null;
  let sampler: RssSampler | null = null;
  let server: ServerProcess | null = null;
  try {
    server = await startServerProcess({
      label: "app",
      entry: "scripts/soak/server-entry.ts",
      port: await freePort(),
      env: { ...demoServerEnv(targetOf(scratch), scratch.env.DATA_DIR!), SOAK_MEMORY_FILE: memoryFile },
    });
    const [admin, ...reviewers] = await signInUsers(server, [DEMO_DECIDER, ...DEMO_REVIEWERS], DEMO_PASSWORD);
    const demo = await demoProgram(server, admin!);
    applicants = new SubmittingApplicants(server, demo, recorder, opts.applicants, APPLICANT_EVERY_MS);
    committee = new SoakCommittee(server, recorder);
    await committee.prepare(demo.programId, reviewers, admin!);

    const control: LoopControl = { stopping: false, clientErrors: [] };
    recorder.start();
    const startedAt = performance.now();
    sampler = new RssSampler(server.pid, startedAt);
    const clients = Promise.all([applicants.run(control), committee.run(control)]);
    const heapByMinute: (number | null)[] = [];
    const checkpoints = scratch.env.DATABASE_URL
      ? await CheckpointCounter.open(scratch.env.DATABASE_URL)
      : null;
    const checkpointsByMinute: MinuteRow["checkpoints"][] = [];
    let heapAtWarmup: HeapSnapshot | null = null;
    try {
      for (let minute = 1; minute <= opts.minutes; minute++) {
        await sleep(startedAt + minute * 60_000 - performance.now());
        if (minute >= warmupMinutes) {
          const heap = await heapAfterGc(server.pid, memoryFile);
          heapByMinute[minute - 1] = heap.heapUsedMb;
          if (minute === warmupMinutes) heapAtWarmup = heap;
        }
        checkpointsByMinute[minute - 1] = (await checkpoints?.sinceLast()) ?? null;
        const done = recorder.perMinute(minute).at(-1)!;
        console.log(
          `  minute ${minute}: ${done.requests} requests, p50 ${done.p50Ms?.toFixed(1)} ms, p99 ${done.p99Ms?.toFixed(1)} ms, ` +
            `${done.errors} errors, RSS ${sampler.samples.at(-1)?.rssMb.toFixed(0)} MB, load ${loadavg()[0]!.toFixed(2)}`,
        );
      }
    } finally {
      control.stopping = true;
      await clients;
      sampler.stop();
      await checkpoints?.close();
    }
    await sleep(SETTLE_MS);
    const heapAtEnd = await heapAfterGc(server.pid, memoryFile);

    const perMinute = recorder.perMinute(opts.minutes).map((row, i): MinuteRow => {
      const inMinute = sampler!.samples.filter((s) => s.t <= (i + 1) * 60);
      const last = inMinute.at(-1);
      return {
        ...row,
        rssMb: last?.rssMb ?? null,
        heapAfterGcMb: heapByMinute[i] ?? null,
        load1: last?.load1 ?? null,
        checkpoints: checkpointsByMinute[i] ?? null,
      };
    });
    return {
      database: opts.database,
      options: opts,
      startedAt: new Date(Date.now() - (performance.now() - startedAt)).toISOString(),
      warmupMinutes,
      perMinute,
      rssSamples: sampler.samples,
      heapAtWarmup: heapAtWarmup!,
      heapAtEnd,
      requestsByKind: recorder.requestsByKind,
      errorsByKind: recorder.errorsByKind,
      errorSamples: recorder.remainingErrorSamples,
      expectedRefusals: recorder.expectedRefusals,
      totalErrors: recorder.totalErrors,
      applications: { submitted: applicants.submitted },
      clientErrors: control.clientErrors,
      loadAverage: { start: loadStart, end: loadavg() },
    };
  } finally {
    sampler?.stop();
    applicants?.close();
    committee?.close();
    await server?.stop();
    killRunningServers();
    rmSync(memoryFile, { force: true });
    await scratch.drop();
  }
}
