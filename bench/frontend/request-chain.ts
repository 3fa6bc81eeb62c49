/**
 * The requests before the applicant form's first question, in the order the browser makes them, with when
 * each starts and ends (ms from the navigation's start, Chromium's own timings over CDP): what the page
 * waits on (docs/decisions/044-form-data-in-its-page.md). Four ways in, each cold (a new browser context):
 * - a guest opening the link and choosing "Continue as a guest", up to the first question;
 * - a guest reopening their draft (`/form/{linkId}/{submissionId}`, the token in localStorage): Lighthouse's page;
 * - a signed-in applicant opening the link of a form they have not answered (the SurveyJS comparison's form:
 *   the demo applicant has answered the demo's), whose application is created by the first save.
 *
 *   npm run build && npx tsx bench/frontend/request-chain.ts [--cpu 4]
 */
import type { BrowserContext, Page } from "playwright-core";
import { killRunningServers } from "../runner/server-process";
import { signInUsers } from "../runner/sign-in";
import { demoApplicantFormPath } from "./applicant-link";
import { startDemoServer } from "./demo-server";
import { launchChromium } from "./page-load";
import { ourPeerFormPath } from "./peer/our-form";

const VIEWPORT = { width: 390, height: 844 };
const STEP_TIMEOUT_MS = 60_000;

interface RequestSpan {
  url: string;
  method: string;
  startMs: number;
  endMs: number;
  status: number;
}

/** Every request of the page from the navigation on, with Chromium's timings (CDP Network events). */
async function recordRequests(context: BrowserContext, page: Page, cpuSlowdown: number) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  if (cpuSlowdown > 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
  const spans = new Map<string, RequestSpan & { startTimestamp: number }>();
  let origin: number | null = null;
  cdp.on("Network.requestWillBeSent", (event) => {
    if (event.type === "Document" && origin === null) origin = event.timestamp;
    spans.set(event.requestId, {
      url: event.request.url,
      method: event.request.method,
      startTimestamp: event.timestamp,
      startMs: 0,
      endMs: Number.NaN,
      status: 0,
    });
  });
  cdp.on("Network.responseReceived", (event) => {
    const span = spans.get(event.requestId);
    if (span) span.status = event.response.status;
  });
  const finish = (event: { requestId: string; timestamp: number }) => {
    const span = spans.get(event.requestId);
    if (span) span.endMs = event.timestamp;
  };
  cdp.on("Network.loadingFinished", finish);
  cdp.on("Network.loadingFailed", finish);
  return () =>
    [...spans.values()]
      .map((s) => ({
        ...s,
        startMs: (s.startTimestamp - (origin ?? 0)) * 1000,
        endMs: (s.endMs - (origin ?? 0)) * 1000,
      }))
      .sort((a, b) => a.startMs - b.startMs);
}

function format(title: string, spans: RequestSpan[], readyMs: number, origin: string): string {
  const lines = spans.map((s) => {
    const where = s.url.startsWith(origin) ? s.url.slice(origin.length) : s.url;
    return `  ${s.startMs.toFixed(0).padStart(6)} → ${s.endMs.toFixed(0).padStart(6)} ms  ${String(s.status).padStart(3)} ${s.method.padEnd(5)} ${where.slice(0, 110)}`;
  });
  return [`${title}: ready at ${readyMs.toFixed(0)} ms`, ...lines].join("\n");
}

async function main() {
  const args = process.argv.slice(2);
  const cpuAt = args.indexOf("--cpu");
  const cpu = cpuAt === -1 ? 1 : Number(args[cpuAt + 1]);
  const { server, demoPassword, stop } = await startDemoServer("request-chain", {
    healthyTimeoutMs: 300_000,
  });
  const browser = await launchChromium();
  try {
    const formPath = await demoApplicantFormPath(server, demoPassword);
    const formUrl = `${server.origin}${formPath}`;
    const unansweredUrl = `${server.origin}${await ourPeerFormPath(server, demoPassword)}`;
    const [applicant] = await signInUsers(server, ["applicant@demo.test"], demoPassword);

    const firstQuestion = (page: Page) => page.getByRole("textbox").first();
    const guestButton = (page: Page) => page.getByRole("button", { name: "Continue as a guest" });

    const scenario = async (
      title: string,
      open: (page: Page, context: BrowserContext) => Promise<void>,
      prepare?: (context: BrowserContext) => Promise<void>,
    ) => {
      const context = await browser.newContext({ viewport: VIEWPORT });
      try {
        if (prepare) await prepare(context);
        const page = await context.newPage();
        const requests = await recordRequests(context, page, cpu);
        const start = performance.now();
        await open(page, context);
        const readyMs = performance.now() - start;
        console.log(`${format(title, requests(), readyMs, server.origin)}\n`);
      } finally {
        await context.close();
      }
    };

    await scenario("Guest: the link, Continue as a guest, first question", async (page) => {
      await page.goto(formUrl, { waitUntil: "commit", timeout: STEP_TIMEOUT_MS });
      await guestButton(page).click({ timeout: STEP_TIMEOUT_MS });
      await firstQuestion(page).waitFor({ timeout: STEP_TIMEOUT_MS });
    });

    // The guest's draft as Lighthouse opens it: made in this context, then opened again cold (cache cleared).
    let draftUrl = "";
    let guestStorage: { name: string; value: string }[] = [];
    {
      const context = await browser.newContext({ viewport: VIEWPORT });
      const page = await context.newPage();
      await page.goto(formUrl);
      await guestButton(page).click();
      await firstQuestion(page).waitFor();
      draftUrl = page.url();
      guestStorage = (await context.storageState()).origins.flatMap((o) => o.localStorage);
      await context.close();
    }
    await scenario(
      "Guest: their draft reopened (the token in localStorage)",
      async (page) => {
        await page.goto(draftUrl, { waitUntil: "commit", timeout: STEP_TIMEOUT_MS });
        await firstQuestion(page).waitFor({ timeout: STEP_TIMEOUT_MS });
      },
      async (context) => {
        await context.addInitScript((items: { name: string; value: string }[]) => {
          if (localStorage.length === 0) for (const i of items) localStorage.setItem(i.name, i.value);
        }, guestStorage);
      },
    );

    await scenario(
      "Signed-in applicant: the link, first question",
      async (page) => {
        await page.goto(unansweredUrl, { waitUntil: "commit", timeout: STEP_TIMEOUT_MS });
        await firstQuestion(page).waitFor({ timeout: STEP_TIMEOUT_MS });
      },
      async (context) => {
        await context.addCookies(
          applicant!.cookie.split("; ").map((pair) => {
            const at = pair.indexOf("=");
            return { name: pair.slice(0, at), value: pair.slice(at + 1), url: server.origin };
          }),
        );
      },
    );
  } finally {
    await browser.close();
    await stop();
  }
}

process.on("exit", killRunningServers);
await main();
