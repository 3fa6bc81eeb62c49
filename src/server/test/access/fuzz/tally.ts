import type { Outcome } from "./check";
import type { FuzzConfig } from "./config";

/** Requests tried on one endpoint, by class of answer: the figure in docs/reliability.md, "Bad input". */
export interface Tally {
  requests: number;
  ok: number;
  redirects: number;
  refused: number;
  /** 2xx answers that committed a write: proof that the fuzzer reaches past validation. */
  wrote: number;
  /** Answers that are a known finding (known-findings.ts): counted, not failed again. */
  known: number;
  /** Answers holding private text the caller may read: proof that the search for leaks looks where data is. */
  readPrivate: number;
  slowestMs: number;
  /** Time spent in the app, answering (the rest is generating, filling placeholders, checking). */
  appMs: number;
}

export const emptyTally = (): Tally => ({
  requests: 0,
  ok: 0,
  redirects: 0,
  refused: 0,
  wrote: 0,
  known: 0,
  readPrivate: 0,
  slowestMs: 0,
  appMs: 0,
});

export function count(tally: Tally, outcome: Outcome, known: boolean) {
  tally.requests += 1;
  if (outcome.status < 300) tally.ok += 1;
  else if (outcome.status < 400) tally.redirects += 1;
  else if (outcome.status < 500) tally.refused += 1;
  if (outcome.status < 300 && outcome.writes.length > 0) tally.wrote += 1;
  if (known) tally.known += 1;
  tally.slowestMs = Math.max(tally.slowestMs, outcome.ms);
  tally.appMs += outcome.ms;
}

export const sumOf = (tallies: Iterable<Tally>, key: keyof Tally) =>
  [...tallies].reduce((sum, t) => sum + t[key], 0);

/** The figures as a table: one row per endpoint, the totals on top (for docs/reliability.md). */
export function figuresReport(tallies: Map<string, Tally>, config: FuzzConfig, seconds: number): string {
  const columns = ["tried", "2xx", "3xx", "4xx", "wrote", "known", "max ms"];
  const row = (name: string, cells: (string | number)[]) =>
    `  ${name.padEnd(60)}${cells.map((c) => String(c).padStart(8)).join("")}`;
  const all = [...tallies.values()];
  return [
    `endpoint fuzzing: ${sumOf(all, "requests")} requests to ${tallies.size} endpoints in ${seconds.toFixed(1)} s ` +
      `(${(sumOf(all, "appMs") / 1000).toFixed(1)} s of it in the app; FUZZ_RUNS=${config.runs}, FUZZ_SEED=${config.seed}); ` +
      `${sumOf(all, "ok")} 2xx, ${sumOf(all, "refused")} 4xx, ${sumOf(all, "known")} known findings, 0 5xx otherwise; ` +
      `${sumOf(all, "readPrivate")} answers held private text (searched for what their caller may not read)`,
    row("endpoint", columns),
    ...[...tallies].map(([route, t]) =>
      row(route, [t.requests, t.ok, t.redirects, t.refused, t.wrote, t.known, t.slowestMs.toFixed(0)]),
    ),
  ].join("\n");
}
