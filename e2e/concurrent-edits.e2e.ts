import type { Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { EDIT_CONFLICT_MESSAGES } from "../src/shared/schemas/edit-conflict";
import { browserForThisFile, expectAccessible } from "./support/browser";
import { openSignedIn } from "./support/sign-in";

const baseURL = inject("baseURL");
const demoPassword = inject("demoPassword");
const browser = browserForThisFile();

/**
 * Decision 016: two admins, each in their own browser, on the same candidate's decision. The second
 * one's page still shows the decision from before the first one's change: their save is refused, they
 * see both decisions, and can take the other one (Reload) or save theirs over it (Keep mine), with the
 * keyboard. Little Library Network is decided by no other journey; it ends disapproved, so the
 * committee journey's approved totals do not move.
 */
const CANDIDATE = "Little Library Network";
const DIALOG = "This decision was changed by someone else";

const responseTo = (page: Page, method: string, path: string) =>
  page.waitForResponse((r) => r.request().method() === method && new URL(r.url()).pathname.startsWith(path));

async function candidateStatistics(email: string) {
  const { page, problems } = await openSignedIn(browser(), baseURL, email, demoPassword);
  await page.goto(`${baseURL}/admin/allcandidates`);
  await page.getByRole("heading", { name: "Candidate Statistics" }).waitFor();
  await page.getByRole("row", { name: new RegExp(CANDIDATE) }).waitFor();
  return { page, problems };
}

/** Enters an amount the way an admin does (the field, then Enter) and waits for its save. */
async function enterAmount(page: Page, amount: string, status = 200) {
  const field = page.getByLabel(`Amount for ${CANDIDATE}`);
  await field.fill(amount);
  const saved = responseTo(page, "PATCH", "/api/submissions/updateField/");
  await field.press("Enter");
  expect((await saved).status()).toBe(status);
}

async function disapprove(page: Page, status: number) {
  const saved = responseTo(page, "PATCH", "/api/submissions/updateField/");
  await page.getByRole("button", { name: `Disapprove ${CANDIDATE}` }).click();
  expect((await saved).status()).toBe(status);
}

/** Presses Tab until `target` has the focus: it is reachable with the keyboard. */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 20; presses++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error("Tab never reached the element");
}

describe("two admins change the same decision", () => {
  it("the second one is told, sees the other decision, and can reload or keep theirs", async () => {
    const adam = await candidateStatistics("admin@demo.test");
    const ada = await candidateStatistics("adminreviewer@demo.test");
    const adaRow = ada.page.getByRole("row", { name: new RegExp(CANDIDATE) });
    expect(await adaRow.getAttribute("data-status")).toBe("pending");

    // Adam enters an amount; Ada's page still shows none, and she disapproves.
    await enterAmount(adam.page, "1200");
    await disapprove(ada.page, 409);
    const dialog = ada.page.getByRole("dialog", { name: DIALOG });
    await dialog.waitFor();
    await dialog.getByText(EDIT_CONFLICT_MESSAGES.decision).waitFor();
    await dialog.getByText("Pending, $1,200.00", { exact: true }).waitFor();
    await dialog.getByText("Disapproved, $1,200.00", { exact: true }).waitFor();
    await expectAccessible(ada.page);

    // Reload: Adam's decision is what her row shows, nothing of hers was saved.
    await dialog.getByRole("button", { name: /^Reload/ }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await adaRow.getAttribute("data-status")).toBe("pending");
    expect(await ada.page.getByLabel(`Amount for ${CANDIDATE}`).inputValue()).toMatch(/1,?200/);

    // Adam changes the amount again; Ada, still on 1,200, disapproves once more, and keeps hers —
    // with the keyboard: the dialog holds the focus, Tab reaches Keep mine, Enter presses it.
    await enterAmount(adam.page, "900");
    await disapprove(ada.page, 409);
    await dialog.getByText("Pending, $900.00", { exact: true }).waitFor();
    await dialog.getByText("Disapproved, $900.00", { exact: true }).waitFor();
    const keepMine = dialog.getByRole("button", { name: /^Keep mine/ });
    await tabTo(ada.page, keepMine);
    const kept = responseTo(ada.page, "PATCH", "/api/submissions/updateField/");
    await ada.page.keyboard.press("Enter");
    const keptAnswer = await kept;
    expect(keptAnswer.status()).toBe(200);
    expect(await keptAnswer.json()).toMatchObject({ status: "disapproved", amount: 900 });
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => adaRow.getAttribute("data-status")).toBe("disapproved");

    // Adam reads it back: Ada's decision, on his amount.
    await adam.page.reload();
    const adamRow = adam.page.getByRole("row", { name: new RegExp(CANDIDATE) });
    await expect.poll(() => adamRow.getAttribute("data-status")).toBe("disapproved");
    expect(await adam.page.getByLabel(`Amount for ${CANDIDATE}`).inputValue()).toMatch(/^\$?900(\.00)?$/);
    expect(adam.problems).toEqual([]);
    expect(ada.problems).toEqual([]);
  });
});
