/**
 * `npm run bench`: generates the data set if needed, then for our server and for the bare
 * baseline server in turn (never both at once: a PGlite folder has one owner, and on a small
 * machine they would steal each other's CPU) starts it, signs reviewers in, runs every scenario
 * with autocannon while sampling the server's RSS, times the reviewing writes (a review, a ranking
 * of 500 candidates: one at a time, then every reviewer at once), and stops it. Our server then
 * also runs the round trips (a large form saved and loaded one request at a time, against a
 * target) and the applicants' autosave benchmark (200 guests saving a 40-question form, against
 * targets), and the exports (PDFs, attachments, matrix, against targets). Prints the tables and writes
 * bench/results.json. See bench/README.md.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { buildServerBundle, serverBundleIsStale } from "../scripts/server-bundle.mjs";
import { buildClient, clientBuildIsStale } from "../src/server/build-client";
import { loadConfig } from "../src/server/config";
import { createStorage } from "../src/server/files/create-storage";
import { type LocalS3, startLocalS3 } from "../src/server/test/local-s3";
import { runAutoAssign } from "./auto-assign";
import { type AutosaveFigures, runAutosave } from "./autosave";
import { type ExportsFigures, runExports } from "./exports";
import { prepareExportsProgram } from "./exports/prepare";
import { FRONTEND, type FrontendFigures, measureFrontend } from "./frontend";
import { PEER_QUICK_RUNS, PEER_RUNS } from "./frontend/peer/compare";
import { ORG_ADMIN_EMAIL } from "./generator/context";
import { runGrowth } from "./growth";
import { benchPassword } from "./lib/password";
import {
  BENCH_DIR,
  benchServerEnv,
  describeTarget,
  REPO_DIR,
  resolveTarget,
  serverEnvFor,
} from "./lib/target";
import { reviewerFixtures } from "./reviewing/fixture";
import { runWrite, type WriteFigures } from "./reviewing/writes";
import { sampleAnswer } from "./runner/answer-check";
import { type DatasetDescription, ensureDataset, prepareDataset, withSqlClient } from "./runner/dataset";
import { connectionsFor, runLoad } from "./runner/load";
import { parseRunOptions, RUN_USAGE, type RunOptions } from "./runner/options";
import { runPaced } from "./runner/paced";
import { readRssMb, sampleRss, waitForIdleCpu } from "./runner/proc";
import {
  buildReport,
  formatReport,
  RESULTS_FILE,
  type ScenarioFigures,
  type ServerFigures,
  writeReport,
} from "./runner/report";
import { runRoundTrips } from "./runner/round-trips";
import { freePort, runBenchMain, type ServerProcess, startServerProcess } from "./runner/server-process";
import { signInUsers } from "./runner/sign-in";
import type { BenchUser, ReviewerFixture, Scenario } from "./scenarios/types";

interface ServerSpec {
  label: "app" | "baseline";
  entry: string;
  env: Record<string, string>;
  /** The round trips and the autosave benchmark have no baseline: our server only. */
  roundTrips: boolean;
}

/** One scenario on one running server: a sample answer, warm-up, measured run, RSS throughout. */
async function runScenario(
  server: ServerProcess,
  scenario: Scenario,
  users: BenchUser[],
  options: RunOptions,
): Promise<ScenarioFigures> {
  const answer = await sampleAnswer(server, scenario, users[0]!);
  const rssAtRestMb = readRssMb(server.pid);
  const rss = sampleRss(server.pid);
  const load = { server, scenario, users, connections: options.connections };
  if (options.warmupSeconds > 0) await runLoad({ ...load, durationSeconds: options.warmupSeconds });
  await waitForIdleCpu(server.pid);
  const figures = await runLoad({ ...load, durationSeconds: options.durationSeconds });
  // Requests still in flight belong to this scenario: let them finish before the next one starts.
  await waitForIdleCpu(server.pid);
  const connections = connectionsFor(scenario, options.connections);
  const paced =
    server.label === "app" && scenario.targets?.p99Ms !== undefined && connections > 1
      ? await runPaced({ ...load, durationSeconds: options.durationSeconds })
      : null;
  const rssMaxMb = rss.stop();
  if (paced) await waitForIdleCpu(server.pid);

  const problems = figures.errors + figures.unexpectedStatus;
  console.log(
    `  ${scenario.name.padEnd(16)} ${figures.requestsPerSecond.toFixed(0).padStart(7)} req/s` +
      `  p99 ${figures.latencyP99Ms.toFixed(1)} ms` +
      (problems > 0 ? `  ${problems} errors/unexpected ${JSON.stringify(figures.statusCounts)}` : "") +
      (paced
        ? `; paced ${paced.requestsPerSecond.toFixed(0)} req/s p99 ${paced.latencyP99Ms.toFixed(1)} ms`
        : ""),
  );
  return { ...figures, rssAtRestMb, rssMaxMb, answer, paced };
}

async function benchmarkServer(
  spec: ServerSpec,
  emails: string[],
  fixtures: ReadonlyMap<string, ReviewerFixture>,
  dataset: DatasetDescription,
  options: RunOptions,
  exportsProgramId: string | null,
): Promise<ServerFigures> {
  console.log(`\n${spec.label} server (${spec.entry})`);
  const port = await freePort();
  const server = await startServerProcess({ label: spec.label, entry: spec.entry, port, env: spec.env });
  try {
    const rssAtStartMb = readRssMb(server.pid);
    const coldStart = (server.coldStartMs / 1000).toFixed(2);
    const scenarios: Record<string, ScenarioFigures> = {};
    const writes: Record<string, WriteFigures> = {};
    if (options.scenarios.length > 0 || options.writes.length > 0) {
      console.log(`  healthy after ${coldStart} s; signing in ${emails.length} reviewers…`);
      const signedIn = await signInUsers(server, emails, benchPassword());
      const users = signedIn.map((user) => ({ ...user, review: fixtures.get(user.email) }));
      const admin = options.scenarios.some((s) => s.actor === "organizationAdmin")
        ? await signInOrganizationAdmin(server, dataset)
        : null;
      for (const scenario of options.scenarios) {
        const senders = scenario.actor === "organizationAdmin" && admin !== null ? [admin] : users;
        scenarios[scenario.name] = await runScenario(server, scenario, senders, options);
      }
      for (const write of options.writes) {
        await waitForIdleCpu(server.pid);
        writes[write.name] = await runWrite({
          server,
          write,
          users,
          quick: options.quick,
          durationSeconds: options.durationSeconds,
          warmup: options.warmupSeconds > 0,
        });
      }
    } else {
      console.log(`  healthy after ${coldStart} s`);
    }
    const roundTrips = spec.roundTrips ? await runRoundTripsOn(server, dataset, options) : {};
    const autosave = spec.roundTrips ? await runAutosaveOn(server, dataset, options) : null;
    const exportsFigures = spec.roundTrips ? await runExportsOn(server, dataset, exportsProgramId) : null;
    return {
      label: spec.label,
      coldStartMs: server.coldStartMs,
      rssAtStartMb,
      scenarios,
      writes,
      roundTrips,
      autosave,
      exports: exportsFigures,
    };
  } finally {
    await server.stop();
  }
}

/** The organization admin, for the scenarios of the admins' screens, with the programs they read. */
async function signInOrganizationAdmin(
  server: ServerProcess,
  dataset: DatasetDescription,
): Promise<BenchUser> {
  if (dataset.reviewPrograms === null)
    throw new Error("The data set has no review program: run with --fresh.");
  const [admin] = await signInUsers(server, [ORG_ADMIN_EMAIL], benchPassword());
  return { ...admin!, reviewPrograms: dataset.reviewPrograms };
}

/** The round trips as the organization admin, on the program whose form the data set prepared. */
async function runRoundTripsOn(server: ServerProcess, dataset: DatasetDescription, options: RunOptions) {
  if (options.roundTrips.length === 0) return {};
  const programId = dataset.formProgramId;
  if (programId === null)
    throw new Error(`${ORG_ADMIN_EMAIL} administers no active program: run with --fresh.`);
  return runRoundTrips({
    server,
    roundTrips: options.roundTrips,
    quick: options.quick,
    adminEmail: ORG_ADMIN_EMAIL,
    password: benchPassword(),
    programId,
  });
}

/** The autosave benchmark on our server, after the round trips, on the data set's second program. */
async function runAutosaveOn(
  server: ServerProcess,
  dataset: DatasetDescription,
  options: RunOptions,
): Promise<AutosaveFigures | null> {
  if (!options.autosave) return null;
  await waitForIdleCpu(server.pid);
  const programId = dataset.autosaveProgramId;
  if (programId === null)
    throw new Error(`${ORG_ADMIN_EMAIL} administers fewer than two active programs: run with --fresh.`);
  return runAutosave({
    server,
    adminEmail: ORG_ADMIN_EMAIL,
    password: benchPassword(),
    programId,
    applicants: options.applicants,
    durationSeconds: options.durationSeconds,
    warmupSeconds: options.warmupSeconds,
    database: resolveTarget(options.dataDir).kind,
  });
}

/**
 * The exports on our server, last: the exports program's PDFs and attachments, the review program's matrix.
 */
async function runExportsOn(
  server: ServerProcess,
  dataset: DatasetDescription,
  exportsProgramId: string | null,
): Promise<ExportsFigures | null> {
  if (exportsProgramId === null) return null;
  if (dataset.reviewPrograms === null)
    throw new Error("The data set has no review program for the matrix export: run with --fresh.");
  await waitForIdleCpu(server.pid);
  return runExports({
    server,
    adminEmail: ORG_ADMIN_EMAIL,
    password: benchPassword(),
    exportsProgramId,
    reviewProgramId: dataset.reviewPrograms.review,
  });
}

/** The front end, last and alone: the production build (made first when older than its sources). */
async function runFrontend(options: RunOptions): Promise<FrontendFigures> {
  console.log("\nfront end (bench/frontend)");
  if (clientBuildIsStale()) {
    console.log("  building the client (missing or older than its sources)…");
    buildClient();
  }
  return measureFrontend({
    loads: options.quick ? 3 : FRONTEND.loads,
    lighthouseRuns: options.quick ? 1 : 3,
    peerRuns: options.quick ? PEER_QUICK_RUNS : PEER_RUNS,
    log: (line) => console.log(line),
  });
}

async function main(): Promise<number> {
  let options: RunOptions | "help";
  try {
    options = parseRunOptions(process.argv.slice(2));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : error}\n${RUN_USAGE}`);
    return 2;
  }
  if (options === "help") {
    console.log(RUN_USAGE);
    return 0;
  }

  if (options.autoAssign) await runAutoAssign((line) => console.log(line));
  const nothingElse =
    options.scenarios.length + options.writes.length + options.roundTrips.length === 0 &&
    !options.autosave &&
    !options.exports &&
    !options.frontend &&
    !options.growth;
  if (nothingElse) return 0;

  const target = resolveTarget(options.dataDir);
  const password = benchPassword();
  const s3 = options.s3 ? await startBenchS3() : null;
  try {
    return await runWith(options, target, password, s3);
  } finally {
    await s3?.close();
  }
}

/**
 * --s3: a local S3-compatible server (s3rver, in this process) on a free port of 127.0.0.1, its objects
 * kept in bench/data/s3 so the next run reuses the exports' files. The SDK of the preparation (here)
 * and of our server takes s3rver's keys from the standard variables.
 */
async function startBenchS3(): Promise<LocalS3> {
  const s3 = await startLocalS3("bench", { directory: path.join(BENCH_DIR, "data", "s3") });
  process.env.AWS_ACCESS_KEY_ID = s3.credentials.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY = s3.credentials.secretAccessKey;
  console.log(`Files in a local S3 bucket: ${s3.url}`);
  return s3;
}

async function runWith(
  options: RunOptions,
  target: ReturnType<typeof resolveTarget>,
  password: string,
  s3: LocalS3 | null,
): Promise<number> {
  // The same environment for both servers; with --s3 their files are in the bucket.
  const env = {
    ...benchServerEnv(target, randomBytes(20).toString("hex")),
    ...(s3
      ? {
          STORAGE_URL: s3.url,
          AWS_ACCESS_KEY_ID: s3.credentials.accessKeyId,
          AWS_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
        }
      : {}),
  };
  // What `npm start` runs: the bundled server, built now so that its cold start is only a start.
  if (serverBundleIsStale()) await buildServerBundle();
  const specs: ServerSpec[] = [{ label: "app", entry: "scripts/start.mjs", env, roundTrips: true }];
  // The baseline only answers the load scenarios and the review writes: without any, nothing to compare.
  if (options.baseline && (options.scenarios.length > 0 || options.writes.length > 0)) {
    specs.push({ label: "baseline", entry: "bench/baseline-server.ts", env, roundTrips: false });
  }

  await ensureDataset({ target, fresh: options.fresh, scale: options.scale, seed: options.seed, password });

  const dataset = await prepareDataset(target);
  // The exports program is made once and kept; its files go where our server's storage reads them (the
  // store its STORAGE_URL names, from --s3 or the environment it inherits; DATA_DIR/files without one).
  const storage = await createStorage(
    loadConfig({
      STORAGE_URL: "STORAGE_URL" in env ? env.STORAGE_URL : process.env.STORAGE_URL,
      DATA_DIR: path.resolve(REPO_DIR, serverEnvFor(target).DATA_DIR ?? process.env.DATA_DIR ?? "./data"),
    }),
  );
  const exportsProgramId = options.exports
    ? await prepareExportsProgram(target, storage, options.exportSubmissions)
    : null;
  const emails = dataset.reviewerEmails.slice(0, options.users);
  if (emails.length === 0)
    throw new Error(`No reviewer accounts in ${describeTarget(target)}: run with --fresh.`);
  // Read once, before either server runs: both send the same requests.
  const usesReviewData = options.writes.length > 0 || options.scenarios.some((s) => s.usesReviewData);
  const fixtures = usesReviewData
    ? await withSqlClient(target, (sql) => reviewerFixtures(sql, emails))
    : new Map();
  const figures: ServerFigures[] = [];
  for (const spec of specs) {
    // Each server starts from the same database: without the sessions the previous one created, or the
    // reviews its review saves added.
    if (figures.length > 0) await prepareDataset(target);
    figures.push(await benchmarkServer(spec, emails, fixtures, dataset, options, exportsProgramId));
  }

  const frontend = options.frontend ? await runFrontend(options) : null;
  // Last: it builds (once) and serves its own data set of 1,000, 10,000 and 100,000 submissions.
  const growth = options.growth
    ? await runGrowth({ quick: options.quick, log: (line) => console.log(line) })
    : null;
  const report = buildReport({
    frontend,
    growth,
    options,
    database: target.kind,
    dataset,
    signedInUsers: emails.length,
    app: figures[0]!,
    baseline: figures[1] ?? null,
  });
  writeReport(report);
  console.log(`\n${formatReport(report)}\nWritten to ${path.relative(REPO_DIR, RESULTS_FILE)}.`);
  return 0;
}

await runBenchMain("Benchmark", main);
