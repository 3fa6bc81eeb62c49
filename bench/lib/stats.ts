/** Summary figures of a few dozen timings, as the round-trip measurements report them. */
export interface TimingSummary {
  medianMs: number | null;
  p95Ms: number | null;
  maxMs: number | null;
}

/**
 * Median (mean of the two middle values for an even count) and nearest-rank p95: with 15 samples
 * the p95 is the slowest one, with 50 the third slowest. Null when nothing was timed.
 */
export function summarizeTimings(durationsMs: readonly number[]): TimingSummary {
  if (durationsMs.length === 0) return { medianMs: null, p95Ms: null, maxMs: null };
  const sorted = [...durationsMs].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const medianMs = sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  const p95Ms = sorted[Math.ceil(0.95 * sorted.length) - 1]!;
  return { medianMs, p95Ms, maxMs: sorted.at(-1)! };
}

/** Nearest-rank percentile (`p` from 0 to 1) of values sorted ascending; null when there are none. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
}
