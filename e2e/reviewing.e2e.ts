import type { Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { REVIEW_MESSAGES } from "../src/shared/schemas/reviews";
import { browserForThisFile, expectAccessible } from "./support/browser";
import { openSignedIn, waitForPath } from "./support/sign-in";

const baseURL = inject("baseURL");
const demoPassword = inject("demoPassword");
const browser = browserForThisFile();

/** The demo committee's candidates Rita sees, in list order; Little Library Network is Ada's alone. */
const RITAS_CANDIDATES = [
  "Green Corridors Collective",
  "Harbour Food Bank",
  "Northside Seniors Choir",
  "Riverside Youth Theatre",
];

const signIn = (email: string) => openSignedIn(browser(), baseURL, email, demoPassword);

/** Picks a value of a criterion's rating (a labelled group of choices) and waits for the save. */
async function rate(page: Page, criterion: string, value: string) {
  const group = page.getByRole("radiogroup", { name: criterion });
  const saved = page.waitForResponse(
    (r) => r.url().endsWith("/api/reviews") && r.request().method() === "POST",
  );
  await group.getByText(value, { exact: true }).click();
  expect((await saved).status()).toBe(200);
}

const cards = (page: Page) => page.getByTestId("ranking-list").getByTestId("ranking-card");
const cardNames = async (page: Page) =>
  (await cards(page).all()).map((card) => card.getAttribute("data-candidate-id"));
async function orderOf(page: Page): Promise<string[]> {
  return Promise.all(
    (await cards(page).all()).map(async (card) =>
      (await card.innerText())
        .split("\n")
        .find((line) => RITAS_CANDIDATES.includes(line.trim()))!
        .trim(),
    ),
  );
}

function rankingSaved(page: Page) {
  return page.waitForResponse((r) => r.url().endsWith("/api/rankings") && r.request().method() === "POST");
}

/** Drags `source` onto `target` with the mouse, in small steps as a person would. */
async function dragWithMouse(page: Page, source: Locator, target: Locator) {
  const from = (await source.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + 20, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 20, from.y + from.height / 2 - 10, { steps: 5 });
  await page.mouse.move(to.x + 20, to.y + 5, { steps: 20 });
  await page.mouse.up();
}

describe("a committee member reviews the demo candidates", () => {
  it("translates a written answer by machine beside the original, never an anonymized one", async () => {
    const { page, problems } = await signIn("reviewer@demo.test");
    await page.goto(`${baseURL}/applications`);
    await page.getByRole("link", { name: `Review ${RITAS_CANDIDATES[0]}` }).click();
    await page.getByRole("heading", { name: RITAS_CANDIDATES[0], exact: true }).waitFor();
    const offered = await page.getByRole("button", { name: "Traduire en français" }).count();
    expect(offered).toBeGreaterThan(0);
    const translated = page.waitForResponse((r) => r.url().endsWith("/translation"));
    await page.getByRole("button", { name: "Traduire en français" }).first().click();
    const body = (await (await translated).json()) as { text: string };
    expect(body.text).toMatch(/^FR:/);
    await page.getByText("Traduction automatique (français)").waitFor();
    await page.getByText(body.text, { exact: true }).waitFor();
    // The original stays where it was.
    await page.getByText(body.text.slice(3), { exact: true }).first().waitFor();
    await expectAccessible(page);
    if (process.env.E2E_SCREENSHOT_DIR) {
      const { join } = await import("node:path");
      await page.screenshot({ path: join(process.env.E2E_SCREENSHOT_DIR, "answer-translation-1280.png") });
    }
    expect(problems).toEqual([]);
  });

  it("rates every candidate on the criteria, comments, unlocks step 2 and orders the ranking with mouse and keyboard", async () => {
    const { page, problems } = await signIn("reviewer@demo.test");
    await page.goto(`${baseURL}/applications`);
    const table = page.getByRole("table");
    await table.getByText(RITAS_CANDIDATES[0]!, { exact: true }).waitFor();
    for (const name of RITAS_CANDIDATES) await table.getByText(name, { exact: true }).waitFor();
    // Rita's list is in her own shuffled order (docs/decisions/037-per-reviewer-order.md): Next follows it.
    const rows = await table.getByRole("row").allInnerTexts();
    const place = (name: string) => rows.findIndex((text) => text.includes(name));
    const ritasOrder = [...RITAS_CANDIDATES].sort((a, b) => place(a) - place(b));
    // Assigned to Ada alone, and the draft: never on Rita's list.
    expect(await page.getByText("Little Library Network").count()).toBe(0);
    expect(await page.getByText("Unfinished Arts Hub").count()).toBe(0);
    expect(await page.getByRole("link", { name: REVIEW_MESSAGES.nextStep }).count()).toBe(0);
    await expectAccessible(page);

    // Step 2 opened by its address before rating: locked, in the step bar's words, no list to drag.
    await page.goto(`${baseURL}/rankings`);
    await page
      .getByText("Rate every application to unlock the stacked rankings (0 of 4 rated).")
      .first()
      .waitFor();
    await page.getByRole("heading", { name: "Stacked Rankings are not open to you yet" }).waitFor();
    expect(await page.getByTestId("ranking-list").count()).toBe(0);
    await expectAccessible(page);
    await page.getByRole("link", { name: "Back to 1. Rate Candidates" }).click();
    await waitForPath(page, "/applications");

    await page.getByRole("link", { name: `Review ${RITAS_CANDIDATES[0]}` }).click();
    await page.getByRole("heading", { name: RITAS_CANDIDATES[0], exact: true }).waitFor();
    // The anonymized contact email never reaches a reviewer's browser.
    expect(await page.content()).not.toContain("team@greencorridors.test");
    await page.getByLabel("Anonymized answer").first().waitFor();

    // Impact weighs 2: (2 × 4 + 3 + 5) / 4 = 4; the yes/no stays out of the score.
    await rate(page, "Impact on the community", "4");
    await rate(page, "Feasibility of the plan", "3");
    const fits = page.waitForResponse((r) => r.url().endsWith("/api/reviews"));
    await page.getByRole("radiogroup", { name: "Fits the program's priorities" }).getByLabel("Yes").check();
    await fits;
    await rate(page, "Value for money", "5");
    await expect.poll(() => page.getByTestId("overall-rating").first().innerText()).toContain("4");

    const comment = "Strong partners; ask for the venue quote.";
    await page.getByLabel("Add a comment on Your project").fill(comment);
    await page.getByRole("button", { name: "Add comment" }).first().click();
    await page.getByText(comment, { exact: true }).waitFor();
    await expectAccessible(page);

    // The others, from the top of her list down with Next: one criterion each is enough to count as rated.
    await page.getByText("← Back to Candidate Submissions").click();
    await waitForPath(page, "/applications");
    await page.getByRole("link", { name: `Review ${ritasOrder[0]}` }).click();
    for (const [index, name] of ritasOrder.entries()) {
      if (index > 0) await page.getByRole("link", { name: "Next applicant" }).click();
      await page.getByRole("heading", { name, exact: true }).waitFor();
      if (name !== RITAS_CANDIDATES[0]) await rate(page, "Impact on the community", "3");
    }
    // The last one: Next is a disabled button, not a link.
    expect(await page.getByRole("button", { name: "Next applicant" }).isDisabled()).toBe(true);

    await page.getByText("← Back to Candidate Submissions").click();
    await waitForPath(page, "/applications");
    await page.getByRole("link", { name: REVIEW_MESSAGES.nextStep }).click();
    await waitForPath(page, "/rankings");
    await cards(page).first().waitFor();
    // Best rated first: Green Corridors (4), then the three rated 3.
    expect((await orderOf(page))[0]).toBe(RITAS_CANDIDATES[0]);
    await expectAccessible(page);

    // Mouse: the last card to the top.
    const before = await orderOf(page);
    let saved = rankingSaved(page);
    await dragWithMouse(page, cards(page).last(), cards(page).first());
    expect((await saved).status()).toBe(200);
    const afterMouse = await orderOf(page);
    expect(afterMouse).toEqual([before[3], before[0], before[1], before[2]]);

    // Keyboard: lift the first card with the space bar, move it down one, drop it.
    saved = rankingSaved(page);
    await cards(page).first().locator("[data-rfd-drag-handle-draggable-id]").focus();
    await page.keyboard.press("Space");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Space");
    expect((await saved).status()).toBe(200);
    const afterKeyboard = await orderOf(page);
    expect(afterKeyboard).toEqual([afterMouse[1], afterMouse[0], afterMouse[2], afterMouse[3]]);
    expect(await cardNames(page)).toHaveLength(4);

    await page.reload();
    await cards(page).first().waitFor();
    expect(await orderOf(page)).toEqual(afterKeyboard);
    await page
      .getByTestId("ranking-saved")
      .getByText(/^Last saved /)
      .waitFor();

    // Confirm ranking: the order as it stands is recorded, with when.
    saved = rankingSaved(page);
    await page.getByRole("button", { name: "Confirm ranking" }).click();
    const confirmed = await saved;
    expect(confirmed.status()).toBe(200);
    expect(JSON.parse(confirmed.request().postData() ?? "{}")).toMatchObject({ confirm: true });
    await page
      .getByTestId("ranking-saved")
      .getByText(/· confirmed /)
      .waitFor();
    await page.reload();
    await page
      .getByTestId("ranking-saved")
      .getByText(/· confirmed /)
      .waitFor();
    expect(await orderOf(page)).toEqual(afterKeyboard);
    await expectAccessible(page);
    expect(problems).toEqual([]);
  });
});
