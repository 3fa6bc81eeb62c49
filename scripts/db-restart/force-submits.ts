import { setTimeout as sleep } from "node:timers/promises";
import { openApplicant } from "../../bench/autosave/applicants";
import { type HttpClient, httpClient } from "../../bench/lib/http-client";
import type { BenchUser } from "../../bench/scenarios/types";
import type { LoopControl } from "../chaos/loop";
import { mapConcurrently } from "../chaos/loop";
import { countingClient, type RequestTally } from "../chaos/tally";
import type { DemoProgram, Endpoint } from "../soak/demo";

/**
 * The program admin force-submitting guest drafts one after the other while the database comes and
 * goes: a force submit is two writes in one transaction (the draft's submission date, and its
 * "submission.force_submitted" event in the audit log), so afterwards each draft must have both or
 * neither (see consistency.ts). Each draft is tried once: a retry of one that was committed without an
 * answer would be refused (409, already submitted), and what matters is what is stored.
 *
 * The drafts are marked as tests first (the admin's "mark as test"): a test is never a candidate, so
 * the submitted drafts do not appear in the reviewers' rankings, which the committee's writers compare
 * with what they saved (scripts/chaos/committee.ts).
 */

const FORCE_SUBMIT_EVERY_MS = 400;

export type ForceSubmitOutcome = "acked" | "failed" | "not tried";

export class ForceSubmitter {
  private readonly client: HttpClient;
  readonly drafts: string[] = [];
  readonly outcomes = new Map<string, ForceSubmitOutcome>();

  constructor(
    private readonly server: Endpoint,
    private readonly admin: BenchUser,
    tally: RequestTally,
  ) {
    this.client = countingClient(httpClient(server.baseUrl), tally);
  }

  /** `count` new guest drafts of the demo form, nothing answered: enough for the whole run. */
  async prepare(demo: DemoProgram, count: number): Promise<void> {
    const opened = await mapConcurrently(
      Array.from({ length: count }, (_, i) => i + 1),
      10,
      async (n) => {
        const client = httpClient(this.server.baseUrl);
        try {
          return (await openApplicant(client, this.server.origin, demo.form, demo.linkId, 10_000 + n))
            .applicant.submissionId;
        } finally {
          client.close();
        }
      },
    );
    await mapConcurrently(opened, 10, (id) => this.markAsTest(id));
    this.drafts.push(...opened);
    for (const id of opened) this.outcomes.set(id, "not tried");
  }

  private async markAsTest(id: string): Promise<void> {
    const answer = await this.client.send({
      method: "PATCH",
      path: `/api/submissions/updateField/${encodeURIComponent(id)}`,
      headers: { cookie: this.admin.cookie, origin: this.server.origin },
      body: JSON.stringify({ action: "markAsTest" }),
    });
    if (answer.status !== 200) {
      throw new Error(
        `Marking draft ${id} as a test answered ${answer.status}: ${answer.text.slice(0, 200)}`,
      );
    }
  }

  async run(control: LoopControl): Promise<void> {
    for (const id of this.drafts) {
      if (control.stopping) return;
      const startedAt = performance.now();
      try {
        const answer = await this.client.send({
          method: "PATCH",
          path: `/api/submissions/updateField/${encodeURIComponent(id)}`,
          headers: { cookie: this.admin.cookie, origin: this.server.origin },
          body: JSON.stringify({ action: "forceSubmit" }),
        });
        this.outcomes.set(id, answer.status === 200 ? "acked" : "failed");
      } catch {
        this.outcomes.set(id, "failed");
      }
      const wait = startedAt + FORCE_SUBMIT_EVERY_MS - performance.now();
      if (wait > 0) await sleep(wait);
    }
    control.clientErrors.push(`the force submitter ran out of drafts (${this.drafts.length})`);
  }

  count(outcome: ForceSubmitOutcome): number {
    return [...this.outcomes.values()].filter((o) => o === outcome).length;
  }

  close(): void {
    this.client.close();
  }
}
