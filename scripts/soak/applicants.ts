import { type Applicant, openApplicant, saveOnce } from "../../bench/autosave/applicants";
import { type HttpClient, httpClient } from "../../bench/lib/http-client";
import type { Answer } from "../../src/shared/forms/answers";
import type { Question } from "../../src/shared/forms/model";
import type { ApplicantForm, SaveAnswersResult } from "../../src/shared/schemas/submissions";
import type { LoopControl } from "../chaos/loop";
import type { DemoProgram, Endpoint } from "./demo";
import type { Recorder } from "./recorder";
import { steadyLoop } from "./steady";

/**
 * Guest applicants, each in a browser tab of their own (one connection): open a draft from the demo
 * form's link, autosave every `intervalMs` as they type (the autosave benchmark's client, which grows
 * one answer a little each time), then correct their answers so that they pass the form's checks, save
 * and submit; then the tab starts the next application. A steady stream of saves, and a steady trickle
 * of new candidates for the committee.
 */

/** Autosaves before the applicant submits: about a minute of typing at one save every 2 s. */
const SAVES_BEFORE_SUBMIT = 30;

/** An answer that passes a question's format check (the autosave client's text would not, for some). */
function validValue(question: Question, answer: Answer, n: number): string {
  const { active, type, max } = question.validations;
  if (!active) return answer.answerString;
  switch (type) {
    case "EMAIL":
      return `applicant-${n}@example.test`;
    case "URL":
      return `https://example.test/applicant-${n}`;
    case "PHONE":
      return "+1 514 555 0100";
    case "NUMBER":
      return "42";
    case "DATE":
      return "2026-03-15";
    case "WORD":
      return max > 0 ? answer.answerString.split(/\s+/).slice(0, max).join(" ") : answer.answerString;
    case "CHAR":
      return max > 0 ? answer.answerString.slice(0, max) : answer.answerString;
    default:
      return answer.answerString;
  }
}

/** The answers with every text answer made to pass its question's format check, as an applicant fixes them. */
export function correctedAnswers(form: ApplicantForm, answers: readonly Answer[], n: number): Answer[] {
  const questions = new Map(form.sections.flatMap((s) => s.questions.map((q) => [q._id, q] as const)));
  return answers.map((answer) => {
    const question = questions.get(answer.questionId);
    if (!question || answer.answerString === "") return answer;
    return { ...answer, answerString: validValue(question, answer, n) };
  });
}

/** One tab: its connection, and the applicant filling it in now (none between two applications). */
interface Tab {
  client: HttpClient;
  applicant: Applicant | null;
  saves: number;
}

export class SubmittingApplicants {
  private readonly tabs: Tab[] = [];
  private opened = 0;
  submitted = 0;

  constructor(
    private readonly server: Endpoint,
    private readonly demo: DemoProgram,
    private readonly recorder: Recorder,
    tabs: number,
    private readonly intervalMs: number,
  ) {
    for (let i = 0; i < tabs; i++) {
      this.tabs.push({ client: recorder.wrap(httpClient(server.baseUrl)), applicant: null, saves: 0 });
    }
  }

  /** Every tab's next request: open a draft, autosave, correct and save, or submit. */
  private async step(tab: Tab): Promise<void> {
    if (tab.applicant === null) {
      const n = ++this.opened;
      const { applicant } = await openApplicant(
        tab.client,
        this.server.origin,
        this.demo.form,
        this.demo.linkId,
        n,
      );
      tab.applicant = applicant;
      tab.saves = 0;
      return;
    }
    const applicant = tab.applicant;
    if (tab.saves < SAVES_BEFORE_SUBMIT) {
      await saveOnce(applicant);
      tab.saves++;
      return;
    }
    if (tab.saves === SAVES_BEFORE_SUBMIT) {
      // Not saveOnce: it would type a few more words into one of the answers just corrected.
      applicant.answers = correctedAnswers(this.demo.form, applicant.answers, applicant.n);
      const answer = await tab.client.send({
        method: "PATCH",
        path: applicant.path,
        headers: applicant.headers,
        body: JSON.stringify({ revision: applicant.revision, answers: applicant.answers }),
      });
      if (answer.status === 200) applicant.revision = (JSON.parse(answer.text) as SaveAnswersResult).revision;
      tab.saves++;
      return;
    }
    const answer = await tab.client.send({
      method: "PATCH",
      path: `/api/submissions/submissionDate/${encodeURIComponent(applicant.submissionId)}`,
      headers: applicant.headers,
      body: JSON.stringify({ submitted: true, revision: applicant.revision }),
    });
    if (answer.status === 200) this.submitted++;
    // Whatever the answer (the recorder counts a refusal as an error), this tab starts a new application.
    tab.applicant = null;
  }

  async run(control: LoopControl): Promise<void> {
    await Promise.all(
      this.tabs.map((tab) => steadyLoop(control, this.intervalMs, () => this.step(tab), this.recorder)),
    );
  }

  close(): void {
    for (const tab of this.tabs) tab.client.close();
  }
}
