import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { demoFormContent } from "../src/server/demo/demo-form";
import { translate } from "../src/shared/i18n/catalog";
import { browserForThisFile, expectAccessible, LAPTOP, newPage, PHONE } from "./support/browser";
import { watchFirstScreen } from "./support/first-screen";
import { publishedDemoForm } from "./support/published-form";
import { openSignedIn, submitLogin, waitForPath } from "./support/sign-in";

const baseURL = inject("baseURL");
const browser = browserForThisFile();
const en = (key: Parameters<typeof translate>[1], vars?: Record<string, string | number>) =>
  translate("en", key, vars);
const fr = (key: Parameters<typeof translate>[1], vars?: Record<string, string | number>) =>
  translate("fr", key, vars);

const PDF_BYTES = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const SUBMISSION_PATH = /^\/form\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/;
/** A save of an application's answers (PATCH). */
const SUBMISSION_API = /^\/api\/submissions\/[0-9a-f-]{36}$/;

async function waitForSubmissionPage(page: Page) {
  await page.waitForURL((url) => SUBMISSION_PATH.test(url.pathname), { timeout: 15_000 });
}
const button = (page: Page, name: string) => page.getByRole("button", { name, exact: true });
async function waitSaved(page: Page, saved: string) {
  await page
    .getByText(new RegExp(`^${saved}`))
    .first()
    .waitFor({ timeout: 15_000 });
}

/** The text of a downloaded PDF, read back with pdftotext. */
async function downloadedPdfText(page: Page, click: () => Promise<void>): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  const file = path.join(mkdtempSync(path.join(tmpdir(), "decisionhub-pdf-")), "application.pdf");
  await download.saveAs(file);
  expect(readFileSync(file).subarray(0, 5).toString()).toBe("%PDF-");
  return execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" });
}

describe("the applicant's side", () => {
  it("a guest fills a branching form with a table and a file, reloads mid-way and finds every answer, submits and downloads the PDF", async () => {
    const { linkId, formName } = await publishedDemoForm(baseURL);
    const { page, problems } = await newPage(browser());
    await page.goto(`${baseURL}/form/${linkId}`);
    await button(page, en("start.guest")).click();
    await waitForSubmissionPage(page);
    await page.getByRole("heading", { name: formName }).first().waitFor();
    await page
      .getByText(en("form.sectionOf", { n: 1, m: 4 }))
      .first()
      .waitFor();

    // Section 1: the identifier and an email the form checks.
    await page.getByLabel("Organization or applicant name").fill("Élodie Dœuf");
    const email = page.getByLabel("Contact email");
    await email.fill("elodie@");
    await email.blur();
    await page.getByText(en("answer.email")).waitFor();
    await email.fill("elodie@example.org");
    await expectAccessible(page);
    await button(page, en("form.next")).click();

    // Section 2: a paragraph, a checkbox, and the smart question (Yes leads to the partners section).
    await page
      .getByText(en("form.sectionOf", { n: 2, m: 4 }))
      .first()
      .waitFor();
    await page.getByLabel("Describe your project").fill("A summer theatre workshop for teenagers.");
    await page.getByRole("checkbox", { name: "Arts" }).check();
    await page.getByRole("radio", { name: "Yes" }).check();
    await waitSaved(page, en("form.saved"));

    // A reload keeps every answer.
    await page.reload();
    await page.getByLabel("Organization or applicant name").waitFor();
    expect(await page.getByLabel("Organization or applicant name").inputValue()).toBe("Élodie Dœuf");
    expect(await page.getByLabel("Contact email").inputValue()).toBe("elodie@example.org");
    await button(page, en("form.next")).click();
    expect(await page.getByLabel("Describe your project").inputValue()).toBe(
      "A summer theatre workshop for teenagers.",
    );
    expect(await page.getByRole("checkbox", { name: "Arts" }).isChecked()).toBe(true);
    expect(await page.getByRole("radio", { name: "Yes" }).isChecked()).toBe(true);
    await button(page, en("form.next")).click();

    // Section 3 (reached by "Yes"), then the budget table and a PDF.
    await page
      .getByText(en("form.sectionOf", { n: 3, m: 4 }))
      .first()
      .waitFor();
    await page.getByLabel("Who are your partners").fill("The city library hosts the shows.");
    await button(page, en("form.next")).click();
    await page
      .getByText(en("form.sectionOf", { n: 4, m: 4 }))
      .first()
      .waitFor();
    await button(page, en("form.addRow")).click();
    await page.getByLabel(en("form.cell", { column: "Item", n: 1 })).fill("Venue rental");
    await page.getByLabel(en("form.cell", { column: "Amount (CAD)", n: 1 })).fill("2400");
    await page.locator('input[type="file"]').setInputFiles({
      name: "budget.pdf",
      mimeType: "application/pdf",
      buffer: PDF_BYTES,
    });
    await button(page, en("file.download", { name: "budget.pdf" })).waitFor();
    await expectAccessible(page);

    // Back walks the visited sections; Next returns.
    await button(page, en("form.back")).click();
    await page
      .getByText(en("form.sectionOf", { n: 3, m: 4 }))
      .first()
      .waitFor();
    await button(page, en("form.next")).click();
    await page
      .getByText(en("form.sectionOf", { n: 4, m: 4 }))
      .first()
      .waitFor();
    await waitSaved(page, en("form.saved"));

    await button(page, en("form.submit")).click();
    const dialog = page.getByRole("dialog", { name: en("form.submitTitle") });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: en("form.submit"), exact: true }).click();
    await page.getByText("Your response has been recorded.").waitFor();

    const text = await downloadedPdfText(page, () => button(page, en("form.exportPdf")).click());
    for (const expected of ["Élodie Dœuf", "Describe your project", "Venue rental", "2400", "budget.pdf"]) {
      expect(text).toContain(expected);
    }
    expect(problems).toEqual([]);
  });

  it("typing is never lost: Next right after typing keeps it, a page closed within the pause keeps it", async () => {
    // docs/decisions/045-keystrokes.md: typed text waits for a pause before the form re-renders with it.
    const { linkId } = await publishedDemoForm(baseURL);
    const { page, problems } = await newPage(browser());
    await page.goto(`${baseURL}/form/${linkId}`);
    await button(page, en("start.guest")).click();
    await waitForSubmissionPage(page);
    const name = page.getByLabel("Organization or applicant name");
    const email = page.getByLabel("Contact email");

    // Keys, then Next at once: the required answers just typed count (Next is not held back) and are kept.
    await name.pressSequentially("Quick Typist");
    await email.pressSequentially("quick@example.org");
    await button(page, en("form.next")).click();
    const project = page.getByLabel("Describe your project");
    await project.waitFor();
    await button(page, en("form.back")).click();
    expect(await name.inputValue()).toBe("Quick Typist");
    expect(await email.inputValue()).toBe("quick@example.org");
    await button(page, en("form.next")).click();
    await waitSaved(page, en("form.saved"));

    // Keys, then the page closed before the pause ends: the browser's copy has them, and they are saved.
    await project.pressSequentially("Typed right before closing");
    const context = page.context();
    await page.close({ runBeforeUnload: false });
    const reopened = await context.newPage();
    reopened.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    await reopened.goto(`${baseURL}/form/${linkId}`);
    await reopened.getByLabel("Organization or applicant name").waitFor();
    await button(reopened, en("form.next")).click();
    expect(await reopened.getByLabel("Describe your project").inputValue()).toBe(
      "Typed right before closing",
    );
    await waitSaved(reopened, en("form.saved"));
    await reopened.reload();
    await button(reopened, en("form.next")).click();
    expect(await reopened.getByLabel("Describe your project").inputValue()).toBe(
      "Typed right before closing",
    );
    expect(problems).toEqual([]);
  });

  it("Submit right after typing sends the last characters", async () => {
    const { linkId } = await publishedDemoForm(baseURL, {
      // The demo form's first section alone: Submit is on it.
      content: (programName) => {
        const content = demoFormContent(programName);
        return { ...content, sections: content.sections.slice(0, 1) };
      },
    });
    const { page, problems } = await newPage(browser());
    await page.goto(`${baseURL}/form/${linkId}`);
    await button(page, en("start.guest")).click();
    await waitForSubmissionPage(page);
    const saved: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "PATCH" && SUBMISSION_API.test(new URL(request.url()).pathname))
        saved.push(request.postData() ?? "");
    });
    await page.getByLabel("Organization or applicant name").pressSequentially("Last Keys");
    await page.getByLabel("Contact email").pressSequentially("last@example.org");
    await page.getByLabel("Website").pressSequentially("https://example.org/last");
    await button(page, en("form.submit")).click();
    const dialog = page.getByRole("dialog", { name: en("form.submitTitle") });
    await dialog.getByRole("button", { name: en("form.submit"), exact: true }).click();
    await page.getByText("Your response has been recorded.").waitFor();
    expect(saved.at(-1)).toContain("https://example.org/last");
    expect(saved.at(-1)).toContain("last@example.org");
    expect(problems).toEqual([]);
  });

  it("a guest emails themself a link to continue, and a fresh browser opening it takes over the draft, once", async () => {
    const { linkId } = await publishedDemoForm(baseURL);
    const first = await newPage(browser());
    await first.page.goto(`${baseURL}/form/${linkId}`);
    await button(first.page, en("start.guest")).click();
    await waitForSubmissionPage(first.page);
    const draftPath = new URL(first.page.url()).pathname;
    const email = `wanderer-${Date.now()}@example.org`;
    await first.page.getByLabel("Organization or applicant name").fill("Wandering Guest");
    await first.page.getByLabel("Contact email").fill(email);
    await button(first.page, en("continue.ask")).click();
    await first.page.getByText(en("continue.sent", { email, hours: 72 })).waitFor();
    await expectAccessible(first.page);

    // The link, as the development mailbox shows the email (its token after "#").
    const mailbox = (await (await fetch(`${baseURL}/api/dev/mailbox`)).json()) as {
      messages: { kind: string; to: string[]; text: string }[];
    };
    const sent = mailbox.messages.find((m) => m.kind === "guest-continue-link" && m.to.includes(email));
    const link = /https?:\/\/\S+\/continue-application#[\w-]+/.exec(sent?.text ?? "")?.[0];
    expect(link).toBeDefined();

    // Another browser (a fresh context: none of the first one's storage) opens it and carries on.
    const second = await newPage(browser());
    await second.page.goto(link!.replace(/^https?:\/\/[^/]+/, baseURL));
    await second.page.waitForURL((url) => url.pathname === draftPath, { timeout: 15_000 });
    const name = second.page.getByLabel("Organization or applicant name");
    await name.waitFor();
    expect(await name.inputValue()).toBe("Wandering Guest");
    expect(await second.page.getByLabel("Contact email").inputValue()).toBe(email);
    await name.fill("Wandering Guest, continued");
    await waitSaved(second.page, en("form.saved"));
    await expectAccessible(second.page);

    // The link works once: opened again, it says so.
    const third = await newPage(browser());
    await third.page.goto(link!.replace(/^https?:\/\/[^/]+/, baseURL));
    await third.page.getByText(en("continue.failed")).waitFor();
    expect([...first.problems, ...second.problems, ...third.problems]).toEqual([]);
  });

  it("a signed-in applicant who opens a link and leaves leaves no row; the first answer creates the application, kept on reload", async () => {
    const { linkId, adminEmail, password } = await publishedDemoForm(baseURL);
    const email = `opener-${Date.now()}@example.test`;
    const created = await fetch(`${baseURL}/api/users/create`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseURL },
      body: JSON.stringify({
        displayName: "Oona Opener",
        email,
        password: "opener-password",
        applicant: true,
      }),
    });
    expect(created.status).toBe(201);
    const { page, problems } = await openSignedIn(browser(), baseURL, email, "opener-password");

    // Opened and left: the form shows, under the link's own address, and nothing is created.
    await page.goto(`${baseURL}/form/${linkId}`);
    await page
      .getByText(en("form.sectionOf", { n: 1, m: 4 }))
      .first()
      .waitFor();
    await page.getByLabel("Organization or applicant name").waitFor();
    expect(new URL(page.url()).pathname).toBe(`/form/${linkId}`);
    await page.goto(`${baseURL}/portal/applicant`);
    await page.getByText(en("portal.empty")).waitFor();

    // The program's admin, drafts shown too: no application.
    const admin = await openSignedIn(browser(), baseURL, adminEmail, password);
    const candidates = async () => {
      await admin.page.goto(`${baseURL}/applications?adminMode=true`);
      await admin.page.getByRole("heading", { name: "Candidate Submissions" }).first().waitFor();
      expect(await admin.page.getByLabel("Admin Mode").isChecked()).toBe(true);
    };
    await candidates();
    await admin.page.getByText("There are no applications for you to review yet.").waitFor();

    // The first answer, while its save cannot reach the server: kept in this browser, not lost on a reload.
    await page.goto(`${baseURL}/form/${linkId}`);
    await page.route("**/api/submissions/start", (route) => route.abort());
    await page.getByLabel("Organization or applicant name").fill("Lazy Row");
    await page.getByText(en("form.offline")).first().waitFor({ timeout: 15_000 });
    await page.unroute("**/api/submissions/start");
    // The page asks before leaving with unsaved answers: leave.
    page.once("dialog", (dialog) => void dialog.accept());
    await page.reload();
    await page.getByLabel("Organization or applicant name").waitFor();
    expect(await page.getByLabel("Organization or applicant name").inputValue()).toBe("Lazy Row");
    // Saved now, with the next answer: the first save creates the application (the address bar then names
    // it), and a reload keeps it.
    await page.getByLabel("Organization or applicant name").fill("Lazy Row Theatre");
    await waitForSubmissionPage(page);
    await page.reload();
    await page.getByLabel("Organization or applicant name").waitFor();
    expect(await page.getByLabel("Organization or applicant name").inputValue()).toBe("Lazy Row Theatre");
    // Opening the link again resumes it.
    await page.goto(`${baseURL}/form/${linkId}`);
    await waitForSubmissionPage(page);
    expect(await page.getByLabel("Organization or applicant name").inputValue()).toBe("Lazy Row Theatre");

    await candidates();
    await admin.page.getByRole("row").filter({ hasText: "Lazy Row Theatre" }).first().waitFor();
    expect([...problems, ...admin.problems]).toEqual([]);
  });

  it("in French: an applicant creates an account, submits, unsubmits and edits from the portal; another applicant cannot open it", async () => {
    const { linkId } = await publishedDemoForm(baseURL, { allowEdit: true });
    const { page, problems } = await newPage(browser());
    await page.goto(`${baseURL}/form/${linkId}`);
    await button(page, "Français").first().click();
    await button(page, fr("start.createAccount")).click();
    const email = `applicante-${Date.now()}@example.test`;
    await page.getByLabel(fr("signup.name")).fill("Zoé Tremblay");
    await page.getByLabel(fr("signup.email")).fill(email);
    await page.getByLabel(fr("signup.password"), { exact: true }).fill("applicant-password");
    await page.getByLabel(fr("signup.confirmPassword")).fill("applicant-password");
    await button(page, fr("signup.submit")).click();

    // The form's own French text, and French messages.
    await page
      .getByText(fr("form.sectionOf", { n: 1, m: 4 }))
      .first()
      .waitFor();
    await page.getByLabel("Nom de l'organisme ou du demandeur").fill("Zoé Tremblay");
    // The first answer's save creates the application; the address bar then shows its address.
    await waitForSubmissionPage(page);
    const submissionUrl = page.url();
    const contact = page.getByLabel("Courriel de contact");
    await contact.fill("zoe");
    await contact.blur();
    await page.getByText(fr("answer.email")).waitFor();
    await contact.fill("zoe@example.org");
    await button(page, fr("form.next")).click();
    await page.getByLabel("Décrivez votre projet").fill("Un atelier de théâtre.");
    // "Non" skips the partners section: section 4 of 4 comes next.
    await page.getByRole("radio", { name: "Non" }).check();
    await button(page, fr("form.next")).click();
    await page
      .getByText(fr("form.sectionOf", { n: 4, m: 4 }))
      .first()
      .waitFor();
    await button(page, fr("form.addRow")).click();
    await page.getByLabel(fr("form.cell", { column: "Poste", n: 1 })).fill("Costumes");
    await expectAccessible(page);
    await button(page, fr("form.submit")).click();
    const dialog = page.getByRole("dialog", { name: fr("form.submitTitle") });
    await dialog.getByRole("button", { name: fr("form.submit"), exact: true }).click();
    await page.getByText(fr("page.submittedTitle")).first().waitFor();
    const text = await downloadedPdfText(page, () => button(page, fr("form.exportPdf")).click());
    for (const expected of ["Zoé Tremblay", "Décrivez votre projet", "Costumes", fr("pdf.noAnswer")]) {
      expect(text).toContain(expected);
    }

    // The portal: submitted (a badge, not a checkbox), under review; Unsubmit & Edit asks first, then opens
    // the form again, which says the application must be submitted again.
    await page.goto(`${baseURL}/portal/applicant`);
    const row = page.getByRole("row").filter({ hasText: "Zoé Tremblay" });
    await row.getByText(fr("outcome.underReview")).waitFor();
    expect(await row.getByRole("checkbox").count()).toBe(0);
    expect(await row.getByText(fr("status.submitted"), { exact: true }).count()).toBeGreaterThan(0);
    expect(await page.getByRole("columnheader", { name: "Dernière évaluation" }).count()).toBe(0);
    await expectAccessible(page);
    await button(page, fr("portal.unsubmitEditLabel", { name: "Zoé Tremblay" })).click();
    const confirm = page.getByRole("dialog", { name: fr("portal.unsubmitTitle") });
    await confirm.getByRole("button", { name: fr("portal.cancel"), exact: true }).click();
    await confirm.waitFor({ state: "hidden" });
    expect(page.url()).toContain("/portal/applicant");
    await button(page, fr("portal.unsubmitEditLabel", { name: "Zoé Tremblay" })).click();
    await confirm.getByRole("button", { name: fr("portal.unsubmitEdit"), exact: true }).click();
    await waitForSubmissionPage(page);
    await page.getByText(fr("form.resubmitNotice")).waitFor();
    await page.getByLabel("Nom de l'organisme ou du demandeur").fill("Zoé Tremblay-Roy");
    await waitSaved(page, fr("form.saved"));
    await page.goto(`${baseURL}/portal/applicant`);
    await button(page, fr("portal.editLabel", { name: "Zoé Tremblay-Roy" })).waitFor();
    expect(problems).toEqual([]);

    // Another applicant: no access, sent to their own portal.
    const other = await newPage(browser());
    const otherEmail = `other-applicant-${Date.now()}@example.test`;
    const created = await fetch(`${baseURL}/api/users/create`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseURL },
      body: JSON.stringify({
        displayName: "Olga Other",
        email: otherEmail,
        password: "other-password",
        applicant: true,
      }),
    });
    expect(created.status).toBe(201);
    await other.page.goto(`${baseURL}/login`);
    await submitLogin(other.page, otherEmail, "other-password");
    await waitForPath(other.page, "/portal/applicant");
    await other.page.goto(submissionUrl);
    await other.page
      .getByText(/does not have access to this submission/)
      .first()
      .waitFor();
    await waitForPath(other.page, "/portal/applicant");
    expect(await other.page.getByText("Zoé Tremblay").count()).toBe(0);
  });
});

describe("the form's first screen (docs/decisions/047-form-first-screen.md)", () => {
  /** The form's name with scripts off (what the HTML alone paints) at `url`. */
  async function staticNameBox(url: string, viewport: { width: number; height: number }, formName: string) {
    const context = await browser().newContext({ viewport, javaScriptEnabled: false });
    const still = await context.newPage();
    await still.goto(url);
    const box = await still.getByRole("heading", { level: 1, name: formName }).boundingBox();
    await context.close();
    return box;
  }

  it("is in the HTML of the link and of a guest's draft, drawn where the page draws the form's name at 390 and 1280 px, and stays until the page comes", async () => {
    const { linkId, formName } = await publishedDemoForm(baseURL);
    for (const viewport of [PHONE, LAPTOP]) {
      const { page, problems } = await newPage(browser(), viewport);
      for (const step of ["the link", "a guest's draft"] as const) {
        const where = `${step}, ${viewport.width} px`;
        const url = step === "the link" ? `${baseURL}/form/${linkId}` : page.url();
        const staticBox = await staticNameBox(url, viewport, formName);
        // The draft is opened again in the guest's browser, which holds its token.
        const firstScreen = await watchFirstScreen(page);
        await page.goto(url);
        await (step === "the link"
          ? button(page, en("start.guest"))
          : page.getByLabel("Organization or applicant name")
        ).waitFor();
        const seen = await firstScreen();
        const box = await page.getByRole("heading", { level: 1, name: formName }).boundingBox();
        expect(staticBox, where).not.toBeNull();
        expect(box, where).toEqual(staticBox);
        expect(seen.headingLeft, where).toBe(false);
        expect(seen.loaderShown, where).toBe(false);
        // The form's name, drawn again by React at the same size, is not a larger paint.
        expect(seen.largest, where).toEqual([seen.paints["first-contentful-paint"]]);
        if (step === "the link") {
          await button(page, en("start.guest")).click();
          await waitForSubmissionPage(page);
        }
      }
      expect(problems).toEqual([]);
      await page.context().close();
    }
  });
});
