import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { BENCH_DIR } from "../lib/target";
import type { Scenario } from "../scenarios/types";
import { type Answer, sameAnswer } from "./answer-check";
import type { DatasetDescription } from "./dataset";
import type { LoadFigures } from "./load";
import type { RunOptions } from "./options";

export const RESULTS_FILE = path.join(BENCH_DIR, "results.json");

export interface ScenarioFigures extends LoadFigures {
  /** Server RSS just before the scenario started. */
  rssAtRestMb: number | null;
  /** Highest RSS sampled (every 200 ms) during warm-up and measurement. */
  rssMaxMb: number | null;
  /** Status and body of one request as the first user, to check the baseline answers the same. */
  answer: Answer;
}

/** Everything measured on one server (ours or the baseline). */
export interface ServerFigures {
  label: string;
  coldStartMs: number;
  /** RSS once healthy, before any load. */
  rssAtStartMb: number | null;
  scenarios: Record<string, ScenarioFigures>;
}

export interface RunReport {
  date: string;
  machine: { cores: number; cpuModel: string; memoryMb: number; os: string };
  node: string;
  database: "pglite" | "postgres";
  dataset: Record<string, number>;
  settings: { connections: number; durationSeconds: number; warmupSeconds: number; signedInUsers: number };
  servers: { app: Omit<ServerFigures, "scenarios">; baseline: Omit<ServerFigures, "scenarios"> | null };
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
  }[];
}

export function buildReport(opts: {
  options: RunOptions;
  database: "pglite" | "postgres";
  dataset: DatasetDescription;
  signedInUsers: number;
  app: ServerFigures;
  baseline: ServerFigures | null;
}): RunReport {
  const { options, app, baseline } = opts;
  const withoutScenarios = ({ scenarios: _, ...rest }: ServerFigures) => rest;
  const cpus = os.cpus();
  return {
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
      return {
        name: scenario.name,
        description: scenario.description,
        request: `${scenario.method} ${scenario.path({ email: "", password: "", userId: "{userId}", cookie: "" })}`,
        expectStatus: scenario.expectStatus,
        app: ours,
        baseline: theirs,
        ratio:
          theirs && theirs.requestsPerSecond > 0 ? ours.requestsPerSecond / theirs.requestsPerSecond : null,
        sameAnswerAsBaseline: theirs ? sameAnswer(theirs.answer, ours.answer) : null,
      };
    }),
  };
}

export function writeReport(report: RunReport): void {
  writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
}

const fixed = (n: number | null | undefined, digits: number) => (n == null ? "-" : n.toFixed(digits));
const mb = (n: number | null) => (n === null ? "?" : `${Math.round(n)} MB`);

/** The summary as a Markdown table, so it can be pasted into an issue as is. */
export function formatReport(report: RunReport): string {
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
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" | ")} |`;
  const rule = `|${widths.map((w, i) => (i === 0 ? `${"-".repeat(w + 1)}-` : `${"-".repeat(w + 1)}:`)).join("|")}|`;

  const { app, baseline } = report.servers;
  const serverLine = (s: RunReport["servers"]["app"]) =>
    `${s.label} healthy after ${(s.coldStartMs / 1000).toFixed(2)} s, RSS at rest ${mb(s.rssAtStartMb)}`;
  const dataset = Object.entries(report.dataset)
    .map(([table, n]) => `${n} ${table}`)
    .join(", ");
  return [
    `${report.database} · ${report.machine.cores} cores · node ${report.node} · up to ${report.settings.connections} connections × ${report.settings.durationSeconds} s (+${report.settings.warmupSeconds} s warm-up) · ${report.settings.signedInUsers} signed-in users`,
    `data set: ${dataset}`,
    `cold start: ${serverLine(app)}${baseline ? `; ${serverLine(baseline)}` : ""}`,
    "",
    line(header),
    rule,
    ...rows.map(line),
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
  ].join("\n");
}
