import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { AUTOSAVE, type AutosaveFigures } from "../autosave";
import { EXPORTS, type ExportsFigures } from "../exports";
import type { FrontendFigures } from "../frontend";
import type { GrowthResult } from "../growth";
import { formatGrowth } from "../growth/report";
import { markdownTable } from "../lib/markdown";
import { BENCH_DIR } from "../lib/target";
import type { WriteFigures } from "../reviewing/writes";
import type { RoundTripFigures } from "../round-trips/types";
import type { Scenario } from "../scenarios/types";
import { type Answer, sameAnswer } from "./answer-check";
import { type BudgetLine, collectBudgets } from "./budgets";
import type { DatasetDescription } from "./dataset";
import type { LoadFigures } from "./load";
import type { RunOptions } from "./options";
import { PACED_REQUESTS_PER_USER_SECOND } from "./paced";

export const RESULTS_FILE = path.join(BENCH_DIR, "results.json");

export interface ScenarioFigures extends LoadFigures {
  /** Server RSS just before the scenario started. */
  rssAtRestMb: number | null;
  /** Highest RSS sampled (every 200 ms) during warm-up and measurement. */
  rssMaxMb: number | null;
  /** Status and body of one request as the first user, to check the baseline answers the same. */
  answer: Answer;
  /**
   * Our server only, for a scenario with a p99 target and more than one connection: every
   * connection a user sending one request per second (the target's figure). Null otherwise.
   */
  paced: LoadFigures | null;
}

/** Everything measured on one server (ours or the baseline). */
export interface ServerFigures {
  label: string;
  coldStartMs: number;
  /** RSS once healthy, before any load. */
  rssAtStartMb: number | null;
  scenarios: Record<string, ScenarioFigures>;
  /** The reviewing writes (bench/reviewing), by name. */
  writes: Record<string, WriteFigures>;
  /** Our server only; empty for the baseline. */
  roundTrips: Record<string, RoundTripFigures>;
  /** Our server only, when the run includes it. */
  autosave: AutosaveFigures | null;
  /** Our server only, when the run includes the exports benchmark. */
  exports: ExportsFigures | null;
}

type ServerSummary = Omit<ServerFigures, "scenarios" | "writes" | "roundTrips" | "autosave" | "exports">;

/** One budget (bench/README.md, "Budgets (the final table)") checked against what our server did. */
export interface TargetResult {
  name: string;
  /** Where the figure comes from. */
  measuredIn: string;
  value: number | null;
  unit: string;
  /** Null when the figure was not measured (a ratio without a baseline run). */
  pass: boolean | null;
}

export interface RunReport {
  date: string;
  machine: { cores: number; cpuModel: string; memoryMb: number; os: string };
  node: string;
  database: "pglite" | "postgres";
  dataset: Record<string, number>;
  settings: { connections: number; durationSeconds: number; warmupSeconds: number; signedInUsers: number };
  servers: { app: ServerSummary; baseline: ServerSummary | null };
  scenarios: {
    name: string;
    description: string;
    request: string;
    expectStatus: number;
    app: ScenarioFigures;
    baseline: ScenarioFigures | null;
    /** Our req/s ÷ the baseline's: 1 would mean no overhead at all. */
    ratio: number | null;
    /** False when the baseline's answer differs from ours (then the ratio compares different work). */
    sameAnswerAsBaseline: boolean | null;
    /** The scenario's budgets (p99, ratio), when it has some. */
    targets: TargetResult[];
  }[];
  /** The reviewing writes: one at a time (the target's median), then every reviewer at once (the ratio). */
  reviewWrites: {
    name: string;
    description: string;
    request: string;
    /** What one write carries (candidates in a ranking), when it says. */
    size: number | null;
    app: WriteFigures;
    baseline: WriteFigures | null;
    /** Our writes/s with every reviewer writing ÷ the baseline's. */
    ratio: number | null;
    /** False when the baseline's first answer has another status or shape than ours. */
    sameShapeAsBaseline: boolean | null;
    targets: TargetResult[];
  }[];
  /** One request at a time on our server, each with a target on its median. */
  roundTrips: ({ name: string; description: string; request: string } & RoundTripFigures)[];
  /** Guest applicants autosaving on our server: phases, read-back check and targets. */
  autosave: ({ description: string; request: string } & AutosaveFigures) | null;
  /** The exports on our server: each export's time, memory and download, and the targets. */
  exports: ({ description: string } & ExportsFigures) | null;
  /** The front end's figures (bench/frontend), when the run includes them. */
  frontend: FrontendFigures | null;
  /** The growth curve from 1,000 to 100,000 submissions and the query plans (bench/growth). */
  growth: GrowthResult | null;
  /** Every budget above and the server's own, in one list (the final table). */
  budgets: BudgetLine[];
}

export function buildReport(opts: {
  options: RunOptions;
  database: "pglite" | "postgres";
  dataset: DatasetDescription;
  signedInUsers: number;
  app: ServerFigures;
  baseline: ServerFigures | null;
  frontend: FrontendFigures | null;
  growth: GrowthResult | null;
}): RunReport {
  const { options, app, baseline } = opts;
  const withoutScenarios = ({
    scenarios: _,
    writes: _writes,
    roundTrips: __,
    autosave: ___,
    exports: _exports,
    ...rest
  }: ServerFigures): ServerSummary => rest;
  const cpus = os.cpus();
  const report: Omit<RunReport, "budgets" | "frontend" | "growth"> = {
    date: new Date().toISOString(),
    machine: {
      cores: os.availableParallelism(),
      cpuModel: cpus[0]?.model ?? "unknown",
      memoryMb: Math.round(os.totalmem() / 2 ** 20),
      os: `${os.type()} ${os.release()}`,
    },
    node: process.version,
    database: opts.database,
    dataset: opts.dataset.rows,
    settings: {
      connections: options.connections,
      durationSeconds: options.durationSeconds,
      warmupSeconds: options.warmupSeconds,
      signedInUsers: opts.signedInUsers,
    },
    servers: { app: withoutScenarios(app), baseline: baseline ? withoutScenarios(baseline) : null },
    scenarios: options.scenarios.map((scenario: Scenario) => {
      const ours = app.scenarios[scenario.name]!;
      const theirs = baseline?.scenarios[scenario.name] ?? null;
      const ratio =
        theirs && theirs.requestsPerSecond > 0 ? ours.requestsPerSecond / theirs.requestsPerSecond : null;
      return {
        name: scenario.name,
        description: scenario.description,
        request:
          scenario.request ??
          `${scenario.method} ${scenario.path({ email: "", password: "", userId: "{userId}", cookie: "" }, 0)}`,
        expectStatus: scenario.expectStatus,
        app: ours,
        baseline: theirs,
        ratio,
        sameAnswerAsBaseline: theirs ? sameAnswer(theirs.answer, ours.answer) : null,
        targets: scenarioTargets(scenario, ours, ratio),
      };
    }),
    reviewWrites: options.writes.flatMap((write) => {
      const ours = app.writes[write.name];
      if (!ours) return [];
      const theirs = baseline?.writes[write.name] ?? null;
      const ratio =
        theirs && theirs.concurrent.writesPerSecond > 0
          ? ours.concurrent.writesPerSecond / theirs.concurrent.writesPerSecond
          : null;
      const median = ours.sequential.medianMs;
      return [
        {
          name: write.name,
          description: write.description,
          request: write.request,
          size: ours.size,
          app: ours,
          baseline: theirs,
          ratio,
          sameShapeAsBaseline: theirs
            ? theirs.answer.status === ours.answer.status && theirs.answer.shape === ours.answer.shape
            : null,
          targets: [
            {
              name: `${write.name} median < ${write.targetMedianMs} ms`,
              measuredIn: "one at a time",
              value: median,
              unit: "ms",
              pass: ours.sequential.non200 === 0 && median !== null && median < write.targetMedianMs,
            },
          ],
        },
      ];
    }),
    roundTrips: options.roundTrips.flatMap(({ name, description, request }) => {
      const figures = app.roundTrips[name];
      return figures ? [{ name, description, request, ...figures }] : [];
    }),
    autosave: app.autosave
      ? { description: AUTOSAVE.description, request: AUTOSAVE.request, ...app.autosave }
      : null,
    exports: app.exports ? { description: EXPORTS.description, ...app.exports } : null,
  };
  const extraTargets = [...(opts.frontend?.targets ?? []), ...(opts.growth?.targets ?? [])];
  const complete = { ...report, frontend: opts.frontend, growth: opts.growth };
  return { ...complete, budgets: collectBudgets({ ...complete, budgets: [] }, extraTargets) };
}

/** A scenario's budgets: p99 under the run's load with no failed request, and the ratio to the baseline. */
function scenarioTargets(scenario: Scenario, ours: ScenarioFigures, ratio: number | null): TargetResult[] {
  const clean = ours.errors + ours.unexpectedStatus === 0;
  const targets: TargetResult[] = [];
  if (scenario.targets?.p99Ms !== undefined) {
    // With several connections the budget is the paced users' p99; the saturated run's p99 is queueing.
    const latency = ours.paced ?? ours;
    const cleanLatency = latency.errors + latency.unexpectedStatus === 0;
    targets.push({
      name: `${scenario.name} p99 < ${scenario.targets.p99Ms} ms`,
      measuredIn: ours.paced
        ? `${ours.paced.connections} users × ${PACED_REQUESTS_PER_USER_SECOND} req/s`
        : `${ours.connections} connection${ours.connections === 1 ? "" : "s"}`,
      value: latency.latencyP99Ms,
      unit: "ms",
      pass: clean && cleanLatency && latency.latencyP99Ms < scenario.targets.p99Ms,
    });
  }
  if (scenario.targets?.minRatio !== undefined) {
    targets.push({
      name: `${scenario.name} req/s ≥ ${scenario.targets.minRatio} × baseline`,
      measuredIn: "ratio",
      value: ratio,
      unit: "×",
      pass: ratio === null ? null : clean && ratio >= scenario.targets.minRatio,
    });
  }
  return targets;
}

export function writeReport(report: RunReport): void {
  writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
}

const fixed = (n: number | null | undefined, digits: number) => (n == null ? "-" : n.toFixed(digits));
const mb = (n: number | null) => (n === null ? "?" : `${Math.round(n)} MB`);

function scenarioTable(report: RunReport): string[] {
  if (report.scenarios.length === 0) return [];
  const header = [
    "scenario",
    "conns",
    "req/s",
    "p50 ms",
    "p99 ms",
    "errors/non-2xx",
    "RSS max MB",
    "baseline req/s",
    "ratio",
  ];
  const rows = report.scenarios.map((s) => [
    s.name,
    String(s.app.connections),
    fixed(s.app.requestsPerSecond, 0),
    fixed(s.app.latencyP50Ms, 1),
    fixed(s.app.latencyP99Ms, 1),
    String(s.app.errors + s.app.unexpectedStatus),
    fixed(s.app.rssMaxMb, 0),
    fixed(s.baseline?.requestsPerSecond, 0),
    fixed(s.ratio, 2),
  ]);
  return [
    ...markdownTable(header, rows),
    "",
    "req/s counts responses with the expected status; ratio = our req/s ÷ baseline req/s.",
    ...report.scenarios
      .filter((s) => s.sameAnswerAsBaseline === false)
      .map(
        (s) =>
          `WARNING: ${s.name}: the baseline answers differently from our server, so its ratio compares ` +
          `different work:\n  ours:     ${s.app.answer.status} ${s.app.answer.preview}\n` +
          `  baseline: ${s.baseline?.answer.status} ${s.baseline?.answer.preview}`,
      ),
  ];
}

const result = (pass: boolean | null) => (pass === null ? "-" : pass ? "pass" : "FAIL");

/** The budgets of the scenarios that have some (reviewer list and submission view). */
function scenarioTargetTable(report: RunReport): string[] {
  const rows = report.scenarios
    .flatMap((s) => s.targets)
    .map((t) => [
      t.name,
      t.measuredIn,
      t.unit === "×" ? fixed(t.value, 2) : fixed(t.value, 1),
      result(t.pass),
    ]);
  if (rows.length === 0) return [];
  return [
    ...markdownTable(["target", "measured in", "value", "result"], rows),
    "",
    "A p99 target passes only with no error and no unexpected status; a ratio needs the baseline in " +
      "the same run.",
  ];
}

/** The reviewing writes: the target's median one at a time, then the throughput with every reviewer at once. */
function reviewWriteTable(report: RunReport): string[] {
  if (report.reviewWrites.length === 0) return [];
  const header = [
    "write",
    "size",
    "n",
    "median ms",
    "p95 ms",
    "target",
    "result",
    "reviewers",
    "writes/s",
    "p99 ms",
    "non-2xx",
    "baseline median ms",
    "baseline writes/s",
    "ratio",
  ];
  const rows = report.reviewWrites.map((w) => [
    w.name,
    w.size === null ? "-" : String(w.size),
    String(w.app.sequential.samples),
    fixed(w.app.sequential.medianMs, 1),
    fixed(w.app.sequential.p95Ms, 1),
    w.targets[0] ? w.targets[0].name.slice(w.name.length + 1) : "-",
    result(w.targets[0]?.pass ?? null),
    String(w.app.concurrent.reviewers),
    fixed(w.app.concurrent.writesPerSecond, 0),
    fixed(w.app.concurrent.latencyP99Ms, 1),
    String(w.app.sequential.non200 + w.app.concurrent.non200 + w.app.concurrent.errors),
    fixed(w.baseline?.sequential.medianMs, 1),
    fixed(w.baseline?.concurrent.writesPerSecond, 0),
    fixed(w.ratio, 2),
  ]);
  return [
    ...markdownTable(header, rows),
    "",
    "Review writes: median and p95 of writes sent one at a time on an idle server (the target); " +
      "writes/s and p99 with every signed-in reviewer writing, one write in flight each; " +
      "ratio = our writes/s ÷ the baseline's.",
    ...report.reviewWrites
      .filter((w) => w.sameShapeAsBaseline === false)
      .map(
        (w) =>
          `WARNING: ${w.name}: the baseline's answer has another status or shape than ours:\n` +
          `  ours:     ${w.app.answer.status} ${w.app.answer.shape.slice(0, 200)}\n` +
          `  baseline: ${w.baseline?.answer.status} ${w.baseline?.answer.shape.slice(0, 200)}`,
      ),
  ];
}

/** Its own table: one request at a time has a median and a target, not a throughput and a ratio. */
function roundTripTable(report: RunReport): string[] {
  if (report.roundTrips.length === 0) return [];
  const header = [
    "round trip",
    "n",
    "median ms",
    "p95 ms",
    "max ms",
    "sent KB",
    "received KB",
    "non-200",
    "target",
    "result",
  ];
  const rows = report.roundTrips.map((r) => [
    r.name,
    String(r.samples),
    fixed(r.medianMs, 1),
    fixed(r.p95Ms, 1),
    fixed(r.maxMs, 1),
    r.requestKb > 0 ? fixed(r.requestKb, 0) : "-",
    fixed(r.responseKb, 0),
    String(r.non200),
    `median < ${r.targetMedianMs} ms`,
    r.pass ? "pass" : "FAIL",
  ]);
  return [
    ...markdownTable(header, rows),
    "",
    "Round trips: our server only, one request at a time, timed by the client; pass = median below the " +
      "target and every answer a 200.",
  ];
}

/** The autosave phases, then its targets: a throughput, a latency and the read-back. */
function autosaveTables(report: RunReport): string[] {
  const autosave = report.autosave;
  if (!autosave) return [];
  const header = [
    "autosave phase",
    "applicants",
    "offered/s",
    "saves/s",
    "p50 ms",
    "p99 ms",
    "max ms",
    "non-2xx",
    "errors",
    "sent KB",
    "server CPU",
  ];
  const rows = autosave.phases.map((p) => [
    p.phase,
    String(p.applicants),
    p.offeredPerSecond === null ? "max" : fixed(p.offeredPerSecond, 0),
    fixed(p.savesPerSecond, 0),
    fixed(p.latencyP50Ms, 1),
    fixed(p.latencyP99Ms, 1),
    fixed(p.latencyMaxMs, 1),
    String(p.non2xx),
    String(p.errors),
    fixed(p.requestKb, 1),
    [p.serverCpuCores, p.databaseCpuCores]
      .filter((c): c is number => c !== null)
      .map((c) => c.toFixed(2))
      .join(" + "),
  ]);
  const targetRows = autosave.targets.map((t) => [
    t.name,
    t.measuredIn,
    t.value === null ? "-" : t.unit === "saves" ? String(t.value) : fixed(t.value, t.unit === "ms" ? 1 : 0),
    t.pass ? "pass" : "FAIL",
  ]);
  const { check } = autosave;
  return [
    ...markdownTable(header, rows),
    "",
    `Autosave: ${autosave.applicants} guests on a ${autosave.questions}-question form, one save in flight each; ` +
      "saves/s = saves acknowledged within the phase per second; server CPU in cores (our process " +
      "+ PostgreSQL's, when used). " +
      `Read back: ${check.drafts} drafts, ${check.ackedSaves} acknowledged saves, ${check.lost} lost ` +
      `(${check.revisionMismatches} wrong revision, ${check.answerMismatches} wrong answers, ` +
      `${check.unreadable} unreadable).`,
    "",
    ...markdownTable(["target", "measured in", "value", "result"], targetRows),
    "",
    "A target passes only if its phase also had no error and no non-2xx answer.",
  ];
}

/** The exports: each one's time, the server's memory and the download, then the targets. */
function exportsTables(report: RunReport): string[] {
  const exportsRun = report.exports;
  if (!exportsRun) return [];
  const header = [
    "export",
    "status",
    "units",
    "seconds",
    "job s",
    "RSS before MB",
    "RSS max MB",
    "size MB",
    "download s",
    "download RSS MB",
  ];
  const rows = exportsRun.runs.map((r) => [
    `${r.kind} (${r.format})`,
    r.status,
    r.total === null ? "-" : String(r.total),
    fixed(r.seconds, 2),
    fixed(r.serverSeconds, 2),
    fixed(r.rssBeforeMb, 0),
    fixed(r.rssMaxMb, 0),
    r.downloadBytes === null ? "-" : fixed(r.downloadBytes / 2 ** 20, 1),
    fixed(r.downloadSeconds, 2),
    fixed(r.downloadRssMaxMb, 0),
  ]);
  const targetRows = exportsRun.targets.map((t) => [
    t.name,
    fixed(t.value, t.unit === "MB" ? 0 : 2),
    t.pass ? "pass" : "FAIL",
  ]);
  return [
    ...markdownTable(header, rows),
    "",
    "Exports: one at a time on our server as the organization admin; seconds = from the POST to the poll " +
      "(every 250 ms) that saw it ready; job s = the job's finishedAt − createdAt; RSS before = our server's just " +
      "before the POST (with PGlite the database lives in it), RSS max = sampled every 200 ms from the POST " +
      "to ready; the result is then downloaded once (and deleted).",
    "",
    ...markdownTable(["target", "value", "result"], targetRows),
    "",
    "A time target passes only if the export ended ready and downloaded; the memory budget covers the " +
      "export and its download.",
  ];
}

/** The summary as Markdown tables, so it can be pasted into a note as is. */
export function formatReport(report: RunReport): string {
  const { app, baseline } = report.servers;
  const serverLine = (s: ServerSummary) =>
    `${s.label} healthy after ${(s.coldStartMs / 1000).toFixed(2)} s, RSS at rest ${mb(s.rssAtStartMb)}`;
  const dataset = Object.entries(report.dataset)
    .map(([table, n]) => `${n} ${table}`)
    .join(", ");
  return [
    `${report.database} · ${report.machine.cores} cores · node ${report.node} · up to ${report.settings.connections} connections × ${report.settings.durationSeconds} s (+${report.settings.warmupSeconds} s warm-up) · ${report.settings.signedInUsers} signed-in users`,
    `data set: ${dataset}`,
    `cold start: ${serverLine(app)}${baseline ? `; ${serverLine(baseline)}` : ""}`,
    // A blank line before each table there is.
    ...[
      scenarioTable(report),
      scenarioTargetTable(report),
      reviewWriteTable(report),
      roundTripTable(report),
      autosaveTables(report),
      exportsTables(report),
      report.growth ? formatGrowth(report.growth).split("\n") : [],
      budgetTable(report),
    ].flatMap((table) => (table.length > 0 ? ["", ...table] : [])),
  ].join("\n");
}

/** The final table: every budget of the run, its figure, the baseline ratio and pass or FAIL. */
function budgetTable(report: RunReport): string[] {
  if (report.budgets.length === 0) return [];
  const value = (b: BudgetLine) =>
    b.value === null ? "-" : `${fixed(b.value, b.unit === "×" ? 2 : 1)} ${b.unit}`;
  const rows = report.budgets.map((b) => [b.name, b.measuredIn, value(b), fixed(b.ratio, 2), result(b.pass)]);
  const failed = report.budgets.filter((b) => b.pass === false).length;
  return [
    "Budgets",
    "",
    ...markdownTable(["budget", "measured in", "value", "baseline ratio", "result"], rows),
    "",
    `${report.budgets.length - failed} of ${report.budgets.length} budgets met${failed > 0 ? `, ${failed} FAIL` : ""}.`,
  ];
}
