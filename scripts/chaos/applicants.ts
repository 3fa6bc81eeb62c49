import {
  type Applicant,
  adoptDraft,
  holdsLastAckedSave,
  openApplicant,
  readDraft,
  saveOnce,
} from "../../bench/autosave/applicants";
import { httpClient } from "../../bench/lib/http-client";
import { summarizeTimings, type TimingSummary } from "../../bench/lib/stats";
import type { ApplicantForm } from "../../src/shared/schemas/submissions";
import { type LoopControl, mapConcurrently, recoverAfterFailure, saveLoop } from "./loop";
import type { ChaosServer } from "./server";
import { countingClient, type RequestTally } from "./tally";

const OPEN_CONCURRENCY = 20;
const READ_BACK_CONCURRENCY = 10;

export interface AutosaveFigures {
  applicants: number;
  /** Saves answered with a 200. */
  acked: number;
  /** Of the acknowledged saves, from sending to the last byte of the answer: queueing shows here. */
  latency: TimingSummary;
  /** Drafts found not holding their last acknowledged save: after a failure, or at the final read-back. */
  lost: number;
  /** Failed saves found stored anyway (committed before the kill, never answered): allowed. */
  keptUnanswered: number;
  /** 200s whose revision was not the one sent + 1. */
  badReceipts: number;
  /** Applicants that could not read their draft back after a failure and stopped. */
  stopped: number;
  lostDetails: string[];
}

/**
 * Guest applicants autosaving the demo form through the autosave benchmark's client
 * (bench/autosave/applicants.ts): each opens the applicant link as a guest, then sends every answer
 * with the revision of their last acknowledged save. When a save fails, the benchmark's client reads
 * the draft back at once; while the server is down that read fails too and it marks itself stopped.
 * Here the applicant then waits until the server is back, reads the draft and carries on from it, as a
 * browser that reloads does.
 */
export class AutosavingApplicants {
  private readonly applicants: Applicant[] = [];
  private readonly latenciesMs: number[] = [];
  readonly figures: AutosaveFigures = {
    applicants: 0,
    acked: 0,
    latency: summarizeTimings([]),
    lost: 0,
    keptUnanswered: 0,
    badReceipts: 0,
    stopped: 0,
    lostDetails: [],
  };

  constructor(
    private readonly server: ChaosServer,
    private readonly tally: RequestTally,
  ) {}

  async open(count: number, form: ApplicantForm, linkId: string): Promise<void> {
    const opened = await mapConcurrently(
      Array.from({ length: count }, (_, i) => i + 1),
      OPEN_CONCURRENCY,
      async (n) => {
        const client = countingClient(httpClient(this.server.baseUrl), this.tally);
        return (await openApplicant(client, this.server.origin, form, linkId, n)).applicant;
      },
    );
    this.applicants.push(...opened);
    this.figures.applicants = opened.length;
  }

  async run(control: LoopControl): Promise<void> {
    await Promise.all(this.applicants.map((applicant) => saveLoop(control, () => this.save(applicant))));
  }

  private async save(applicant: Applicant): Promise<boolean> {
    const lostBefore = applicant.lost;
    const outcome = await saveOnce(applicant);
    if (outcome.kind === "acked") {
      this.figures.acked++;
      this.latenciesMs.push(outcome.ms);
      return true;
    }
    if (applicant.lost > lostBefore) this.lostAt(applicant, "after a failed save (read back at once)");
    // Read back already by the benchmark's client (the server was up): it carries on from the draft.
    if (!applicant.stopped) return true;
    // The answers as sent by the failed save: saveOnce leaves them in place when it cannot read back.
    const inDoubt = JSON.stringify({ answers: applicant.answers });
    const recovered = await recoverAfterFailure(this.server, () => this.resume(applicant, inDoubt));
    if (!recovered) this.figures.stopped++;
    return recovered;
  }

  /**
   * The draft after a failed save must hold the last acknowledged save, or the failed one (one revision
   * more, its answers exactly): a kill can come after the commit and before the answer.
   */
  private async resume(applicant: Applicant, inDoubtBody: string): Promise<void> {
    const draft = await readDraft(applicant);
    const asAcked = holdsLastAckedSave(applicant, draft);
    const asInDoubt = holdsLastAckedSave({ acked: applicant.acked + 1, lastAckedBody: inDoubtBody }, draft);
    if (asInDoubt.revision && asInDoubt.answers) this.figures.keptUnanswered++;
    else if (!(asAcked.revision && asAcked.answers)) {
      this.lostAt(
        applicant,
        `after a failed save: revision ${draft.revision}, acknowledged ${applicant.acked}`,
      );
    }
    adoptDraft(applicant, draft);
    applicant.stopped = false;
  }

  private lostAt(applicant: Applicant, when: string): void {
    this.figures.lost++;
    this.figures.lostDetails.push(`applicant ${applicant.n} (draft ${applicant.submissionId}) ${when}`);
  }

  /** Every draft, read with its token: its revision and answers must be the last acknowledged save's. */
  async readBack(): Promise<void> {
    await mapConcurrently(this.applicants, READ_BACK_CONCURRENCY, async (applicant) => {
      try {
        const held = holdsLastAckedSave(applicant, await readDraft(applicant));
        if (!held.revision || !held.answers) {
          this.lostAt(
            applicant,
            `at the end (revision ${held.revision ? "ok" : "wrong"}, answers ${held.answers ? "ok" : "wrong"})`,
          );
        }
      } catch (error) {
        this.lostAt(applicant, `at the end: unreadable (${error instanceof Error ? error.message : error})`);
      }
    });
    this.figures.badReceipts = this.applicants.reduce((sum, a) => sum + a.badReceipts, 0);
    this.figures.latency = summarizeTimings(this.latenciesMs);
  }

  close(): void {
    for (const applicant of this.applicants) applicant.client.close();
  }
}
