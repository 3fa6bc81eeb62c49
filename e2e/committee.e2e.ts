import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { COMMITTEE_MESSAGES } from "../src/shared/schemas/committee";
import { mailboxResultSchema } from "../src/shared/schemas/support";
import { browserForThisFile, expectAccessible, newPage } from "./support/browser";
import { openSignedIn, submitLogin, waitForPath } from "./support/sign-in";

const baseURL = inject("baseURL");
const demoPassword = inject("demoPassword");
const browser = browserForThisFile();

/**
 * The demo program's admin runs the committee. The group gets Rita, and it is assigned to a candidate
 * that was open to everyone: what Rita sees does not change (the reviewing journey relies on it).
 */
const GROUP = "Food security panel";
const FOOD_BANK = "Harbour Food Bank";
const CORRIDORS = "Green Corridors Collective";
const CHOIR = "Northside Seniors Choir";
/** Ann Applicant's (applicant@demo.test) application. */
const RIVERSIDE = "Riverside Youth Theatre";

const responseTo = (page: Page, method: string, path: string) =>
  page.waitForResponse((r) => r.request().method() === method && new URL(r.url()).pathname.startsWith(path));

/** Messages of the development mailbox sent to the address, once the dispatcher has handed them over. */
async function messagesTo(to: string) {
  for (let attempt = 0; attempt < 30; attempt++) {
    const response = await fetch(`${baseURL}/api/dev/mailbox`);
    const { messages } = mailboxResultSchema.parse(await response.json());
    const found = messages.filter((m) => m.to.includes(to));
    if (found.length > 0) return found;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no message was sent to ${to}`);
}

describe("a program admin runs the committee", () => {
  it("creates a reviewer group and assigns it to an application", async () => {
    const { page, problems } = await openSignedIn(browser(), baseURL, "admin@demo.test", demoPassword);
    await page.goto(`${baseURL}/admin/assign-reviewers`);
    await page.getByRole("heading", { name: "Assign Reviewers" }).waitFor();
    for (const note of [COMMITTEE_MESSAGES.everyoneAssigned, COMMITTEE_MESSAGES.removalKeepsReview]) {
      await page.getByText(note).waitFor();
    }
    const row = page.getByRole("row", { name: FOOD_BANK });
    await row.waitFor();
    await expectAccessible(page);

    await page.getByRole("button", { name: "Manage Groups" }).click();
    const dialog = page.getByRole("dialog", { name: "Manage Groups" });
    await dialog.getByRole("button", { name: "New group" }).click();
    await dialog.getByRole("button", { name: "Create group" }).click();
    await dialog.getByText(COMMITTEE_MESSAGES.groupNameRequired).waitFor();
    await dialog.getByRole("textbox", { name: /^Name/ }).fill(GROUP);
    await dialog.getByLabel("Description").fill("Food banks and community kitchens");
    await dialog.getByLabel("Members").click();
    await page.getByRole("option", { name: /Rita Reviewer/ }).click();
    await page.keyboard.press("Escape");
    const created = responseTo(page, "POST", "/api/reviewerGroups");
    await dialog.getByRole("button", { name: "Create group" }).click();
    expect((await created).status()).toBe(201);
    const listed = dialog.getByRole("listitem", { name: GROUP });
    await listed.getByText("Rita Reviewer").waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });

    await row.getByLabel(`Reviewer groups for ${FOOD_BANK}`).click();
    const saved = responseTo(page, "PATCH", "/api/submissions/reviewerGroups/");
    await page.getByRole("option", { name: GROUP }).click();
    // The row meant "everyone": the page asks before limiting it to the group.
    await page.getByRole("button", { name: "Assign and limit" }).click();
    expect((await saved).status()).toBe(200);
    await page.keyboard.press("Escape");
    await page.reload();
    await page.getByRole("row", { name: FOOD_BANK }).getByText(GROUP).waitFor();
    expect(problems).toEqual([]);
  });

  it("approves two candidates with amounts, disapproves one and emails the approved ones", async () => {
    const { page, problems } = await openSignedIn(browser(), baseURL, "admin@demo.test", demoPassword);
    await page.goto(`${baseURL}/admin/allcandidates`);
    await page.getByRole("heading", { name: "Candidate Statistics" }).waitFor();
    await page.getByRole("row", { name: new RegExp(FOOD_BANK) }).waitFor();
    await expectAccessible(page);

    async function approve(name: string, amount: string) {
      const amountField = page.getByLabel(`Amount for ${name}`);
      await amountField.fill(amount);
      await amountField.press("Enter");
      const saved = responseTo(page, "PATCH", "/api/submissions/updateField/");
      await page.getByRole("button", { name: `Approve ${name}`, exact: true }).click();
      expect((await saved).status()).toBe(200);
    }
    await approve(FOOD_BANK, "5000");
    await approve(CORRIDORS, "2500.50");
    const disapproved = responseTo(page, "PATCH", "/api/submissions/updateField/");
    await page.getByRole("button", { name: `Disapprove ${CHOIR}` }).click();
    expect((await disapproved).status()).toBe(200);

    // The funding figures follow the decisions: 5,000 + 2,500.50, two approved, one disapproved.
    await page.getByText("$7,500.50").waitFor();
    await page.getByText("$3,750.25").waitFor();
    await page.reload();
    await expect
      .poll(async () => page.getByLabel(`Amount for ${CORRIDORS}`).inputValue())
      .toMatch(/2,?500\.5/);

    // Decisions made, on a 1280 and a 1366 pixel screen: amounts read as money, and every column (Amount and
    // the decision buttons included) is in view, uncovered, with no sideways scrollbar on the table or page.
    for (const width of [1280, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await page.getByLabel(`Amount for ${CORRIDORS}`).inputValue()).toBe("$2,500.50");
      const table = page.getByRole("table", {
        name: "Candidates with their ratings, rankings and decisions",
      });
      const fit = await table.evaluate((element) => {
        let scroller: HTMLElement | null = element.parentElement;
        while (scroller && !["auto", "scroll"].includes(getComputedStyle(scroller).overflowX))
          scroller = scroller.parentElement;
        const box = (scroller ?? element).getBoundingClientRect();
        const problems: string[] = [];
        if (scroller && scroller.scrollWidth > scroller.clientWidth)
          problems.push(`table scrolls: ${scroller.scrollWidth} > ${scroller.clientWidth}`);
        const page = document.scrollingElement!;
        if (page.scrollWidth > window.innerWidth) problems.push(`page scrolls: ${page.scrollWidth}`);
        for (const input of element.querySelectorAll<HTMLInputElement>('input[aria-label^="Amount for "]')) {
          const amount = input.getBoundingClientRect();
          const decision = input.closest("tr")!.lastElementChild!.getBoundingClientRect();
          const name = input.getAttribute("aria-label");
          if (amount.right > decision.left) problems.push(`${name} is under the decision column`);
          if (decision.right > box.right + 0.5) problems.push(`${name}: the decision column is cut`);
        }
        return problems;
      });
      expect(fit, `at ${width} px`).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole("button", { name: "Select approved" }).click();
    await page.getByRole("button", { name: "Send Emails" }).click();
    const dialog = page.getByRole("dialog", { name: "Send Emails" });
    await dialog.getByLabel("Subject").fill("Good news for {{application}}");
    await dialog.getByLabel("Reply-to").fill("not-an-email");
    await dialog.getByLabel("Bcc").click();
    await dialog.getByText(COMMITTEE_MESSAGES.invalidEmail, { exact: true }).first().waitFor();
    await dialog.getByLabel("Reply-to").fill("grants@demo.test");
    const sent = responseTo(page, "POST", "/api/email/custom");
    await dialog.getByRole("button", { name: "Send 2 emails" }).click();
    expect((await sent).status()).toBe(200);
    await dialog.getByText("hello@harbourfood.test").waitFor();
    await dialog.getByText("team@greencorridors.test").waitFor();

    const [foodBank] = await messagesTo("hello@harbourfood.test");
    expect(foodBank!.subject).toBe(`Good news for ${FOOD_BANK}`);
    expect(foodBank!.text).toContain(`Dear ${FOOD_BANK},`);
    expect(foodBank!.text).toContain("$5,000.00");
    const [corridors] = await messagesTo("team@greencorridors.test");
    expect(corridors!.text).toContain("$2,500.50");
    expect(corridors!.text).not.toContain("{{");
    expect(problems).toEqual([]);
  });

  it("releases the decisions: until then the applicant's portal says Under review, then their outcome", async () => {
    const applicant = await newPage(browser());
    await applicant.page.goto(`${baseURL}/login`);
    await submitLogin(applicant.page, "applicant@demo.test", demoPassword);
    await waitForPath(applicant.page, "/portal/applicant");
    const theirs = applicant.page.getByRole("row").filter({ hasText: RIVERSIDE });
    await theirs.getByText("Under review", { exact: true }).waitFor();

    const { page, problems } = await openSignedIn(browser(), baseURL, "admin@demo.test", demoPassword);
    await page.goto(`${baseURL}/admin/allcandidates`);
    await page.getByRole("row", { name: new RegExp(RIVERSIDE) }).waitFor();
    const amountField = page.getByLabel(`Amount for ${RIVERSIDE}`);
    await amountField.fill("3500.50");
    await amountField.press("Enter");
    const saved = responseTo(page, "PATCH", "/api/submissions/updateField/");
    await page.getByRole("button", { name: `Approve ${RIVERSIDE}`, exact: true }).click();
    expect((await saved).status()).toBe(200);

    // Decided, not released: the applicant still sees nothing of it.
    await applicant.page.reload();
    await theirs.getByText("Under review", { exact: true }).waitFor();
    expect(await applicant.page.getByText(/3,500\.50/).count()).toBe(0);

    const section = page.getByRole("region", { name: "Decisions for applicants" });
    await section.getByText(/Applicants do not see decisions yet/).waitFor();
    await expectAccessible(page);
    await section.getByRole("button", { name: "Release decisions", exact: true }).click();
    const confirm = page.getByRole("dialog", { name: "Release decisions to applicants?" });
    const released = responseTo(page, "PUT", "/api/programs/");
    await confirm.getByRole("button", { name: "Release decisions", exact: true }).click();
    expect((await released).status()).toBe(200);
    await section.getByText(/^Released to applicants on/).waitFor();

    await applicant.page.reload();
    await theirs.getByText("Approved: $3,500.50", { exact: true }).waitFor();
    await expectAccessible(applicant.page);
    expect(problems).toEqual([]);
    expect(applicant.problems).toEqual([]);
  });

  it("sees each committee member's progress and reminds one who is behind", async () => {
    const { page, problems } = await openSignedIn(browser(), baseURL, "admin@demo.test", demoPassword);
    await page.goto(`${baseURL}/admin/committeereview`);
    await page.getByRole("heading", { name: "Reviewer Statistics" }).waitFor();
    const rita = page.getByRole("row", { name: /Rita Reviewer/ });
    await rita.waitFor();
    // Admins are not counted; the guest is listed apart as an observer, never "behind".
    expect(await page.getByRole("row", { name: /Adam Adler/ }).count()).toBe(0);
    const observers = page.getByRole("region", { name: "Observers" });
    await observers.getByRole("row", { name: /Gus Guest/ }).waitFor();
    expect(
      await page
        .getByRole("table", { name: /^Committee members of / })
        .getByText("Gus Guest")
        .count(),
    ).toBe(0);
    expect(await page.getByRole("button", { name: "Send reminder to Gus Guest" }).count()).toBe(0);
    await expectAccessible(page);

    const sent = responseTo(page, "POST", "/api/email/reminder");
    await rita.getByRole("button", { name: "Send reminder to Rita Reviewer" }).click();
    expect((await sent).status()).toBe(200);
    await page.getByText(COMMITTEE_MESSAGES.reminderSent("reviewer@demo.test")).waitFor();
    const [reminder] = await messagesTo("reviewer@demo.test");
    expect(reminder!.text).toContain("/applications");
    expect(problems).toEqual([]);
  });
});
