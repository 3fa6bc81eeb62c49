import { newQuestion } from "../../../src/shared/forms/defaults";
import type { FormContent, Question, ValidationType } from "../../../src/shared/forms/model";
import type { ProgramListItem } from "../../../src/shared/schemas/programs";
import { preparePublishedForm } from "../../autosave/prepare";
import { benchFormContent, choices } from "../../lib/bench-form";
import type { ServerProcess } from "../../runner/server-process";
import { signInUsers } from "../../runner/sign-in";
import { PEER_FORM_SHAPE, PEER_FORM_TITLE, type PeerQuestion, peerFormSections } from "./form-shape";

/** The demo's organization admin (src/server/demo/seed.ts), who may create a program and its form. */
const DEMO_ORGANIZATION_ADMIN = "orgadmin@demo.test";

const validated = (question: Question, type: ValidationType): Question => ({
  ...question,
  validations: { active: true, type, max: 0, min: 0 },
});

/** A question of form-shape.ts as ours: number and email are one-line answers validated as such. */
function ourQuestion(question: PeerQuestion): Question {
  const made = (() => {
    switch (question.kind) {
      case "text":
        return newQuestion("SHORT_ANSWER", question.title);
      case "longText":
        return newQuestion("PARAGRAPHS", question.title);
      case "number":
        return validated(newQuestion("SHORT_ANSWER", question.title), "NUMBER");
      case "email":
        return validated(newQuestion("SHORT_ANSWER", question.title), "EMAIL");
      case "choice":
        return { ...newQuestion("MULTIPLE_CHOICE", question.title), x_options: choices(4) };
      case "checkboxes":
        return { ...newQuestion("CHECKBOXES", question.title), x_options: choices(5) };
    }
  })();
  return { ...made, required: question.required };
}

/**
 * The comparison's form as ours. Every form of ours opens with the Identifier question (a one-line
 * text: benchFormContent puts it first), so it stands for form-shape.ts's first question of section 1.
 */
export function ourFormContent(): FormContent {
  const sections = peerFormSections();
  return benchFormContent({
    name: PEER_FORM_TITLE,
    description: "",
    ...PEER_FORM_SHAPE,
    sectionDescription: (s) => sections[s]!.description,
    question: (s, q) => ourQuestion(sections[s]!.questions[q]!),
  });
}

async function createProgram(server: ServerProcess, cookie: string, name: string): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/programs`, {
    method: "POST",
    headers: { cookie, origin: server.origin, "content-type": "application/json" },
    body: JSON.stringify({ displayName: name }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (response.status !== 201)
    throw new Error(`POST /api/programs answered ${response.status}: ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { program: ProgramListItem }).program.id;
}

/**
 * Our side of the comparison, made through the API as the demo's organization admin would: a new program,
 * its form replaced by the comparison's 40 questions and published. Returns the applicant link's path.
 */
export async function ourPeerFormPath(server: ServerProcess, demoPassword: string): Promise<string> {
  const [admin] = await signInUsers(server, [DEMO_ORGANIZATION_ADMIN], demoPassword);
  const programId = await createProgram(server, admin!.cookie, PEER_FORM_TITLE);
  const published = await preparePublishedForm(server, admin!, programId, (name) => ({
    ...ourFormContent(),
    name,
  }));
  return `/form/${encodeURIComponent(published.linkId)}`;
}
