import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { signInUsers } from "../runner/sign-in";
import { demoApplicantFormPath } from "./applicant-link";
import { startDemoServer } from "./demo-server";
import { launchChromium } from "./page-load";

export interface TransferFigures {
  page: string;
  requests: number;
  /** Bytes as sent (compressed when the server compressed them), by kind. */
  scriptBytes: number;
  styleBytes: number;
  otherBytes: number;
  /** Bytes of the same files once decompressed. */
  decodedBytes: number;
  /** Each request: its file (or path) and bytes received. */
  names: string[];
  renderBlocking: string[];
}

/** Runs in the page: every resource fetched so far (the document included). */
function resources() {
  const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
  const entries = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
  return [nav, ...entries].map((e) => ({
    name: e.name,
    encoded: e.encodedBodySize,
    // Headers count too: what the browser received for the entry.
    transfer: e.transferSize,
    decoded: e.decodedBodySize,
    blocking: (e as PerformanceResourceTiming & { renderBlockingStatus?: string }).renderBlockingStatus,
  }));
}

async function figuresOf(page: Page, label: string): Promise<TransferFigures> {
  // Let lazy chunks and queries the page starts on its own settle.
  await page.waitForLoadState("networkidle");
  const list = await page.evaluate(resources);
  const sum = (filter: (name: string) => boolean) =>
    list.filter((r) => filter(r.name)).reduce((total, r) => total + r.transfer, 0);
  const isScript = (name: string) => /\.m?js(\?|$)/.test(name);
  const isStyle = (name: string) => /\.css(\?|$)/.test(name);
  return {
    page: label,
    requests: list.length,
    scriptBytes: sum(isScript),
    styleBytes: sum(isStyle),
    otherBytes: sum((name) => !isScript(name) && !isStyle(name)),
    decodedBytes: list.reduce((total, r) => total + r.decoded, 0),
    names: list.map((r) => `${new URL(r.name).pathname.replace(/^.*\//, "")} ${r.transfer}`),
    renderBlocking: list
      .filter((r) => r.blocking === "blocking")
      .map((r) => new URL(r.name).pathname.replace(/^.*\//, "")),
  };
}

async function visit(
  browser: Browser,
  url: string,
  label: string,
  shots: string | null,
  then: (page: Page) => Promise<void>,
  cookie?: { name: string; value: string; url: string },
): Promise<TransferFigures> {
  const figures: TransferFigures[] = [];
  for (const width of [1280, 390]) {
    const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 800 } });
    if (cookie) await context.addCookies([cookie]);
    try {
      const page = await context.newPage();
      await page.goto(url, { waitUntil: "load" });
      await then(page);
      if (width === 1280) figures.push(await figuresOf(page, label));
      else await page.waitForLoadState("networkidle");
      if (shots) {
        await page.screenshot({
          path: path.join(shots, `${label.replace(/\W+/g, "-")}-${width}.png`),
          fullPage: true,
        });
      }
    } finally {
      await context.close();
    }
  }
  return figures[0]!;
}

async function main() {
  const shots = process.argv[2] ? path.resolve(process.argv[2]) : null;
  if (shots) mkdirSync(shots, { recursive: true });
  // Figures of bytes, not of time: a loaded machine only makes the start slower.
  const { server, demoPassword, stop } = await startDemoServer("transfer", { healthyTimeoutMs: 300_000 });
  const browser = await launchChromium();
  try {
    const form = `${server.origin}${await demoApplicantFormPath(server, demoPassword)}`;
    const results: TransferFigures[] = [];
    results.push(
      await visit(browser, form, "applicant form landing", shots, async (page) => {
        await page.locator("h1").first().waitFor();
      }),
    );
    results.push(
      await visit(browser, form, "applicant form first question", shots, async (page) => {
        await page.getByRole("button", { name: "Continue as a guest" }).click();
        await page.getByRole("textbox").first().waitFor();
      }),
    );
    results.push(
      await visit(browser, `${server.origin}/login`, "sign-in", shots, async (page) => {
        await page.locator("input[type=password]").first().waitFor();
      }),
    );
    const [reviewer] = await signInUsers(server, ["reviewer@demo.test"], demoPassword);
    const [name, ...value] = reviewer!.cookie.split("=");
    results.push(
      await visit(
        browser,
        `${server.origin}/applications`,
        "reviewer candidate list",
        shots,
        async (page) => {
          await page.getByRole("table").first().waitFor();
        },
        { name: name!, value: value.join("="), url: server.origin },
      ),
    );
    // TRANSFER_DETAIL=1: every request of every page.
    if (process.env.TRANSFER_DETAIL)
      for (const r of results) console.log(`${r.page}:\n  ${r.names.join("\n  ")}`);
    for (const r of results) {
      const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
      console.log(
        `${r.page.padEnd(32)} ${String(r.requests).padStart(3)} requests; sent: JS ${kb(r.scriptBytes)}, ` +
          `CSS ${kb(r.styleBytes)}, other ${kb(r.otherBytes)}; decoded ${kb(r.decodedBytes)}; ` +
          `render-blocking: ${r.renderBlocking.join(", ") || "none"}`,
      );
    }
  } finally {
    await browser.close();
    await stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
