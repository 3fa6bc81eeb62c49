/**
 * Our applicant form side by side with SurveyJS (bench/README.md, "Mobile", "Side by side with SurveyJS"):
 * the same 40-question, 5-section form (form-shape.ts), ours made through the API on the bench's demo
 * server and opened as a guest, SurveyJS's rendered by its React UI with its default theme in a page the
 * bench builds and serves (peer-page.ts). In Debian's Chromium, alternating ours and SurveyJS's in each
 * round: Lighthouse's mobile preset; the time to the first question ready, cold; then 200 characters typed
 * into a one-line question at 4× CPU slowdown, with the Event Timing entries over 16 ms counted.
 *
 *   npm run build && npx tsx bench/frontend/peer/compare.ts [--runs N]
 */
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import type { TargetResult } from "../../runner/report";
import { killRunningServers } from "../../runner/server-process";
import { startDemoServer } from "../demo-server";
import {
  type AuditedPage,
  auditWithRetry,
  chromiumForLighthouse,
  FIRST_VISIT,
  guestFirstSection,
  medianRun,
  type PageScores,
} from "../lighthouse";
import { launchChromium } from "../page-load";
import { TYPED_QUESTION_TITLE } from "./form-shape";
import { ourPeerFormPath } from "./our-form";
import { startPeerPage } from "./peer-page";

/** Rounds by default (each: ours, then SurveyJS's), and with `--quick`. */
export const PEER_RUNS = 5;
export const PEER_QUICK_RUNS = 2;
/** A phone's width (the applicant pages' 390 px). */
const VIEWPORT = { width: 390, height: 844 };
/** Lighthouse's mobile CPU slowdown, applied while typing (CDP Emulation.setCPUThrottlingRate). */
const CPU_SLOWDOWN = 4;
/** 200 characters, typed one key at a time with a pause between keys, as a fast typist. */
const TYPED_TEXT = "A shared garden and tool library for the neighbourhood, run by volunteers. "
  .repeat(3)
  .slice(0, 200);
const KEY_DELAY_MS = 50;
/** An event longer than a frame at 60 Hz: what the target counts. */
const SLOW_EVENT_MS = 16;
const STEP_TIMEOUT_MS = 60_000;

type Side = "ours" | "peer";

/** One side's figures in one round. */
export interface PeerRun {
  lighthouse: PageScores;
  /** From the navigation's start to the typed question's input on screen (ours: after "Continue as a guest"). */
  firstQuestionReadyMs: number;
  /** Event Timing entries (keydown, keypress, input, keyup…) of the typing, longer than 16 ms. */
  slowEvents: number;
  /** The longest Event Timing entry of the typing (0 when none reached 16 ms). */
  maxEventMs: number;
}

export interface PeerSideFigures {
  runs: PeerRun[];
  /** The median Lighthouse run (by performance score), its figures together. */
  lighthouse: PageScores;
  firstQuestionReadyMs: number;
  slowEvents: number;
  maxEventMs: number;
  /** The most entries over 16 ms in one run: the target is 0 in every run. */
  slowEventsMax: number;
}

export interface PeerComparison {
  runs: number;
  ours: PeerSideFigures;
  peer: PeerSideFigures;
  /** The same typing into a page of one input and no script: the browser's own cost, under any form's. */
  bareInput: { slowEvents: number; slowEventsMax: number; maxEventMs: number; runs: TypingFigures[] };
  /** The SurveyJS page's files as built: bytes raw and gzipped. */
  peerFiles: { name: string; rawBytes: number; gzipBytes: number }[];
  targets: TargetResult[];
}

/** The middle value; of an even count, the mean of the two middle ones. */
const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Opens the side's page cold and waits for the typed question's input; the time in ms from the start. */
async function openToFirstQuestion(page: Page, side: Side, url: string): Promise<number> {
  const start = performance.now();
  await page.goto(url, { waitUntil: "commit", timeout: STEP_TIMEOUT_MS });
  if (side === "ours") {
    await page.getByRole("button", { name: "Continue as a guest" }).click({ timeout: STEP_TIMEOUT_MS });
  }
  await typedQuestion(page).waitFor({ state: "visible", timeout: STEP_TIMEOUT_MS });
  return performance.now() - start;
}

const typedQuestion = (page: Page) => page.getByRole("textbox", { name: TYPED_QUESTION_TITLE });

/** Runs in the page: starts collecting Event Timing entries of 16 ms and more. */
function observeEvents(threshold: number) {
  const seen: number[] = [];
  (globalThis as { __slowEvents?: number[] }).__slowEvents = seen;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.push(entry.duration);
  }).observe({ type: "event", durationThreshold: threshold } as PerformanceObserverInit);
}

/** Runs in the page: the durations collected, after the next frames have been painted. */
function collectedEvents() {
  return new Promise<number[]>((resolve) => {
    setTimeout(() => resolve((globalThis as { __slowEvents?: number[] }).__slowEvents ?? []), 1_000);
  });
}

/** The typing's Event Timing: the entries over 16 ms, and the longest. */
interface TypingFigures {
  slowEvents: number;
  maxEventMs: number;
}

/** Types 200 characters into `input` (already on screen) at 4× CPU slowdown, timing each event. */
async function typeAndTime(
  context: BrowserContext,
  page: Page,
  input: Locator,
  what: string,
): Promise<TypingFigures> {
  await input.click();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  await page.evaluate(observeEvents, SLOW_EVENT_MS);
  await page.keyboard.type(TYPED_TEXT, { delay: KEY_DELAY_MS });
  const durations = await page.evaluate(collectedEvents);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  const typed = await input.inputValue();
  if (typed !== TYPED_TEXT)
    throw new Error(`${what}: the question holds ${typed.length} characters, not 200.`);
  const slow = durations.filter((d) => d > SLOW_EVENT_MS);
  return { slowEvents: slow.length, maxEventMs: Math.max(0, ...durations) };
}

/** Opens the page cold (a new context), then types into the one-line question at 4× CPU slowdown. */
async function loadAndType(browser: Browser, side: Side, url: string) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    const firstQuestionReadyMs = await openToFirstQuestion(page, side, url);
    const typing = await typeAndTime(context, page, typedQuestion(page), side);
    if (errors.length > 0) throw new Error(`${url} had errors: ${errors.join("; ")}`);
    return { firstQuestionReadyMs, ...typing };
  } finally {
    await context.close();
  }
}

/**
 * The same typing into a page of one labelled input and no script at all: what this browser spends on a key by
 * itself at this slowdown (its own event handling, layout and paint), the floor under any form's figure.
 */
const BARE_INPUT_PAGE = `data:text/html,${encodeURIComponent(
  `<!doctype html><meta name="viewport" content="width=device-width"><label>${TYPED_QUESTION_TITLE} <input></label>`,
)}`;

async function typeIntoBareInput(browser: Browser): Promise<TypingFigures> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await page.goto(BARE_INPUT_PAGE);
    return await typeAndTime(context, page, typedQuestion(page), "a bare input");
  } finally {
    await context.close();
  }
}

function sideFigures(runs: PeerRun[]): PeerSideFigures {
  return {
    runs,
    lighthouse: medianRun(runs.map((r) => r.lighthouse)),
    firstQuestionReadyMs: median(runs.map((r) => r.firstQuestionReadyMs)),
    slowEvents: median(runs.map((r) => r.slowEvents)),
    maxEventMs: median(runs.map((r) => r.maxEventMs)),
    slowEventsMax: Math.max(...runs.map((r) => r.slowEvents)),
  };
}

/**
 * The targets: our LCP and TBT below SurveyJS's, and no keystroke of ours over 16 ms (named with what SurveyJS
 * and a bare input, no script, give in the same runs).
 */
function peerTargets(
  ours: PeerSideFigures,
  peer: PeerSideFigures,
  bareInputMax: number,
  runs: number,
): TargetResult[] {
  const lighthouseAt = `Lighthouse mobile preset, median run of ${runs}, alternating with SurveyJS`;
  return [
    {
      name: `applicant form LCP below SurveyJS's (${Math.round(peer.lighthouse.lcpMs)} ms)`,
      measuredIn: lighthouseAt,
      value: Math.round(ours.lighthouse.lcpMs),
      unit: "ms",
      pass: ours.lighthouse.lcpMs < peer.lighthouse.lcpMs,
    },
    {
      name: `applicant form TBT below SurveyJS's (${Math.round(peer.lighthouse.tbtMs)} ms)`,
      measuredIn: lighthouseAt,
      value: Math.round(ours.lighthouse.tbtMs),
      unit: "ms",
      pass: ours.lighthouse.tbtMs < peer.lighthouse.tbtMs,
    },
    {
      name: `applicant form keystrokes over ${SLOW_EVENT_MS} ms = 0 (SurveyJS: ${peer.slowEventsMax}; bare input: ${bareInputMax})`,
      measuredIn: `Event Timing, 200 characters at ${CPU_SLOWDOWN}x CPU slowdown, most of ${runs} runs`,
      value: ours.slowEventsMax,
      unit: "",
      pass: ours.slowEventsMax === 0,
    },
  ];
}

/**
 * The comparison, on a demo server and a SurveyJS page of its own. In each round ours goes first, then
 * SurveyJS's, for each measurement, so that a change of the machine's load falls on both.
 */
export async function measurePeerComparison(
  options: { runs?: number; log?: (line: string) => void } = {},
): Promise<PeerComparison> {
  const runs = options.runs ?? PEER_RUNS;
  const log = options.log ?? console.log;
  const demo = await startDemoServer("peer", { healthyTimeoutMs: 300_000 });
  const peerPage = await startPeerPage();
  const browser = await launchChromium();
  const lighthouseChromium = await chromiumForLighthouse();
  try {
    const formUrl = `${demo.server.origin}${await ourPeerFormPath(demo.server, demo.demoPassword)}`;
    const guest = await guestFirstSection(lighthouseChromium.port, formUrl);
    const audited: Record<Side, AuditedPage> = {
      ours: { key: "peer-ours", label: "Our applicant form", ...guest, target: FIRST_VISIT },
      peer: { key: "peer-surveyjs", label: "SurveyJS", url: peerPage.url, target: FIRST_VISIT },
    };
    const urls: Record<Side, string> = { ours: formUrl, peer: peerPage.url };
    const measured: Record<Side, PeerRun[]> = { ours: [], peer: [] };
    const bare: TypingFigures[] = [];
    // One warm-up load each, not counted: the servers read their files, our server compiles its code.
    for (const side of ["ours", "peer"] as const) await loadAndType(browser, side, urls[side]);
    for (let round = 1; round <= runs; round++) {
      const lighthouse: Partial<Record<Side, PageScores>> = {};
      for (const side of ["ours", "peer"] as const)
        lighthouse[side] = await auditWithRetry(lighthouseChromium.port, audited[side]);
      for (const side of ["ours", "peer"] as const) {
        const run = { lighthouse: lighthouse[side]!, ...(await loadAndType(browser, side, urls[side])) };
        measured[side].push(run);
        log(
          `  SurveyJS comparison, round ${round}, ${side === "ours" ? "ours    " : "SurveyJS"}: performance ${run.lighthouse.performance}, ` +
            `LCP ${run.lighthouse.lcpMs.toFixed(0)} ms, TBT ${run.lighthouse.tbtMs.toFixed(0)} ms, first question ` +
            `${run.firstQuestionReadyMs.toFixed(0)} ms, events > ${SLOW_EVENT_MS} ms ${run.slowEvents} (max ${run.maxEventMs.toFixed(0)} ms)`,
        );
      }
      const floor = await typeIntoBareInput(browser);
      bare.push(floor);
      log(
        `  SurveyJS comparison, round ${round}, a bare input: events > ${SLOW_EVENT_MS} ms ${floor.slowEvents} (max ${floor.maxEventMs.toFixed(0)} ms)`,
      );
    }
    const ours = sideFigures(measured.ours);
    const peer = sideFigures(measured.peer);
    const bareInput = {
      runs: bare,
      slowEvents: median(bare.map((b) => b.slowEvents)),
      slowEventsMax: Math.max(...bare.map((b) => b.slowEvents)),
      maxEventMs: median(bare.map((b) => b.maxEventMs)),
    };
    return {
      runs,
      ours,
      peer,
      bareInput,
      peerFiles: peerPage.files,
      targets: peerTargets(ours, peer, bareInput.slowEventsMax, runs),
    };
  } finally {
    lighthouseChromium.child.kill();
    await browser.close();
    await peerPage.stop();
    await demo.stop();
  }
}

export function formatPeerComparison(c: PeerComparison): string {
  const ratio = (a: number, b: number) => (b === 0 ? "-" : `${(a / b).toFixed(2)}`);
  const row = (name: string, ours: number, peer: number, unit: string) =>
    `${name.padEnd(44)} ${`${ours.toFixed(0)}${unit}`.padStart(10)} ${`${peer.toFixed(0)}${unit}`.padStart(10)} ${ratio(ours, peer).padStart(8)}`;
  const o = c.ours;
  const p = c.peer;
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  return [
    `SurveyJS comparison (same 40-question form; median of ${c.runs} alternating runs)   ours   SurveyJS  ours/SurveyJS`,
    row("Lighthouse mobile performance", o.lighthouse.performance, p.lighthouse.performance, ""),
    row("Lighthouse LCP", o.lighthouse.lcpMs, p.lighthouse.lcpMs, " ms"),
    row("Lighthouse TBT", o.lighthouse.tbtMs, p.lighthouse.tbtMs, " ms"),
    row("Lighthouse FCP", o.lighthouse.fcpMs, p.lighthouse.fcpMs, " ms"),
    row("first question ready (cold, 390 px)", o.firstQuestionReadyMs, p.firstQuestionReadyMs, " ms"),
    row(`typing 200 chars at ${CPU_SLOWDOWN}x: events > ${SLOW_EVENT_MS} ms`, o.slowEvents, p.slowEvents, ""),
    row("  the same, most in one run", o.slowEventsMax, p.slowEventsMax, ""),
    row("  longest event", o.maxEventMs, p.maxEventMs, " ms"),
    `  a bare input, no script (the browser's own): ${c.bareInput.slowEvents} events > ${SLOW_EVENT_MS} ms (most in one run ${c.bareInput.slowEventsMax}), longest ${c.bareInput.maxEventMs.toFixed(0)} ms`,
    `SurveyJS page: ${c.peerFiles.map((f) => `${f.name} ${kb(f.gzipBytes)} KB gzipped (${kb(f.rawBytes)} KB)`).join(", ")}`,
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.on("exit", killRunningServers);
  const args = process.argv.slice(2);
  const runsAt = args.indexOf("--runs");
  const comparison = await measurePeerComparison({
    runs: args.includes("--quick") ? PEER_QUICK_RUNS : runsAt === -1 ? PEER_RUNS : Number(args[runsAt + 1]),
  });
  console.log(formatPeerComparison(comparison));
  for (const t of comparison.targets)
    console.log(`${t.name.padEnd(68)} ${`${t.value} ${t.unit}`.padStart(10)}   ${t.pass ? "pass" : "FAIL"}`);
  process.exitCode = comparison.targets.every((t) => t.pass) ? 0 : 1;
}
