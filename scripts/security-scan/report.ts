import type { Actor } from "./sessions";
import type { SqlmapResult } from "./sqlmap";
import type { WapitiResult } from "./wapiti";

/** One endpoint's part of the scan. */
export interface EndpointRecord {
  key: string;
  actor: Actor | null;
  baselineStatus: number | null;
  /** Actors refused before the chosen one (status each). */
  refused: string[];
  /** The first refusal's answer, when no actor was let through. */
  refusal?: string;
  sqlmap: SqlmapResult | null;
  /** Why it could not be scanned (a set-up call failed). */
  error?: string;
}

export interface ScanSummary {
  startedAt: string;
  seconds: number;
  server: string;
  endpoints: EndpointRecord[];
  skipped: Record<string, string>;
  wapiti: WapitiResult | null;
}

export function sqlmapFindings(summary: ScanSummary): string[] {
  return summary.endpoints.flatMap((e) => [
    ...(e.sqlmap?.findings ?? []).map((f) => `${e.key}: ${f.trim()}`),
    ...(e.sqlmap?.serverErrors ?? []).map((f) => `${e.key}: the server answered ${f}`),
  ]);
}

export function wapitiFindings(summary: ScanSummary): string[] {
  return (summary.wapiti?.findings ?? []).map(
    (f) => `${f.category}: ${f.method} ${f.path} (parameter ${f.parameter || "none"}): ${f.info}`,
  );
}

/** What keeps the run from vouching for the whole API: endpoints not scanned, scanners that failed. */
export function problems(summary: ScanSummary): string[] {
  return [
    ...summary.endpoints.flatMap((e) => [
      ...(e.error ? [`${e.key}: not scanned: ${e.error}`] : []),
      ...(e.sqlmap?.problems ?? []).map((p) => `${e.key}: sqlmap: ${p.trim()}`),
    ]),
    ...(summary.wapiti?.problems ?? []).map((p) => `wapiti: ${p}`),
  ];
}

export function endpointLine(e: EndpointRecord, index: number, total: number): string {
  const who = e.actor ? `as ${e.actor}, valid call ${e.baselineStatus}` : "not built";
  const refused = e.refused.length ? ` (refused: ${e.refused.join(", ")})` : "";
  const scan = e.sqlmap
    ? `: ${e.sqlmap.tested.length} inputs, ${e.sqlmap.requests} requests${e.sqlmap.refreshed ? ` (${e.sqlmap.refreshed} refreshed)` : ""}, ${e.sqlmap.findings.length + e.sqlmap.serverErrors.length} findings, ${e.sqlmap.seconds.toFixed(1)} s`
    : "";
  const why = e.refusal ? `\n      ${e.refusal}` : "";
  return `[${index}/${total}] ${e.key} ${who}${refused}${scan}${e.error ? `: ERROR ${e.error}` : ""}${why}`;
}

export function summaryText(summary: ScanSummary): string {
  const scanned = summary.endpoints.filter((e) => e.sqlmap);
  const refusedCalls = summary.endpoints.filter(
    (e) => e.baselineStatus !== null && (e.baselineStatus < 200 || e.baselineStatus > 299),
  );
  const lines = [
    `Security scan of ${summary.server} (${(summary.seconds / 60).toFixed(1)} min)`,
    `Endpoints: ${summary.endpoints.length} (${summary.endpoints.filter((e) => e.key.includes("/api/auth/")).length} of better-auth), ` +
      `${Object.keys(summary.skipped).length} skipped (they end the session): ${Object.keys(summary.skipped).join(", ") || "none"}`,
    `Valid call refused to every actor (scanned as refused): ${refusedCalls.map((e) => `${e.key} ${e.baselineStatus}`).join(", ") || "none"}`,
  ];
  if (scanned.length) {
    const inputs = scanned.reduce((n, e) => n + (e.sqlmap?.tested.length ?? 0), 0);
    const requests = scanned.reduce((n, e) => n + (e.sqlmap?.requests ?? 0), 0);
    const rejected = scanned.reduce((n, e) => n + (e.sqlmap?.rejected.length ?? 0), 0);
    lines.push(
      `sqlmap: ${scanned.length} endpoints, ${inputs} inputs tested, ${requests} requests, ${sqlmapFindings(summary).length} findings` +
        (rejected ? ` (and ${rejected} candidates its own false-positive check rejected: summary.json)` : ""),
    );
  }
  if (summary.wapiti) {
    const w = summary.wapiti;
    lines.push(
      `wapiti: ${w.startUrls} start URLs + the SPA, ${w.attacks} attack requests, ${w.findings.length} findings, ${(w.seconds / 60).toFixed(1)} min`,
    );
  }
  return lines.join("\n");
}
