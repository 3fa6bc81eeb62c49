import { markdownTable } from "../../bench/lib/markdown";
import { slope } from "./memory";
import type { MinuteRow, SoakFigures } from "./scenario";

/**
 * The soak's pass criteria, stated before any run:
 * - no errors: every request answered 2xx (the scenario expects no refusal), no client stopped;
 * - memory flat after the warm-up: the server's RSS grows by at most RSS_SLOPE_LIMIT MB a minute
 *   (least squares over the 5-s samples after the warm-up), and its heap after a full collection at
 *   the end (idle) is at most HEAP_MARGIN_MB above the one at the end of the warm-up (under load);
 * - latency stable: the last minute's p99 is at most P99_RATIO_LIMIT × the second minute's.
 */
export const RSS_SLOPE_LIMIT_MB_PER_MIN = 2;
export const HEAP_MARGIN_MB = 10;
export const P99_RATIO_LIMIT = 2;
/** The minute whose p99 is the reference (the first one is the server's own warm-up: JIT, caches). */
const REFERENCE_MINUTE = 2;

export interface Verdict {
  criterion: string;
  measured: string;
  limit: string;
  passed: boolean;
}

export function verdicts(f: SoakFigures): Verdict[] {
  const afterWarmup = f.rssSamples
    .filter((s) => s.t >= f.warmupMinutes * 60)
    .map((s) => ({ x: s.t / 60, y: s.rssMb }));
  const rssSlope = slope(afterWarmup);
  const heapGrowth = f.heapAtEnd.heapUsedMb - f.heapAtWarmup.heapUsedMb;
  const reference = f.perMinute[REFERENCE_MINUTE - 1]?.p99Ms ?? null;
  const last = f.perMinute.at(-1)?.p99Ms ?? null;
  const ratio = reference && last !== null ? last / reference : null;
  return [
    {
      criterion: "errors (non-2xx or no answer)",
      measured: `${f.totalErrors}${f.clientErrors.length > 0 ? ` + ${f.clientErrors.length} client failures` : ""}`,
      limit: "0",
      passed: f.totalErrors === 0 && f.clientErrors.length === 0,
    },
    {
      criterion: `RSS slope after the warm-up (minutes ${f.warmupMinutes}–${f.options.minutes})`,
      measured: rssSlope === null ? "n/a" : `${rssSlope.toFixed(2)} MB/min`,
      limit: `≤ ${RSS_SLOPE_LIMIT_MB_PER_MIN} MB/min`,
      passed: rssSlope !== null && rssSlope <= RSS_SLOPE_LIMIT_MB_PER_MIN,
    },
    {
      criterion: "heap after full GC: end − end of warm-up",
      measured: `${heapGrowth >= 0 ? "+" : ""}${heapGrowth.toFixed(1)} MB (${f.heapAtWarmup.heapUsedMb.toFixed(1)} → ${f.heapAtEnd.heapUsedMb.toFixed(1)})`,
      limit: `≤ +${HEAP_MARGIN_MB} MB`,
      passed: heapGrowth <= HEAP_MARGIN_MB,
    },
    {
      criterion: `p99: last minute ÷ minute ${REFERENCE_MINUTE}`,
      measured:
        ratio === null ? "n/a" : `${ratio.toFixed(2)} (${last!.toFixed(1)} ms ÷ ${reference!.toFixed(1)} ms)`,
      limit: `≤ ${P99_RATIO_LIMIT}`,
      passed: ratio !== null && ratio <= P99_RATIO_LIMIT,
    },
  ];
}

const ms = (v: number | null) => (v === null ? "—" : v.toFixed(1));
const checkpointCell = (c: MinuteRow["checkpoints"]) =>
  c === null ? "—" : `${c.requested + c.timed} (${c.requested})`;

export function report(f: SoakFigures): string {
  const postgres = f.database === "postgres";
  const minutes = markdownTable(
    [
      "minute",
      "requests",
      "req/s",
      "p50 ms",
      "p99 ms",
      "max ms",
      "errors",
      "RSS MB",
      "heap after GC MB",
      "load avg",
      ...(postgres ? ["checkpoints (requested)"] : []),
    ],
    f.perMinute.map((m) => [
      String(m.minute),
      String(m.requests),
      (m.requests / 60).toFixed(1),
      ms(m.p50Ms),
      ms(m.p99Ms),
      ms(m.maxMs),
      String(m.errors),
      m.rssMb === null ? "—" : m.rssMb.toFixed(0),
      m.heapAfterGcMb === null ? "—" : m.heapAfterGcMb.toFixed(1),
      m.load1 === null ? "—" : m.load1.toFixed(2),
      ...(postgres ? [checkpointCell(m.checkpoints)] : []),
    ]),
  );
  // Where each minute's tail went: a stall of everything at one moment, or one kind of request.
  const tails = f.perMinute.map((m) => {
    const slow = m.slowest
      .slice(0, 5)
      .map((r) => `${r.kind} at ${r.at.toFixed(1)} s ${Math.round(r.ms)} ms`)
      .join("; ");
    return `  minute ${m.minute}: ${slow || "—"}`;
  });
  const checks = markdownTable(
    ["criterion", "measured", "limit", "result"],
    verdicts(f).map((v) => [v.criterion, v.measured, v.limit, v.passed ? "pass" : "FAIL"]),
  );
  const kinds = Object.entries(f.requestsByKind)
    .sort(([, a], [, b]) => b - a)
    .map(([kind, n]) => `${kind} ${n}`)
    .join(", ");
  const lines = [
    `${f.database}: ${f.options.minutes} min, ${f.options.applicants} applicant tabs, started ${f.startedAt}`,
    "",
    ...minutes,
    "",
    ...checks,
    "",
    "Slowest requests per minute:",
    ...tails,
    "",
    `Requests: ${kinds}. Applications submitted: ${f.applications.submitted}.`,
    `Expected refusals: ${
      Object.entries(f.expectedRefusals)
        .map(([kind, n]) => `${kind} ×${n}`)
        .join(", ") || "none"
    }.`,
    `Heap after full GC: ${f.heapAtWarmup.heapUsedMb.toFixed(1)} MB at the end of the warm-up (GC ${f.heapAtWarmup.gcMs.toFixed(0)} ms), ` +
      `${f.heapAtEnd.heapUsedMb.toFixed(1)} MB at the end (external ${f.heapAtWarmup.externalMb.toFixed(1)} → ${f.heapAtEnd.externalMb.toFixed(1)} MB).`,
    `Load average (1/5/15 min): ${f.loadAverage.start.map((l) => l.toFixed(2)).join(" / ")} at the start, ` +
      `${f.loadAverage.end.map((l) => l.toFixed(2)).join(" / ")} at the end (2 cores, shared).`,
  ];
  for (const [kind, n] of Object.entries(f.errorsByKind)) lines.push(`ERROR ${kind} ×${n}`);
  for (const sample of f.errorSamples) lines.push(`  ${sample}`);
  for (const error of f.clientErrors) lines.push(`CLIENT FAILED ${error}`);
  return lines.join("\n");
}
