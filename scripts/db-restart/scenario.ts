import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { openApplicant } from "../../bench/autosave/applicants";
import { httpClient } from "../../bench/lib/http-client";
import { killRunningServers } from "../../bench/runner/server-process";
import { signInUsers } from "../../bench/runner/sign-in";
import { SUBMISSION_TOKEN_HEADER } from "../../src/shared/schemas/submissions";
import { type AutosaveFigures, AutosavingApplicants } from "../chaos/applicants";
import { CommitteeWriters } from "../chaos/committee";
import type { LedgerFigures } from "../chaos/ledger";
import type { LoopControl } from "../chaos/loop";
import { ChaosServer } from "../chaos/server";
import { newTally, type RequestTally } from "../chaos/tally";
import { DEMO_DECIDER, DEMO_PASSWORD, DEMO_REVIEWERS, demoProgram, demoServerEnv } from "../soak/demo";
import { ThrowawayCluster } from "./cluster";
import { type ConsistencyFigures, checkConsistency } from "./consistency";
import { ForceSubmitter } from "./force-submits";
import { type OutageFigures, outage, outageFigures } from "./outages";
import { type Probe, Prober } from "./prober";

export interface DbRestartOptions {
  port: number;
  applicants: number;
  /** Load before the first outage, between the two, and after the last. */
  seconds: number;
  /** How long PostgreSQL stays stopped in the second outage. */
  downSeconds: number;
}

export interface DbRestartFigures {
  outages: OutageFigures[];
  probes: Probe[];
  /** Every request of the load's clients (applicants, committee, force submits). */
  requests: RequestTally;
  autosave: AutosaveFigures;
  reviews: LedgerFigures;
  rankings: LedgerFigures;
  decisions: LedgerFigures;
  consistency: ConsistencyFigures;
  /** Our server is the process that was started at the beginning, and it is still running. */
  serverSurvived: boolean;
  clientErrors: string[];
  loadSeconds: number;
}

/** Force submits per second (see force-submits.ts) with room to spare: the submitter must not run out. */
const FORCE_SUBMITS_PER_SECOND = 2.5;
const FORCE_SUBMIT_SPARE = 2;

async function assertPortFree(port: number): Promise<void> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once("error", () => reject(new Error(`Port ${port} is taken: choose another with --port.`)));
    probe.listen(port, "127.0.0.1", () => resolve());
  });
  await new Promise((resolve) => probe.close(resolve));
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * A throwaway PostgreSQL cluster, our server on it with the demo data, and steady load (guest
 * applicants autosaving, the committee saving reviews, rankings and decisions, the admin force
 * submitting drafts, probes) while PostgreSQL is restarted (`pg_ctl restart -m fast`), then stopped for
 * `downSeconds` and started again. Our server is never restarted. Then every acknowledged write is read
 * back through it and the multi-step writes are checked in the database.
 */
export async function runDbRestart(opts: DbRestartOptions): Promise<DbRestartFigures> {
  await assertPortFree(opts.port);
  const cluster = await ThrowawayCluster.create(opts.port);
  const dataDir = mkdtempSync(path.join(tmpdir(), "db-restart-files-"));
  console.log(`PostgreSQL 15 cluster in ${cluster.dir} on port ${opts.port}`);
  const tally = newTally();
  let server: ChaosServer | null = null;
  let applicants: AutosavingApplicants | null = null;
  let committee: CommitteeWriters | null = null;
  let submitter: ForceSubmitter | null = null;
  try {
    await cluster.execute("create database app");
    const databaseUrl = cluster.url("app");
    server = await ChaosServer.start(
      demoServerEnv({ kind: "postgres", databaseUrl, databaseName: "app" }, dataDir),
    );
    const pid = server.current.pid;
    const [admin, ...reviewers] = await signInUsers(
      server.current,
      [DEMO_DECIDER, ...DEMO_REVIEWERS],
      DEMO_PASSWORD,
    );
    const demo = await demoProgram(server, admin!);
    applicants = new AutosavingApplicants(server, tally);
    await applicants.open(opts.applicants, demo.form, demo.linkId);
    committee = new CommitteeWriters(server, tally);
    await committee.prepare(demo.programId, reviewers, admin!);
    submitter = new ForceSubmitter(server, admin!, tally);
    const expectedSeconds = 3 * opts.seconds + opts.downSeconds + 20;
    await submitter.prepare(demo, Math.ceil(expectedSeconds * FORCE_SUBMITS_PER_SECOND * FORCE_SUBMIT_SPARE));

    // The probes' own draft, read with its token like an applicant's reload.
    const probeClient = httpClient(server.baseUrl);
    const { applicant: probeDraft } = await openApplicant(
      probeClient,
      server.origin,
      demo.form,
      demo.linkId,
      0,
    );
    probeClient.close();
    const prober = new Prober(server, {
      draftPath: probeDraft.path,
      draftToken: probeDraft.headers[SUBMISSION_TOKEN_HEADER]!,
      programId: demo.programId,
      reviewer: reviewers[0]!,
      signIn: { email: DEMO_DECIDER, password: DEMO_PASSWORD },
    });

    const control: LoopControl = { stopping: false, clientErrors: [] };
    const loadStarted = performance.now();
    prober.start();
    const clients = Promise.all([applicants.run(control), committee.run(control), submitter.run(control)]);
    const outages = [];
    try {
      await sleep(opts.seconds * 1000);
      console.log("  pg_ctl restart -m fast");
      outages.push(await outage("restart -m fast", prober, () => cluster.restart()));
      await sleep(opts.seconds * 1000);
      console.log(`  pg_ctl stop -m fast; ${opts.downSeconds} s; pg_ctl start`);
      outages.push(
        await outage(`stop -m fast, ${opts.downSeconds} s down, start`, prober, async () => {
          await cluster.stop();
          await sleep(opts.downSeconds * 1000);
          await cluster.start();
        }),
      );
      await sleep(opts.seconds * 1000);
    } finally {
      control.stopping = true;
      await clients;
      await prober.stop();
    }
    const loadSeconds = (performance.now() - loadStarted) / 1000;

    // Read back through the same server process: it was never restarted.
    await applicants.readBack();
    await committee.readBack();
    const consistency = await checkConsistency(
      databaseUrl,
      committee.decisions.figures.acked,
      submitter.outcomes,
    );
    return {
      outages: outages.map((o) => outageFigures(o, prober.probes)),
      probes: prober.probes,
      requests: tally,
      autosave: applicants.figures,
      reviews: committee.reviews.figures,
      rankings: committee.rankings.figures,
      decisions: committee.decisions.figures,
      consistency,
      serverSurvived: server.current.pid === pid && isRunning(pid),
      clientErrors: control.clientErrors,
      loadSeconds,
    };
  } finally {
    applicants?.close();
    committee?.close();
    submitter?.close();
    await server?.stop();
    killRunningServers();
    await cluster.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
