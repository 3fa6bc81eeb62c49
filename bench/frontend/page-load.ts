import { type Browser, chromium } from "playwright-core";

/** Debian's Chromium (never a downloaded one), as the end-to-end tests use it. */
const DEFAULT_CHROMIUM = "/usr/bin/chromium";
/** Longest wait for a page to load and show the form's title. */
const PAGE_TIMEOUT_MS = 30_000;
/** How long to wait for Chromium to report a paint entry the page has already made. */
const PAINT_ENTRY_TIMEOUT_MS = 5_000;

/** How this machine's Chromium is started, headless, for every measurement. */
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
] as const;

export function launchChromium(
  executablePath = process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM,
): Promise<Browser> {
  return chromium.launch({ executablePath, args: [...CHROMIUM_FLAGS] });
}

/** One page load, timed by the browser's own Performance API (milliseconds from navigation start). */
export interface PageLoadFigures {
  firstContentfulPaintMs: number;
  /** The last largest-contentful-paint candidate once the form's title shows: when the form is seen. */
  largestContentfulPaintMs: number | null;
  /** JavaScript files fetched by then, and their bytes as sent (compressed: brotli in Chromium). */
  scripts: number;
  scriptBytes: number;
}

/**
 * Runs in the page: the start time of the last `type` entry (of `name`, when given) the browser has
 * reported, or null when none comes within `timeoutMs`. No named functions inside: tsx would wrap
 * them in a helper the page does not have.
 */
function paintEntry({ type, name, timeoutMs }: { type: string; name: string | null; timeoutMs: number }) {
  return new Promise<number | null>((resolve) => {
    const observer = new PerformanceObserver((list) => {
      const entries = list.getEntries().filter((e) => name === null || e.name === name);
      if (entries.length === 0) return;
      observer.disconnect();
      resolve(entries.at(-1)!.startTime);
    });
    observer.observe({ type, buffered: true });
    setTimeout(() => {
      observer.disconnect();
      resolve(null);
    }, timeoutMs);
  });
}

/** Runs in the page: the JavaScript files fetched so far and their bytes as sent. */
function scriptsFetched() {
  const scripts = performance
    .getEntriesByType("resource")
    .filter((e): e is PerformanceResourceTiming => /\.js(\?|$)/.test(e.name));
  return { scripts: scripts.length, scriptBytes: scripts.reduce((sum, e) => sum + e.encodedBodySize, 0) };
}

/**
 * Opens `url` cold — a new browser context: no cache, no cookies, as an applicant following the link
 * — waits for the form's title (the page's one h1), then reads the browser's timings. Fails on any
 * error in the page.
 */
export async function measurePageLoad(browser: Browser, url: string): Promise<PageLoadFigures> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(url, { waitUntil: "load", timeout: PAGE_TIMEOUT_MS });
    await page.locator("h1").first().waitFor({ state: "visible", timeout: PAGE_TIMEOUT_MS });
    if (errors.length > 0) throw new Error(`${url} had errors: ${errors.join("; ")}`);
    const timeoutMs = PAINT_ENTRY_TIMEOUT_MS;
    const firstContentfulPaintMs = await page.evaluate(paintEntry, {
      type: "paint",
      name: "first-contentful-paint",
      timeoutMs,
    });
    if (firstContentfulPaintMs === null)
      throw new Error(`${url}: the browser reported no first-contentful-paint.`);
    const largestContentfulPaintMs = await page.evaluate(paintEntry, {
      type: "largest-contentful-paint",
      name: null,
      timeoutMs,
    });
    return { firstContentfulPaintMs, largestContentfulPaintMs, ...(await page.evaluate(scriptsFetched)) };
  } finally {
    await context.close();
  }
}
