import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { MACHINE_MADE } from "../src/client/features/form-builder/customization/translations";
import { newQuestion, newSection } from "../src/shared/forms/defaults";
import type { FormContent } from "../src/shared/forms/model";
import { FORM_MESSAGES } from "../src/shared/forms/publish-check";
import { translate } from "../src/shared/i18n/catalog";
import { signUpOrganization } from "./support/accounts";
import { browserForThisFile, expectAccessible, newPage } from "./support/browser";
import { submitLogin, waitForPath } from "./support/sign-in";

const baseURL = inject("baseURL");
const browser = browserForThisFile();

/** A fresh organization's admin with a new current program: nothing here touches the demo data. */
async function adminWithProgram(
  programName: string,
): Promise<{ page: Page; problems: string[]; programId: string }> {
  const password = "form-builder-password";
  const email = await signUpOrganization(baseURL, { password, emailPrefix: "form-builder" });
  const { page, problems } = await newPage(browser());
  await page.goto(`${baseURL}/login`);
  await submitLogin(page, email, password);
  await waitForPath(page, "/programs");
  const created = await page.evaluate(async (displayName) => {
    const response = await fetch("/api/programs", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ displayName }),
    });
    return { status: response.status, body: (await response.json()) as { program: { id: string } } };
  }, programName);
  expect(created.status).toBe(201);
  await page.reload();
  await page.getByRole("button", { name: `View ${programName}`, exact: true }).click();
  await page.getByText(`Current program: ${programName}`).waitFor();
  return { page, problems, programId: created.body.program.id };
}

const sectionOf = (page: Page, n: number, of: number) =>
  page.getByRole("region", { name: `Section ${n} of ${of}` });
const questionOf = (section: Locator, n: number) =>
  section.getByRole("group", { name: `Question ${n}`, exact: true });

async function addQuestion(section: Locator, sectionNumber: number, type: string, name: string, n: number) {
  await section.getByRole("button", { name: `Add question to section ${sectionNumber}` }).click();
  const question = questionOf(section, n);
  await question.getByLabel("Question", { exact: true }).fill(name);
  await question.getByLabel("Question type").selectOption({ label: type });
  return question;
}

async function addOptions(question: Locator, values: string[]) {
  for (const value of values) {
    await question.getByRole("button", { name: "Add option" }).click();
    const count = await question.getByLabel(/^Option \d+$/).count();
    await question.getByLabel(`Option ${count}`, { exact: true }).fill(value);
  }
}

/** Saves now and waits for the server's confirmation. */
async function saveNow(page: Page) {
  // Looked up inside the header's group: resolving a button name across a 1,000-question page is slow.
  await page
    .getByRole("group", { name: "Form actions" })
    .getByRole("button", { name: "Save", exact: true })
    .click();
  await page
    .getByRole("status")
    .filter({ hasText: /^Last saved/ })
    .waitFor();
}

describe("form builder", () => {
  it("builds a form of every question type, keeps it, deletes and restores a section, publishes and unpublishes", async () => {
    const { page, problems, programId } = await adminWithProgram(`Form Program ${Date.now()}`);

    // /admin/form leads to the current program's builder; a new form has the default two sections.
    await page.goto(`${baseURL}/admin/form`);
    await waitForPath(page, `/admin/form/${programId}`);
    await page.getByRole("heading", { name: "Form Builder", level: 1 }).waitFor();
    const admin = sectionOf(page, 1, 2);
    await admin.waitFor();
    const identifier = questionOf(admin, 1);
    expect(await identifier.getByLabel("Question", { exact: true }).inputValue()).toBe(
      "Unique Identifier - Name",
    );
    expect(await identifier.getByLabel("Question type").isDisabled()).toBe(true);
    expect(await identifier.getByRole("button", { name: "Delete question 1" }).isDisabled()).toBe(true);
    expect(await admin.getByRole("button", { name: "Delete section 1" }).isDisabled()).toBe(true);
    await expectAccessible(page);

    await page.getByLabel("Form name").fill("Community Fund Application");

    // A word limit: the spec's presets, or any other number.
    const shortAnswer = questionOf(admin, 2);
    await shortAnswer.getByRole("switch", { name: "Validation" }).check();
    const wordLimit = shortAnswer.getByLabel("Word limit");
    expect(await wordLimit.locator("option").allTextContents()).toEqual([
      "Choose a limit",
      ...["25", "50", "100", "150", "200", "250", "300"].map((n) => `${n} words`),
      "Custom number",
    ]);
    await wordLimit.selectOption({ label: "150 words" });
    expect(await shortAnswer.getByLabel("Words").count()).toBe(0);
    await wordLimit.selectOption({ label: "Custom number" });
    await shortAnswer.getByLabel("Words").fill("120");

    // A third section, for branching.
    await sectionOf(page, 2, 2).getByRole("button", { name: "Add section after section 2" }).click();
    const third = sectionOf(page, 3, 3);
    await third.getByLabel("Section name").fill("Outreach details");
    const decision = sectionOf(page, 2, 3);
    await decision.getByLabel("Section name").fill("Project");

    // Every type: paragraphs, checkboxes with a selection limit, a smart multiple choice, a file upload, a table.
    const summary = questionOf(decision, 1);
    await summary.getByLabel("Question", { exact: true }).fill("Summary");
    await summary.getByLabel("Question type").selectOption({ label: "Paragraphs" });
    await summary.getByRole("switch", { name: "Validation" }).check();
    await summary.getByLabel("Validation type").selectOption({ label: "Character count" });
    await summary.getByLabel("Characters").fill("500");

    const colours = await addQuestion(decision, 2, "Checkboxes", "Colours", 2);
    await addOptions(colours, ["Red", "Green", "Red"]);
    await colours.getByText(FORM_MESSAGES.duplicateOptions).first().waitFor();
    await colours.getByRole("button", { name: "Remove option 3" }).click();
    await colours.getByRole("switch", { name: "Limit the number of selections" }).check();
    await colours.getByLabel("Number of options").fill("5");
    await colours.getByText(FORM_MESSAGES.selectionCount).waitFor();
    await colours.getByLabel("Number of options").fill("2");

    const track = await addQuestion(decision, 2, "Multiple choice", "Track", 3);
    await addOptions(track, ["Research", "Outreach"]);
    await track.getByRole("switch", { name: "Smart question (branching)" }).check();
    expect(await track.getByRole("switch", { name: "Required" }).isChecked()).toBe(true);
    expect(await track.getByRole("switch", { name: "Required" }).isDisabled()).toBe(true);
    // Branch targets are named by number and title (docs/decisions/039-navigation-and-builder.md).
    await track
      .getByLabel("Route for option 2")
      .selectOption({ label: "Go to section 3 — Outreach details" });

    const files = await addQuestion(decision, 2, "File upload", "Budget", 4);
    await files.getByLabel("Maximum number of files").selectOption("2");
    await files.getByLabel("File type").selectOption({ label: "PDF" });
    expect(await files.getByRole("switch", { name: "Anonymize" }).isDisabled()).toBe(true);

    // Columns are named in the add/edit table column dialog; one without a name is not saved.
    const table = await addQuestion(decision, 2, "Simple table", "Costs", 5);
    await table.getByRole("button", { name: "Edit column 1" }).click();
    const editColumn = page.getByRole("dialog", { name: "Edit table column" });
    await editColumn.getByLabel("Column name").fill("");
    await editColumn.getByRole("button", { name: "Save column" }).click();
    await editColumn.getByText(FORM_MESSAGES.columnName).waitFor();
    await expectAccessible(page);
    await editColumn.getByLabel("Column name").fill("Item");
    await editColumn.getByRole("button", { name: "Save column" }).click();
    await editColumn.waitFor({ state: "detached" });
    await table.getByRole("button", { name: "Add column" }).click();
    const addColumn = page.getByRole("dialog", { name: "Add table column" });
    await addColumn.getByLabel("Column name").fill("Cost");
    await addColumn.getByRole("switch", { name: "Required" }).check();
    await addColumn.getByRole("button", { name: "Save column" }).click();
    await addColumn.waitFor({ state: "detached" });
    await table.getByRole("columnheader", { name: "Cost" }).waitFor();
    await table.getByRole("rowheader", { name: "Answer 5" }).waitFor();
    expect(await table.getByRole("button", { name: "Delete column 1" }).isEnabled()).toBe(true);

    // Keyboard reordering: the table moves above the file upload.
    await table.getByRole("button", { name: "Move question 5 up" }).click();
    expect(await questionOf(decision, 4).getByLabel("Question", { exact: true }).inputValue()).toBe("Costs");
    await expectAccessible(page);

    // Autosave keeps everything across a reload.
    await saveNow(page);
    await page.reload();
    const reloaded = sectionOf(page, 2, 3);
    await reloaded.waitFor();
    expect(await page.getByLabel("Form name").inputValue()).toBe("Community Fund Application");
    expect(await questionOf(reloaded, 2).getByLabel("Option 2", { exact: true }).inputValue()).toBe("Green");
    expect(await questionOf(reloaded, 3).getByLabel("Route for option 2").inputValue()).not.toBe("");
    await questionOf(reloaded, 4).getByRole("columnheader", { name: "Cost" }).waitFor();
    expect(
      await questionOf(sectionOf(page, 1, 3), 2)
        .getByLabel("Words")
        .inputValue(),
    ).toBe("120");
    expect(
      await questionOf(sectionOf(page, 1, 3), 2)
        .getByLabel("Word limit")
        .inputValue(),
    ).toBe("custom");
    expect(await questionOf(reloaded, 5).getByLabel("Maximum number of files").inputValue()).toBe("2");
    expect(await questionOf(reloaded, 1).getByLabel("Characters").inputValue()).toBe("500");

    // Delete a section (asked first), then UNDO.
    await sectionOf(page, 3, 3).getByRole("button", { name: "Delete section 3" }).click();
    const deleteDialog = page.getByRole("dialog", { name: "Delete section" });
    await deleteDialog.waitFor();
    await expectAccessible(page);
    await deleteDialog.getByRole("button", { name: "Delete", exact: true }).click();
    await deleteDialog.waitFor({ state: "detached" });
    await sectionOf(page, 2, 2).waitFor();
    expect(await page.getByRole("region", { name: /^Section 3 of/ }).count()).toBe(0);
    await page.getByRole("button", { name: "UNDO" }).click();
    await sectionOf(page, 3, 3).waitFor();

    // Reorder dialog: keyboard buttons.
    await page.getByRole("button", { name: "Reorder sections" }).click();
    const reorder = page.getByRole("dialog", { name: "Reorder sections" });
    await reorder.waitFor();
    await expectAccessible(page);
    expect(await reorder.getByRole("button", { name: "Move up: Section 1 (Admin Info)" }).isDisabled()).toBe(
      true,
    );
    await page.keyboard.press("Escape");
    await reorder.waitFor({ state: "detached" });

    // Publish: asked first; then the structure is locked.
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    const publishDialog = page.getByRole("dialog", { name: "Publish form" });
    await publishDialog.waitFor();
    await expectAccessible(page);
    await publishDialog.getByRole("button", { name: "Publish", exact: true }).click();
    await publishDialog.waitFor({ state: "detached" });
    await page.getByText("This form is published").waitFor();
    const locked = sectionOf(page, 2, 3);
    expect(await questionOf(locked, 1).getByLabel("Question type").isDisabled()).toBe(true);
    expect(await locked.getByRole("button", { name: "Add question to section 2" }).isDisabled()).toBe(true);
    await questionOf(locked, 2).getByRole("button", { name: "Move question 2 up" }).click();
    await page.getByRole("alert").filter({ hasText: FORM_MESSAGES.moveQuestions }).waitFor();
    // Titles stay editable.
    await questionOf(locked, 1).getByLabel("Question", { exact: true }).fill("Project summary");
    await saveNow(page);
    await expectAccessible(page);

    // Unpublish, after confirming: no submissions yet, so the form is a draft again.
    await page.getByRole("button", { name: "Unpublish" }).click();
    const confirmUnpublish = page.getByRole("dialog", { name: "Unpublish the form?" });
    await confirmUnpublish.getByRole("button", { name: "Unpublish" }).click();
    await page.getByRole("button", { name: "Publish", exact: true }).waitFor();
    expect(
      await questionOf(sectionOf(page, 2, 3), 1)
        .getByLabel("Question type")
        .isEnabled(),
    ).toBe(true);
    expect(problems).toEqual([]);
  });

  it("outlines the sections, jumps to one by keyboard, folds cards one by one or all at once, and names branch targets by title", async () => {
    const { page, problems, programId } = await adminWithProgram(`Outline Program ${Date.now()}`);
    await page.goto(`${baseURL}/admin/form/${programId}`);
    await sectionOf(page, 2, 2).getByRole("button", { name: "Add section after section 2" }).click();
    await sectionOf(page, 3, 3).getByLabel("Section name").fill("Budget");
    const outline = page.getByRole("navigation", { name: "Outline" });
    await outline.getByRole("button", { name: "Section 3 — Budget" }).waitFor();
    expect(await outline.getByRole("listitem").allTextContents()).toEqual([
      "Section 1 — Admin Info2 questions",
      "Section 2 — Decision Criteria1 question",
      "Section 3 — Budget1 question",
    ]);

    // The first section's next section is chosen among later sections by their titles.
    const first = sectionOf(page, 1, 3);
    const after = first.getByLabel("After this section");
    expect(await after.locator("option").allTextContents()).toEqual([
      "Continue to next section",
      "Go to section 2 — Decision Criteria",
      "Go to section 3 — Budget",
    ]);

    // Enter on an outline entry brings its section's heading into focus.
    await outline.getByRole("button", { name: "Section 3 — Budget" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Section 3 of 3");

    // A question folds to its title and unfolds, by keyboard.
    const identifier = questionOf(first, 1);
    const toggle = identifier.getByRole("button", { name: "Collapse question 1" });
    await toggle.focus();
    await page.keyboard.press("Enter");
    const expand = identifier.getByRole("button", { name: "Expand question 1" });
    expect(await expand.getAttribute("aria-expanded")).toBe("false");
    await identifier.getByText("Unique Identifier - Name · Identifier").waitFor();
    expect(await identifier.getByLabel("Question", { exact: true }).count()).toBe(0);
    await expectAccessible(page);
    await expand.press("Enter");
    await identifier.getByLabel("Question", { exact: true }).waitFor();

    // Collapse all leaves the titles; Expand all brings every card back.
    await outline.getByRole("button", { name: "Collapse all" }).click();
    await first.getByText("Admin Info · 2 questions").waitFor();
    expect(await page.getByLabel("Section name").count()).toBe(0);
    await expectAccessible(page);
    // Jumping to a folded section unfolds it.
    await outline.getByRole("button", { name: "Section 2 — Decision Criteria" }).click();
    await sectionOf(page, 2, 3).getByLabel("Section name").waitFor();
    expect(await page.getByLabel("Section name").count()).toBe(1);
    await outline.getByRole("button", { name: "Expand all" }).click();
    await expect.poll(() => page.getByLabel("Section name").count()).toBe(3);
    if (process.env.E2E_SCREENSHOT_DIR) {
      await page.screenshot({ path: path.join(process.env.E2E_SCREENSHOT_DIR, "builder-outline-1280.png") });
    }
    expect(problems).toEqual([]);
  });

  it("opened for another program than the current one, makes it the current program in the top bar", async () => {
    const first = `Picker First ${Date.now()}`;
    const { page, problems } = await adminWithProgram(first);
    // A second program (Starter allows two), made without changing the current program.
    const second = `Picker Second ${Date.now()}`;
    const secondId = await page.evaluate(async (displayName) => {
      const session = (await (await fetch("/api/auth/get-session")).json()) as { user: { id: string } };
      const profile = (await (await fetch(`/api/users/${session.user.id}`)).json()) as {
        adminOrganization: string;
      };
      const { plans } = (await (await fetch("/api/plans")).json()) as {
        plans: { _id: string; name: string }[];
      };
      const starter = plans.find((plan) => plan.name === "Starter")!;
      const post = (path: string, body: unknown) =>
        fetch(path, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });
      await post("/api/organizations/updatePlan", { orgId: profile.adminOrganization, planId: starter._id });
      const created = await post("/api/programs", { displayName });
      return ((await created.json()) as { program: { id: string } }).program.id;
    }, second);
    await page.getByRole("button", { name: `Current program: ${first}` }).waitFor();

    await page.goto(`${baseURL}/admin/form/${secondId}`);
    await sectionOf(page, 1, 2).waitFor();
    await page.getByRole("button", { name: `Current program: ${second}` }).waitFor();
    // It stays the current program for the other pages.
    await page.goto(`${baseURL}/admin/form`);
    await waitForPath(page, `/admin/form/${secondId}`);
    expect(problems).toEqual([]);
  });

  it("previews a draft, publishes, schedules a close, closes and reopens after confirming, the public address surviving the new link, and refuses to unpublish once an application is in", async () => {
    const programName = `Access Program ${Date.now()}`;
    const { page, problems, programId } = await adminWithProgram(programName);
    await page.goto(`${baseURL}/admin/form/${programId}`);
    await sectionOf(page, 1, 2).waitFor();

    // The preview link opens the draft, with the note that preview does not stop anyone advancing.
    await page.getByRole("button", { name: "Get Preview Link" }).click();
    const previewDialog = page.getByRole("dialog", { name: "Preview link" });
    const previewUrl = await previewDialog.getByRole("textbox", { name: "Preview link" }).inputValue();
    expect(previewUrl).toMatch(/\/form-preview\/[0-9a-f-]{36}$/);
    await page.keyboard.press("Escape");
    await previewDialog.waitFor({ state: "detached" });
    const preview = await newPage(browser());
    await preview.page.goto(previewUrl);
    await preview.page.getByRole("heading", { name: programName }).first().waitFor();
    await preview.page.getByText(translate("en", "form.previewNote")).waitFor();
    await expectAccessible(preview.page);

    await page.getByRole("button", { name: "Publish", exact: true }).click();
    const publishDialog = page.getByRole("dialog", { name: "Publish form" });
    await publishDialog.getByRole("button", { name: "Publish", exact: true }).click();
    await page.getByText("This form is published").waitFor();
    await preview.page.reload();
    await preview.page.getByText(FORM_MESSAGES.previewDisabled).waitFor();

    const applicantLink = async () => {
      await page.getByRole("button", { name: "Get Link for Applicants" }).click();
      const dialog = page.getByRole("dialog", { name: "Link for applicants" });
      const url = await dialog.getByRole("textbox", { name: "Applicant link" }).inputValue();
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
      return url;
    };
    const firstLink = await applicantLink();
    expect(firstLink).toMatch(/\/form\/[0-9a-f-]{36}$/);

    // Beside it, the public address (from the program's name), with its Copy button: it outlives reopenings.
    await page.getByRole("button", { name: "Get Link for Applicants" }).click();
    const linkDialog = page.getByRole("dialog", { name: "Link for applicants" });
    const stableAddress = await linkDialog.getByRole("textbox", { name: "Public address" }).inputValue();
    expect(stableAddress).toMatch(/\/apply\/[a-z0-9-]+-org-\d+\/access-program-\d+$/);
    await linkDialog.getByRole("button", { name: "Copy public address" }).waitFor();
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await linkDialog.waitFor({ state: "detached" });

    // Schedule a close three days ahead, then close now, then reopen: a new applicant link.
    await page.getByRole("button", { name: "Manage Applicant Access" }).click();
    const access = page.getByRole("dialog", { name: "Manage Applicant Access" });
    // The picker opens on the default close, 7 days ahead, at this time of day: pick the day 3 days ahead.
    const inThreeDays = new Date(Date.now() + 3 * 86_400_000);
    const inSevenDays = new Date(Date.now() + 7 * 86_400_000);
    await access.getByLabel("Close on").click();
    if (inThreeDays.getMonth() !== inSevenDays.getMonth()) {
      await page.getByRole("button", { name: "Previous month" }).click();
    }
    const day = inThreeDays.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" });
    await page.getByRole("button", { name: day, exact: true }).click();
    await page.getByRole("button", { name: "Done", exact: true }).click();
    await access.getByRole("button", { name: "Schedule close" }).click();
    const closesIn = /^Closes in (2 days and 23 hours|3 days and 0 hours)$/;
    await access.getByText(closesIn).waitFor();
    // Close now asks first (keyboard: the dialog opens on Cancel, Escape cancels).
    await access.getByRole("button", { name: "Close now" }).click();
    const confirmClose = page.getByRole("dialog", { name: "Close the form now?" });
    await confirmClose.waitFor();
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await confirmClose.waitFor({ state: "detached" });
    await access.getByText(closesIn).waitFor();
    await access.getByRole("button", { name: "Close now" }).click();
    await confirmClose.getByRole("button", { name: "Close now" }).click();
    await access.getByText("Not accepting responses").waitFor();

    // Closed: the public address shows the closed page, naming the organization.
    await preview.page.goto(stableAddress);
    await preview.page.getByText(translate("en", "form.closed")).waitFor();
    await preview.page.getByText(/^Questions\? Contact .+ Org \d+, who runs this program\.$/).waitFor();
    await expectAccessible(preview.page);

    // Reopen asks first, and keeps the close scheduled before closing early.
    await access.getByRole("button", { name: "Reopen" }).click();
    const confirmReopen = page.getByRole("dialog", { name: "Reopen the form?" });
    expect(
      await confirmReopen.getByRole("checkbox", { name: /^Keep the scheduled close: / }).isChecked(),
    ).toBe(true);
    await confirmReopen.getByRole("button", { name: "Reopen" }).click();
    await access.getByText("Accepting responses", { exact: true }).waitFor();
    await access.getByText(closesIn).waitFor();
    await page.keyboard.press("Escape");
    await access.waitFor({ state: "detached" });
    const secondLink = await applicantLink();
    expect(secondLink).not.toBe(firstLink);

    // The same public address now opens the form through the new link, with the organization and the close date.
    await preview.page.goto(stableAddress);
    await preview.page.getByRole("heading", { name: programName }).first().waitFor();
    await preview.page.getByText(/^Offered by .+ Org \d+$/).waitFor();
    await preview.page
      .getByText(/^Closes in (2 days and 2[23] hours|3 days and 0 hours) · Closes on /)
      .waitFor();
    await preview.page.getByRole("button", { name: translate("en", "start.guest") }).waitFor();
    await expectAccessible(preview.page);
    // The spec's first link stays closed.
    await preview.page.goto(firstLink);
    await preview.page.getByText(translate("en", "form.closed")).waitFor();

    // An application arrives on the new link (through the API, as an applicant's browser would send it).
    const linkId = secondLink.split("/").pop()!;
    const submitted = await preview.page.evaluate(async (linkId) => {
      const json = { "content-type": "application/json" };
      const view = await (await fetch(`/api/forms/link/${linkId}`)).json();
      const opened = await (
        await fetch("/api/submissions", { method: "POST", headers: json, body: JSON.stringify({ linkId }) })
      ).json();
      const headers = { ...json, "x-submission-token": opened.token };
      const section = view.form.sections[0];
      const identifier = section.questions.find((q: { type: string }) => q.type === "IDENTIFIER");
      const answers = [
        {
          questionId: identifier._id,
          sectionId: section._id,
          type: "IDENTIFIER",
          answerString: "First applicant",
          answerArray: [],
          answerMatrix: [],
        },
      ];
      await fetch(`/api/submissions/${opened.submissionId}`, {
        method: "PATCH",
        headers,
        body: JSON.stringify({ revision: 0, answers }),
      });
      const done = await fetch(`/api/submissions/submissionDate/${opened.submissionId}`, {
        method: "PATCH",
        headers,
        body: JSON.stringify({ submitted: true, revision: 1 }),
      });
      return done.status;
    }, linkId);
    expect(submitted).toBe(200);

    await page.getByRole("button", { name: "Unpublish" }).click();
    await page
      .getByRole("dialog", { name: "Unpublish the form?" })
      .getByRole("button", { name: "Unpublish" })
      .click();
    await page.getByText("This form has submitted applications: it cannot be unpublished.").waitFor();
    expect(await page.getByText("This form is published").isVisible()).toBe(true);
    expect(problems).toEqual([]);
    expect(preview.problems).toEqual([]);
  });

  it("stays responsive with 40 sections of 25 questions", async () => {
    const sections = 40;
    const { page, programId } = await adminWithProgram(`Large Form ${Date.now()}`);
    // The big form is saved through the API, as a builder session would have saved it.
    const status = await page.evaluate(
      async ({ programId, sections: largeSections }) => {
        const loaded = (await (await fetch(`/api/forms/program/${programId}`)).json()) as {
          form: FormContent & { _id: string; revision: number };
        };
        const { form } = loaded;
        const content = {
          name: form.name,
          description: form.description,
          settings: form.settings,
          sections: largeSections,
        };
        content.sections[0]!.questions[0] = form.sections[0]!.questions[0]!;
        const saved = await fetch(`/api/forms/${form._id}`, {
          method: "PUT",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ revision: form.revision, content }),
        });
        return saved.status;
      },
      {
        programId,
        sections: Array.from({ length: sections }, (_, s) => ({
          ...newSection(`Section ${s + 1}`),
          questions: Array.from({ length: 25 }, (_, q) =>
            newQuestion("SHORT_ANSWER", `Question ${s + 1}.${q + 1}`),
          ),
        })),
      },
    );
    expect(status).toBe(200);

    const opened = Date.now();
    await page.goto(`${baseURL}/admin/form/${programId}`);
    await sectionOf(page, 1, sections).waitFor({ timeout: 30_000 });
    const firstPaintMs = Date.now() - opened;
    const last = sectionOf(page, sections, sections);
    await last.waitFor({ timeout: 90_000 });
    const loadMs = Date.now() - opened;

    // Typing in one question re-renders that question only. The browser's Event Timing API measures each
    // keystroke from input to the next paint, without the test driver's own overhead.
    const measured = await page.evaluate(() => {
      if (!PerformanceObserver.supportedEntryTypes.includes("event")) return false;
      const durations: number[] = [];
      (window as unknown as { keystrokes: number[] }).keystrokes = durations;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (entry.name === "keydown") durations.push(entry.duration);
      }).observe({ type: "event", durationThreshold: 16, buffered: false } as PerformanceObserverInit);
      return true;
    });
    expect(measured).toBe(true);
    const field = questionOf(last, 25).getByLabel("Question", { exact: true });
    await field.click();
    await page.keyboard.press("End");
    const typed = " typed quickly by the admin";
    await page.keyboard.type(typed);
    await expect.poll(() => field.inputValue()).toBe(`Question ${sections}.25${typed}`);
    const slow = await page.evaluate(() => (window as unknown as { keystrokes: number[] }).keystrokes);
    const slowest = Math.max(0, ...slow);
    console.info(
      `${sections}×25 form: first section in ${firstPaintMs} ms, all in ${loadMs} ms; ${slow.length} of ${typed.length} keystrokes over 16 ms, slowest ${slowest} ms`,
    );
    // 200 ms: the "good" responsiveness threshold of Interaction to Next Paint.
    expect(slowest).toBeLessThan(200);
    await saveNow(page);
  });

  it("fills the missing French by machine in one action, marks it, keeps the admin's own and corrected French, and offers it again before publishing", async () => {
    const programName = `Bilingual ${Date.now()}`;
    const { page, problems, programId } = await adminWithProgram(programName);
    // Form Customization needs a plan with logo branding (the trial has none): billing is off here.
    const switched = await page.evaluate(async (id) => {
      const { form } = (await (await fetch(`/api/forms/program/${id}`)).json()) as {
        form: { organizationId: string };
      };
      const { plans } = (await (await fetch("/api/plans")).json()) as {
        plans: { _id: string; name: string }[];
      };
      const response = await fetch("/api/organizations/updatePlan", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          orgId: form.organizationId,
          planId: plans.find((p) => p.name === "Enterprise")?._id,
        }),
      });
      return response.status;
    }, programId);
    expect(switched).toBe(200);
    await page.goto(`${baseURL}/admin/form/${programId}`);
    await page.getByRole("heading", { name: "Form Builder", level: 1 }).waitFor();
    await page.getByRole("button", { name: "Form Customization" }).first().click();
    const drawer = page.getByRole("dialog", { name: "Form Customization" });
    await drawer.getByLabel("French translation").check();
    const frenchFor = (english: string) => drawer.getByLabel(`French for: ${english}`, { exact: true });
    await frenchFor(programName).fill("Mon programme bilingue");

    await drawer.getByRole("button", { name: "Translate missing texts" }).click();
    await page.getByText(/texts translated by machine/).waitFor();
    await expect.poll(() => frenchFor("Admin Info").inputValue()).toBe("FR:Admin Info");
    expect(await frenchFor(programName).inputValue()).toBe("Mon programme bilingue");
    const marked = await drawer.getByText(MACHINE_MADE).count();
    expect(marked).toBeGreaterThan(3);
    // Correcting a machine text makes it the admin's: its mark goes.
    await frenchFor("Decision Criteria").fill("Critères de décision");
    await expect.poll(() => drawer.getByText(MACHINE_MADE).count()).toBe(marked - 1);
    await expectAccessible(page);
    if (process.env.E2E_SCREENSHOT_DIR) {
      await page.screenshot({ path: path.join(process.env.E2E_SCREENSHOT_DIR, "french-texts-1280.png") });
    }
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "detached" });

    // A new question has no French: publishing offers the same action.
    const section = sectionOf(page, 2, 2);
    const count = await section.getByRole("group", { name: /^Question \d+$/ }).count();
    await addQuestion(section, 2, "Short answer", "Your total budget", count + 1);
    await saveNow(page);
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    const publishDialog = page.getByRole("dialog", { name: "Publish form" });
    await publishDialog.getByText("1 text has no French").waitFor();
    await expectAccessible(page);
    if (process.env.E2E_SCREENSHOT_DIR) {
      await page.screenshot({
        path: path.join(process.env.E2E_SCREENSHOT_DIR, "publish-missing-french-1280.png"),
      });
    }
    await publishDialog.getByRole("button", { name: "Translate missing texts" }).click();
    await publishDialog.getByText("1 text has no French").waitFor({ state: "detached" });
    await publishDialog.getByRole("button", { name: "Publish", exact: true }).click();
    await page.getByText("This form is published").waitFor();

    // The applicant's French page shows the machine's French and the admin's corrected French.
    const { linkId } = await page.evaluate(async (id) => {
      const result = (await (await fetch(`/api/forms/program/${id}`)).json()) as {
        form: { submissionLinks: { _id: string }[] };
      };
      return { linkId: result.form.submissionLinks[0]!._id };
    }, programId);
    const applicant = await newPage(browser());
    await applicant.page.goto(`${baseURL}/form/${linkId}`);
    await applicant.page.getByRole("button", { name: "Français", exact: true }).first().click();
    await applicant.page.getByText("Mon programme bilingue").first().waitFor();
    await applicant.page.getByRole("button", { name: translate("fr", "start.guest"), exact: true }).click();
    await applicant.page.getByText("FR:Admin Info").first().waitFor();
    await applicant.page.getByText("FR:Unique Identifier - Name").first().waitFor();

    // Published, the French can still be corrected, and applicants read the correction on their next visit.
    await page
      .getByRole("group", { name: "Form actions" })
      .getByRole("button", { name: "Form Customization" })
      .click();
    await frenchFor("Admin Info").fill("Informations administratives");
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "detached" });
    await saveNow(page);
    const next = await newPage(browser());
    await next.page.goto(`${baseURL}/form/${linkId}`);
    await next.page.getByRole("button", { name: "Français", exact: true }).first().click();
    await next.page.getByRole("button", { name: translate("fr", "start.guest"), exact: true }).click();
    await next.page.getByText("Informations administratives").first().waitFor();
    await next.page.getByText("FR:Unique Identifier - Name").first().waitFor();
    expect(problems).toEqual([]);
    expect(applicant.problems).toEqual([]);
    expect(next.problems).toEqual([]);
  });
});
