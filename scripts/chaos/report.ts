import { summarizeTimings } from "../../bench/lib/stats";
import type { ChaosFigures } from "./scenario";

const seconds = (ms: number | null) => (ms === null ? "-" : `${(ms / 1000).toFixed(2)} s`);
const ackedLost = (f: { acked: number; lost: number }) => `${f.acked} / ${f.lost}`;

/** Every acknowledged write that was not found: the run fails if this is not 0. */
export function lostWrites(f: ChaosFigures): number {
  return f.autosave.lost + f.reviews.lost + f.rankings.lost + f.decisions.lost;
}

/** The summary table (Markdown), one line per database. */
export function summaryTable(runs: readonly ChaosFigures[]): string {
  const header = [
    "database",
    "kills",
    "applicants",
    "saves acknowledged",
    "saves lost",
    "reviews acked/lost",
    "rankings acked/lost",
    "decisions acked/lost",
    "failed requests during kills",
    "median/max restart time",
  ];
  const rows = runs.map((f) => {
    const restarts = summarizeTimings(f.kills.map((k) => k.downMs));
    return [
      f.database,
      String(f.kills.length),
      String(f.autosave.applicants),
      String(f.autosave.acked),
      String(f.autosave.lost),
      ackedLost(f.reviews),
      ackedLost(f.rankings),
      ackedLost(f.decisions),
      String(f.requests.failed),
      `${seconds(restarts.medianMs)} / ${seconds(restarts.maxMs)}`,
    ];
  });
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

/** What the table leaves out, per database: where the failures came from and anything lost, by object. */
export function details(f: ChaosFigures): string {
  const kept =
    f.autosave.keptUnanswered +
    f.reviews.keptUnanswered +
    f.rankings.keptUnanswered +
    f.decisions.keptUnanswered;
  const upSeconds = f.loadSeconds - f.kills.reduce((sum, k) => sum + k.downMs, 0) / 1000;
  const { latency } = f.autosave;
  const lines = [
    `${f.database}: ${f.loadSeconds.toFixed(0)} s of load (${upSeconds.toFixed(0)} s up); ${f.requests.sent} requests, ` +
      `${f.requests.failed} failed, ${f.requests.refused} refused (4xx) ${JSON.stringify(f.requests.byKind)}`,
    `  autosave: ${(f.autosave.acked / upSeconds).toFixed(0)} saves acknowledged per second up; ` +
      `latency median ${seconds(latency.medianMs)}, p95 ${seconds(latency.p95Ms)}, max ${seconds(latency.maxMs)}`,
    `  in flight at each kill: ${f.kills.map((k) => k.inFlightAtKill).join(", ")}; ` +
      `process start after each kill: ${f.kills.map((k) => seconds(k.startMs)).join(", ")} ` +
      `(after a clean stop: ${seconds(f.cleanStartMs)})`,
    `  failed writes found stored anyway (committed, never answered): ${kept}; ` +
      `applicants stopped: ${f.autosave.stopped}; autosave receipts with an unexpected revision: ${f.autosave.badReceipts}`,
  ];
  const lost = [
    ...f.autosave.lostDetails,
    ...f.reviews.lostDetails,
    ...f.rankings.lostDetails,
    ...f.decisions.lostDetails,
  ];
  for (const detail of lost) lines.push(`  LOST ${detail}`);
  return lines.join("\n");
}
