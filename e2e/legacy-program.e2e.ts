import { readFileSync } from "node:fs";
import { unzipSync, zipSync } from "fflate";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { browserForThisFile, expectAccessible } from "./support/browser";
import { openSignedIn } from "./support/sign-in";

/**
 * The demo's program imported from the earlier system (docs/decisions/032-legacy-program-import.md): listed and
 * opened like any other, rated on the legacy review page; and the organization admin's Import, whose refused
 * file comes back with its report.
 */

const baseURL = inject("baseURL");
const demoPassword = inject("demoPassword");
const browser = browserForThisFile();
const LEGACY = "Neighbourhood Fund 2019 (imported)";
const SAMPLE_ZIP = new URL(
  "../src/server/programs/legacy-import/samples/generation-1-with-files.zip",
  import.meta.url,
);

/** Signed in, on the Programs page (sign-in itself lands on the user's work: docs/decisions/039). */
async function signIn(email: string) {
  const signedIn = await openSignedIn(browser(), baseURL, email, demoPassword);
  await signedIn.page.goto(`${baseURL}/programs`);
  await signedIn.page.getByRole("cell", { name: LEGACY, exact: true }).waitFor();
  return signedIn;
}

/** Picks a value of a rating (a labelled group of choices) and waits for the save. */
async function rate(page: Page, rating: string, value: string) {
  const group = page.getByRole("radiogroup", { name: rating });
  const saved = page.waitForResponse(
    (r) => r.url().endsWith("/api/reviews") && r.request().method() === "POST",
  );
  await group.getByText(value, { exact: true }).click();
  expect((await saved).status()).toBe(200);
}

/** Makes the program current from the Programs page's View button, landing on step 1. */
async function view(page: Page, program: string) {
  await page.goto(`${baseURL}/programs`);
  await page.getByRole("button", { name: `View ${program}`, exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/applications");
}

describe("a program imported from the earlier system", () => {
  it("is opened from the Programs page and rated on the legacy review page", async () => {
    const { page, problems } = await signIn("reviewer@demo.test");
    const row = page.getByRole("row").filter({ has: page.getByRole("cell", { name: LEGACY, exact: true }) });
    expect(await row.getByText("Deprecated").count()).toBe(0);
    await view(page, LEGACY);
    await page.getByRole("link", { name: "Review Greenway Tool Library" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/submissions/legacy/"));
    await page.getByRole("heading", { name: "Greenway Tool Library", exact: true }).waitFor();
    // The demo binds this program to the "General Operating Support" template (docs/decisions/040-review-templates.md).
    await rate(page, "Rating for 1. Need", "4");
    await rate(page, "Final Rating", "5");
    await expectAccessible(page);
    await page.reload();
    const final = page.getByRole("radiogroup", { name: "Final Rating" });
    // The segmented control's radios are visually hidden: present and checked is what counts.
    await final.getByRole("radio", { name: "5", checked: true }).waitFor({ state: "attached" });
    // Rita's current program back to the demo's own, as the other journeys expect it.
    await view(page, "Community Grants 2026");
    expect(problems).toEqual([]);
  });

  it("refuses a file with mistakes, listing what to correct, as the organization admin imports it", async () => {
    const { page, problems } = await signIn("orgadmin@demo.test");
    await page.getByRole("button", { name: "Import", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Import a program from the earlier system" });
    const file = {
      program: { _id: "broken", displayName: "Broken file" },
      form: { sections: [{ _id: "s1", name: "Project" }] },
      submissions: [{ _id: "a1", identifier: "Someone", submissionDate: "yesterday" }],
    };
    await dialog.locator('input[type="file"]').setInputFiles({
      name: "broken.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify(file)),
    });
    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    const report = dialog.getByRole("table", { name: "What to correct in the file" });
    await report.getByRole("cell", { name: "application a1", exact: true }).waitFor();
    await report.getByRole("cell", { name: "submissionDate", exact: true }).waitFor();
    await dialog.getByRole("alert").getByText("Nothing was changed", { exact: false }).waitFor();
    await expectAccessible(page);
    expect(await page.getByRole("cell", { name: "Broken file", exact: true }).count()).toBe(0);
    expect(problems).toEqual([]);
  });
  it("imports a zip of the program's JSON files with the attachments, through the same dialog", async () => {
    const { page, problems } = await signIn("orgadmin@demo.test");
    // The shipped sample, archived here (an archived program takes no slot of the demo plan's programs).
    const entries = unzipSync(new Uint8Array(readFileSync(SAMPLE_ZIP)));
    const program = JSON.parse(new TextDecoder().decode(entries["program.json"])) as {
      program: { archived: boolean };
    };
    program.program.archived = true;
    entries["program.json"] = new TextEncoder().encode(JSON.stringify(program));
    await page.getByRole("button", { name: "Import", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Import a program from the earlier system" });
    await dialog.locator('input[type="file"]').setInputFiles({
      name: "small-arts-grants-2018.zip",
      mimeType: "application/zip",
      buffer: Buffer.from(zipSync(entries)),
    });
    const imported = page.waitForResponse(
      (r) => r.url().endsWith("/api/programs/import") && r.request().method() === "POST",
    );
    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    expect((await imported).status()).toBe(200);
    await page
      .getByText("Program imported: 2 applications, 4 files, 1 review, 2 comments, 1 person invited.")
      .waitFor();
    expect(problems).toEqual([]);
  });
});
