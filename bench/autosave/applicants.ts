import type { z } from "zod";
import type { Answer, TableRow } from "../../src/shared/forms/answers";
import type { Question, Section } from "../../src/shared/forms/model";
import {
  type ApplicantForm,
  type createSubmissionResultSchema,
  type SaveAnswersResult,
  SUBMISSION_TOKEN_HEADER,
  type SubmissionResult,
} from "../../src/shared/schemas/submissions";
import type { HttpAnswer, HttpClient } from "../lib/http-client";

type CreateSubmissionResult = z.infer<typeof createSubmissionResultSchema>;

/**
 * One guest applicant: the draft they opened, the token that is its only key, and what they have
 * typed. Like the real client they have one save in flight at a time, each based on the revision
 * the previous save returned, and each sending every answer.
 */
export interface Applicant {
  n: number;
  /** Their own connection to the server, as a browser tab has. */
  client: HttpClient;
  submissionId: string;
  /** PATCH and GET path of the draft. */
  path: string;
  /** origin (unsafe requests must come from our server's own origin) and the guest token. */
  headers: Record<string, string>;
  /** The revision of the last acknowledged save: the next save is based on it. */
  revision: number;
  /** The answers as they are now (the next save sends them). */
  answers: Answer[];
  /** Indexes in `answers` of the text answers an edit grows (not the Identifier). */
  textAnswers: number[];
  /** Edits made so far: picks the answer the next edit changes. */
  edits: number;
  /** Saves acknowledged with a 200: the draft's revision must be this (it starts at 0). */
  acked: number;
  /** The body of the last acknowledged save: the draft's answers must be its answers. */
  lastAckedBody: string | null;
  /** Drafts found not to hold what was acknowledged, when a failed save made us re-read it. */
  lost: number;
  /** A 200 whose revision was not the one sent + 1. */
  badReceipts: number;
  /** Stopped after a failure it could not recover from (the draft could not be read back). */
  stopped: boolean;
}

/** The outcome of one save, for the phase's figures. */
export type SaveOutcome =
  | { kind: "acked"; ms: number; requestBytes: number }
  | { kind: "refused"; status: number; ms: number }
  | { kind: "error"; message: string };

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

const WORDS =
  "our project brings together local partners to plan build and run a shared space where residents " +
  "learn grow food and meet the budget covers materials training and two part time coordinators";
const filler = (words: number, seed: number) => {
  const list = WORDS.split(" ");
  return Array.from({ length: words }, (_, i) => list[(seed + i * 7) % list.length]).join(" ");
};

/** A first answer to each question, as an applicant part-way through the form has given. */
function firstAnswer(question: Question, section: Section, n: number, q: number): Answer {
  const answer: Answer = {
    questionId: question._id,
    sectionId: section._id,
    type: question.type,
    answerString: "",
    answerArray: [],
    answerMatrix: [],
  };
  switch (question.type) {
    case "IDENTIFIER":
      answer.answerString = `Applicant ${n}: community garden`;
      break;
    case "SHORT_ANSWER":
      answer.answerString = `Answer ${q} of applicant ${n}`;
      break;
    case "PARAGRAPHS":
      answer.answerString = `${filler(40, n + q)}.`;
      break;
    case "MULTIPLE_CHOICE":
      answer.answerArray = [question.x_options[(n + q) % question.x_options.length]!._id];
      break;
    case "CHECKBOXES":
      answer.answerArray = question.x_options.filter((_, i) => (n + i) % 2 === 0).map((o) => o._id);
      break;
    case "SIMPLE_TABLE":
      answer.answerMatrix = Array.from({ length: 3 }, (_, r): TableRow => {
        const row: TableRow = { id: `row-${r + 1}` };
        const cells = [`Item ${r + 1}`, String(1000 * (r + 1) + n), "Quoted by two suppliers"];
        question.columns.forEach((_, c) => {
          row[`column_${c}` as "column_0"] = cells[c] ?? "";
        });
        return row;
      });
      break;
    default:
      break;
  }
  return answer;
}

function firstAnswers(form: ApplicantForm, n: number): { answers: Answer[]; textAnswers: number[] } {
  const answers: Answer[] = [];
  const textAnswers: number[] = [];
  for (const section of form.sections) {
    section.questions.forEach((question, q) => {
      if (question.type === "SHORT_ANSWER" || question.type === "PARAGRAPHS")
        textAnswers.push(answers.length);
      answers.push(firstAnswer(question, section, n, q));
    });
  }
  return { answers, textAnswers };
}

/** What the applicant typed since the last save: a few more words in one text answer, a different one each time. */
function editOneAnswer(applicant: Applicant): void {
  const { textAnswers, answers } = applicant;
  const answer = answers[textAnswers[applicant.edits % textAnswers.length]!]!;
  answer.answerString += ` ${filler(6, applicant.edits)} (${applicant.edits}).`;
  applicant.edits++;
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** POST /api/submissions as a guest, on the applicant's own connection: a new draft and its token. */
export async function openApplicant(
  client: HttpClient,
  origin: string,
  form: ApplicantForm,
  linkId: string,
  n: number,
): Promise<{ applicant: Applicant; ms: number }> {
  const answer = await client.send({
    method: "POST",
    path: "/api/submissions",
    headers: { origin },
    body: JSON.stringify({ linkId }),
  });
  if (answer.status !== 200) {
    throw new Error(
      `Opening a draft (POST /api/submissions) answered ${answer.status}: ${answer.text.slice(0, 300)}`,
    );
  }
  const { submissionId, token } = JSON.parse(answer.text) as CreateSubmissionResult;
  if (!token) throw new Error("A guest's new draft came without its token.");
  return {
    ms: answer.ms,
    applicant: {
      n,
      client,
      submissionId,
      path: `/api/submissions/${encodeURIComponent(submissionId)}`,
      headers: { origin, [SUBMISSION_TOKEN_HEADER]: token },
      revision: 0,
      ...firstAnswers(form, n),
      edits: 0,
      acked: 0,
      lastAckedBody: null,
      lost: 0,
      badReceipts: 0,
      stopped: false,
    },
  };
}

/**
 * One autosave: one answer changes, then PATCH with every answer and the revision of the last
 * acknowledged save. A 200 moves the revision on. Anything else (a refusal, an error, a timeout) is
 * counted by the caller, and the draft is read back: what it holds is checked against what was
 * acknowledged, and the applicant carries on from it (as the real client does after a reload).
 */
export async function saveOnce(applicant: Applicant): Promise<SaveOutcome> {
  editOneAnswer(applicant);
  const body = JSON.stringify({ revision: applicant.revision, answers: applicant.answers });
  let answer: HttpAnswer;
  try {
    answer = await applicant.client.send({
      method: "PATCH",
      path: applicant.path,
      headers: applicant.headers,
      body,
    });
  } catch (error) {
    await recover(applicant);
    return { kind: "error", message: error instanceof Error ? error.message : String(error) };
  }
  if (answer.status !== 200) {
    await recover(applicant);
    return { kind: "refused", status: answer.status, ms: answer.ms };
  }
  const receipt = JSON.parse(answer.text) as SaveAnswersResult;
  if (receipt.revision !== applicant.revision + 1) applicant.badReceipts++;
  applicant.revision = receipt.revision;
  applicant.acked++;
  applicant.lastAckedBody = body;
  return { kind: "acked", ms: answer.ms, requestBytes: Buffer.byteLength(body) };
}

/** GET the draft with its token, as the applicant's browser would reload it. */
export async function readDraft(applicant: Applicant): Promise<SubmissionResult["submission"]> {
  const answer = await applicant.client.send({
    method: "GET",
    path: applicant.path,
    headers: applicant.headers,
  });
  if (answer.status !== 200) {
    throw new Error(`GET ${applicant.path} answered ${answer.status}: ${answer.text.slice(0, 200)}`);
  }
  return (JSON.parse(answer.text) as SubmissionResult).submission;
}

/** JSON with object keys sorted: the server may store and answer keys in another order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** Whether the draft holds the last acknowledged save: its revision and its answers. */
export function holdsLastAckedSave(
  applicant: Pick<Applicant, "acked" | "lastAckedBody">,
  draft: Pick<SubmissionResult["submission"], "revision" | "answers">,
): { revision: boolean; answers: boolean } {
  const acknowledged =
    applicant.lastAckedBody === null
      ? []
      : (JSON.parse(applicant.lastAckedBody) as { answers: Answer[] }).answers;
  return {
    revision: draft.revision === applicant.acked,
    answers: canonical(draft.answers) === canonical(acknowledged),
  };
}

/**
 * After a failed save: read the draft back. It must hold at least the last acknowledged save (the
 * failed one may have been kept too: a timeout after the commit); if it does not, a save was lost.
 * The applicant then goes on from what the draft holds. If it cannot even be read, the applicant stops.
 */
/**
 * Carry on from the draft as stored, as a real client does after a reload. A draft never saved
 * (revision 0) has no answers yet: the applicant keeps what they typed, as a browser tab does.
 */
export function adoptDraft(applicant: Applicant, draft: SubmissionResult["submission"]): void {
  applicant.revision = draft.revision;
  applicant.acked = draft.revision;
  if (draft.revision === 0) return;
  applicant.answers = draft.answers;
  applicant.lastAckedBody = JSON.stringify({ answers: draft.answers });
}

async function recover(applicant: Applicant): Promise<void> {
  try {
    const draft = await readDraft(applicant);
    // The failed save may have been kept (a timeout after the commit): one revision more is fine.
    const intact =
      draft.revision === applicant.acked
        ? holdsLastAckedSave(applicant, draft).answers
        : draft.revision === applicant.acked + 1;
    if (!intact) applicant.lost++;
    adoptDraft(applicant, draft);
  } catch {
    applicant.stopped = true;
  }
}
