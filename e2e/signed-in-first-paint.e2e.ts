import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { browserForThisFile, expectAccessible, LAPTOP, newPage, PHONE } from "./support/browser";
import { submitLogin, waitForLanding } from "./support/sign-in";

const baseURL = inject("baseURL");
const demoPassword = inject("demoPassword");
const browser = browserForThisFile();

/**
 * Where the top bar and its logo are drawn: what the first screen must match. The first screen holds a phone's
 * bar and the wide one, the screen's width showing one of them.
 */
async function shellBoxes(page: Page, heading: string) {
  const header = page.locator("header:visible");
  const logo = await header.getByText("DecisionHub", { exact: true }).boundingBox();
  const headerBox = await header.boundingBox();
  const title = await page.getByRole("heading", { level: 1, name: heading }).boundingBox();
  return {
    logo,
    headerBottom: headerBox && headerBox.y + headerBox.height,
    headerWidth: headerBox?.width,
    title,
  };
}

/** The cookies of `email` signed in, to open pages with (with scripts or without). */
async function signedInCookies(email: string) {
  const { page } = await newPage(browser());
  await page.goto(`${baseURL}/login`);
  await submitLogin(page, email, demoPassword);
  await waitForLanding(page);
  const cookies = await page.context().cookies();
  await page.context().close();
  return cookies;
}

async function contextWith(
  cookies: Awaited<ReturnType<BrowserContext["cookies"]>>,
  options: { viewport: { width: number; height: number }; javaScriptEnabled?: boolean },
) {
  const context = await browser().newContext(options);
  await context.addCookies(cookies);
  return context;
}

describe("a signed-in page's first screen (docs/decisions/042-signed-in-first-paint.md)", () => {
  it("is in the HTML: the top bar and its logo, drawn where the page draws them, at 390 and 1280 px", async () => {
    const reviewer = await signedInCookies("reviewer@demo.test");
    const admin = await signedInCookies("admin@demo.test");
    const applicant = await signedInCookies("applicant@demo.test");
    // A committee member's page folds its top bar on a phone; an admin's keeps the wide one everywhere.
    // Each page's list is held back: the page stays as it is while its data loads, its heading where the
    // first screen drew it (a list that has come may put the step bar above it).
    for (const [path, cookies, heading, list] of [
      ["/applications", reviewer, "Candidate Submissions", "**/api/applications?*"],
      ["/admin/allcandidates", admin, "Candidate Statistics", "**/api/admin/candidate-submissions?*"],
      // Its heading is translated: the first screen's is in the browser's language, English here.
      ["/portal/applicant", applicant, "My applications", "**/api/submissions/applicant/**"],
    ] as const) {
      for (const viewport of [PHONE, LAPTOP]) {
        const where = `${path} at ${viewport.width} px`;
        // Without scripts: what the browser paints from the HTML alone.
        const still = await contextWith(cookies, { viewport, javaScriptEnabled: false });
        const stillPage = await still.newPage();
        await stillPage.goto(baseURL + path);
        const painted = await shellBoxes(stillPage, heading);
        // Nothing in it names the user or answers a click; it says the page is loading.
        expect(await stillPage.locator("#root a, #root button, #root input").count(), where).toBe(0);
        await expect(stillPage.getByRole("status").textContent()).resolves.toBe("Loading…");
        await still.close();

        const live = await contextWith(cookies, { viewport });
        const page = await live.newPage();
        await page.route(list, () => {}); // never answered
        await page.goto(baseURL + path);
        // The real top bar: its logo is a link home (the first screen's is text).
        await page.locator('header:visible a[href="/redirect"]').waitFor();
        expect(painted.logo, where).not.toBeNull();
        expect(painted.title, where).not.toBeNull();
        expect(painted, where).toEqual(await shellBoxes(page, heading));
        await live.close();
      }
    }
  });

  it("starts the session's and the user's first reads from the HTML, and the page uses those answers: one request each, no warning", async () => {
    // A reviewer reads their profile and the top bar's programs; an applicant, their profile only
    // (docs/decisions/050-signed-in-reads-in-the-page.md).
    for (const [email, path, heading, reads] of [
      ["reviewer@demo.test", "/applications", "Candidate Submissions", ["", "/currentProgram", "/programs"]],
      ["applicant@demo.test", "/portal/applicant", "My applications", [""]],
    ] as const) {
      const context = await contextWith(await signedInCookies(email), { viewport: PHONE });
      const page = await context.newPage();
      const requests: string[] = [];
      const warnings: string[] = [];
      page.on("request", (request) => {
        const { pathname } = new URL(request.url());
        if (pathname === "/api/auth/get-session" || pathname.startsWith("/api/users/"))
          requests.push(pathname);
      });
      page.on("console", (message) => {
        if (/preload/i.test(message.text())) warnings.push(message.text());
      });
      const response = await page.goto(baseURL + path);
      const html = (await response?.text()) ?? "";
      expect(html).toContain('<link rel="preload" as="fetch" crossorigin href="/api/auth/get-session">');
      const userId = html.match(/href="\/api\/users\/([^/"]+)"/)?.[1];
      expect(userId, email).toBeDefined();
      const userReads = reads.map((read) => `/api/users/${userId}${read}`);
      for (const read of userReads) {
        expect(html, email).toContain(`<link rel="preload" as="fetch" crossorigin href="${read}">`);
      }
      await page.getByRole("heading", { level: 1, name: heading }).waitFor();
      await expectAccessible(page);
      // Chromium warns when a preload is not used within a few seconds of the load.
      await page.waitForTimeout(3500);
      expect(requests.sort(), email).toEqual(["/api/auth/get-session", ...userReads].sort());
      expect(warnings, email).toEqual([]);
      await context.close();
    }
  });

  it("draws the page with its data in React's first render, when the data comes within the wait", async () => {
    const context = await contextWith(await signedInCookies("reviewer@demo.test"), { viewport: PHONE });
    const page = await context.newPage();
    // The list answers late, after the page's code is in: a first render that did not wait for it would draw the
    // top bar first and the rows only later (docs/decisions/050-signed-in-reads-in-the-page.md).
    await page.route("**/api/applications?*", async (route) => {
      await new Promise((done) => setTimeout(done, 700));
      await route.continue();
    });
    await page.addInitScript({
      content: `
        window.__rowsWithFirstRender = null;
        new MutationObserver((_, observer) => {
          if (!document.querySelector('header a[href="/redirect"]')) return;
          window.__rowsWithFirstRender = document.querySelectorAll('a[href^="/submissions/"]').length;
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
      `,
    });
    await page.goto(`${baseURL}/applications`);
    await page.locator('a[href^="/submissions/"]').first().waitFor();
    const rows = await page.evaluate(
      () => (window as unknown as { __rowsWithFirstRender: number }).__rowsWithFirstRender,
    );
    expect(rows).toBeGreaterThan(0);
    await context.close();
  });
});
