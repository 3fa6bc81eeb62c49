import { randomBytes } from "node:crypto";
import { benchPassword } from "../lib/password";
import { describeTarget, serverEnvFor } from "../lib/target";
import type { TargetResult } from "../runner/report";
import { freePort, type ServerProcess, startServerProcess } from "../runner/server-process";
import { signInUsers } from "../runner/sign-in";
import { discoverParams, type EndpointParams, GROWTH_ENDPOINTS, type GrowthEndpoint } from "./endpoints";
import { type CapturedStatement, openInProcessApp } from "./in-process";
import { explainStatements, LARGE_TABLE_ROWS, type StatementPlan, schemaFacts } from "./plans";
import { type GrowthDataset, type GrowthProgram, prepareGrowthData } from "./prepare";
import { GROWTH_DATA_DIR, growthTarget } from "./target";
import { type GrowthSample, type Senders, sendOverHttp, timeEndpoint } from "./timing";

/**
 * The growth curve (bench/README.md, "Growth"): every list endpoint timed one request at a time in programs
 * of 1,000, 10,000 and 100,000 submitted applications (bench/growth/prepare.ts, its own database), and the
 * query plans of every statement they send at 10,000 and 100,000 (bench/growth/plans.ts).
 */
export interface GrowthOptions {
  /** Fewer samples per endpoint and program (5 instead of 20). */
  quick?: boolean;
  /** Timed requests per endpoint and program (at most 100); overrides quick. */
  samples?: number;
  /** Skip the query plans. */
  plans?: boolean;
  /** Only the endpoints whose name contains one of these (all when absent or empty). */
  endpoints?: readonly string[];
  log?: (line: string) => void;
}

/** A flat endpoint passes when its median at 100,000 is at most this many times its median at 1,000. */
export const FLAT_RATIO = 2;
/** An endpoint that reads every candidate by design is timed fewer times: one request takes seconds. */
const LINEAR_SAMPLES = { full: 10, quick: 3 };

export interface GrowthEndpointResult {
  name: string;
  request: string;
  actor: GrowthEndpoint["actor"];
  growth: GrowthEndpoint["growth"];
  why: string | null;
  bySize: GrowthSample[];
  /** The median at the largest program ÷ the median at the smallest. */
  growthRatio: number | null;
  verdict: "flat" | "NOT FLAT" | "linear by design" | "error";
}

export interface GrowthPlans {
  size: number;
  database: "pglite" | "postgres";
  /** The program's share of the submissions table. */
  tableShare: number;
  /** Distinct statements the endpoints sent, each explained once. */
  statements: StatementPlan[];
  /** Whole reads (sequential scans, indexes walked whole) of tables of at least LARGE_TABLE_ROWS rows. */
  findings: number;
  tableRows: Record<string, number>;
}

/** Its name for `npm run bench -- --only growth`. */
export const GROWTH = { name: "growth" } as const;

export interface GrowthResult {
  database: "pglite" | "postgres";
  target: string;
  sizes: number[];
  /** Timed requests per endpoint and program; linearSamples for those linear by design. */
  samples: number;
  linearSamples: number;
  flatRatio: number;
  dataset: { programs: GrowthProgram[]; preparedSeconds: number };
  coldStartMs: number;
  endpoints: GrowthEndpointResult[];
  /** The two largest programs' plans (none with plans: false); the targets read the largest. */
  plans: GrowthPlans[];
  /** For the final budget table: each flat endpoint's growth, and the largest program's full scans. */
  targets: TargetResult[];
}

/** The environment of both our server process and the in-process app (for the plans). */
function growthServerEnv(target: ReturnType<typeof growthTarget>): Record<string, string> {
  return {
    ...serverEnvFor(target),
    // With PostgreSQL too: nothing the server writes goes to ./data.
    DATA_DIR: GROWTH_DATA_DIR,
    DEMO_DATA: "off",
    AUTH_RATE_LIMIT: "off",
    SERVE_CLIENT: "off",
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
    BETTER_AUTH_SECRET: randomBytes(20).toString("hex"),
    // No mail goes out in a benchmark (docs/decisions/020).
    ALLOW_NO_MAIL_PROVIDER: "on",
    // The generated accounts are @bench.test, an internal domain by default: reviewer statistics would
    // leave every one of them out and measure an empty table.
    INTERNAL_EMAIL_DOMAINS: "decisionhub.example",
  };
}

/** Each program's ADMIN, the committee member and the applicant, signed in. */
async function signInActors(server: ServerProcess, dataset: GrowthDataset): Promise<Senders[]> {
  const password = benchPassword();
  const [reviewer, applicant, ...admins] = await signInUsers(
    server,
    [dataset.reviewerEmail, dataset.applicantEmail, ...dataset.programs.map((p) => p.adminEmail)],
    password,
  );
  return admins.map((admin) => ({ reviewer: reviewer!, applicant: applicant!, admin }));
}

async function paramsOf(server: ServerProcess, dataset: GrowthDataset, senders: Senders[]) {
  const params: EndpointParams[] = [];
  for (const [i, program] of dataset.programs.entries()) {
    const as = senders[i]!;
    params.push(
      await discoverParams(sendOverHttp(server, as), {
        programId: program.id,
        reviewerId: as.reviewer.userId,
        adminId: as.admin.userId,
        applicantId: as.applicant.userId,
      }),
    );
  }
  return params;
}

function verdictOf(endpoint: GrowthEndpoint, bySize: GrowthSample[]) {
  const first = bySize[0]?.p50Ms ?? null;
  const last = bySize.at(-1)?.p50Ms ?? null;
  const growthRatio = first !== null && last !== null && first > 0 ? last / first : null;
  const failed = bySize.some((s) => Object.keys(s.statusCounts).length > 0 || s.p50Ms === null);
  const verdict: GrowthEndpointResult["verdict"] = failed
    ? "error"
    : endpoint.growth === "linear"
      ? "linear by design"
      : growthRatio !== null && growthRatio <= FLAT_RATIO
        ? "flat"
        : "NOT FLAT";
  return { growthRatio, verdict };
}

/** Our server on the growth database: every endpoint in every program, one request at a time. */
async function timeEndpoints(
  dataset: GrowthDataset,
  env: Record<string, string>,
  samples: { flat: number; linear: number },
  selected: readonly GrowthEndpoint[],
  log: (line: string) => void,
): Promise<{ coldStartMs: number; endpoints: GrowthEndpointResult[] }> {
  const server = await startServerProcess({
    label: "app",
    entry: "src/server/start.ts",
    port: await freePort(),
    env,
  });
  try {
    log(`  growth: server healthy after ${(server.coldStartMs / 1000).toFixed(2)} s; timing…`);
    const senders = await signInActors(server, dataset);
    const params = await paramsOf(server, dataset, senders);
    const programs = dataset.programs.map((program, i) => ({
      size: program.size,
      senders: senders[i]!,
      params: params[i]!,
    }));
    const endpoints: GrowthEndpointResult[] = [];
    for (const endpoint of selected) {
      const bySize = await timeEndpoint({
        server,
        endpoint,
        programs,
        samples: samples[endpoint.growth],
      });
      const result: GrowthEndpointResult = {
        name: endpoint.name,
        request: endpoint.request,
        actor: endpoint.actor,
        growth: endpoint.growth,
        why: endpoint.why ?? null,
        bySize,
        ...verdictOf(endpoint, bySize),
      };
      endpoints.push(result);
      log(
        `  ${endpoint.name.padEnd(26)} ${bySize.map((s) => `${s.p50Ms?.toFixed(1) ?? "-"} ms`).join(" / ")}  ${result.verdict}`,
      );
    }
    return { coldStartMs: server.coldStartMs, endpoints };
  } finally {
    await server.stop();
  }
}

/** The statements one program's endpoints send, caught on their way to the driver. */
async function captureProgram(
  app: Awaited<ReturnType<typeof openInProcessApp>>,
  dataset: GrowthDataset,
  program: GrowthProgram,
  selected: readonly GrowthEndpoint[],
  log: (line: string) => void,
): Promise<Map<string, CapturedStatement[]>> {
  const only = { ...dataset, programs: [program] };
  const [senders] = await signInActors(app.server, only);
  const [params] = await paramsOf(app.server, only, [senders!]);
  const send = sendOverHttp(app.server, senders!);
  const captured = new Map<string, CapturedStatement[]>();
  for (const endpoint of selected) {
    const path = endpoint.path(params!);
    const statements = await app.capture(async () => {
      const answer = await send(endpoint.actor, path);
      if (answer.status !== 200) log(`  growth plans: GET ${path} answered ${answer.status}`);
    });
    captured.set(endpoint.name, statements);
  }
  return captured;
}

/**
 * The statements every endpoint (of those selected) sends in the two largest programs, caught in our app run in this process
 * (on the same database, after the server process stopped), then explained with their parameters. The
 * largest program is most of the submissions table here, where reading a whole program is best done by
 * a sequential scan; the next one is a tenth of it, as a large program is among many.
 */
async function checkPlans(
  dataset: GrowthDataset,
  env: Record<string, string>,
  selected: readonly GrowthEndpoint[],
  log: (line: string) => void,
): Promise<GrowthPlans[]> {
  const target = growthTarget();
  const app = await openInProcessApp(target, env);
  try {
    const tableRows = Object.fromEntries((await schemaFacts(app.database)).tableRows);
    const results: GrowthPlans[] = [];
    for (const program of dataset.programs.slice(-2)) {
      const captured = await captureProgram(app, dataset, program, selected, log);
      log(`  growth: explaining the statements of ${captured.size} endpoints at ${program.size}…`);
      const statements = await explainStatements(app.database, captured);
      results.push({
        size: program.size,
        database: target.kind,
        tableShare: program.rows.applications / (tableRows.submissions ?? 1),
        statements,
        findings: statements.reduce((n, s) => n + s.findings.length, 0),
        tableRows,
      });
    }
    return results;
  } finally {
    await app.server.stop();
  }
}

function targetsOf(endpoints: GrowthEndpointResult[], plans: GrowthPlans | undefined): TargetResult[] {
  const targets: TargetResult[] = endpoints
    .filter((e) => e.growth === "flat")
    .map((e) => ({
      name: `growth ${e.name} (100k ÷ 1k p50 ≤ ${FLAT_RATIO})`,
      measuredIn: "one request at a time",
      value: e.growthRatio,
      unit: "×",
      pass: e.verdict === "error" ? false : e.verdict === "flat",
    }));
  if (plans) {
    targets.push({
      name: `full scans of tables ≥ ${LARGE_TABLE_ROWS.toLocaleString("en-US")} rows at ${plans.size.toLocaleString("en-US")}`,
      measuredIn: `EXPLAIN ANALYZE (${plans.database})`,
      value: plans.findings,
      unit: "scans",
      pass: plans.findings === 0,
    });
  }
  return targets;
}

export async function runGrowth(opts: GrowthOptions = {}): Promise<GrowthResult> {
  const log = opts.log ?? console.log;
  const samples = Math.min(100, Math.max(1, opts.samples ?? (opts.quick ? 5 : 20)));
  const target = growthTarget();
  const dataset = await prepareGrowthData(target, log);
  const env = growthServerEnv(target);
  const linear = Math.min(samples, opts.quick ? LINEAR_SAMPLES.quick : LINEAR_SAMPLES.full);
  const selected = GROWTH_ENDPOINTS.filter(
    (e) => !opts.endpoints?.length || opts.endpoints.some((name) => e.name.includes(name)),
  );
  if (selected.length === 0)
    throw new Error(`No growth endpoint is named like ${opts.endpoints?.join(", ")}.`);
  const { coldStartMs, endpoints } = await timeEndpoints(
    dataset,
    env,
    { flat: samples, linear },
    selected,
    log,
  );
  const plans = opts.plans === false ? [] : await checkPlans(dataset, env, selected, log);
  return {
    database: target.kind,
    target: describeTarget(target),
    sizes: dataset.programs.map((p) => p.size),
    samples,
    linearSamples: linear,
    flatRatio: FLAT_RATIO,
    dataset: { programs: dataset.programs, preparedSeconds: dataset.preparedSeconds },
    coldStartMs,
    endpoints,
    plans,
    targets: targetsOf(endpoints, plans.at(-1)),
  };
}
