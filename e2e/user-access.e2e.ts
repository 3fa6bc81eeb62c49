import type { Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { PROGRAM_USER_MESSAGES } from "../src/shared/program-users/seats";
import { mailboxResultSchema } from "../src/shared/schemas/support";
import { signUpOrganization } from "./support/accounts";
import { browserForThisFile, expectAccessible, newPage } from "./support/browser";
import { submitLogin, waitForLanding } from "./support/sign-in";

const baseURL = inject("baseURL");
const demoPassword = inject("demoPassword");
const browser = browserForThisFile();

/** Signs in through an existing account's invitation link, /login?email=…, which fills in the address. */
async function logIn(email: string, password: string): Promise<{ page: Page; problems: string[] }> {
  const { page, problems } = await newPage(browser());
  await page.goto(`${baseURL}/login?${new URLSearchParams({ email }).toString()}`);
  const emailField = page.getByLabel("Email", { exact: true });
  await emailField.waitFor();
  expect(await emailField.inputValue()).toBe(email);
  await submitLogin(page, email, password);
  await waitForLanding(page);
  return { page, problems };
}

async function openUserAccess(page: Page) {
  await page.goto(`${baseURL}/admin/user-management`);
  await page.getByRole("heading", { name: "Manage User Access", exact: true }).waitFor();
}

/** A program of a fresh organization, made current by its admin: nothing here touches the demo data. */
async function adminOfNewProgram(programName: string) {
  const password = "access-admin-password";
  const email = await signUpOrganization(baseURL, { password, emailPrefix: "access-admin" });
  const signedIn = await logIn(email, password);
  const { page } = signedIn;
  const programId = await createProgram(page, programName);
  await page.reload();
  await page.getByRole("button", { name: `View ${programName}`, exact: true }).click();
  await page.getByText(`Current program: ${programName}`).waitFor();
  return { ...signedIn, programId };
}

/** A new program of the signed-in admin's organization, made through the API; its id. */
async function createProgram(page: Page, displayName: string): Promise<string> {
  const { status, id } = await page.evaluate(async (name) => {
    const response = await fetch("/api/programs", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ displayName: name }),
    });
    const body = (await response.json()) as { program?: { id: string } };
    return { status: response.status, id: body.program?.id ?? "" };
  }, displayName);
  expect(status).toBe(201);
  return id;
}

/** Adds a person to a program by email through the API, as the signed-in admin; the answer's status. */
async function addByEmail(page: Page, programId: string, email: string): Promise<number> {
  return page.evaluate(
    async ({ id, address }) => {
      const response = await fetch(`/api/programs/${id}/user`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: address, role: "REVIEWER" }),
      });
      return response.status;
    },
    { id: programId, address: email },
  );
}

/** The newest invitation link sent to the address, from the development mailbox. */
async function invitationLink(to: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await fetch(`${baseURL}/api/dev/mailbox`);
    const { messages } = mailboxResultSchema.parse(await response.json());
    const newestFirst = messages
      .filter((message) => message.to.includes(to))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    for (const message of newestFirst) {
      const link = /https?:\/\/[^\s"'<>]+\/login\?[^\s"'<>]*invitation=[^\s"'<>]+/.exec(message.text)?.[0];
      if (link !== undefined) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no invitation link was sent to ${to}`);
}

const usersTable = (page: Page, programName: string) =>
  page.getByRole("table", { name: `Users of ${programName}` });
const rowOf = (table: Locator, email: string) =>
  table.getByRole("row").filter({ has: table.page().getByRole("cell", { name: email, exact: true }) });

/** "Reviewers: 1 / 5" as a number. */
async function seatsUsed(page: Page, kind: "Admins" | "Reviewers"): Promise<number> {
  const text = await page.getByText(new RegExp(`^${kind}: \\d+`)).textContent();
  return Number(/: (\d+)/.exec(text ?? "")?.[1]);
}

describe("Manage User Access", () => {
  it("invites a committee member who creates their account and accepts; the admin changes their role and removes them", async () => {
    const stamp = Date.now();
    const programName = `Access Program ${stamp}`;
    const { page, problems } = await adminOfNewProgram(programName);
    await openUserAccess(page);
    await page.getByRole("main").getByText(programName, { exact: true }).waitFor();
    const reviewersBefore = await seatsUsed(page, "Reviewers");
    await expectAccessible(page);

    // Add new user: an invalid address is refused in the dialog, a valid one is lowercased and trimmed.
    await page.getByRole("button", { name: "Add new user", exact: true }).click();
    const addDialog = page.getByRole("dialog", { name: "Add new user" });
    await addDialog.getByLabel("Email", { exact: true }).fill("not-an-address");
    await addDialog.getByRole("button", { name: "Add", exact: true }).click();
    await addDialog.getByText("Invalid Email").waitFor();
    expect(await addDialog.getByLabel("Role").inputValue()).toBe("REVIEWER");
    await expectAccessible(page);
    const invitee = `invitee-${stamp}@example.test`;
    await addDialog.getByLabel("Email", { exact: true }).fill(`  Invitee-${stamp}@Example.test `);
    await addDialog.getByLabel("Role").selectOption({ label: "Committee Member" });
    await addDialog.getByRole("button", { name: "Add", exact: true }).click();
    await addDialog.waitFor({ state: "detached" });
    await page
      .getByRole("alert")
      .filter({ hasText: `Invitation sent to ${invitee}` })
      .waitFor();

    // Invited, not a member: listed apart, taking no seat until they accept (decision 019).
    const pending = page.getByRole("table", { name: `Pending invitations to ${programName}` });
    const pendingRow = rowOf(pending, invitee);
    await pendingRow.waitFor();
    expect(await pendingRow.getByRole("cell").allTextContents()).toEqual([
      invitee,
      "",
      "Invitation pending",
      "Resend EmailCancel invitation",
    ]);
    expect(await pendingRow.getByLabel(`Role offered to ${invitee}`).inputValue()).toBe("Committee Member");
    expect(await seatsUsed(page, "Reviewers")).toBe(reviewersBefore);
    await expectAccessible(page);

    // Resend Email: a fresh link (the previous one stops working).
    await pendingRow.getByRole("button", { name: `Resend email to ${invitee}`, exact: true }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: `Invitation sent to ${invitee}` })
      .nth(1)
      .waitFor();

    // The invitee, in a browser of their own: who invites them to what, then their account, accepted.
    const link = await invitationLink(invitee);
    const { page: inviteePage, problems: inviteeProblems } = await newPage(browser());
    await inviteePage.goto(link);
    await inviteePage.getByRole("heading", { name: `You're invited to ${programName}` }).waitFor();
    await inviteePage
      .getByText("Nothing is shared with the program until you accept.", { exact: false })
      .waitFor();
    await expectAccessible(inviteePage);
    await inviteePage.getByLabel("Your name").fill("Ivy Invitee");
    await inviteePage.getByLabel("Password", { exact: true }).fill("invitee-password");
    await inviteePage.getByLabel("Confirm password").fill("invitee-password");
    await inviteePage.getByRole("button", { name: "Create account and accept" }).click();
    // Their new program is their current one: a committee member lands on its candidates (docs/decisions/039).
    await inviteePage.waitForURL((url) => url.pathname === "/applications", { timeout: 15_000 });
    await inviteePage.goto(`${baseURL}/programs`);
    await inviteePage.getByRole("cell", { name: programName, exact: true }).waitFor();
    expect(inviteeProblems).toEqual([]);

    const table = usersTable(page, programName);
    const row = rowOf(table, invitee);
    // The admin sees the name; changes the role to Guest.
    await page.reload();
    await rowOf(table, invitee).getByRole("cell", { name: "Ivy Invitee", exact: true }).waitFor();
    await page.getByText(`Reviewers: ${reviewersBefore + 1}`, { exact: false }).waitFor();
    expect(await pending.count()).toBe(0);
    await row.getByRole("button", { name: "Edit Ivy Invitee", exact: true }).click();
    const editDialog = page.getByRole("dialog", { name: "Edit Ivy Invitee" });
    expect(await editDialog.getByLabel("Role").inputValue()).toBe("REVIEWER");
    await expectAccessible(page);
    await editDialog.getByLabel("Role").selectOption({ label: "Guest" });
    await editDialog.getByRole("button", { name: "Save" }).click();
    await editDialog.waitFor({ state: "detached" });
    await row.getByRole("cell", { name: "Guest", exact: true }).waitFor();

    // Removal asks twice: the first press only changes the button.
    await row.getByRole("button", { name: "Edit Ivy Invitee", exact: true }).click();
    await editDialog.getByRole("button", { name: "Remove Ivy Invitee", exact: true }).click();
    const confirm = editDialog.getByRole("button", { name: /^Please confirm removal/ });
    expect(await confirm.textContent()).toBe(PROGRAM_USER_MESSAGES.confirmRemoval);
    expect(await editDialog.isVisible()).toBe(true);
    await expectAccessible(page);
    await confirm.click();
    await editDialog.waitFor({ state: "detached" });
    await rowOf(table, invitee).waitFor({ state: "detached" });
    await page.getByText(`Reviewers: ${reviewersBefore}`, { exact: false }).waitFor();
    expect(problems).toEqual([]);
  });

  it("lets the demo program admin edit their own role but never remove themselves", async () => {
    const { page, problems } = await logIn("admin@demo.test", demoPassword);
    await openUserAccess(page);
    await page.getByRole("button", { name: "Edit Adam Adler", exact: true }).click();
    const editDialog = page.getByRole("dialog", { name: "Edit Adam Adler" });
    await editDialog.getByText(PROGRAM_USER_MESSAGES.cannotRemoveSelf).waitFor();
    expect(await editDialog.getByRole("button", { name: /^Remove/ }).count()).toBe(0);
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await editDialog.waitFor({ state: "detached" });
    expect(problems).toEqual([]);
  });

  it("is closed to a committee member", async () => {
    const { page, problems } = await logIn("reviewer@demo.test", demoPassword);
    await page.goto(`${baseURL}/admin/user-management`);
    // Home, which for a committee member is their candidates, saying why (docs/decisions/039).
    await page.waitForURL((url) => url.pathname === "/applications", { timeout: 15_000 });
    await page
      .getByText("Your account does not have access to /admin/user-management.", { exact: false })
      .waitFor();
    expect(await page.getByRole("heading", { name: "Manage User Access" }).count()).toBe(0);
    expect(problems).toEqual([]);
  });
});

describe("invitation links", () => {
  it("says an unknown or expired invitation is gone, then shows the login step with the address filled in", async () => {
    const email = "someone-invited@example.test";
    const { page, problems } = await newPage(browser());
    await page.goto(
      `${baseURL}/login?${new URLSearchParams({ email, invitation: "no-such-token-0123456789" }).toString()}`,
    );
    await page.getByRole("alert").filter({ hasText: PROGRAM_USER_MESSAGES.invitationGone }).waitFor();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Go to sign in" }).click();
    expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(email);
    expect(new URL(page.url()).searchParams.get("invitation")).toBeNull();
    expect(problems).toEqual([]);
  });
});

describe("an invitation to someone of another organization", () => {
  it("shows an unconfirmed account only that one waits; the email's link accepts it; once confirmed, the Programs page answers the next", async () => {
    const stamp = Date.now();
    const first = `Consent Program ${stamp}`;
    const second = `Consent Program ${stamp} B`;
    const { page: adminPage, programId: firstId } = await adminOfNewProgram(first);

    // Someone who runs programs of their own elsewhere: invited, not added (decision 019).
    const password = "other-org-password";
    const outsider = await signUpOrganization(baseURL, { password, emailPrefix: "other-org" });
    expect(await addByEmail(adminPage, firstId, outsider)).toBe(201);

    // Signed in, their address never confirmed: the Programs page says an invitation waits, not what for.
    const { page, problems } = await logIn(outsider, password);
    await page.getByText("1 pending invitation").waitFor();
    expect(await page.locator("body").innerText()).not.toContain(first);
    await expectAccessible(page);

    // The email's link proves the address: Accept there, and the program is theirs.
    await page.goto(await invitationLink(outsider));
    await page.getByRole("heading", { name: `You're invited to ${first}` }).waitFor();
    await page.getByRole("button", { name: "Accept", exact: true }).click();
    await page.goto(`${baseURL}/programs`);
    await page.getByRole("cell", { name: first, exact: true }).waitFor();

    // The next invitation is shown with what it is for, and answered on the Programs page.
    const { page: secondAdminPage, programId: secondId } = await adminOfNewProgram(second);
    expect(await addByEmail(secondAdminPage, secondId, outsider)).toBe(201);
    await page.reload();
    const accept = page.getByRole("button", { name: `Accept the invitation to ${second}`, exact: true });
    await accept.waitFor();
    await page.getByRole("heading", { name: "Pending invitations", exact: true }).waitFor();
    await expectAccessible(page);
    await accept.click();
    await page.getByRole("cell", { name: second, exact: true }).waitFor();
    await accept.waitFor({ state: "detached" });
    expect(problems).toEqual([]);
  });
});
