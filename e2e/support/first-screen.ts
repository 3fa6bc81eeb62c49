import type { Page } from "playwright-core";

/** What a page showed from its document's start until its first field came (docs/decisions/046-first-screen-kept.md). */
export interface FirstScreenWatch {
  /** The first screen's heading left the screen before the page's own came. */
  headingLeft: boolean;
  /** A loader was on screen before the page's own came. */
  loaderShown: boolean;
  /** The paint entries' times, by name (first-paint, first-contentful-paint). */
  paints: Record<string, number>;
  /** The largest contentful paint candidates' times, in order. */
  largest: number[];
}

/** Watches `page` from its next document's start; the answer reads what was seen. Call before `goto`. */
export async function watchFirstScreen(page: Page): Promise<() => Promise<FirstScreenWatch>> {
  // As a string: the page runs it before its own scripts, and it must not depend on this file's compiled helpers.
  await page.addInitScript({
    content: `
      window.__firstScreen = { headingLeft: false, loaderShown: false, paints: {}, largest: [] };
      const seen = window.__firstScreen;
      new MutationObserver(() => {
        // While the HTML is parsed, its first screen is being built (a <main> before its heading): only the page's
        // own scripts, which run once it is parsed, can take the heading away.
        if (document.readyState === "loading") return;
        if (document.querySelector("input, textarea")) return;
        const heading = [...document.querySelectorAll("h1")].some((h) => h.checkVisibility());
        if (!heading && document.querySelector("main")) seen.headingLeft = true;
        if ([...document.querySelectorAll('[role="status"]')].some((s) => s.checkVisibility())) seen.loaderShown = true;
      }).observe(document, { childList: true, subtree: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) seen.paints[entry.name] = entry.startTime;
      }).observe({ type: "paint", buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) seen.largest.push(entry.startTime);
      }).observe({ type: "largest-contentful-paint", buffered: true });
    `,
  });
  return () => page.evaluate(() => (window as unknown as { __firstScreen: FirstScreenWatch }).__firstScreen);
}
