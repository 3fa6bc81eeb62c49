import { setTimeout as sleep } from "node:timers/promises";
import type { ExportJob, ExportKind } from "../../src/shared/schemas/exports";
import { readRssMb, sampleRss, waitForIdleCpu } from "../runner/proc";
import type { ServerProcess } from "../runner/server-process";
import { signInUsers } from "../runner/sign-in";
import type { BenchUser } from "../scenarios/types";

/**
 * The exports' targets:
 * "on a program of 1,000 submissions with 3 attachments of 1 MB each: PDFs of all submissions under 30 s
 * (target 10 s), attachments zip under 45 s with the server's memory staying under 300 MB, the matrix of
 * 10,000 candidates × 200 reviewers under 60 s (target 5 s)".
 */
export const EXPORTS = {
  name: "exports",
  description:
    "POST /api/exports, then GET /api/exports/{id} every 250 ms until ready: PDFs and attachments of the " +
    "exports program (1,000 submissions × 3 files of 1 MB unless --export-submissions; --s3: in a bucket), the matrix (CSV) of the review program",
  request: "POST /api/exports",
  pollMs: 250,
} as const;

interface ExportCase {
  kind: ExportKind;
  format: "zip" | "csv";
  program: "exports" | "review";
  /** The issue's target (seconds) and its hard limit. */
  targetSeconds: number;
  limitSeconds: number;
  /** The server's memory budget during the export and its download, when the targets set one. */
  maxRssMb?: number;
}

/**
 * The attachments first: their memory budget is about streaming 3 GB through the server, and V8 keeps the
 * heap the PDF rendering grew to (the RSS high-water mark) long after those PDFs are gone.
 */
const CASES: readonly ExportCase[] = [
  {
    kind: "attachments",
    format: "zip",
    program: "exports",
    targetSeconds: 45,
    limitSeconds: 45,
    maxRssMb: 300,
  },
  { kind: "pdfs", format: "zip", program: "exports", targetSeconds: 10, limitSeconds: 30 },
  { kind: "matrix", format: "csv", program: "review", targetSeconds: 5, limitSeconds: 60 },
];

/** What one export measured. */
export interface ExportRunFigures {
  kind: ExportKind;
  format: string;
  programId: string;
  status: ExportJob["status"] | "timed out";
  error: string | null;
  /** Units the job counted (submissions, files, rows), and how many it had done when it ended or was given up. */
  total: number | null;
  processed: number;
  /** Wall time from sending the POST to the poll that saw it ready (or failed). */
  seconds: number | null;
  /** The job's own time: its finishedAt − createdAt. */
  serverSeconds: number | null;
  /**
   * Our server's RSS just before the POST: with PGlite the database lives in the server's process, so
   * this is already well above what the export itself adds.
   */
  rssBeforeMb: number | null;
  /** Highest RSS of our server (sampled every 200 ms) from the POST to ready. */
  rssMaxMb: number | null;
  /** The result downloaded once through its link: bytes and time. */
  downloadBytes: number | null;
  downloadSeconds: number | null;
  downloadRssMaxMb: number | null;
  /** The download was redirected (to the bucket's signed address): our server sent none of its bytes. */
  downloadRedirected: boolean | null;
  targetSeconds: number;
  limitSeconds: number;
  maxRssMb: number | null;
}

export interface ExportTarget {
  name: string;
  value: number | null;
  unit: string;
  pass: boolean;
}

export interface ExportsFigures {
  runs: ExportRunFigures[];
  targets: ExportTarget[];
}

async function api<T>(server: ServerProcess, admin: BenchUser, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { origin: server.origin, cookie: admin.cookie };
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/**
 * Downloads the result, counting its bytes without keeping them (a 3 GB zip goes nowhere). On a bucket
 * the server answers 302 to the bucket's signed address, which is followed (`redirected`).
 */
async function download(
  server: ServerProcess,
  admin: BenchUser,
  url: string,
): Promise<{ bytes: number; redirected: boolean }> {
  const response = await fetch(`${server.baseUrl}${url}`, {
    headers: { origin: server.origin, cookie: admin.cookie },
  });
  if (response.status !== 200 || !response.body) throw new Error(`GET ${url} answered ${response.status}`);
  let bytes = 0;
  for await (const chunk of response.body) bytes += chunk.byteLength;
  return { bytes, redirected: response.redirected };
}

/** One export: started, polled until it ends (or twice its limit passed), downloaded, then deleted. */
async function runExport(
  server: ServerProcess,
  admin: BenchUser,
  exportCase: ExportCase,
  programId: string,
): Promise<ExportRunFigures> {
  await waitForIdleCpu(server.pid);
  const rssBeforeMb = readRssMb(server.pid);
  const rss = sampleRss(server.pid);
  const started = performance.now();
  let job: ExportJob;
  let seconds: number | null = null;
  let rssMaxMb: number | null;
  try {
    job = await api<ExportJob>(server, admin, "POST", "/api/exports", {
      programId,
      kind: exportCase.kind,
      format: exportCase.format,
    });
    // Twice the limit: a slow export is still measured, a stuck one does not hold the run forever
    // (BENCH_EXPORT_WAIT_SECONDS waits longer, e.g. for 3 GB through a local S3 server).
    const waitSeconds = Number(process.env.BENCH_EXPORT_WAIT_SECONDS) || 2 * exportCase.limitSeconds;
    const deadline = started + waitSeconds * 1000;
    while ((job.status === "queued" || job.status === "running") && performance.now() < deadline) {
      await sleep(EXPORTS.pollMs);
      job = await api<ExportJob>(server, admin, "GET", `/api/exports/${encodeURIComponent(job._id)}`);
    }
    if (job.status === "ready" || job.status === "failed") seconds = (performance.now() - started) / 1000;
  } finally {
    rssMaxMb = rss.stop();
  }
  const ended = seconds !== null;

  const figures: ExportRunFigures = {
    kind: exportCase.kind,
    format: exportCase.format,
    programId,
    status: ended ? job.status : "timed out",
    error: job.error,
    total: job.total,
    processed: job.processed,
    seconds,
    serverSeconds:
      job.finishedAt === null ? null : (Date.parse(job.finishedAt) - Date.parse(job.createdAt)) / 1000,
    rssBeforeMb,
    rssMaxMb,
    downloadBytes: null,
    downloadSeconds: null,
    downloadRssMaxMb: null,
    downloadRedirected: null,
    targetSeconds: exportCase.targetSeconds,
    limitSeconds: exportCase.limitSeconds,
    maxRssMb: exportCase.maxRssMb ?? null,
  };
  try {
    if (job.status === "ready" && job.downloadUrl) {
      const downloadRss = sampleRss(server.pid);
      const downloadStarted = performance.now();
      try {
        const downloaded = await download(server, admin, job.downloadUrl);
        figures.downloadBytes = downloaded.bytes;
        figures.downloadRedirected = downloaded.redirected;
        figures.downloadSeconds = (performance.now() - downloadStarted) / 1000;
      } finally {
        figures.downloadRssMaxMb = downloadRss.stop();
      }
    }
  } finally {
    // The result is gigabytes for the attachments: deleted (a running one cancelled) so runs do not pile up.
    await api(server, admin, "DELETE", `/api/exports/${encodeURIComponent(job._id)}`);
  }
  console.log(progressLine(figures));
  return figures;
}

const secondsText = (s: number | null) => (s === null ? "-" : `${s.toFixed(2)} s`);

function progressLine(f: ExportRunFigures): string {
  const size = f.downloadBytes === null ? "-" : `${(f.downloadBytes / 2 ** 20).toFixed(1)} MB`;
  return (
    `  export ${`${f.kind} (${f.format})`.padEnd(18)} ${f.status.padEnd(6)} ${secondsText(f.seconds).padStart(9)}` +
    `  (job ${secondsText(f.serverSeconds)}, ${f.processed} of ${f.total ?? "?"} units)  RSS ${f.rssBeforeMb?.toFixed(0) ?? "?"} → max ${f.rssMaxMb?.toFixed(0) ?? "?"} MB` +
    `  download${f.downloadRedirected ? " (from the bucket)" : ""} ${size} in ${secondsText(f.downloadSeconds)}, RSS max ${f.downloadRssMaxMb?.toFixed(0) ?? "-"} MB` +
    (f.error ? `  error: ${f.error}` : "")
  );
}

/** Each export's time against its target and its limit, and the attachments' memory budget. */
function targetsOf(runs: readonly ExportRunFigures[]): ExportTarget[] {
  return runs.flatMap((run) => {
    const ready = run.status === "ready" && run.downloadBytes !== null;
    const time = (limit: number, kind: string): ExportTarget => ({
      name: `${run.kind} < ${limit} s (${kind})`,
      value: run.seconds,
      unit: "s",
      pass: ready && run.seconds !== null && run.seconds < limit,
    });
    const targets =
      run.targetSeconds === run.limitSeconds
        ? [time(run.limitSeconds, "limit")]
        : [time(run.targetSeconds, "target"), time(run.limitSeconds, "limit")];
    if (run.maxRssMb !== null) {
      const peak = Math.max(run.rssMaxMb ?? Number.POSITIVE_INFINITY, run.downloadRssMaxMb ?? 0);
      targets.push({
        name: `${run.kind} server RSS < ${run.maxRssMb} MB`,
        value: Number.isFinite(peak) ? peak : null,
        unit: "MB",
        pass: ready && peak < run.maxRssMb,
      });
    }
    return targets;
  });
}

/**
 * The exports benchmark, on our server only, as the organization admin: the attachments and the PDFs
 * of the exports program (bench/exports/prepare.ts), then the matrix of the review program, one at a
 * time on an idle server, each through the HTTP API as the Export screen does it.
 */
export async function runExports(opts: {
  server: ServerProcess;
  adminEmail: string;
  password: string;
  exportsProgramId: string;
  reviewProgramId: string;
}): Promise<ExportsFigures> {
  const { server } = opts;
  console.log(
    `  exports: PDFs and attachments of program ${opts.exportsProgramId}, matrix of ${opts.reviewProgramId}…`,
  );
  const [admin] = await signInUsers(server, [opts.adminEmail], opts.password);
  const runs: ExportRunFigures[] = [];
  for (const exportCase of CASES) {
    const programId = exportCase.program === "exports" ? opts.exportsProgramId : opts.reviewProgramId;
    runs.push(await runExport(server, admin!, exportCase, programId));
  }
  return { runs, targets: targetsOf(runs) };
}
