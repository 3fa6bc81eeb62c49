import type { Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { MESSAGES } from "../src/shared/messages";
import { signUpOrganization } from "./support/accounts";
import { browserForThisFile, expectAccessible, newPage } from "./support/browser";
import { submitLogin, waitForLanding } from "./support/sign-in";

const baseURL = inject("baseURL");
const demoPassword = inject("demoPassword");
const browser = browserForThisFile();

async function signInAt(email: string, password = demoPassword): Promise<{ page: Page; problems: string[] }> {
  const { page, problems } = await newPage(browser());
  await page.goto(`${baseURL}/login`);
  await submitLogin(page, email, password);
  // Sign-in lands on the user's work (docs/decisions/039); the programs page is one address away.
  if ((await waitForLanding(page)) !== "/programs") await page.goto(`${baseURL}/programs`);
  await page.getByRole("heading", { name: "Programs", exact: true }).waitFor();
  return { page, problems };
}

async function createPrograms(page: Page, names: string[], { archive = false } = {}) {
  const statuses = await page.evaluate(
    async ({ displayNames, archive }) => {
      const result: number[] = [];
      for (const displayName of displayNames) {
        const response = await fetch("/api/programs", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ displayName }),
        });
        result.push(response.status);
        if (!archive || !response.ok) continue;
        const { program } = (await response.json()) as { program: { id: string } };
        const archived = await fetch(`/api/programs/${program.id}/archived`, {
          method: "PATCH",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ archived: true }),
        });
        result.push(archived.status);
      }
      return result;
    },
    { displayNames: names, archive },
  );
  expect(statuses).toEqual(names.flatMap(() => (archive ? [201, 200] : [201])));
  await page.reload();
  await page.getByRole("heading", { name: "Programs", exact: true }).waitFor();
}

/** The tables are named by their captions. */
const activeTable = (page: Page) => page.getByRole("table", { name: "Active programs" });
const archivedTable = (page: Page) => page.getByRole("table", { name: "Archived programs" });
const cell = (scope: Page | Locator, text: string) => scope.getByRole("cell", { name: text, exact: true });

async function chooseAction(scope: Page | Locator, page: Page, programName: string, action: string) {
  await scope.getByRole("button", { name: `Actions for ${programName}`, exact: true }).click();
  await page.getByRole("menuitem", { name: action, exact: true }).click();
}

/** "used/max programs" next to Add new: the organization's active programs against the plan's limit. */
async function programsUsed(page: Page): Promise<number> {
  const text = await page.getByText(/^\d+\/\d+ programs$/).textContent();
  const match = /^(\d+)\/(\d+) programs$/.exec(text ?? "");
  expect(match?.[2]).toBe("10");
  return Number(match?.[1]);
}

async function expectUsed(page: Page, used: number) {
  await page.getByText(`${used}/10 programs`, { exact: true }).waitFor();
  await page.getByRole("button", { name: `Add new (${10 - used} left)`, exact: true }).waitFor();
}

describe("programs list for the organization admin", () => {
  it("creates, renames, duplicates, archives, unarchives and deletes a program", async () => {
    const { page, problems } = await signInAt("orgadmin@demo.test");
    const stamp = Date.now();
    const name = `E2E Program ${stamp}`;
    const renamed = `E2E Renamed ${stamp}`;
    const copy = `Copy of ${renamed}`;

    await cell(activeTable(page), "Community Grants 2026").waitFor();
    // The Foundation plan allows 10 active programs.
    const used = await programsUsed(page);
    await expectUsed(page, used);
    await expectAccessible(page);

    // Create: an empty name does nothing but say so.
    await page.getByRole("button", { name: /^Add new/ }).click();
    const newDialog = page.getByRole("dialog", { name: "New program" });
    await newDialog.waitFor();
    await expectAccessible(page);
    await newDialog.getByRole("button", { name: "Create" }).click();
    await newDialog.getByText("Program name is required").waitFor();
    await newDialog.getByLabel("Program name").fill("   ");
    await newDialog.getByRole("button", { name: "Create" }).click();
    await newDialog.getByText("Program name is required").waitFor();
    expect(await newDialog.isVisible()).toBe(true);
    await newDialog.getByLabel("Program name").fill(name);
    await newDialog.getByRole("button", { name: "Create" }).click();
    await newDialog.waitFor({ state: "detached" });
    await cell(activeTable(page), name).waitFor();
    const createdRow = activeTable(page)
      .getByRole("row")
      .filter({ has: cell(page, name) });
    expect(await createdRow.getByRole("cell").allTextContents()).toEqual([
      name,
      "Demo Foundation",
      "Organization Admin",
      "0",
      "0",
      "ViewAdmin",
    ]);
    await createdRow.getByRole("button", { name: `Admin ${name}`, exact: true }).waitFor();
    await expectUsed(page, used + 1);

    // Rename: prefilled; Escape closes without saving; an empty name keeps the dialog open.
    await chooseAction(activeTable(page), page, name, "Rename");
    let renameDialog = page.getByRole("dialog", { name: "Rename program" });
    await renameDialog.waitFor();
    expect(await renameDialog.getByLabel("Program name").inputValue()).toBe(name);
    await page.keyboard.press("Escape");
    await renameDialog.waitFor({ state: "detached" });
    await chooseAction(activeTable(page), page, name, "Rename");
    renameDialog = page.getByRole("dialog", { name: "Rename program" });
    await renameDialog.getByLabel("Program name").fill("");
    await renameDialog.getByRole("button", { name: "Save" }).click();
    await renameDialog.getByText("Program name is required").waitFor();
    await expectAccessible(page);
    await renameDialog.getByLabel("Program name").fill(`  ${renamed}  `);
    await renameDialog.getByRole("button", { name: "Save" }).click();
    await renameDialog.waitFor({ state: "detached" });
    await cell(activeTable(page), renamed).waitFor();
    expect(await cell(page, name).count()).toBe(0);

    // Duplicate: the copy is a new active program.
    await chooseAction(activeTable(page), page, renamed, "Duplicate");
    await cell(activeTable(page), copy).waitFor();
    await expectUsed(page, used + 2);

    // Archive: the program moves to the Archives, with its date.
    await chooseAction(activeTable(page), page, renamed, "Archive");
    await cell(activeTable(page), renamed).waitFor({ state: "detached" });
    await expectUsed(page, used + 1);
    const archivesToggle = page.getByRole("button", { name: "Archives", exact: true });
    expect(await archivesToggle.getAttribute("aria-expanded")).toBe("false");
    await archivesToggle.click();
    await cell(archivedTable(page), renamed).waitFor();
    await cell(archivedTable(page), "Community Grants 2025").waitFor();
    const archivedRow = archivedTable(page)
      .getByRole("row")
      .filter({ has: cell(page, renamed) });
    // One date format per language, as every page shows dates (src/client/lib/date-format.ts).
    const today = await page.evaluate(() => new Date().toLocaleDateString("en-US", { dateStyle: "medium" }));
    expect(await archivedRow.getByRole("cell").nth(5).textContent()).toBe(today);
    expect(await archivesToggle.getAttribute("aria-expanded")).toBe("true");
    await expectAccessible(page);

    // Unarchive: back among the active programs.
    await chooseAction(archivedTable(page), page, renamed, "Unarchive");
    await cell(activeTable(page), renamed).waitFor();
    expect(await cell(archivedTable(page), renamed).count()).toBe(0);
    await expectUsed(page, used + 2);

    // Delete: asks first; Cancel keeps the program.
    await chooseAction(activeTable(page), page, renamed, "Delete");
    let deleteDialog = page.getByRole("dialog", { name: "Delete program" });
    await deleteDialog
      .getByText(`Deleting ${renamed} is permanent: its form, submissions and reviews are lost.`, {
        exact: true,
      })
      .waitFor();
    await expectAccessible(page);
    await deleteDialog.getByRole("button", { name: "Cancel" }).click();
    await deleteDialog.waitFor({ state: "detached" });
    await cell(activeTable(page), renamed).waitFor();

    await chooseAction(activeTable(page), page, renamed, "Delete");
    deleteDialog = page.getByRole("dialog", { name: "Delete program" });
    await deleteDialog.getByRole("button", { name: "Delete permanently" }).click();
    await deleteDialog.waitFor({ state: "detached" });
    await cell(activeTable(page), renamed).waitFor({ state: "detached" });
    await cell(activeTable(page), copy).waitFor();
    await expectUsed(page, used + 1);

    // Clean up the copy: the database is shared with the other end-to-end files.
    await chooseAction(activeTable(page), page, copy, "Delete");
    deleteDialog = page.getByRole("dialog", { name: "Delete program" });
    await deleteDialog.getByRole("button", { name: "Delete permanently" }).click();
    await cell(activeTable(page), copy).waitFor({ state: "detached" });
    await expectUsed(page, used);
    expect(problems).toEqual([]);
  });

  it("makes a program current with View, opening its candidate list", async () => {
    const { page, problems } = await signInAt("orgadmin@demo.test");
    await page.getByRole("button", { name: "View Community Grants 2026", exact: true }).click();
    await page.getByText("Current program: Community Grants 2026").waitFor();
    await page.waitForURL((url) => url.pathname === "/applications");
    await page.getByRole("table").getByText("Riverside Youth Theatre", { exact: true }).waitFor();
    expect(problems).toEqual([]);
  });

  it("opens the admin dashboard of a program with Admin", async () => {
    const { page, problems } = await signInAt("orgadmin@demo.test");
    await page.getByRole("button", { name: "Admin Community Grants 2026", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/admin/dashboard");
    await page.getByRole("link", { name: "Manage User Access" }).waitFor();
    expect(problems).toEqual([]);
  });
});

/** A freshly signed-up organization (on the Free Trial plan: one active program), its admin signed in. */
async function signInAsNewOrganization() {
  const password = "planner-password";
  const email = await signUpOrganization(baseURL, { planName: "Starter", password, emailPrefix: "programs" });
  const signedIn = await signInAt(email, password);
  await signedIn.page.getByText(MESSAGES.noPrograms).waitFor();
  return signedIn;
}

describe("plan limits and pages", () => {
  // A new organization runs on the Free Trial plan: one active program.
  it("counts programs against the plan and shows the server's message when it is full", async () => {
    const { page, problems } = await signInAsNewOrganization();
    await page.getByText("0/1 programs", { exact: true }).waitFor();

    await page.getByRole("button", { name: "Add new (1 left)", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "New program" });
    await dialog.getByLabel("Program name").fill("Trial One");
    // Enter submits the form.
    await dialog.getByLabel("Program name").press("Enter");
    await dialog.waitFor({ state: "detached" });
    await cell(activeTable(page), "Trial One").waitFor();
    await page.getByText("1/1 programs", { exact: true }).waitFor();
    expect(await page.getByRole("button", { name: "Add new (0 left)", exact: true }).isDisabled()).toBe(true);

    // A full plan: the server refuses the copy, and its message is shown in red.
    await chooseAction(activeTable(page), page, "Trial One", "Duplicate");
    const failure = page.getByRole("alert").filter({ hasText: "Error duplicating the program" });
    await failure.getByText("Your plan allows 1 active programs", { exact: false }).waitFor();
    expect(await cell(page, "Copy of Trial One").count()).toBe(0);
    await expectAccessible(page);

    // Archiving frees the slot; with it taken again, unarchiving is refused.
    await chooseAction(activeTable(page), page, "Trial One", "Archive");
    await page.getByRole("button", { name: "Add new (1 left)", exact: true }).waitFor();
    await page.getByText("No active programs.").waitFor();
    await createPrograms(page, ["Trial Two"]);
    await page.getByRole("button", { name: "Add new (0 left)", exact: true }).waitFor();
    await page.getByRole("button", { name: "Archives", exact: true }).click();
    // Clicked at once, while the Archives section is still opening (the row partly clipped): the menu shows.
    await chooseAction(archivedTable(page), page, "Trial One", "Unarchive");
    await page.getByRole("alert").filter({ hasText: "Error unarchiving the program" }).waitFor();
    await cell(archivedTable(page), "Trial One").waitFor();
    expect(problems).toEqual([]);
  });

  it("pages the archives by 5", async () => {
    const { page, problems } = await signInAsNewOrganization();
    const names = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot"].map((n) => `${n} Grants`);
    // Archived programs leave the plan's slot free, so one at a time: create, then archive.
    for (const name of names) await createPrograms(page, [name], { archive: true });

    await page.getByText("No active programs.").waitFor();
    await page.getByRole("button", { name: "Archives", exact: true }).click();
    const rows = archivedTable(page).locator("tbody tr");
    await cell(archivedTable(page), "Alpha Grants").waitFor();
    expect(await rows.count()).toBe(5);
    const pages = page.getByRole("navigation", { name: "Archived programs, pages" });
    expect(await pages.getByRole("button", { name: "Page 1" }).getAttribute("aria-current")).toBe("page");
    await expectAccessible(page);
    await pages.getByRole("button", { name: "Next page" }).click();
    await cell(archivedTable(page), "Foxtrot Grants").waitFor();
    expect(await rows.count()).toBe(1);
    expect(await cell(archivedTable(page), "Alpha Grants").count()).toBe(0);

    // Unarchiving the only row of page 2 leaves one page, which the table falls back to.
    await chooseAction(archivedTable(page), page, "Foxtrot Grants", "Unarchive");
    await cell(activeTable(page), "Foxtrot Grants").waitFor();
    await cell(archivedTable(page), "Echo Grants").waitFor();
    expect(await rows.count()).toBe(5);
    expect(await pages.count()).toBe(0);
    expect(problems).toEqual([]);
  });
});

describe("programs list for a committee member", () => {
  it("shows the programs without Add new, Admin or the actions menu", async () => {
    const { page, problems } = await signInAt("reviewer@demo.test");
    await cell(activeTable(page), "Community Grants 2026").waitFor();
    const row = activeTable(page)
      .getByRole("row")
      .filter({ has: cell(page, "Community Grants 2026") });
    expect(await row.getByRole("cell").nth(2).textContent()).toBe("Committee Member");
    await row.getByRole("button", { name: "View Community Grants 2026", exact: true }).waitFor();
    expect(await page.getByRole("button", { name: /^Add new/ }).count()).toBe(0);
    expect(await page.getByRole("button", { name: /^Actions for/ }).count()).toBe(0);
    expect(await page.getByRole("button", { name: /^Admin / }).count()).toBe(0);
    expect(await page.getByText(/\d+\/\d+ programs/).count()).toBe(0);
    await expectAccessible(page);
    expect(problems).toEqual([]);
  });
});
