import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { hostileAnswers, hostileForm } from "../src/server/test/access/xss/hostile-content";
import { showsLiterally } from "../src/server/test/access/xss/inert";
import { type HostilePayload, PROBE, STORABLE_PAYLOADS } from "../src/server/test/access/xss/payloads";
import { newOption } from "../src/shared/forms/defaults";
import { translate } from "../src/shared/i18n/catalog";
import { browserForThisFile, newPage } from "./support/browser";
import { publishedDemoForm } from "./support/published-form";
import { openSignedIn, submitLogin, waitForPath } from "./support/sign-in";

/**
 * Stored XSS in the browser (docs/reliability.md, "Bad input"): hostile names, answers, comments and form
 * texts, stored through the API, then the pages that show them opened in Chromium. The markup payloads set
 * window.__xss when they run; on every page the probe stays undefined, no dialog opens, no element of a
 * payload exists in the DOM, the Content-Security-Policy reports nothing — and the text is there, as
 * typed.
 */

const baseURL = inject("baseURL");
const browser = browserForThisFile();
const PASSWORD = "xss-e2e-password";

/** The payloads that are markup, links or templates: what a page could run. */
const SHOWN = STORABLE_PAYLOADS.filter((p) => ["markup", "url", "template"].includes(p.threat));
/** One applicant per markup payload, named with it and answering with it (a page of the lists). */
const APPLICANTS = SHOWN.filter((p) => p.threat === "markup").slice(0, 10);
const byId = (id: string) => SHOWN.find((p) => p.id === id)!;
const ORG_NAME = byId("iframe-srcdoc");
const PROGRAM_NAME = byId("svg-onload");
const ADMIN_NAME = byId("attribute-break");
const GROUP_NAME = byId("mxss");
const FORM_TEXT = byId("img-onerror");
/** Lists cut long names: their first characters are what every list shows. */
const listed = (p: HostilePayload) => p.text.slice(0, 20);

/** The form: every text the img payload, the description one paragraph per payload, one option per payload. */
function xssForm() {
  const form = hostileForm(FORM_TEXT.text);
  const paragraphs = SHOWN.map((p) => ({ type: "paragraph" as const, children: [{ text: p.text }] }));
  form.content.description = { blocks: paragraphs };
  const choice = form.content.sections[0]!.questions.find((q) => q._id === form.ids.choice)!;
  choice.x_options = SHOWN.map((p) => newOption(p.text));
  return form;
}

interface Session {
  userId: string;
  call<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
}

/** Signed in through the API, for the set-up steps; a call that fails fails the set-up. */
async function session(email: string, password = PASSWORD): Promise<Session> {
  const signedIn = await fetch(`${baseURL}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseURL },
    body: JSON.stringify({ email, password }),
  });
  const { user } = (await signedIn.json()) as { user: { id: string } };
  const cookie = signedIn.headers.get("set-cookie")?.match(/better-auth\.session_token=[^;]+/)?.[0] ?? "";
  return {
    userId: user.id,
    async call(method, path, body) {
      const res = await fetch(`${baseURL}${path}`, {
        method,
        headers: { "content-type": "application/json", origin: baseURL, cookie },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
      return JSON.parse(text);
    },
  };
}

const seeded = {} as {
  adminEmail: string;
  adminPassword: string;
  applicantEmail: string;
  linkId: string;
  programId: string;
  candidates: string[];
};

beforeAll(async () => {
  const form = xssForm();
  const published = await publishedDemoForm(baseURL, { content: () => form.content });
  seeded.adminEmail = published.adminEmail;
  seeded.adminPassword = published.password;
  seeded.linkId = published.linkId;
  const admin = await session(published.adminEmail, published.password);
  const { programs } = await admin.call<{ programs: { id: string; organizationId: string }[] }>(
    "GET",
    `/api/programs/all/${admin.userId}`,
  );
  const program = programs[0]!;
  seeded.programId = program.id;
  await admin.call("PATCH", `/api/users/${admin.userId}/name`, { name: ADMIN_NAME.text });
  await admin.call("POST", "/api/organizations/updateOrg", {
    orgId: program.organizationId,
    name: ORG_NAME.text,
    increment: 1,
  });
  await admin.call("PATCH", `/api/programs/${program.id}/name`, { name: PROGRAM_NAME.text });
  await admin.call("POST", `/api/programs/${program.id}/user`, {
    email: published.adminEmail,
    role: "ADMIN_REVIEWER",
  });
  await admin.call("PATCH", `/api/users/${admin.userId}/current-program`, { programId: program.id });

  seeded.candidates = [];
  for (const payload of APPLICANTS) {
    const email = `xss-${payload.id}-${Date.now()}@example.test`;
    await fetch(`${baseURL}/api/users/create`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseURL },
      body: JSON.stringify({ displayName: payload.text, email, password: PASSWORD, applicant: true }),
    });
    const applicant = await session(email);
    const { submissionId } = await applicant.call<{ submissionId: string }>("POST", "/api/submissions", {
      linkId: published.linkId,
    });
    const answers = hostileAnswers(form.content, payload.text);
    await applicant.call("PATCH", `/api/submissions/${submissionId}`, { revision: 0, answers });
    await applicant.call("PATCH", `/api/submissions/submissionDate/${submissionId}`, {
      submitted: true,
      revision: 1,
    });
    seeded.candidates.push(submissionId);
    seeded.applicantEmail ??= email;
  }

  const [first, second] = seeded.candidates;
  // Comments belong to the Decision Criteria section: its canvas shows them.
  const sectionId = form.content.sections[1]!._id;
  for (const payload of SHOWN) {
    await admin.call("POST", "/api/reviews/comments", {
      submissionId: first,
      sectionId,
      value: payload.text,
    });
  }
  const group = await admin.call<{ _id: string }>("POST", "/api/reviewerGroups", {
    programId: program.id,
    name: GROUP_NAME.text,
    description: byId("style").text,
    reviewers: [admin.userId],
  });
  await admin.call("PATCH", `/api/submissions/reviewerGroups/${second}`, { reviewerGroups: [group._id] });
  for (const id of [first, second]) {
    await admin.call("PATCH", `/api/submissions/updateField/${id}`, { status: "approved", amount: 100 });
  }
});

/** Dialogs opened on the page (window.alert, confirm, prompt from a payload), dismissed and counted. */
function watchDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    await dialog.dismiss();
  });
  return dialogs;
}

/** Elements and effects a payload would leave had it become markup or run. */
function payloadTraces(probe: string): string[] {
  const traces: string[] = [];
  const selectors = [
    'img[src="x"]',
    "svg[onload]",
    "iframe[srcdoc]",
    "[onerror]",
    "[onload]",
    "[onfocus]",
    "[onmouseover]",
    'a[href^="javascript:" i]',
    "math",
    "mglyph",
  ];
  for (const selector of selectors) if (document.querySelector(selector)) traces.push(selector);
  for (const script of document.querySelectorAll("script")) {
    if (script.textContent?.includes(probe)) traces.push("script");
  }
  for (const style of document.querySelectorAll("style")) {
    if (style.textContent?.includes("body{display:none}")) traces.push("style");
  }
  if ((window as unknown as Record<string, unknown>)[probe] !== undefined) traces.push(`window.${probe}`);
  return traces;
}

/** Waits until every text is shown on the page (as a reader sees it), then checks nothing ran. */
async function expectShownInert(page: Page, texts: readonly string[], dialogs: string[], problems: string[]) {
  let missing: string[] = [...texts];
  for (let waited = 0; waited < 15_000 && missing.length > 0; waited += 250) {
    const shown = await page.evaluate(() => document.body.innerText);
    missing = texts.filter((text) => !showsLiterally(shown, text));
    if (missing.length > 0) await page.waitForTimeout(250);
  }
  expect(missing, `not shown on ${page.url()}`).toEqual([]);
  // Images fail to load and handlers would fire a moment later: give them that moment.
  await page.waitForTimeout(500);
  expect(await page.evaluate(payloadTraces, PROBE), `traces on ${page.url()}`).toEqual([]);
  expect(dialogs).toEqual([]);
  expect(problems).toEqual([]);
}

describe("hostile text in the pages that show it", () => {
  const adminPages: [title: string, path: () => string, texts: () => string[]][] = [
    ["the candidate list", () => "/applications", () => APPLICANTS.map(listed)],
    [
      "a submission with its answers and comments",
      () => `/submissions/${seeded.programId}/${seeded.candidates[0]}`,
      () => [APPLICANTS[0]!.text, ...SHOWN.map((p) => p.text)],
    ],
    ["candidate statistics", () => "/admin/allcandidates", () => APPLICANTS.map(listed)],
    ["assign reviewers", () => "/admin/assign-reviewers", () => APPLICANTS.map(listed)],
    ["the audit log", () => "/organization/audit-log", () => [PROGRAM_NAME.text, GROUP_NAME.text]],
  ];

  for (const [title, path, texts] of adminPages) {
    it(`${title}: shown as text, nothing runs`, async () => {
      const { page, problems } = await openSignedIn(
        browser(),
        baseURL,
        seeded.adminEmail,
        seeded.adminPassword,
      );
      const dialogs = watchDialogs(page);
      await page.goto(`${baseURL}${path()}`);
      await expectShownInert(page, texts(), dialogs, problems);
      await page.context().close();
    });
  }

  it("the applicant portal: shown as text, nothing runs", async () => {
    const { page, problems } = await newPage(browser());
    const dialogs = watchDialogs(page);
    await page.goto(`${baseURL}/login`);
    await submitLogin(page, seeded.applicantEmail, PASSWORD);
    await waitForPath(page, "/portal/applicant");
    await expectShownInert(page, [FORM_TEXT.text, listed(APPLICANTS[0]!)], dialogs, problems);
    await page.context().close();
  });

  it("the form as a guest applicant sees it: shown as text, nothing runs", async () => {
    const { page, problems } = await newPage(browser());
    const dialogs = watchDialogs(page);
    await page.goto(`${baseURL}/form/${seeded.linkId}`);
    await page.getByRole("button", { name: translate("en", "start.guest"), exact: true }).click();
    await expectShownInert(page, [FORM_TEXT.text, ...SHOWN.map((p) => p.text)], dialogs, problems);
    await page.context().close();
  });
});

describe("the browser probes", () => {
  it("hear nothing from the policy on pages as they are: no probe for eval (Zod's, made jitless)", async () => {
    // A refused `new Function` that the page catches logs no console error, but the browser still reports
    // it (Chrome's Issues panel, Lighthouse's "inspector-issues"): the event is what sees it.
    const { page } = await newPage(browser());
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __violations: string[] }).__violations = seen;
      document.addEventListener("securitypolicyviolation", (e) =>
        seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
      );
    });
    const violations = () =>
      page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
    await page.goto(`${baseURL}/login`);
    await page.getByRole("button", { name: "Log in" }).waitFor();
    await page.getByLabel("Email", { exact: true }).fill("nobody@example.test");
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByRole("alert").first().waitFor();
    expect(await violations()).toEqual([]);
    await page.goto(`${baseURL}/form/${seeded.linkId}`);
    await page.getByRole("button", { name: translate("en", "start.guest"), exact: true }).click();
    await page.getByRole("textbox").first().waitFor();
    expect(await violations()).toEqual([]);
    await page.context().close();
  });

  it("see a payload that did become markup: its element, and the policy's refusal to run it", async () => {
    const { page, problems } = await newPage(browser());
    await page.goto(`${baseURL}/login`);
    await page.getByRole("button", { name: "Log in" }).waitFor();
    await page.evaluate(
      (html) => document.body.insertAdjacentHTML("beforeend", html),
      byId("img-onerror").text,
    );
    await page.waitForTimeout(500);
    expect(await page.evaluate(payloadTraces, PROBE)).toEqual(['img[src="x"]', "[onerror]"]);
    expect(problems.some((p) => /Content.Security.Policy/i.test(p))).toBe(true);
    await page.context().close();
  });
});
