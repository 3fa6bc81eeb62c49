/**
 * What a signed-in page's cold load costs the main thread, from Chromium's own trace: the same pages as
 * Lighthouse's (lighthouse.ts), opened cold at 390 px with the CPU slowed 4× (Chromium's throttling, not
 * Lighthouse's simulation), each `runs` times (5 by default), medians printed. Lighthouse's blocking time swings
 * by ±200 ms between runs of one build; the main thread's busy time moves far less, so two builds can be
 * compared on it.
 *
 *   npm run build && npx tsx bench/frontend/main-thread.ts [--runs N] [--only portal,candidate-list,…]
 *
 * For each page:
 * - **LCP**: the last largest-contentful-paint candidate, from navigation (observed at 4×, not simulated);
 * - **busy to LCP**: the main thread's task time before it, and **busy**: within the first 5 s;
 * - **blocking**: the part over 50 ms of each task after the first contentful paint (observed TBT);
 * - the event kinds that took the most of the main thread before the LCP (self time, summed over the runs).
 */
import type { BrowserContext, CDPSession } from "playwright-core";
import { signInUsers } from "../runner/sign-in";
import { startDemoServer } from "./demo-server";
import { firstSubmissionView } from "./lighthouse";
import { launchChromium } from "./page-load";

/** How long each load is traced: past the last paint of the slowest page at 4×. */
const TRACE_MS = 5_000;
const CPU_SLOWDOWN = 4;
/** A task is long, and blocks, beyond this (the Web's definition, as Lighthouse's TBT). */
const LONG_TASK_MS = 50;
const CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "loading",
  "blink.user_timing",
  "v8",
  "v8.execute",
];

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { nodeName?: string } };
}

interface LoadFigures {
  lcpMs: number;
  busyToLcpMs: number;
  busyMs: number;
  blockingMs: number;
  /** Self time by event name before the LCP, in milliseconds. */
  byKind: Map<string, number>;
}

async function traceLoad(context: BrowserContext, url: string): Promise<TraceEvent[]> {
  const page = await context.newPage();
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  const events: TraceEvent[] = [];
  cdp.on("Tracing.dataCollected", (data) => events.push(...(data.value as unknown as TraceEvent[])));
  const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
  await cdp.send("Tracing.start", { categories: CATEGORIES.join(","), transferMode: "ReportEvents" });
  await page.goto(url);
  await page.waitForTimeout(TRACE_MS);
  await cdp.send("Tracing.end");
  await complete;
  await page.close();
  return events;
}

/** The figures of one load, from its renderer's main thread. */
function loadFigures(events: TraceEvent[]): LoadFigures {
  const candidates = events.filter((e) => e.name === "largestContentfulPaint::Candidate");
  const pid = candidates[0]?.pid;
  const mainThread = events.find(
    (e) => e.ph === "M" && e.name === "thread_name" && e.pid === pid && e.args?.name === "CrRendererMain",
  )?.tid;
  // The renderer's navigationStart, missing from some traces: then the document's request, the first one sent.
  const navigation =
    events.find((e) => e.name === "navigationStart" && e.pid === pid)?.ts ??
    events.find((e) => e.name === "ResourceSendRequest")?.ts;
  const firstPaint = events.find((e) => e.name === "firstContentfulPaint" && e.pid === pid)?.ts;
  if (pid === undefined || mainThread === undefined || navigation === undefined || firstPaint === undefined) {
    const found = JSON.stringify({ pid, mainThread, navigation, firstPaint });
    throw new Error(`The trace has no paint of the page's renderer (${found}): did the page load?`);
  }
  const lcp = Math.max(...candidates.map((e) => e.ts));
  const slices = events.filter(
    (e) => e.pid === pid && e.tid === mainThread && e.ph === "X" && e.ts >= navigation && (e.dur ?? 0) > 0,
  );
  const tasks = slices.filter((e) => e.name === "RunTask");
  const busyUntil = (until: number) =>
    tasks.filter((t) => t.ts < until).reduce((sum, t) => sum + Math.min(t.dur!, until - t.ts), 0) / 1000;
  const blockingMs = tasks
    .filter((t) => t.ts >= firstPaint && t.dur! / 1000 > LONG_TASK_MS)
    .reduce((sum, t) => sum + t.dur! / 1000 - LONG_TASK_MS, 0);
  return {
    lcpMs: (lcp - navigation) / 1000,
    busyToLcpMs: busyUntil(lcp),
    busyMs: busyUntil(navigation + TRACE_MS * 1000),
    blockingMs,
    byKind: selfTimeByName(slices.filter((e) => e.ts < lcp)),
  };
}

/** Each slice's own time (its duration less its children's), summed by name. */
function selfTimeByName(slices: TraceEvent[]): Map<string, number> {
  const sorted = [...slices].sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const childTime = new Map<TraceEvent, number>();
  const open: TraceEvent[] = [];
  for (const slice of sorted) {
    while (open.length > 0 && open.at(-1)!.ts + open.at(-1)!.dur! <= slice.ts) open.pop();
    const parent = open.at(-1);
    if (parent) childTime.set(parent, (childTime.get(parent) ?? 0) + slice.dur!);
    open.push(slice);
  }
  const byName = new Map<string, number>();
  for (const slice of sorted) {
    const own = (slice.dur! - (childTime.get(slice) ?? 0)) / 1000;
    byName.set(slice.name, (byName.get(slice.name) ?? 0) + own);
  }
  return byName;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const args = process.argv.slice(2);
  const option = (name: string) => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const runs = Number(option("--runs") ?? 5);
  const only = option("--only")?.split(",");

  const { server, demoPassword, stop } = await startDemoServer("main-thread", { healthyTimeoutMs: 300_000 });
  const browser = await launchChromium();
  try {
    const [reviewer, admin, applicant] = await signInUsers(
      server,
      ["reviewer@demo.test", "admin@demo.test", "applicant@demo.test"],
      demoPassword,
    );
    const origin = server.origin;
    const pages = [
      { key: "portal", url: `${origin}/portal/applicant`, cookie: applicant!.cookie },
      { key: "candidate-list", url: `${origin}/applications`, cookie: reviewer!.cookie },
      {
        key: "submission-view",
        url: await firstSubmissionView(browser, origin, reviewer!.cookie),
        cookie: reviewer!.cookie,
      },
      { key: "candidate-statistics", url: `${origin}/admin/allcandidates`, cookie: admin!.cookie },
    ].filter((page) => !only || only.includes(page.key));

    console.log(
      "page                   LCP   busy to LCP   busy (5 s)   blocking   (ms, median of runs, 4× CPU)",
    );
    for (const page of pages) {
      const loads: LoadFigures[] = [];
      for (let run = 0; run < runs; run++) {
        // A new context each time: no cache, the session cookie only.
        const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
        await context.addCookies(
          page.cookie.split("; ").map((pair) => {
            const at = pair.indexOf("=");
            return { name: pair.slice(0, at), value: pair.slice(at + 1), url: origin };
          }),
        );
        try {
          loads.push(loadFigures(await traceLoad(context, page.url)));
        } catch (error) {
          // Now and then Chromium's trace of a load has no paint event of the page (seen on the portal): the
          // load is left out, said so, and another is made.
          console.log(`  ${page.key}: a load left out: ${(error as Error).message}`);
          run--;
        } finally {
          await context.close();
        }
      }
      const figure = (key: "lcpMs" | "busyToLcpMs" | "busyMs" | "blockingMs") =>
        median(loads.map((load) => load[key]))
          .toFixed(0)
          .padStart(key === "lcpMs" ? 5 : 12);
      console.log(
        `${page.key.padEnd(20)} ${figure("lcpMs")} ${figure("busyToLcpMs")} ${figure("busyMs")} ${figure("blockingMs")}`,
      );
      const kinds = new Map<string, number>();
      for (const load of loads)
        for (const [name, ms] of load.byKind) kinds.set(name, (kinds.get(name) ?? 0) + ms);
      const top = [...kinds]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
        .map(([name, ms]) => `${name} ${(ms / runs).toFixed(0)}`);
      console.log(`  before the LCP, per load: ${top.join(", ")}`);
    }
  } finally {
    await browser.close();
    await stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
