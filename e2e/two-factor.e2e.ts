import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { totpCode, wrongTotpCode } from "../src/server/auth/test/totp";
import { mailboxResultSchema } from "../src/shared/schemas/support";
import { TWO_FACTOR_TEXT } from "../src/shared/schemas/two-factor";
import { signUpOrganization } from "./support/accounts";
import { browserForThisFile, expectAccessible, newPage } from "./support/browser";
import { submitLogin, waitForPath } from "./support/sign-in";

/**
 * Two-factor authentication in Chromium (decision 015): an organization admin sets up an authenticator
 * on their account settings page and signs in again with a code this test computes itself (RFC 6238,
 * src/server/auth/test/totp.ts), then with a backup code; then requires it of the organization's
 * admins, and an invited program admin is sent to set it up.
 */

const baseURL = inject("baseURL");
const browser = browserForThisFile();
const PASSWORD = "two-factor-founder-password";

/** What the test's "authenticator app" knows: the key the page showed as text, as an otpauth URI. */
let appUri = "";
let founderEmail = "";
let backupCodes: string[] = [];
let founderPage: Page;

const isFocused = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).evaluate((element) => element === document.activeElement);

/** The code screen, answered from the keyboard only: the field has the focus on arrival. */
async function answerCodeScreen(page: Page, label: string, code: string) {
  await page.getByRole("heading", { name: "Two-factor authentication" }).waitFor();
  await page.waitForFunction((name) => {
    const active = document.activeElement;
    return active instanceof HTMLInputElement && active.labels?.[0]?.textContent?.includes(name);
  }, label);
  expect(await isFocused(page, label)).toBe(true);
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(code);
  await page.keyboard.press("Enter");
}

describe("two-factor authentication", () => {
  it("an admin sets it up with the QR code's key, then signs in with the app's code and with a backup code", async () => {
    founderEmail = await signUpOrganization(baseURL, { password: PASSWORD, emailPrefix: "two-factor" });
    const { page, problems } = await newPage(browser());
    founderPage = page;
    await page.goto(`${baseURL}/login`);
    await submitLogin(page, founderEmail, PASSWORD);
    await waitForPath(page, "/programs");

    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Account settings" }).click();
    await waitForPath(page, "/account");
    await page.getByRole("heading", { name: "Two-factor authentication" }).waitFor();
    await expectAccessible(page);

    await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
    await page.getByLabel("Your password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("img", { name: "QR code to add DecisionHub to your authenticator app" }).waitFor();
    const key = ((await page.getByTestId("totp-secret").textContent()) ?? "").replace(/\s+/g, "");
    expect(key).toMatch(/^[A-Z2-7]{32,}$/);
    appUri = `otpauth://totp/DecisionHub:${encodeURIComponent(founderEmail)}?secret=${key}`;
    expect(await isFocused(page, "Code from your app")).toBe(true);
    await expectAccessible(page);
    await page.keyboard.type(totpCode(appUri));
    await page.keyboard.press("Enter");

    const codes = page.getByRole("list", { name: "Your backup codes" }).getByRole("listitem");
    await codes.first().waitFor();
    backupCodes = (await codes.allTextContents()).map((code) => code.trim());
    expect(backupCodes).toHaveLength(10);
    await expectAccessible(page);
    await page.getByRole("button", { name: "I have saved my backup codes" }).click();
    await page.getByText("Two-factor authentication is on.").waitFor();

    // Out and back in: the password, then the code screen.
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await waitForPath(page, "/login");
    // Signed out, the programs page shows the sign-in card, which brings the user back to it.
    await page.goto(`${baseURL}/programs`);
    await waitForPath(page, "/login");
    await submitLogin(page, founderEmail, PASSWORD);
    await answerCodeScreen(page, "Authentication code", wrongTotpCode(appUri));
    await page.getByRole("alert").filter({ hasText: TWO_FACTOR_TEXT.wrongCode }).waitFor();
    await expectAccessible(page);
    // The app's next code: each code is accepted once, and setting up has just spent the current one.
    await answerCodeScreen(page, "Authentication code", totpCode(appUri, Date.now(), 1));
    await waitForPath(page, "/programs");

    // A backup code, in another browser: "Use a backup code instead" is reached with the keyboard.
    const other = await newPage(browser());
    await other.page.goto(`${baseURL}/login`);
    await submitLogin(other.page, founderEmail, PASSWORD);
    await other.page.getByRole("heading", { name: "Two-factor authentication" }).waitFor();
    await other.page.getByRole("button", { name: "Use a backup code instead" }).focus();
    await other.page.keyboard.press("Enter");
    await answerCodeScreen(other.page, "Backup code", backupCodes[0] ?? "");
    await waitForPath(other.page, "/programs");
    expect([...problems, ...other.problems]).toEqual([]);
  });

  it("an organization that requires it sends an admin who has not set it up to do so", async () => {
    expect(appUri, "the first test set up the founder's authenticator").not.toBe("");
    const page = founderPage;
    const stamp = Date.now();
    const invitee = `two-factor-admin-${stamp}@example.test`;
    // A program and a program admin invited to it, through the API as the pages do.
    const status = await page.evaluate(
      async ({ invitee, name }) => {
        const headers = { "content-type": "application/json" };
        const created = await fetch("/api/programs", {
          method: "POST",
          headers,
          body: JSON.stringify({ displayName: name }),
        });
        const { program } = (await created.json()) as { program: { id: string } };
        const invited = await fetch(`/api/programs/${program.id}/user`, {
          method: "POST",
          headers,
          body: JSON.stringify({ email: invitee, role: "ADMIN" }),
        });
        return [created.status, invited.status];
      },
      { invitee, name: `Two-factor program ${stamp}` },
    );
    expect(status).toEqual([201, 201]);

    // The invited admin creates their account from the invitation and accepts (decision 019).
    const { page: adminPage, problems } = await newPage(browser());
    await adminPage.goto(await invitationLink(invitee));
    await adminPage.getByLabel("Your name").fill("Ina Invited");
    await adminPage.getByLabel("Password", { exact: true }).fill("invited-admin-password");
    await adminPage.getByLabel("Confirm password").fill("invited-admin-password");
    await adminPage.getByRole("button", { name: "Create account and accept" }).click();
    // An admin of the program they accepted lands on its dashboard (docs/decisions/039).
    await waitForPath(adminPage, "/admin/dashboard");

    await page.goto(`${baseURL}/organization/settings`);
    const requirement = page.getByRole("switch", { name: "Require two-factor authentication for admins" });
    await page.getByText(invitee, { exact: false }).waitFor(); // listed among the admins without it
    await expectAccessible(page);
    await requirement.focus();
    await page.keyboard.press("Space");
    await page.getByText("Two-factor authentication is now required for admins").waitFor();
    expect(await requirement.isChecked()).toBe(true);

    // Signed in already, the invited admin opens an admin page: it answers 403 behind the scenes, and
    // the setup page says why.
    await adminPage.goto(`${baseURL}/admin/user-management`);
    await waitForPath(adminPage, "/account");
    await adminPage.getByText(/requires two-factor authentication for admins\. Set it up/).waitFor();
    await expectAccessible(adminPage);
    expect(problems).toEqual([]);
  });
});

/** The newest invitation link sent to the address, from the development mailbox. */
async function invitationLink(to: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await fetch(`${baseURL}/api/dev/mailbox`);
    const { messages } = mailboxResultSchema.parse(await response.json());
    for (const message of messages.filter((m) => m.to.includes(to))) {
      const link = /https?:\/\/[^\s"'<>]+\/login\?[^\s"'<>]*invitation=[^\s"'<>]+/.exec(message.text)?.[0];
      if (link !== undefined) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no invitation link was sent to ${to}`);
}
