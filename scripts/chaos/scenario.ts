import { setTimeout as sleep } from "node:timers/promises";
import { killRunningServers } from "../../bench/runner/server-process";
import { signInUsers } from "../../bench/runner/sign-in";
import { demoProgram } from "../soak/demo";
import { type AutosaveFigures, AutosavingApplicants } from "./applicants";
import { CommitteeWriters } from "./committee";
import { createScratchDatabase, type DatabaseKind } from "./database";
import type { LedgerFigures } from "./ledger";
import type { LoopControl } from "./loop";
import { ChaosServer, type KillRecord } from "./server";
import { newTally, type RequestTally } from "./tally";

/** The demo accounts' password, set for the server so that it does not depend on the calling shell. */
const DEMO_PASSWORD = "chaos-demo-password";
const REVIEWERS = ["reviewer@demo.test", "adminreviewer@demo.test"];
const DECIDER = "admin@demo.test";
/** Load between a restart and the next kill at the least, so that every kill hits a server that is busy again. */
const MIN_LOAD_BEFORE_KILL_MS = 1500;
/** Load after the last restart, so that every client has recovered and saved again before the end. */
const MIN_LOAD_AFTER_LAST_KILL_MS = 3000;

export interface ChaosOptions {
  database: DatabaseKind;
  kills: number;
  applicants: number;
  seconds: number;
}

export interface ChaosFigures {
  database: DatabaseKind;
  kills: KillRecord[];
  /** Process start of the clean restart before the read-back (no kill to recover from). */
  cleanStartMs: number | null;
  /** Wall time of the load: the time up (--seconds) plus the restarts. */
  loadSeconds: number;
  autosave: AutosaveFigures;
  reviews: LedgerFigures;
  rankings: LedgerFigures;
  decisions: LedgerFigures;
  /** Every request of every client over the whole run, preparation and read-back included. */
  requests: RequestTally;
  /** Clients that stopped on an error of their own. */
  clientErrors: string[];
}

const between = (min: number, max: number) => min + Math.random() * (max - min);

/** Up to this long for a request in flight before a kill, polled every millisecond: a kill should land mid-save. */
const IN_FLIGHT_WAIT_MS = 1000;

async function untilRequestsInFlight(tally: RequestTally): Promise<void> {
  const deadline = performance.now() + IN_FLIGHT_WAIT_MS;
  while (tally.inFlight === 0 && performance.now() < deadline) await sleep(1);
}

/**
 * `kills` SIGKILLs over `seconds` of load with the server up (restarts come on top): the time up before
 * each kill, and after the last, is a random share of it (0.6–1.4 of an even share). Each kill waits
 * for a request in flight; the load goes on at least MIN_LOAD_AFTER_LAST_KILL_MS after the last restart.
 */
async function killRepeatedly(server: ChaosServer, opts: ChaosOptions, tally: RequestTally): Promise<void> {
  const weights = Array.from({ length: opts.kills + 1 }, () => between(0.6, 1.4));
  const total = weights.reduce((sum, w) => sum + w, 0);
  const upMs = weights.map((w) => (w / total) * opts.seconds * 1000);
  for (let n = 1; n <= opts.kills; n++) {
    await sleep(Math.max(upMs[n - 1]!, MIN_LOAD_BEFORE_KILL_MS));
    await untilRequestsInFlight(tally);
    const kill = await server.killAndRestart(() => tally.inFlight);
    console.log(
      `  kill ${n}/${opts.kills}: ${kill.inFlightAtKill} requests in flight; back after ${(kill.downMs / 1000).toFixed(2)} s` +
        ` (process start ${(kill.startMs / 1000).toFixed(2)} s)`,
    );
  }
  await sleep(Math.max(upMs[opts.kills]!, opts.kills > 0 ? MIN_LOAD_AFTER_LAST_KILL_MS : 0));
}

/**
 * One database: a fresh one with the demo data; applicants and the committee writing while the server
 * is killed `kills` times; then a clean stop, a clean start, and every acknowledged write read back.
 */
export async function runChaos(opts: ChaosOptions): Promise<ChaosFigures> {
  const database = await createScratchDatabase(opts.database);
  console.log(
    `\n${database.description}: ${opts.applicants} applicants, ${opts.kills} kills, ${opts.seconds} s`,
  );
  const tally = newTally();
  let server: ChaosServer | null = null;
  let applicants: AutosavingApplicants | null = null;
  let committee: CommitteeWriters | null = null;
  try {
    server = await ChaosServer.start({
      ...database.env,
      ...(opts.database === "pglite" ? { DATABASE_URL: "" } : {}),
      DEMO_DATA: "on",
      DEMO_PASSWORD,
      NODE_ENV: "development",
      AUTH_RATE_LIMIT: "off",
      SERVE_CLIENT: "off",
      LOG_LEVEL: "warn",
    });
    const [admin, ...reviewers] = await signInUsers(server.current, [DECIDER, ...REVIEWERS], DEMO_PASSWORD);
    const demo = await demoProgram(server, admin!);
    applicants = new AutosavingApplicants(server, tally);
    await applicants.open(opts.applicants, demo.form, demo.linkId);
    committee = new CommitteeWriters(server, tally);
    await committee.prepare(demo.programId, reviewers, admin!);

    const control: LoopControl = { stopping: false, clientErrors: [] };
    const loadStarted = performance.now();
    const clients = Promise.all([applicants.run(control), committee.run(control)]);
    try {
      await killRepeatedly(server, opts, tally);
    } finally {
      control.stopping = true;
      await clients;
    }
    const loadSeconds = (performance.now() - loadStarted) / 1000;

    await server.restartGracefully();
    await applicants.readBack();
    await committee.readBack();
    return {
      database: opts.database,
      kills: server.kills,
      cleanStartMs: server.cleanStartMs,
      loadSeconds,
      autosave: applicants.figures,
      reviews: committee.reviews.figures,
      rankings: committee.rankings.figures,
      decisions: committee.decisions.figures,
      requests: tally,
      clientErrors: control.clientErrors,
    };
  } finally {
    applicants?.close();
    committee?.close();
    await server?.stop();
    killRunningServers();
    await database.drop();
  }
}
