import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** The system Chromium, never a downloaded one. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/**
 * One Chromium for the whole run: the end-to-end files run one after another in one worker that keeps its
 * loaded modules (vitest.config.ts), so this module, and the browser it started, outlive each file. Playwright
 * stops the browser when the worker exits.
 */
let sharedBrowser: Promise<Browser> | undefined;

async function runningBrowser(): Promise<Browser> {
  // A browser that failed to start or has gone (a crash) is started again for the next file.
  const running = await sharedBrowser?.catch(() => undefined);
  if (running?.isConnected()) return running;
  sharedBrowser = launchBrowser();
  return sharedBrowser;
}

/**
 * The run's browser for a test file; call at the top of the file. Every page a test opens is in a context of
 * its own (`newPage`), and the contexts a file leaves open are closed after it, as closing a browser of its own
 * would: the next file starts with no page of this one still running.
 */
export function browserForThisFile(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await runningBrowser();
  });
  afterAll(async () => {
    if (browser?.isConnected()) await Promise.all(browser.contexts().map((context) => context.close()));
  });
  return () => {
    if (!browser) throw new Error("the browser is not started yet");
    return browser;
  };
}

/** The laptop every journey runs on unless it says otherwise. */
export const LAPTOP = { width: 1280, height: 800 };
/** A phone (applicants' and committee members' pages work on one). */
export const PHONE = { width: 390, height: 844 };

/** A fresh page that fails the test on any Content-Security-Policy violation or uncaught error. */
export async function newPage(
  browser: Browser,
  viewport: { width: number; height: number } = LAPTOP,
): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error" && /Content.Security.Policy/i.test(msg.text())) problems.push(msg.text());
  });
  page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
  return { page, problems };
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * Runs axe-core (WCAG 2.2 A/AA rules) on the page as it is; a serious or critical violation fails.
 * Evaluated through the DevTools protocol, so the page's CSP stays on.
 */
export async function expectAccessible(page: Page): Promise<void> {
  // Dialogs fade in: axe measures contrast on what is painted, so wait for transitions to end. A transition
  // starts on the frame after its element mounts: let two frames pass first, or there may be none to wait for yet.
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  await page.evaluate(axeSource);
  const violations = (await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: unknown) => Promise<{ violations: unknown[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
    });
    return result.violations;
  })) as AxeViolation[];
  const serious = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => `${n.target.join(" ")} (${n.failureSummary ?? ""})`).join(", ")}`,
    );
  expect(serious, `accessibility violations on ${page.url()}`).toEqual([]);
}
