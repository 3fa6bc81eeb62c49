import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { CONFLICT_MESSAGES } from "../src/shared/schemas/conflicts";
import { browserForThisFile, expectAccessible, LAPTOP, PHONE } from "./support/browser";
import { openSignedIn } from "./support/sign-in";

const baseURL = inject("baseURL");
const demoPassword = inject("demoPassword");
const browser = browserForThisFile();

/**
 * Conflicts of interest (docs/decisions/036-conflicts-of-interest.md): Rita, a reviewer of the demo committee,
 * declares one from her list and the candidate leaves it; the program's admin sees it on Conflicts of
 * Interest and reverts it, so the files after this one find the demo data they expect.
 */

const CANDIDATE = "Harbour Food Bank";
const REASON = "I volunteer there on Saturdays.";

const signIn = (email: string) => openSignedIn(browser(), baseURL, email, demoPassword);

const responseTo = (page: Page, method: string, path: string) =>
  page.waitForResponse((r) => r.request().method() === method && new URL(r.url()).pathname.endsWith(path));

async function expectNoSidewaysScrolling(page: Page) {
  // Two frames: the new width's media and container queries have been applied.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null)))),
  );
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

const reviewLink = (page: Page) => page.getByRole("link", { name: `Review ${CANDIDATE}`, exact: true });

describe("a committee member declares a conflict of interest from their list", () => {
  it("declares by keyboard on a phone, the row leaves the list, and the admin reverts it", async () => {
    const rita = await signIn("reviewer@demo.test");
    const page = rita.page;
    await page.goto(`${baseURL}/applications`);
    await page.getByRole("heading", { name: "Candidate Submissions" }).waitFor();
    await reviewLink(page).waitFor();
    const declareButton = page.getByRole("button", {
      name: `Declare conflict with ${CANDIDATE}`,
      exact: true,
    });
    await declareButton.waitFor();
    await expectAccessible(page);

    // On a phone the rows are cards; the button is reached and pressed from the keyboard.
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScrolling(page);
    await expectAccessible(page);
    await declareButton.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Declare a conflict of interest?" });
    await dialog.getByText(`You will no longer see ${CANDIDATE} in your list`).waitFor();
    await expectNoSidewaysScrolling(page);
    await expectAccessible(page);

    // Cancelled, nothing changes and the keyboard is back on the row's button.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => declareButton.evaluate((b) => b === document.activeElement)).toBe(true);
    await reviewLink(page).waitFor();

    await page.setViewportSize(LAPTOP);
    await page.keyboard.press("Enter");
    await dialog.getByLabel("Reason (optional)").fill(REASON);
    await expectAccessible(page);
    const declared = responseTo(page, "POST", "/conflicts");
    await dialog.getByRole("button", { name: "Declare conflict", exact: true }).click();
    expect((await declared).status()).toBe(201);
    await page.getByText(CONFLICT_MESSAGES.declared).waitFor();
    await dialog.waitFor({ state: "hidden" });
    await reviewLink(page).waitFor({ state: "detached" });
    // The keyboard goes on from the list the row left.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName.toLowerCase())).toBe("table");
    await page.reload();
    await page.getByRole("heading", { name: "Candidate Submissions" }).waitFor();
    await page.getByRole("table").waitFor();
    expect(await reviewLink(page).count()).toBe(0);
    expect(rita.problems).toEqual([]);

    // The program's admin sees it, with the reason, and reverts it.
    const admin = await signIn("admin@demo.test");
    await admin.page.goto(`${baseURL}/admin/conflicts`);
    await admin.page.getByRole("heading", { name: "Conflicts of Interest", level: 1 }).waitFor();
    const row = admin.page.getByRole("row", { name: new RegExp(`${CANDIDATE}.*Rita`) });
    await row.getByText(REASON).waitFor();
    await expectAccessible(admin.page);
    await row.getByRole("button", { name: /^Revert: / }).click();
    const revertDialog = admin.page.getByRole("dialog", { name: "Revert this conflict of interest?" });
    await revertDialog.waitFor();
    await expectAccessible(admin.page);
    const reverted = responseTo(admin.page, "DELETE", "");
    await revertDialog.getByRole("button", { name: "Revert", exact: true }).click();
    expect((await reverted).status()).toBe(200);
    await row.getByText(/^Reverted /).waitFor();
    expect(admin.problems).toEqual([]);

    // Back in Rita's list.
    await page.reload();
    await reviewLink(page).waitFor();
  });
});
