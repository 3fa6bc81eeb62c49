import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { translate } from "../src/shared/i18n/catalog";
import { browserForThisFile, expectAccessible, LAPTOP, newPage, PHONE } from "./support/browser";
import { apiSession, publishedDemoForm } from "./support/published-form";
import { submitLogin, waitForPath } from "./support/sign-in";

const baseURL = inject("baseURL");
const demoPassword = inject("demoPassword");
const browser = browserForThisFile();
const en = (key: Parameters<typeof translate>[1], vars?: Record<string, string | number>) =>
  translate("en", key, vars);
const button = (page: Page, name: string) => page.getByRole("button", { name, exact: true });

/** Two frames: a resized window's media queries have been applied and the page laid out again. */
async function settle(page: Page) {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null)))),
  );
}

async function expectNoSidewaysScrolling(page: Page) {
  await settle(page);
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${new URL(page.url()).pathname} is wider than ${innerWidth} px`).toBeLessThanOrEqual(
    innerWidth,
  );
}

/**
 * The page as it is on a phone: it fits the screen (no sideways scrolling) and passes axe; at 1280 px it
 * fits too. With E2E_SCREENSHOT_DIR set, the phone's view is kept as phone-{name}.png.
 */
async function checkPage(page: Page, name: string) {
  await expectNoSidewaysScrolling(page);
  await expectAccessible(page);
  if (process.env.E2E_SCREENSHOT_DIR) {
    const { join } = await import("node:path");
    await page.screenshot({
      path: join(process.env.E2E_SCREENSHOT_DIR, `phone-${name}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize(LAPTOP);
  await expectNoSidewaysScrolling(page);
  await page.setViewportSize(PHONE);
  await settle(page);
}

const sectionShown = (page: Page, n: number) =>
  page
    .getByText(en("form.sectionOf", { n, m: 4 }))
    .first()
    .waitFor();

describe("on a phone (390 × 844)", () => {
  it("a guest applies, finds the form closed afterwards, and an applicant reads the portal", async () => {
    const { linkId, formId, adminEmail, password } = await publishedDemoForm(baseURL);
    const { page, problems } = await newPage(browser(), PHONE);
    await page.goto(`${baseURL}/form/${linkId}`);
    await button(page, en("start.guest")).waitFor();
    await checkPage(page, "form-start");
    await button(page, en("start.guest")).click();
    await sectionShown(page, 1);

    // Next names what it waits for; each name leads the keyboard to its question.
    const waiting = page.getByText(en("form.waitingFor"));
    await waiting.waitFor();
    expect(await waiting.innerText()).toContain("Organization or applicant name, Contact email");
    await button(page, "Contact email").click();
    await expect
      .poll(() => page.getByLabel("Contact email").evaluate((input) => input === document.activeElement))
      .toBe(true);
    await checkPage(page, "form-section-1");
    await page.getByLabel("Organization or applicant name").fill("Élodie Dœuf");
    await page.getByLabel("Contact email").fill("elodie@example.org");
    // The form re-renders with typed text after a short pause (docs/decisions/045-keystrokes.md).
    await expect.poll(() => waiting.count()).toBe(0);
    await button(page, en("form.next")).click();

    // Leaving an unanswered question for the next one: its message appears, and the click still lands.
    await sectionShown(page, 2);
    await page.getByLabel("Describe your project").focus();
    await page.getByRole("radio", { name: "No" }).click();
    await page.getByText(en("answer.required")).first().waitFor();
    expect(await page.getByRole("radio", { name: "No" }).isChecked()).toBe(true);
    await page.getByLabel("Describe your project").fill("A summer theatre workshop for teenagers.");
    await checkPage(page, "form-section-2");
    await button(page, en("form.next")).click();

    // "No" skips the partners: the budget table, as a phone shows it.
    await sectionShown(page, 4);
    await button(page, en("form.addRow")).click();
    await page.getByLabel(en("form.cell", { column: "Item", n: 1 })).fill("Venue rental");
    await page.getByLabel(en("form.cell", { column: "Amount (CAD)", n: 1 })).fill("2400");
    await checkPage(page, "form-section-4");
    await button(page, en("form.submit")).click();
    const dialog = page.getByRole("dialog", { name: en("form.submitTitle") });
    await dialog.getByRole("button", { name: en("form.submit"), exact: true }).click();
    await page.getByText("Your response has been recorded.").waitFor();
    await dialog.waitFor({ state: "hidden" });
    await checkPage(page, "receipt");

    // Closed now: the link shows the closed page (to a newcomer: this browser would reopen the receipt).
    const api = await apiSession(baseURL, adminEmail, password);
    await api("POST", `/api/forms/${formId}/close`, {});
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${baseURL}/form/${linkId}`);
    await page.getByText(en("form.closed")).waitFor();
    await checkPage(page, "closed");

    // An applicant's portal: the applications as cards, the account behind the menu button.
    await page.goto(`${baseURL}/login`);
    await submitLogin(page, "applicant@demo.test", demoPassword);
    await waitForPath(page, "/portal/applicant");
    await page
      .getByRole("button", { name: en("portal.editLabel", { name: "Riverside Youth Theatre" }) })
      .waitFor();
    await checkPage(page, "portal");
    await page.getByRole("button", { name: "Program and account" }).click();
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Log out" }).waitFor();
    await checkPage(page, "portal-menu");
    expect(problems).toEqual([]);
  });

  /**
   * Ada (admin & committee member) sees the list's admin columns too. Little Library Network is hers alone
   * and no later journey reads her ratings of it; Rita's are the reviewing journey's.
   */
  it("a committee member opens the candidate list and a submission, and rates it", async () => {
    const { page, problems } = await newPage(browser(), PHONE);
    await page.goto(`${baseURL}/login`);
    await submitLogin(page, "adminreviewer@demo.test", demoPassword);
    // An admin of the program lands on its dashboard (docs/decisions/039); the programs page is one address away.
    await waitForPath(page, "/admin/dashboard");
    await page.goto(`${baseURL}/programs`);
    await page.getByRole("button", { name: "View Community Grants 2026" }).waitFor();
    await checkPage(page, "programs");
    await page.goto(`${baseURL}/applications`);
    const name = "Little Library Network";
    const review = page.getByRole("link", { name: `Review ${name}` });
    await review.waitFor();
    await checkPage(page, "candidates");
    await review.click();
    await page.getByRole("heading", { name, exact: true }).waitFor();
    await checkPage(page, "submission");
    const saved = page.waitForResponse(
      (r) => r.url().endsWith("/api/reviews") && r.request().method() === "POST",
    );
    await page
      .getByRole("radiogroup", { name: "Feasibility of the plan" })
      .getByText("4", { exact: true })
      .click();
    expect((await saved).status()).toBe(200);
    await expectNoSidewaysScrolling(page);
    expect(problems).toEqual([]);
  });
});
