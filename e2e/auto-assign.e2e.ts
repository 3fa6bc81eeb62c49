import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { browserForThisFile, expectAccessible } from "./support/browser";
import { openSignedIn } from "./support/sign-in";

const baseURL = inject("baseURL");
const demoPassword = inject("demoPassword");
const browser = browserForThisFile();

/**
 * The demo program's admin assigns the committee automatically (docs/decisions/034-automatic-assignment.md):
 * settings, the proposal's table, apply, undo. The undo puts every assignment back as it was, so the files
 * after this one find the demo data they expect.
 */

const responseTo = (page: Page, method: string, path: string) =>
  page.waitForResponse((r) => r.request().method() === method && new URL(r.url()).pathname.endsWith(path));

describe("a program admin assigns reviewers automatically", () => {
  it("previews a proposal, applies it, and undoes it", async () => {
    const { page, problems } = await openSignedIn(browser(), baseURL, "admin@demo.test", demoPassword);
    await page.goto(`${baseURL}/admin/assign-reviewers`);
    await page.getByRole("heading", { name: "Assign Reviewers" }).waitFor();
    await page.getByRole("button", { name: "Assign automatically" }).click();
    const dialog = page.getByRole("dialog", { name: "Assign automatically" });
    await dialog.getByLabel("Reviews per candidate").waitFor();
    await expectAccessible(page);

    await dialog.getByLabel("Reviews per candidate").fill("2");
    await dialog.getByLabel("Those with no reviewer or group yet").check();
    const proposed = responseTo(page, "POST", "/assignments/auto");
    await dialog.getByRole("button", { name: "Preview" }).click();
    expect((await proposed).status()).toBe(200);
    const table = dialog.getByRole("table", {
      name: "Each reviewer's assigned candidates, before and after",
    });
    await table.waitFor();
    await dialog.getByText("Nothing changes until you apply.").waitFor();
    // One row per rating member, with their load before and after.
    expect(await table.getByRole("row").count()).toBeGreaterThan(1);
    await table.getByRole("row", { name: /Rita Reviewer/ }).waitFor();
    await expectAccessible(page);

    const applied = responseTo(page, "POST", "/assignments/auto/apply");
    await dialog.getByRole("button", { name: "Apply" }).click();
    expect((await applied).status()).toBe(200);
    await dialog
      .getByRole("status")
      .getByText(/^Assigned: \d+ reviews? added/)
      .waitFor();
    await expectAccessible(page);

    const undone = responseTo(page, "POST", "/undo");
    await dialog.getByRole("button", { name: "Undo" }).click();
    expect((await undone).status()).toBe(200);
    await dialog.getByText("The automatic assignment was undone.").waitFor();
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(problems).toEqual([]);
  });
});
