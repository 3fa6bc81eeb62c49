import { type HttpClient, httpClient } from "../lib/http-client";
import { summarizeTimings, type TimingSummary } from "../lib/stats";
import { waitForIdleCpu } from "../runner/proc";
import type { ServerProcess } from "../runner/server-process";
import { signInUsers } from "../runner/sign-in";
import { APPLICANT_FORM } from "./applicant-form";
import { type Applicant, holdsLastAckedSave, openApplicant, readDraft } from "./applicants";
import { type PhaseFigures, type PhaseName, type PhaseSpec, runPhase } from "./phases";
import { preparePublishedForm } from "./prepare";

/**
 * The autosave targets:
 * "autosave throughput and latency with 200 concurrent applicants saving every few seconds on a 40-question
 * form — at least 500 saves/s with p99 under 100 ms, and zero lost saves".
 */
export const AUTOSAVE = {
  name: "autosave",
  description:
    "PATCH /api/submissions/{id}: guests autosaving every answer of a 40-question form, one save in flight each",
  request: "PATCH /api/submissions/{id}",
  applicants: 200,
  /** "Saving every few seconds": the paced phase's interval between one applicant's saves. */
  pacedIntervalMs: 2000,
  targetSavesPerSecond: 500,
  targetP99Ms: 100,
} as const;

/** One line of the targets table. */
export interface AutosaveTarget {
  name: string;
  /** Which phase (or the read-back) the figure comes from. */
  measuredIn: PhaseName | "read-back";
  value: number | null;
  unit: string;
  pass: boolean;
}

/** What the read-back found: every draft must hold its last acknowledged save. */
export interface AutosaveCheck {
  drafts: number;
  /** Drafts not holding their last acknowledged save (revision or answers), at the end or after a failure. */
  lost: number;
  revisionMismatches: number;
  answerMismatches: number;
  /** Drafts that could not be read back at the end (counted as lost). */
  unreadable: number;
  /** 200 answers whose revision was not the one sent + 1. */
  badReceipts: number;
  /** Applicants that stopped saving after a failure they could not recover from. */
  stoppedApplicants: number;
  /** Acknowledged saves over the whole run, warm-up included. */
  ackedSaves: number;
}

export interface AutosaveFigures {
  applicants: number;
  programId: string;
  formId: string;
  questions: number;
  /** POST /api/submissions, one per applicant, 20 at a time: opening the link as a guest. */
  openDraft: TimingSummary & { samples: number };
  phases: PhaseFigures[];
  check: AutosaveCheck;
  targets: AutosaveTarget[];
}

const OPEN_CONCURRENCY = 20;
const READ_BACK_CONCURRENCY = 10;

/** Runs `work` over `items`, `concurrency` at a time, keeping the order of the results. */
async function inBatches<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, i: number) => Promise<R>,
) {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += concurrency) {
    const batch = items.slice(start, start + concurrency);
    results.push(...(await Promise.all(batch.map((item, i) => work(item, start + i)))));
  }
  return results;
}

/** Reads every draft back with its token and compares it with what its applicant saw acknowledged. */
async function readBack(applicants: readonly Applicant[]): Promise<AutosaveCheck> {
  const results = await inBatches(applicants, READ_BACK_CONCURRENCY, async (applicant) => {
    try {
      return holdsLastAckedSave(applicant, await readDraft(applicant));
    } catch {
      return null;
    }
  });
  const revisionMismatches = results.filter((r) => r !== null && !r.revision).length;
  const answerMismatches = results.filter((r) => r !== null && !r.answers).length;
  const unreadable = results.filter((r) => r === null).length;
  const lostAtEnd = results.filter((r) => r === null || !r.revision || !r.answers).length;
  const sum = (f: (a: Applicant) => number) => applicants.reduce((total, a) => total + f(a), 0);
  return {
    drafts: applicants.length,
    lost: lostAtEnd + sum((a) => a.lost),
    revisionMismatches,
    answerMismatches,
    unreadable,
    badReceipts: sum((a) => a.badReceipts),
    stoppedApplicants: applicants.filter((a) => a.stopped).length,
    ackedSaves: sum((a) => a.acked),
  };
}

function targetsOf(phases: readonly PhaseFigures[], check: AutosaveCheck): AutosaveTarget[] {
  const phase = (name: PhaseName) => phases.find((p) => p.phase === name)!;
  const clean = (p: PhaseFigures) => p.errors === 0 && p.non2xx === 0;
  const saturating = phase("saturating");
  const paced = phase("paced");
  return [
    {
      name: `autosave saves/s ≥ ${AUTOSAVE.targetSavesPerSecond}`,
      measuredIn: "saturating",
      value: saturating.savesPerSecond,
      unit: "saves/s",
      pass: clean(saturating) && saturating.savesPerSecond >= AUTOSAVE.targetSavesPerSecond,
    },
    {
      name: `autosave p99 < ${AUTOSAVE.targetP99Ms} ms`,
      measuredIn: "paced",
      value: paced.latencyP99Ms,
      unit: "ms",
      pass: clean(paced) && paced.latencyP99Ms !== null && paced.latencyP99Ms < AUTOSAVE.targetP99Ms,
    },
    {
      name: "autosave lost = 0",
      measuredIn: "read-back",
      value: check.lost,
      unit: "saves",
      pass: check.lost === 0,
    },
  ];
}

const ms = (n: number | null) => (n === null ? "-" : n.toFixed(1));

function progressLine(p: PhaseFigures): string {
  const failures =
    p.errors + p.non2xx > 0
      ? `  ${p.errors} errors ${JSON.stringify(p.errorMessages)}, ${p.non2xx} non-2xx ${JSON.stringify(p.statusCounts)}`
      : "";
  const cpu = [
    p.serverCpuCores === null ? null : `server ${p.serverCpuCores.toFixed(2)}`,
    p.databaseCpuCores === null ? null : `postgres ${p.databaseCpuCores.toFixed(2)}`,
    `runner ${p.runnerCpuCores.toFixed(2)}`,
  ].filter(Boolean);
  return (
    `  autosave ${p.phase.padEnd(10)} ${p.savesPerSecond.toFixed(0).padStart(5)} saves/s` +
    `  p50 ${ms(p.latencyP50Ms)} ms  p99 ${ms(p.latencyP99Ms)} ms  max ${ms(p.latencyMaxMs)} ms` +
    `  (per second ${Math.min(...p.timeline)}–${Math.max(...p.timeline)}; cores: ${cpu.join(", ")})${failures}`
  );
}

/**
 * The autosave benchmark, on our server only: the organization admin publishes the 40-question form
 * on `programId`, `applicants` guests open it (POST /api/submissions) and keep their tokens, then
 * they autosave through a warm-up and three measured phases:
 *
 * - paced: every applicant saves every 2 s (what "saving every few seconds" offers: 100 saves/s for
 *   200 applicants), for the latency target;
 * - rated: every applicant saves often enough to offer the throughput target (500 saves/s), for
 *   the latency at that rate;
 * - saturating: no pause, every applicant's next save as soon as the previous one is acknowledged,
 *   for the most saves per second the server sustains (and the latency under that queue).
 *
 * Finally every draft is read back and must hold its last acknowledged save.
 */
export async function runAutosave(opts: {
  server: ServerProcess;
  adminEmail: string;
  password: string;
  programId: string;
  applicants: number;
  durationSeconds: number;
  warmupSeconds: number;
  database: "pglite" | "postgres";
}): Promise<AutosaveFigures> {
  const { server } = opts;
  console.log(
    `  autosave: ${opts.applicants} guest applicants on a 40-question form (program ${opts.programId})…`,
  );
  const [admin] = await signInUsers(server, [opts.adminEmail], opts.password);
  const published = await preparePublishedForm(server, admin!, opts.programId);
  // Each applicant's own connection (closed at the end, also when something fails).
  const clients: HttpClient[] = [];
  try {
    const opened = await inBatches(
      Array.from({ length: opts.applicants }, (_, n) => n + 1),
      OPEN_CONCURRENCY,
      (n) => {
        const client = httpClient(server.baseUrl);
        clients.push(client);
        return openApplicant(client, server.origin, published.form, published.linkId, n);
      },
    );
    const applicants = opened.map((o) => o.applicant);
    const openTimings = summarizeTimings(opened.map((o) => o.ms));

    const duration = opts.durationSeconds;
    const specs: PhaseSpec[] = [
      { name: "paced", intervalMs: AUTOSAVE.pacedIntervalMs, durationSeconds: duration },
      {
        name: "rated",
        intervalMs: (opts.applicants * 1000) / AUTOSAVE.targetSavesPerSecond,
        durationSeconds: duration,
      },
      { name: "saturating", intervalMs: 0, durationSeconds: duration },
    ];
    if (opts.warmupSeconds > 0) {
      await runPhase(
        server.pid,
        applicants,
        {
          name: "warm-up",
          intervalMs: 0,
          durationSeconds: opts.warmupSeconds,
        },
        opts.database,
      );
    }
    const phases: PhaseFigures[] = [];
    for (const spec of specs) {
      await waitForIdleCpu(server.pid);
      const figures = await runPhase(server.pid, applicants, spec, opts.database);
      phases.push(figures);
      console.log(progressLine(figures));
    }

    await waitForIdleCpu(server.pid);
    const check = await readBack(applicants);
    console.log(
      `  autosave read-back: ${check.drafts} drafts, ${check.ackedSaves} acknowledged saves, ${check.lost} lost` +
        (check.badReceipts > 0 ? `, ${check.badReceipts} receipts with an unexpected revision` : ""),
    );
    return {
      applicants: opts.applicants,
      programId: published.programId,
      formId: published.formId,
      questions: APPLICANT_FORM.sections * APPLICANT_FORM.questionsPerSection,
      openDraft: { samples: opened.length, ...openTimings },
      phases,
      check,
      targets: targetsOf(phases, check),
    };
  } finally {
    for (const client of clients) client.close();
  }
}
