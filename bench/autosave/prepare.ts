import type { FormContent, Section } from "../../src/shared/forms/model";
import type { FormResult, SaveFormResult } from "../../src/shared/schemas/forms";
import type { ApplicantForm, FormLinkResult } from "../../src/shared/schemas/submissions";
import type { ServerProcess } from "../runner/server-process";
import type { BenchUser } from "../scenarios/types";
import { applicantFormContent } from "./applicant-form";

/** The published form the applicants answer, and the applicant link they open it with. */
export interface PublishedForm {
  programId: string;
  formId: string;
  linkId: string;
  /** The published version as applicants get it (GET /api/forms/link/{linkId}). */
  form: ApplicantForm;
}

/** One unmeasured request of the preparation; anything but a 200 stops the run with the server's message. */
async function call<T>(
  server: ServerProcess,
  cookie: string | null,
  method: "GET" | "PUT" | "POST",
  path: string,
  body?: unknown,
): Promise<T> {
  const headers: Record<string, string> = { origin: server.origin };
  if (cookie) headers.cookie = cookie;
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (response.status !== 200) {
    throw new Error(
      `Preparing the autosave form: ${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`,
    );
  }
  return JSON.parse(text) as T;
}

const questionsIn = (sections: readonly Section[]) =>
  sections.filter((s) => !s.deleted).reduce((sum, s) => sum + s.questions.length, 0);

/**
 * Puts the 40-question form in place on `programId` through our server's API, as its administrator
 * would: opens the program's form (the server creates the default one: `prepareDataset` deleted the
 * previous run's form, and its submissions with it), replaces the content, publishes it, and opens
 * the applicant link the way an applicant does. A form that is already published (a second call in
 * the same run) is reused as it is. `contentOf` makes the content from the form's name (default: the
 * autosave case's 40 questions; the SurveyJS comparison passes its own).
 */
export async function preparePublishedForm(
  server: ServerProcess,
  admin: BenchUser,
  programId: string,
  contentOf: (formName: string) => FormContent = applicantFormContent,
): Promise<PublishedForm> {
  const formPath = (formId: string) => `/api/forms/${encodeURIComponent(formId)}`;
  let { form } = await call<FormResult>(
    server,
    admin.cookie,
    "GET",
    `/api/forms/program/${encodeURIComponent(programId)}`,
  );
  const content = contentOf(form.name);
  const expected = questionsIn(content.sections);
  if (form.draft) {
    const saved = await call<SaveFormResult>(server, admin.cookie, "PUT", formPath(form._id), {
      revision: form.revision,
      content,
    });
    if (saved.problems.length > 0) {
      throw new Error(
        `The autosave form cannot be published: ${JSON.stringify(saved.problems).slice(0, 300)}`,
      );
    }
    ({ form } = await call<FormResult>(server, admin.cookie, "POST", `${formPath(form._id)}/publish`, {
      revision: saved.revision,
    }));
  }
  const link = form.submissionLinks.at(-1);
  if (!link) throw new Error(`The form of program ${programId} is published but has no applicant link.`);

  const opened = await call<FormLinkResult>(
    server,
    null,
    "GET",
    `/api/forms/link/${encodeURIComponent(link._id)}`,
  );
  if (opened.availability !== "open" || !opened.form) {
    throw new Error(`The autosave form's applicant link is ${opened.availability}, not open.`);
  }
  if (questionsIn(opened.form.sections) !== expected) {
    throw new Error(
      `The published form has ${questionsIn(opened.form.sections)} questions, not ${expected}: run again ` +
        "(each run starts with a new form).",
    );
  }
  return { programId, formId: form._id, linkId: link._id, form: opened.form };
}
