import { markdownTable } from "../../bench/lib/markdown";
import { PROBE_TIMEOUT_MS, verdictOf } from "./prober";
import type { DbRestartFigures } from "./scenario";

const seconds = (s: number | null) => (s === null ? "never" : `${s.toFixed(2)} s`);

/** The outages' table, then the load's and the read-back's figures. */
export function report(f: DbRestartFigures): string {
  const outages = markdownTable(
    [
      "outage",
      "database away",
      "probes",
      "200",
      "clean 503",
      "other failures",
      "slowest answer",
      "failing (from the command)",
      "recovered after the database was back",
    ],
    f.outages.map((o) => [
      o.label,
      seconds(o.downSeconds),
      String(o.probes),
      String(o.ok),
      String(o.clean503),
      String(o.unclean),
      `${Math.round(o.maxMs)} ms`,
      o.failingFrom === null ? "—" : `${o.failingFrom.toFixed(2)}–${o.failingTo!.toFixed(2)} s`,
      seconds(o.recoverySeconds),
    ]),
  );
  const r = f.requests;
  const kinds = Object.entries(r.byKind)
    .map(([kind, n]) => `${kind} ×${n}`)
    .join(", ");
  const c = f.consistency;
  const lines = [
    ...outages,
    "",
    `Load: ${f.loadSeconds.toFixed(0)} s, ${r.sent} requests, ${r.failed} failed (${kinds || "none"}), ${r.refused} refused (4xx).`,
    `Autosaves: ${f.autosave.applicants} applicants, ${f.autosave.acked} acknowledged, ${f.autosave.lost} lost, ` +
      `${f.autosave.keptUnanswered} failed saves found stored, ${f.autosave.stopped} applicants that gave up.`,
    `Reviews ${f.reviews.acked} acked / ${f.reviews.lost} lost; rankings ${f.rankings.acked} / ${f.rankings.lost}; ` +
      `decisions ${f.decisions.acked} / ${f.decisions.lost}.`,
    `Decisions in the audit log: ${c.decisionEvents} events on ${c.candidatesDecided} candidates, every chain checked against the candidate.`,
    `Force submits: ${c.forceSubmits.acked} acked, ${c.forceSubmits.failed} failed (${c.forceSubmitsStoredAnyway} of them stored, date and event), ` +
      `${c.forceSubmits["not tried"]} drafts not tried; each checked for date and event together.`,
    `Server process: ${f.serverSurvived ? "the same one throughout, still running" : "RESTARTED OR DEAD"}.`,
  ];
  for (const detail of [
    ...f.autosave.lostDetails,
    ...f.reviews.lostDetails,
    ...f.rankings.lostDetails,
    ...f.decisions.lostDetails,
  ]) {
    lines.push(`LOST ${detail}`);
  }
  const unclean = f.probes.filter((p) => verdictOf(p) === "unclean");
  for (const p of unclean.slice(0, 20)) {
    lines.push(
      `UNCLEAN ${p.kind} at ${(p.at / 1000).toFixed(2)} s: ${p.status || p.error} in ${Math.round(p.ms)} ms` +
        ` (code ${p.code ?? "none"}, Retry-After ${p.retryAfter ?? "none"})`,
    );
  }
  return lines.join("\n");
}

/** Why the run fails: empty when it passes. */
export function problemsOf(f: DbRestartFigures): string[] {
  const problems: string[] = [];
  const unclean = f.probes.filter((p) => verdictOf(p) === "unclean").length;
  if (unclean > 0) problems.push(`${unclean} probes failed otherwise than a clean 503 (500, reset, hang…)`);
  const hung = f.probes.filter((p) => p.ms >= PROBE_TIMEOUT_MS).length;
  if (hung > 0) problems.push(`${hung} probes had no answer within ${PROBE_TIMEOUT_MS / 1000} s`);
  const otherFailures = Object.entries(f.requests.byKind).filter(
    ([kind]) => kind !== "HTTP 503" && !kind.startsWith("HTTP 4"),
  );
  for (const [kind, n] of otherFailures) problems.push(`${n} load requests failed with ${kind}, not a 503`);
  if (f.requests.refused > 0) problems.push(`${f.requests.refused} load requests refused (4xx)`);
  for (const o of f.outages) {
    if (o.recoverySeconds === null) problems.push(`no recovery after "${o.label}"`);
  }
  const lost = f.autosave.lost + f.reviews.lost + f.rankings.lost + f.decisions.lost;
  if (lost > 0) problems.push(`${lost} acknowledged writes lost`);
  if (f.autosave.stopped > 0)
    problems.push(`${f.autosave.stopped} applicants could not read their draft back`);
  problems.push(...f.consistency.problems);
  if (!f.serverSurvived) problems.push("our server process did not survive");
  problems.push(...f.clientErrors.map((e) => `a client stopped: ${e}`));
  return problems;
}
