import type { HttpClient } from "../../bench/lib/http-client";

/**
 * Every request of the soak, by minute of the run and by kind: how many, how long each took, and
 * which were errors. An error is any answer but a 2xx, or no answer (reset, refused, the client's
 * 30 s timeout): the soak's scenario expects none.
 */

/** What a request does, from its method and path, for the per-kind figures and the error lines. */
export function kindOf(method: string, path: string): string {
  const [route = "", query = ""] = path.split("?");
  if (method === "POST" && route === "/api/submissions") return "open draft";
  if (route.startsWith("/api/submissions/submissionDate/")) return "submit";
  if (route.startsWith("/api/submissions/updateField/")) return "decision";
  if (method === "PATCH" && route.startsWith("/api/submissions/")) return "autosave";
  if (method === "GET" && route.startsWith("/api/submissions/")) return "draft read";
  if (route === "/api/applications")
    return query.includes("adminMode=true") ? "admin list" : "candidate list";
  if (route.startsWith("/api/applications/")) return "submission view";
  if (route === "/api/reviews") return "review save";
  if (route.startsWith("/api/rankings")) return method === "POST" ? "ranking save" : "ranking read";
  if (route === "/api/admin/candidate-submissions") return "candidate statistics";
  return `${method} ${route}`;
}

export interface MinuteFigures {
  /** 1-based minute of the load. */
  minute: number;
  requests: number;
  p50Ms: number | null;
  p99Ms: number | null;
  maxMs: number | null;
  errors: number;
  /**
   * The slowest requests of the minute, to tell a stall of everything at one moment (the machine, the
   * database) from one kind of request growing slow (the server's own work).
   */
  slowest: SlowRequest[];
}

export interface SlowRequest {
  kind: string;
  /** Seconds since the load started, when sent. */
  at: number;
  ms: number;
}

/** Slow requests kept per minute (the p99 of ~900 requests is the 9th slowest). */
const SLOWEST_KEPT = 10;

/** Nearest-rank percentile of sorted values (p99 of 1,000 requests is the 10th slowest). */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export class Recorder {
  private readonly latencies: number[][] = [];
  private readonly slowest: SlowRequest[][] = [];
  private readonly errorCounts: number[] = [];
  /** Errors by kind and status (or error code), for the report: e.g. "autosave: HTTP 409". */
  readonly errorsByKind: Record<string, number> = {};
  /** The first errors in full, to see what went wrong (see `remainingErrorSamples`). */
  private readonly errorSamples: { key: string; text: string }[] = [];
  readonly requestsByKind: Record<string, number> = {};
  /** Refusals the scenario expects (see `excuse`), by kind and status. */
  readonly expectedRefusals: Record<string, number> = {};

  /** When the load started; requests before (the preparation's) are not the soak's. */
  private startedAt: number | null = null;

  start(): void {
    this.startedAt = performance.now();
  }

  record(kind: string, sentAt: number, ms: number, outcome: { status: number } | { error: string }): void {
    if (this.startedAt === null || sentAt < this.startedAt) return;
    const m = Math.floor((sentAt - this.startedAt) / 60_000);
    const latencies = this.latencies[m] ?? [];
    latencies.push(ms);
    this.latencies[m] = latencies;
    const slowest = this.slowest[m] ?? [];
    slowest.push({ kind, at: (sentAt - this.startedAt) / 1000, ms });
    slowest.sort((a, b) => b.ms - a.ms);
    this.slowest[m] = slowest.slice(0, SLOWEST_KEPT);
    this.errorCounts[m] = this.errorCounts[m] ?? 0;
    this.requestsByKind[kind] = (this.requestsByKind[kind] ?? 0) + 1;
    const failed =
      "error" in outcome ? outcome.error : outcome.status >= 300 ? `HTTP ${outcome.status}` : null;
    if (failed === null) return;
    this.errorCounts[m]++;
    const key = `${kind}: ${failed}`;
    this.errorsByKind[key] = (this.errorsByKind[key] ?? 0) + 1;
    if (this.errorSamples.length < 20) {
      this.errorSamples.push({ key, text: `minute ${m + 1}, ${key}` });
    }
  }

  /** `inner` with every request recorded; answers and errors pass through unchanged. */
  wrap(inner: HttpClient): HttpClient {
    return {
      send: async (request) => {
        const kind = kindOf(request.method, request.path);
        const sentAt = performance.now();
        try {
          const answer = await inner.send(request);
          this.record(kind, sentAt, answer.ms, { status: answer.status });
          if (answer.status >= 300 && this.startedAt !== null && this.errorSamples.length < 20) {
            const text = `  ${request.method} ${request.path}: ${answer.text.slice(0, 200)}`;
            this.errorSamples.push({ key: `${kind}: HTTP ${answer.status}`, text });
          }
          return answer;
        } catch (error) {
          const code = (error as { code?: unknown }).code;
          const reason =
            typeof code === "string" ? code : error instanceof Error ? error.message : String(error);
          this.record(kind, sentAt, performance.now() - sentAt, { error: reason });
          throw error;
        }
      },
      close: () => inner.close(),
    };
  }

  /**
   * A refusal the scenario turns out to expect, once the client has checked why (a ranking saved just
   * as a new candidate arrived is stale, 409, by design): no longer an error, counted apart.
   */
  excuse(kind: string, failure: string, sentAt: number): void {
    if (this.startedAt === null || sentAt < this.startedAt) return;
    const m = Math.floor((sentAt - this.startedAt) / 60_000);
    const key = `${kind}: ${failure}`;
    if (!this.errorsByKind[key] || !this.errorCounts[m]) return;
    this.errorsByKind[key]--;
    if (this.errorsByKind[key] === 0) delete this.errorsByKind[key];
    this.errorCounts[m]--;
    this.expectedRefusals[key] = (this.expectedRefusals[key] ?? 0) + 1;
  }

  /** The figures of minutes 1 … `minutes` (requests sent in that minute of the load). */
  perMinute(minutes: number): MinuteFigures[] {
    return Array.from({ length: minutes }, (_, m) => {
      const sorted = [...(this.latencies[m] ?? [])].sort((a, b) => a - b);
      return {
        minute: m + 1,
        requests: sorted.length,
        p50Ms: percentile(sorted, 50),
        p99Ms: percentile(sorted, 99),
        maxMs: sorted.at(-1) ?? null,
        errors: this.errorCounts[m] ?? 0,
        slowest: this.slowest[m] ?? [],
      };
    });
  }

  /** The first errors' lines, without those excused since. */
  get remainingErrorSamples(): string[] {
    return this.errorSamples.filter((e) => (this.errorsByKind[e.key] ?? 0) > 0).map((e) => e.text);
  }

  get totalErrors(): number {
    return this.errorCounts.reduce((sum, n) => sum + (n ?? 0), 0);
  }
}
