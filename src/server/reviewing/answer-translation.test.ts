import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { defaultFormContent, newQuestion, newSection } from "../../shared/forms/defaults";
import { MACHINE_TRANSLATION_MESSAGES } from "../../shared/forms/french-texts";
import type { Question } from "../../shared/forms/model";
import type { AnswerTranslationResult, CandidateView } from "../../shared/schemas/reviews";
import { addMember, buildProgram, buildPublishedForm, type Cast, withCastTestApp } from "../test/factories";
import { startTranslateStandIn, type TranslateStandIn } from "../test/google-translate-stand-in";
import type { TestApp } from "../test/harness";
import { answerOf, assignReviewer, buildCandidate } from "../test/review-factories";
import { googleTranslation } from "../translation/google";
import { ANSWER_TRANSLATION_MESSAGES } from "./answer-translation";

let t: TestApp;
let cast: Cast;
let cookies: Record<string, string>;
let standIn: TranslateStandIn;
let programId: string;
let candidateId: string;

withCastTestApp((app) => {
  ({ t, cast, cookies } = app);
});

const question = (id: string, type: Question["type"], patch: Partial<Question> = {}): Question => ({
  ...newQuestion(type, `Question ${id}`),
  _id: id,
  ...patch,
});
const PLAIN = "La durabilité est au cœur du projet <b>depuis 2020</b>.";
const HIDDEN = "Jeanne Tremblay, Université Laval";

beforeAll(async () => {
  standIn = await startTranslateStandIn();
  const program = await buildProgram(t.deps.db, cast.org.id, { name: "Bilingual Committee" });
  programId = program.id;
  await addMember(t.deps.db, program, cast.members.ADMIN.id, "ADMIN");
  await addMember(t.deps.db, program, cast.members.REVIEWER.id, "REVIEWER");
  const section = {
    ...newSection("About", "Admin Info"),
    _id: "about",
    questions: [
      question("identifier", "IDENTIFIER", { required: true }),
      question("plain", "PARAGRAPHS"),
      question("hidden", "SHORT_ANSWER", { anonymize: true }),
      question("choice", "CHECKBOXES"),
    ],
  };
  const content = { ...defaultFormContent("Bilingual form"), sections: [section] };
  const { formId } = await buildPublishedForm(t.deps.db, program, content);
  const candidate = await buildCandidate(t.deps.db, {
    program,
    formId,
    identifier: "Projet Boréal",
    answers: [
      answerOf("identifier", "about", "IDENTIFIER", { answerString: "Projet Boréal" }),
      answerOf("plain", "about", "PARAGRAPHS", { answerString: PLAIN }),
      answerOf("hidden", "about", "SHORT_ANSWER", { answerString: HIDDEN }),
      answerOf("choice", "about", "CHECKBOXES", { answerArray: ["x"] }),
    ],
  });
  candidateId = candidate.id;
  await assignReviewer(t.deps.db, candidate.id, cast.members.REVIEWER.id, program.id);
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.calls.length = 0;
  standIn.fail = null;
  standIn.translate = (text) => `EN:${text}`;
  t.deps.translation = googleTranslation({ apiKey: "secret-api-key", endpoint: standIn.url });
});

const translate = (questionId: string, cookie?: string, target = "en") =>
  t.request(`/api/applications/${programId}/${candidateId}/answers/${questionId}/translation`, {
    method: "POST",
    cookie,
    body: { target },
  });

describe("a reviewer's Translate on an answer", () => {
  it("translates a written answer they see, with the language detected, once (then from the cache)", async () => {
    const res = await translate("plain", cookies.reviewer);
    expect(res.status).toBe(200);
    expect((await res.json()) as AnswerTranslationResult).toEqual({
      questionId: "plain",
      target: "en",
      text: `EN:${PLAIN}`,
    });
    expect(standIn.calls).toHaveLength(1);
    expect(standIn.calls[0]).toMatchObject({ texts: [PLAIN], target: "en", format: "text" });
    expect(standIn.calls[0]!.source).toBeUndefined();
    const again = await translate("plain", cookies.admin);
    expect(again.status).toBe(200);
    expect(standIn.calls).toHaveLength(1);
  });

  it("never sends an anonymized answer: 409 for the admin who sees it, 404 for the reviewer who does not", async () => {
    const admin = await translate("hidden", cookies.admin);
    expect(admin.status).toBe(409);
    expect(((await admin.json()) as { error: { message: string } }).error.message).toBe(
      ANSWER_TRANSLATION_MESSAGES.anonymized,
    );
    const reviewer = await translate("hidden", cookies.reviewer);
    expect(reviewer.status).toBe(404);
    expect(await reviewer.text()).not.toContain(HIDDEN);
    expect(standIn.calls).toEqual([]);
  });

  it("answers 409 for an answer that is not written, and when no provider is configured", async () => {
    expect((await translate("choice", cookies.admin)).status).toBe(409);
    t.deps.translation = null;
    const res = await translate("plain", cookies.reviewer);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      MACHINE_TRANSLATION_MESSAGES.notConfigured,
    );
    const view = await t.request(`/api/applications/${programId}/${candidateId}`, {
      cookie: cookies.reviewer,
    });
    expect(((await view.json()) as CandidateView).machineTranslation).toBe(false);
    expect(standIn.calls).toEqual([]);
  });

  it("answers 503 when the provider fails", async () => {
    standIn.fail = { status: 429, reason: "rateLimitExceeded" };
    const res = await translate("identifier", cookies.reviewer, "fr");
    expect(res.status).toBe(503);
    expect(await res.text()).not.toContain("secret-api-key");
  });

  it("refuses everyone who may not read the candidate: 404 (401 signed out), nothing sent", async () => {
    for (const who of ["otherOrgAdmin", "guest", "applicant", "adminReviewer"]) {
      const res = await translate("plain", cookies[who]);
      expect(res.status, who).toBe(404);
      expect(await res.text()).not.toContain("durabilité");
    }
    expect((await translate("plain")).status).toBe(401);
    expect(standIn.calls).toEqual([]);
  });
});
