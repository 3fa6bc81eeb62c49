import { expect } from "vitest";
import { demoFormContent } from "../../src/server/demo/demo-form";
import type { FormContent } from "../../src/shared/forms/model";
import type { FormResult } from "../../src/shared/schemas/forms";
import { signUpOrganization } from "./accounts";

/** A signed-in API caller for setup steps, with the session cookie and the Origin the server wants. */
export async function apiSession(baseURL: string, email: string, password: string) {
  const signIn = await fetch(`${baseURL}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseURL },
    body: JSON.stringify({ email, password }),
  });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers.get("set-cookie")?.match(/better-auth\.session_token=[^;]+/)?.[0] ?? "";
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseURL}${path}`, {
      method,
      headers: { "content-type": "application/json", origin: baseURL, cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.status, `${method} ${path}`).toBeLessThan(300);
    return (await response.json()) as T;
  };
}

/**
 * A new organization with a program whose form is the demo form (every answerable type, a branch,
 * a table, PDF uploads, French text), published: its applicant link id and the form's id.
 */
export async function publishedDemoForm(
  baseURL: string,
  opts: { allowEdit?: boolean; content?: (name: string) => FormContent } = {},
) {
  const password = "published-form-password";
  const email = await signUpOrganization(baseURL, { password, emailPrefix: "form-owner" });
  const api = await apiSession(baseURL, email, password);
  const programName = `Applicant Program ${Date.now()}`;
  const { program } = await api<{ program: { id: string } }>("POST", "/api/programs", {
    displayName: programName,
  });
  const { form } = await api<FormResult>("GET", `/api/forms/program/${program.id}`);
  const content = (opts.content ?? demoFormContent)(programName);
  const saved = await api<{ revision: number }>("PUT", `/api/forms/${form._id}`, {
    revision: form.revision,
    content,
  });
  await api("POST", `/api/forms/${form._id}/publish`, { revision: saved.revision });
  if (opts.allowEdit) await api("PATCH", `/api/forms/${form._id}/allow-edit`, { allowEdit: true });
  const published = await api<FormResult>("GET", `/api/forms/program/${program.id}`);
  const link = published.form.submissionLinks.at(-1);
  expect(link).toBeDefined();
  return {
    formId: form._id,
    linkId: link!._id,
    formName: content.name,
    content,
    adminEmail: email,
    password,
  };
}
