import type { RunReport, TargetResult } from "./report";

/** The server budgets (bench/README.md, "Budgets (the final table)") that belong to no one scenario. */
export const SERVER_BUDGETS = {
  coldStartMs: 3000,
  rssAtRestMb: 250,
  rssUnderLoadMb: 500,
} as const;

/** One line of the final table: every budget of the run, wherever it was measured. */
export interface BudgetLine extends TargetResult {
  /** Our throughput ÷ the baseline's for the same scenario, when it has one. */
  ratio: number | null;
}

/**
 * Every budget of the run in one list: the scenarios', the review writes', the autosave's, the
 * exports', the server's (cold start, memory at rest and under load) and any measured outside the
 * report (front end, growth), each with the scenario's baseline ratio beside it where there is one.
 */
export function collectBudgets(report: RunReport, extra: readonly TargetResult[] = []): BudgetLine[] {
  const lines: BudgetLine[] = [];
  for (const scenario of report.scenarios) {
    for (const target of scenario.targets) lines.push({ ...target, ratio: scenario.ratio });
  }
  for (const write of report.reviewWrites) {
    for (const target of write.targets) lines.push({ ...target, ratio: write.ratio });
  }
  for (const target of report.autosave?.targets ?? []) lines.push({ ...target, ratio: null });
  for (const target of report.exports?.targets ?? []) {
    lines.push({ ...target, measuredIn: "one export at a time", ratio: null });
  }
  lines.push(...serverBudgets(report).map((t) => ({ ...t, ratio: null })));
  lines.push(...extra.map((t) => ({ ...t, ratio: null })));
  return lines;
}

/**
 * Cold start, and our server's memory: at rest is the highest RSS seen while it was idle (after
 * start-up and between the load runs: PGlite's WebAssembly memory never shrinks, so an idle
 * server after load is the honest figure), under load the highest during the load scenarios, the
 * review writes and the autosave phases. The exports have their own memory budget.
 */
function serverBudgets(report: RunReport): TargetResult[] {
  const app = report.servers.app;
  const atRest = maxOf([app.rssAtStartMb, ...report.scenarios.map((s) => s.app.rssAtRestMb)]);
  const underLoad = maxOf([
    ...report.scenarios.map((s) => s.app.rssMaxMb),
    ...report.reviewWrites.map((w) => w.app.concurrent.rssMaxMb),
    ...(report.autosave?.phases ?? []).map((p) => p.rssMaxMb),
  ]);
  const targets: TargetResult[] = [
    {
      name: `cold start < ${SERVER_BUDGETS.coldStartMs / 1000} s`,
      measuredIn: "spawn to healthy",
      value: app.coldStartMs / 1000,
      unit: "s",
      pass: app.coldStartMs < SERVER_BUDGETS.coldStartMs,
    },
    {
      name: `server RSS at rest < ${SERVER_BUDGETS.rssAtRestMb} MB`,
      measuredIn: "idle, after start and between runs",
      value: atRest,
      unit: "MB",
      pass: atRest === null ? null : atRest < SERVER_BUDGETS.rssAtRestMb,
    },
  ];
  if (underLoad !== null) {
    targets.push({
      name: `server RSS under load < ${SERVER_BUDGETS.rssUnderLoadMb} MB`,
      measuredIn: "load scenarios, writes, autosave",
      value: underLoad,
      unit: "MB",
      pass: underLoad < SERVER_BUDGETS.rssUnderLoadMb,
    });
  }
  return targets;
}

function maxOf(values: readonly (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null);
  return known.length > 0 ? Math.max(...known) : null;
}
