import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { MESSAGES } from "../src/shared/messages";
import { signUpOrganization } from "./support/accounts";
import { browserForThisFile, expectAccessible, newPage } from "./support/browser";
import { watchFirstScreen } from "./support/first-screen";
import { submitLogin, waitForLanding, waitForPath } from "./support/sign-in";

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

  it("lands a committee member on their candidates, with the programs page in the page menu", async () => {
    const { page, problems } = await open("/login");
    await expectAccessible(page);
    await submitLogin(page, "reviewer@demo.test", demoPassword);
    await waitForPath(page, "/applications");
    await page.getByRole("heading", { name: "Candidate Submissions" }).first().waitFor();
    // The page menu groups the pages by area; the spec's programs page is still there.
    await page.getByRole("button", { name: "Page menu" }).click();
    const menu = page.getByRole("menu");
    await menu
      .getByRole("group", { name: "Review" })
      .getByRole("menuitem", { name: "Stacked Rankings" })
      .waitFor();
    // Each area's heading, then its pages (the page on screen is not offered).
    expect(await menu.getByRole("group").allTextContents()).toEqual([
      "ProgramsPrograms",
      "ReviewStacked Rankings",
    ]);
    expect(await menu.getByRole("group", { name: "Administration" }).count()).toBe(0);
    await expectAccessible(page);
    await menu.getByRole("menuitem", { name: "Programs" }).click();
    await waitForPath(page, "/programs");
    await page.getByRole("cell", { name: "Community Grants 2026" }).first().waitFor();
    expect(problems).toEqual([]);
  });

  it("lands a program admin on the admin dashboard, with where the program stands", async () => {
    const { page, problems } = await open("/login");
    await submitLogin(page, "admin@demo.test", demoPassword);
    await waitForPath(page, "/admin/dashboard");
    const figures = page.getByRole("region", { name: "Where the program stands" });
    await figures.getByText("Submitted applications").waitFor();
    await figures
      .getByText(/^\d+ of \d+$/)
      .first()
      .waitFor();
    await figures.getByText(/\d+ approved, \d+ disapproved, \d+ pending\./).waitFor();
    // The tiles stay beneath, and the page menu lists the administration's pages under their heading.
    await page.getByRole("link", { name: "Manage User Access" }).waitFor();
    await page.getByRole("button", { name: "Page menu" }).click();
    const administration = page.getByRole("menu").getByRole("group", { name: "Administration" });
    await administration.getByRole("menuitem", { name: "Candidate Statistics" }).waitFor();
    await expectAccessible(page);
    if (process.env.E2E_SCREENSHOT_DIR) {
      await page.screenshot({
        path: path.join(process.env.E2E_SCREENSHOT_DIR, "admin-dashboard-menu-1280.png"),
      });
    }
    await page.keyboard.press("Escape");
    await figures.getByRole("link", { name: "Open Reviewer Statistics" }).click();
    await waitForPath(page, "/admin/committeereview");
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

  it("sends an unknown path to /redirect and on to the user's home, saying so; signed out, to /login", async () => {
    const { page, problems } = await open("/no/such/page");
    await waitForPath(page, "/login");
    await page.getByText("There is no page at /no/such/page.", { exact: false }).waitFor();
    await expectAccessible(page);
    await submitLogin(page, "admin@demo.test", demoPassword);
    await waitForPath(page, "/admin/dashboard");
    await page.goto(`${baseURL}/definitely/unknown?x=1`);
    await waitForPath(page, "/admin/dashboard");
    const notice = page
      .getByRole("alert")
      .filter({ hasText: "There is no page at /definitely/unknown?x=1." });
    await notice.waitFor();
    await expectAccessible(page);
    // Dismissed, it stays away on a reload.
    await notice.getByRole("button", { name: "Dismiss" }).click();
    await notice.waitFor({ state: "detached" });
    await page.reload();
    await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
    expect(await page.getByText("There is no page at").count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it("sends a page the account may not open to /, and on home, naming the address", async () => {
    const { page, problems } = await open("/login");
    await submitLogin(page, "reviewer@demo.test", demoPassword);
    await waitForPath(page, "/applications");
    await page.goto(`${baseURL}/admin/allcandidates`);
    await waitForPath(page, "/applications");
    await page
      .getByRole("alert")
      .filter({ hasText: "Your account does not have access to /admin/allcandidates." })
      .waitFor();
    await expectAccessible(page);
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

describe("the sign-in page's first screen (docs/decisions/041-first-paint.md)", () => {
  it("is in the HTML, drawn where the page draws it: nothing moves when React replaces it", async () => {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      // Without scripts: what the browser paints from index.html alone.
      const context = await browser().newContext({ viewport, javaScriptEnabled: false });
      const still = await context.newPage();
      await still.goto(`${baseURL}/login`);
      const heading = still.getByRole("heading", { level: 1, name: "Welcome to DecisionHub" });
      const staticBox = await heading.boundingBox();
      const staticCard = await still.locator(".mantine-Card-root").boundingBox();
      await context.close();

      const { page } = await newPage(browser(), viewport);
      await page.goto(`${baseURL}/login`);
      await page.getByLabel("Email", { exact: true }).waitFor();
      const box = await page.getByRole("heading", { level: 1, name: "Welcome to DecisionHub" }).boundingBox();
      expect(staticBox, `${viewport.width} px`).toEqual(box);
      const card = await page.locator(".mantine-Card-root").boundingBox();
      expect(staticCard?.y, `${viewport.width} px`).toBe(card?.y);
      expect(staticCard?.width, `${viewport.width} px`).toBe(card?.width);
      await page.context().close();
    }
  });

  it("stays until the card replaces it: no loader in between, and the page's largest paint is its first", async () => {
    const { page, problems } = await newPage(browser(), { width: 390, height: 844 });
    const firstScreen = await watchFirstScreen(page);
    await page.goto(`${baseURL}/login`);
    await page.getByLabel("Email", { exact: true }).waitFor();
    const seen = await firstScreen();
    expect(seen.headingLeft).toBe(false);
    expect(seen.loaderShown).toBe(false);
    // React's heading, drawn over the static one at the same size, is not a larger paint.
    expect(seen.largest).toEqual([seen.paints["first-contentful-paint"]]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("is painted from the document alone, its code at low priority; a signed-in page keeps both as built (decision 051)", async () => {
    // Without scripts: the first screen is styled (a Mantine card, its heading in the theme's size) by the sheet
    // in the document. No sheet holds the paint back; the page's own are only preloaded.
    const context = await browser().newContext({
      viewport: { width: 390, height: 844 },
      javaScriptEnabled: false,
    });
    const still = await context.newPage();
    const stillSheets: string[] = [];
    still.on("request", (request) => {
      if (request.resourceType() === "stylesheet") stillSheets.push(request.url());
    });
    await still.goto(`${baseURL}/login`, { waitUntil: "networkidle" });
    const heading = still.getByRole("heading", { level: 1, name: "Welcome to DecisionHub" });
    await expect(heading.evaluate((h) => getComputedStyle(h).fontSize)).resolves.toBe("26px");
    const card = still.locator(".mantine-Card-root");
    await expect(card.evaluate((c) => getComputedStyle(c).borderTopLeftRadius)).resolves.not.toBe("0px");
    const inPage = await still.locator('link[rel="stylesheet"][disabled]').getAttribute("href");
    expect(inPage).toMatch(/^\/assets\/ui-[\w-]+\.css$/);
    expect(await still.locator('link[rel="stylesheet"]:not([disabled])').count()).toBe(0);
    expect(stillSheets.map((url) => new URL(url).pathname)).not.toContain(inPage);
    await context.close();

    // With scripts: the code the sign-in page names is asked at low priority; signed in, the landing page's
    // lazy chunks find the sheet in the document and do not ask for it.
    const { page, problems } = await newPage(browser(), { width: 1280, height: 800 });
    const sheets: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "stylesheet") sheets.push(new URL(request.url()).pathname);
    });
    const priorities = new Map<string, string>();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    cdp.on("Network.requestWillBeSent", ({ request }) => {
      priorities.set(new URL(request.url).pathname, request.initialPriority);
    });
    const signInPage = await page.goto(`${baseURL}/login`);
    await page.getByLabel("Email", { exact: true }).waitFor();
    /** The scripts a page's HTML names, as the server sent it (the page's own scripts add more later). */
    const namedCode = (html: string) =>
      [
        ...html.matchAll(
          /<(?:script type="module"|link rel="modulepreload")[^>]* (?:src|href)="([^"]+\.js)"/g,
        ),
      ].map((match) => match[1] ?? "");
    const named = namedCode((await signInPage?.text()) ?? "");
    expect(named.length).toBeGreaterThan(3);
    expect(named.map((file) => priorities.get(file))).toEqual(named.map(() => "Low"));
    await submitLogin(page, "admin@demo.test", demoPassword);
    await waitForLanding(page);
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(sheets.length).toBeGreaterThan(0); // the pages' own sheets
    expect(sheets).not.toContain(inPage);

    // A signed-in page opened afresh: its code keeps the browser's priority (its first screen is only its
    // frame), and the sheet its link, asked once (a returning visitor has it in their cache).
    const statistics = await page.goto(`${baseURL}/admin/allcandidates`);
    await page.getByRole("heading", { level: 1, name: "Candidate Statistics" }).waitFor();
    const signedInCode = namedCode((await statistics?.text()) ?? "");
    expect(signedInCode.length).toBeGreaterThan(3);
    expect(signedInCode.map((file) => priorities.get(file))).toEqual(signedInCode.map(() => "High"));
    expect(await page.locator(`link[rel="stylesheet"][href="${inPage}"]:not([disabled])`).count()).toBe(1);
    expect(sheets.filter((sheet) => sheet === inPage)).toHaveLength(1);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("loads nothing of the signed-in shell, even after its first paint (docs/decisions/048)", async () => {
    const { page, problems } = await newPage(browser(), { width: 390, height: 844 });
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${baseURL}/login`, { waitUntil: "networkidle" });
    await page.getByLabel("Email", { exact: true }).waitFor();
    // What the page loads once it is idle (the notifications' container) is in by now.
    await page.waitForTimeout(1_000);
    expect(scripts.some((script) => script.includes("/assets/index-"))).toBe(true);
    const shellScripts = scripts.filter((script) =>
      /\/assets\/(signed-in-shell|protected-shell)-/.test(script),
    );
    expect(shellScripts).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
