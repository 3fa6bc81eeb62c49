import { describe, expect, inject, it } from "vitest";
import { MESSAGES } from "../src/shared/messages";
import { signUpOrganization } from "./support/accounts";
import { browserForThisFile, expectAccessible, newPage } from "./support/browser";
import { submitLogin, waitForPath } from "./support/sign-in";

const baseURL = inject("baseURL");
const demoPassword = inject("demoPassword");
const browser = browserForThisFile();

async function open(path: string) {
  const { page, problems } = await newPage(browser());
  await page.goto(baseURL + path);
  return { page, problems };
}

describe("sign-up, sign-in and the shell", () => {
  it("signs up a new organization, lands on its programs page, signs out and back in", async () => {
    const { page, problems } = await open("/signup");
    await page.getByRole("heading", { name: "Start your free trial" }).waitFor();
    await expectAccessible(page);
    const email = `founder-${Date.now()}@example.test`;
    await page.getByLabel("Name", { exact: true }).fill("Fran Founder");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill("founder-password");
    await page.getByLabel("Confirm password").fill("founder-password");
    await page.getByLabel("Organization name").fill("Founders Fund");
    await page.getByRole("radio", { name: /Starter/ }).check();
    await page.getByRole("button", { name: "Start free trial" }).click();
    await waitForPath(page, "/programs");
    await page.getByRole("heading", { name: "Programs" }).waitFor();
    await page.getByText(MESSAGES.noPrograms).first().waitFor();
    // A new organization's admin is also told what to do first (docs/decisions/031-admin-and-copy-fixes.md).
    await page.getByRole("heading", { name: "Start here" }).waitFor();
    await expectAccessible(page);

    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await waitForPath(page, "/login");
    await submitLogin(page, `  ${email}  `, "founder-password");
    await waitForPath(page, "/programs");
    expect(problems).toEqual([]);
  });

  it("shows the spec's message for wrong credentials and keeps Log in disabled until both fields are filled", async () => {
    const { page, problems } = await open("/login");
    const button = page.getByRole("button", { name: "Log in" });
    expect(await button.isDisabled()).toBe(true);
    await page.getByLabel("Email").fill("reviewer@demo.test");
    expect(await button.isDisabled()).toBe(true);
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await button.click();
    await page.getByRole("alert").filter({ hasText: MESSAGES.wrongCredentials }).waitFor();
    await expectAccessible(page);
    expect(problems).toEqual([]);
  });

  it("sends a committee member to the programs page with their program in the picker", async () => {
    const { page, problems } = await open("/login");
    await expectAccessible(page);
    await submitLogin(page, "reviewer@demo.test", demoPassword);
    await waitForPath(page, "/programs");
    await page.getByRole("cell", { name: "Community Grants 2026" }).first().waitFor();
    expect(problems).toEqual([]);
  });
});

describe("redirects", () => {
  it("sends an applicant to their portal", async () => {
    const { page, problems } = await open("/login");
    await submitLogin(page, "applicant@demo.test", demoPassword);
    await waitForPath(page, "/portal/applicant");
    await page.getByRole("heading", { name: "My Applications" }).waitFor();
    await expectAccessible(page);
    // An applicant opening a committee page is sent away from it.
    await page.goto(`${baseURL}/programs`);
    await waitForPath(page, "/portal/applicant");
    expect(problems).toEqual([]);
  });

  it("sends an unknown path to /redirect and on to the user's home; signed out, to /login", async () => {
    const { page, problems } = await open("/no/such/page");
    await waitForPath(page, "/login");
    await submitLogin(page, "admin@demo.test", demoPassword);
    await waitForPath(page, "/programs");
    await page.goto(`${baseURL}/definitely/unknown`);
    await waitForPath(page, "/programs");
    expect(problems).toEqual([]);
  });
});

describe("password reset through the development mailbox", () => {
  it("shows the spec's red text for an unknown address", async () => {
    const { page, problems } = await open("/reset-password");
    await page.getByLabel("Email").fill("nobody-here@example.test");
    await page.getByRole("button", { name: "Send reset email" }).click();
    await page.getByText(MESSAGES.unknownResetEmail).waitFor();
    await expectAccessible(page);
    expect(problems).toEqual([]);
  });

  it("resets a password from the emailed link and signs in with the new one", async () => {
    const email = await signUpOrganization(baseURL, {
      password: "old-password-1",
      emailPrefix: "resetter",
      displayName: "Reset Me",
    });

    const { page, problems } = await open("/login");
    await page.getByRole("button", { name: "Forgot password?" }).click();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset email" }).click();
    await page.getByRole("heading", { name: "Check your email" }).waitFor();
    await expectAccessible(page);

    await page.goto(`${baseURL}/dev/mailbox`);
    await page.getByRole("heading", { name: "Development mailbox" }).waitFor();
    await expectAccessible(page);
    const link = page.locator(`a[href*="/api/auth/reset-password/"]`).first();
    await link.waitFor();
    const href = await link.getAttribute("href");
    await page.goto(href!);
    await waitForPath(page, "/reset-password");
    await page.getByLabel("New password", { exact: true }).fill("new-password-2");
    await page.getByLabel("Confirm new password").fill("new-password-2");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Set new password" }).click();
    await waitForPath(page, "/login");
    await submitLogin(page, email, "new-password-2");
    await waitForPath(page, "/programs");
    expect(problems).toEqual([]);
  });
});

describe("error page", () => {
  it("shows the specification's message for the code, never the link's own text", async () => {
    const { page, problems } = await open(
      "/common/error?code=404&message=Call%20%2B1-555-0100%20to%20unlock",
    );
    await page.getByRole("heading", { name: "Uh Oh! We cannot find what you are looking for." }).waitFor();
    // The report's id, which a person writing to support can quote, and nothing of the link's text.
    await page.getByText(/^Report id: [0-9a-f-]{36}$/).waitFor();
    expect(await page.locator("body").innerText()).not.toContain("555-0100");
    await expectAccessible(page);
    expect(problems).toEqual([]);
  });
});
