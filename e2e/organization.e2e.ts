import type { Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { BILLING_MESSAGES } from "../src/shared/schemas/billing";
import { signUpOrganization } from "./support/accounts";
import { browserForThisFile, expectAccessible, newPage } from "./support/browser";
import { submitLogin, waitForPath } from "./support/sign-in";

const baseURL = inject("baseURL");
const demoPassword = inject("demoPassword");
const browser = browserForThisFile();

/** Opens a guarded page signed out: the guard shows the sign-in card, which brings the user back after. */
async function signInAndOpen(path: string, email: string, password = demoPassword) {
  const { page, problems } = await newPage(browser());
  await page.goto(baseURL + path);
  await submitLogin(page, email, password);
  return { page, problems };
}

/** A freshly signed-up organization (on the Free Trial, Starter chosen at sign-up), its admin on `path`. */
async function openAsNewOrganization(path: string) {
  const password = "organizer-password";
  const email = await signUpOrganization(baseURL, { password, emailPrefix: "organization" });
  const signedIn = await signInAndOpen(path, email, password);
  await waitForPath(signedIn.page, new URL(path, baseURL).pathname);
  return signedIn;
}

/** The tiles of a dashboard: the links on the page, named by their titles. */
async function tileNames(page: Page): Promise<string[]> {
  // The links of the tiles, not those of the admin dashboard's figures above them (docs/decisions/039).
  const tiles = page.locator('main a:not(section[aria-label="Where the program stands"] a)');
  await tiles.first().waitFor();
  return tiles.allTextContents();
}

/** Presses Tab until the locator has the focus: proof that the keyboard reaches it. */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 40; presses++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error("Tab never reached the element");
}

const planCard = (page: Page, name: string) => page.getByRole("article", { name, exact: true });

async function planFeatures(card: Locator): Promise<[string, string][]> {
  const labels = await card.locator("dt").allTextContents();
  const values = await card.locator("dd").allTextContents();
  return labels.map((label, i) => [label, values[i] ?? ""]);
}

/** "Your free trial ends on March 15, 2026.", whatever the date. */
const trialEndsPattern = new RegExp(
  `^${BILLING_MESSAGES.trialEnds("DATE").replace(".", "\\.").replace("DATE", "[A-Z][a-z]+ \\d{1,2}, \\d{4}")}$`,
);

describe("the organization admin's pages", () => {
  it("reaches Settings and Billing from the dashboard, renames the organization and switches plans", async () => {
    const { page, problems } = await openAsNewOrganization("/organization/dashboard");

    // Dashboard: a tile per admin page, not the dashboard itself; followed with the keyboard.
    await page.getByRole("heading", { name: "Organization Dashboard", level: 1 }).waitFor();
    expect(await tileNames(page)).toEqual([
      "Manage User Access",
      "Assign Reviewers",
      "Conflicts of Interest",
      "Review Settings",
      "Candidate Statistics",
      "Reviewer Statistics",
      "Export Options",
      "Organization Billing",
      "Organization Settings",
      "Review Templates",
      "Audit Log",
    ]);
    await page.getByText("Your organization's name and rating scale.").waitFor();
    await expectAccessible(page);
    await tabTo(page, page.getByRole("link", { name: "Organization Settings", exact: true }));
    await page.keyboard.press("Enter");
    await waitForPath(page, "/organization/settings");

    // Settings: the name is required; a new name and the half-point increment are kept.
    await page.getByRole("heading", { name: "Organization Settings", level: 1 }).waitFor();
    const nameInput = page.getByLabel("Organization name");
    expect(await nameInput.inputValue()).toMatch(/^Starter Org \d+$/);
    expect(await page.getByRole("radio", { name: "1 (whole points)" }).isChecked()).toBe(true);
    await expectAccessible(page);
    await nameInput.fill("   ");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Organization name is required").waitFor();
    await expectAccessible(page);
    const newName = `Renamed Foundation ${Date.now()}`;
    await nameInput.fill(`  ${newName}  `);
    await page.getByRole("radio", { name: "0.5 (half points)" }).check();
    // The contact email applicants are shown on a closed form: checked, optional.
    const contactInput = page.getByLabel("Contact email");
    expect(await contactInput.inputValue()).toBe("");
    await contactInput.fill("grants@");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Enter a valid email address, or leave it empty").waitFor();
    await expectAccessible(page);
    await contactInput.fill(" grants@renamed.example ");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Organization settings saved").waitFor();
    await page.reload();
    await page.getByRole("heading", { name: "Organization Settings", level: 1 }).waitFor();
    expect(await page.getByLabel("Organization name").inputValue()).toBe(newName);
    expect(await page.getByRole("radio", { name: "0.5 (half points)" }).isChecked()).toBe(true);
    expect(await page.getByLabel("Contact email").inputValue()).toBe("grants@renamed.example");

    // Billing: the trial above the public plans, cheapest first, with their features.
    await page.goto(`${baseURL}/organization/billing`);
    await page.getByRole("heading", { name: "Organization Billing", level: 1 }).waitFor();
    await page.getByText(trialEndsPattern).waitFor();
    await page.getByText(BILLING_MESSAGES.billingOff, { exact: true }).waitFor();
    const trialCard = planCard(page, "Free Trial");
    await trialCard.getByText("Current plan", { exact: true }).waitFor();
    const plans = page.getByRole("region", { name: "Plans", exact: true }).getByRole("article");
    expect(await plans.locator("h3").allTextContents()).toEqual(["Starter", "Foundation", "Enterprise"]);
    const starter = planCard(page, "Starter");
    await starter.getByText("$49 / month", { exact: true }).waitFor();
    await starter.getByText("Chosen at sign-up", { exact: true }).waitFor();
    expect(await planFeatures(starter)).toEqual([
      ["Admin users", "2"],
      ["Reviewers", "10"],
      ["File size limit", "20 MB"],
      ["Max files", "5"],
      ["Max programs", "2"],
      ["Logo branding", "No"],
    ]);
    expect(await planFeatures(planCard(page, "Enterprise"))).toEqual([
      ["Admin users", "Unlimited"],
      ["Reviewers", "Unlimited"],
      ["File size limit", "100 MB"],
      ["Max files", "Unlimited"],
      ["Max programs", "Unlimited"],
      ["Logo branding", "Yes"],
    ]);
    await expectAccessible(page);

    // Billing off: switching asks first; Cancel keeps the plan.
    await starter.getByRole("button", { name: "Switch to this plan" }).click();
    const dialog = page.getByRole("dialog", { name: "Switch to Starter" });
    await dialog.waitFor();
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    await trialCard.waitFor();
    await starter.getByRole("button", { name: "Switch to this plan" }).click();
    await dialog.getByRole("button", { name: "Switch plan" }).click();
    await dialog.waitFor({ state: "detached" });
    await starter.getByText("Current plan", { exact: true }).waitFor();
    await trialCard.waitFor({ state: "detached" });
    expect(await page.getByText(trialEndsPattern).count()).toBe(0);
    expect(await starter.getByRole("button", { name: "Switch to this plan" }).count()).toBe(0);
    await planCard(page, "Foundation").getByRole("button", { name: "Switch to this plan" }).waitFor();
    await expectAccessible(page);

    // The programs page counts against the new plan: Starter allows two programs.
    await page.goto(`${baseURL}/programs`);
    await page.getByRole("button", { name: "Add new (2 left)", exact: true }).waitFor();

    // The audit log: the plan change and the settings change, newest first, by this admin.
    await page.goto(`${baseURL}/organization/audit-log`);
    await page.getByRole("heading", { name: "Audit Log", level: 1 }).waitFor();
    const events = page.getByRole("table").getByRole("row");
    await events.filter({ hasText: "Plan changed" }).first().waitFor();
    const texts = await events.allTextContents();
    const planRow = texts.findIndex((t) => t.includes("Plan changed"));
    const settingsRow = texts.findIndex((t) => t.includes("Organization settings changed"));
    expect(planRow).toBeGreaterThan(0);
    expect(settingsRow).toBeGreaterThan(planRow);
    expect(texts[settingsRow]).toContain(newName);
    await expectAccessible(page);
    expect(problems).toEqual([]);
  });

  it("says how a Stripe checkout ended, until dismissed", async () => {
    const { page, problems } = await openAsNewOrganization("/organization/billing?checkout=cancelled");
    const cancelled = page.getByText("Checkout was cancelled: your plan has not changed.", { exact: true });
    await cancelled.waitFor();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Dismiss" }).click();
    await cancelled.waitFor({ state: "detached" });
    expect(new URL(page.url()).search).toBe("");

    await page.goto(`${baseURL}/organization/billing?checkout=success`);
    await page
      .getByText("Thank you! Your plan changes as soon as Stripe confirms the payment.", { exact: true })
      .waitFor();
    await planCard(page, "Free Trial").getByText("Current plan", { exact: true }).waitFor();
    expect(problems).toEqual([]);
  });

  it("shows a program admin only the admin pages of their program", async () => {
    const { page, problems } = await signInAndOpen("/admin/dashboard", "admin@demo.test");
    await waitForPath(page, "/admin/dashboard");
    await page.getByRole("heading", { name: "Admin Dashboard", level: 1 }).waitFor();
    expect(await tileNames(page)).toEqual([
      "Manage User Access",
      "Assign Reviewers",
      "Conflicts of Interest",
      "Review Settings",
      "Candidate Statistics",
      "Reviewer Statistics",
      "Export Options",
      "Form Builder",
    ]);
    await expectAccessible(page);
    expect(problems).toEqual([]);
  });
});

describe("a committee member", () => {
  it("is sent away from the organization admin's pages", async () => {
    const { page, problems } = await signInAndOpen("/organization/settings", "reviewer@demo.test");
    // Back from the sign-in card to the page asked for, where the guard sends them home (their candidates),
    // naming the address they may not open (docs/decisions/039).
    await waitForPath(page, "/applications");
    await page
      .getByText("Your account does not have access to /organization/settings.", { exact: false })
      .waitFor();
    for (const path of ["/organization/billing", "/organization/dashboard", "/admin/dashboard"]) {
      await page.goto(baseURL + path);
      await waitForPath(page, "/applications");
      await page.getByText(`Your account does not have access to ${path}.`, { exact: false }).waitFor();
    }
    expect(await page.getByRole("heading", { name: "Organization Settings" }).count()).toBe(0);
    expect(problems).toEqual([]);
  });
});
