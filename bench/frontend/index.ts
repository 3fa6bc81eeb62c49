import { existsSync } from "node:fs";
import path from "node:path";
import { measureRouteBundles, type RouteBundleFigures } from "../../scripts/bundle-size";
import { CLIENT_DIST } from "../../src/server/app";
import { clientBuildIsStale } from "../../src/server/build-client";
import { summarizeTimings, type TimingSummary } from "../lib/stats";
import type { TargetResult } from "../runner/report";
import { demoApplicantFormPath } from "./applicant-link";
import { startDemoServer } from "./demo-server";
import { type LighthouseFigures, measureLighthouse } from "./lighthouse";
import { launchChromium, measurePageLoad, type PageLoadFigures } from "./page-load";
import { formatPeerComparison, measurePeerComparison, PEER_RUNS, type PeerComparison } from "./peer/compare";

/**
 * The front-end budget:
 * "first contentful paint of the applicant form < 1 s on localhost in headless Chromium".
 */
export const FRONTEND = {
  name: "frontend",
  description:
    "The production build (dist/client) served by our server; an applicant form link opened cold in headless Chromium",
  targetFirstContentfulPaintMs: 1000,
  loads: 10,
  warmupLoads: 1,
} as const;

export interface FrontendOptions {
  /** Cold page loads measured, each in a new browser context (default 10). */
  loads?: number;
  /** Loads before those, not counted: the server reads the files and compiles its code (default 1). */
  warmupLoads?: number;
  /**
   * Lighthouse runs per page of the mobile budgets (bench/frontend/lighthouse.ts; default 3, the median
   * reported); 0 leaves them out.
   */
  lighthouseRuns?: number;
  /**
   * Rounds of the SurveyJS comparison (bench/frontend/peer/compare.ts; default 5, each ours then SurveyJS's);
   * 0 leaves it out.
   */
  peerRuns?: number;
  /** Only these Lighthouse pages (their keys: sign-in, applicant-form, …); default all. */
  lighthousePages?: string[];
  /** The Chromium to drive (default $CHROMIUM_PATH or /usr/bin/chromium). */
  chromiumPath?: string;
  /** Progress lines (default: console.log). */
  log?: (line: string) => void;
}

export interface FrontendFigures {
  /** The page measured, e.g. /form/:linkId (the demo form's applicant link on a fresh database). */
  page: string;
  loads: number;
  /** dist/client is older than the client's sources: the figures are of an older build. */
  buildIsStale: boolean;
  firstContentfulPaint: TimingSummary;
  /** When the form's title and description are painted (the page's largest contentful paint). */
  largestContentfulPaint: TimingSummary;
  /** JavaScript files fetched before the form showed, and their bytes as sent (uncompressed). */
  scripts: number;
  scriptBytes: number;
  /** The gzipped JavaScript each route must fetch before it runs (scripts/bundle-size.ts). */
  routes: RouteBundleFigures[];
  /** Lighthouse's mobile preset on the pages of the mobile budgets (empty when left out). */
  lighthouse: LighthouseFigures[];
  /** Our applicant form side by side with SurveyJS's on the same form (null when left out). */
  peer: PeerComparison | null;
  /**
   * The first contentful paint's target, then each route budget, then each Lighthouse page's, then the
   * SurveyJS comparison's.
   */
  targets: TargetResult[];
  samples: PageLoadFigures[];
}

const KB = 1024;

function targetsOf(
  firstContentfulPaint: TimingSummary,
  routes: readonly RouteBundleFigures[],
): TargetResult[] {
  const fcp = firstContentfulPaint.medianMs;
  const targets: TargetResult[] = [
    {
      name: `applicant form first contentful paint < ${FRONTEND.targetFirstContentfulPaintMs / 1000} s`,
      measuredIn: "median of cold loads, headless Chromium",
      value: fcp,
      unit: "ms",
      pass: fcp !== null && fcp < FRONTEND.targetFirstContentfulPaintMs,
    },
  ];
  for (const route of routes) {
    if (route.budgetKb !== null) {
      targets.push({
        name: `${route.route} JS < ${route.budgetKb} KB gzipped`,
        measuredIn: "production build, static imports",
        value: Math.round((route.gzipBytes / KB) * 10) / 10,
        unit: "KB",
        pass: route.gzipBytes < route.budgetKb * KB,
      });
    }
    if (route.cssBudgetKb !== null) {
      targets.push({
        name: `${route.route} CSS < ${route.cssBudgetKb} KB gzipped`,
        measuredIn: "production build, static imports",
        value: Math.round((route.cssGzipBytes / KB) * 10) / 10,
        unit: "KB",
        pass: route.cssGzipBytes < route.cssBudgetKb * KB,
      });
    }
  }
  return targets;
}

/** A Lighthouse page's targets: performance, LCP, TBT, and 100 in accessibility and best practices. */
function lighthouseTargets(figures: readonly LighthouseFigures[]): TargetResult[] {
  const measuredIn = "Lighthouse mobile preset, median run";
  return figures.flatMap(({ label, median, target, runs }) => {
    const at = `${measuredIn} of ${runs.length}`;
    return [
      {
        name: `${label}: performance ≥ ${target.performance}`,
        measuredIn: at,
        value: median.performance,
        unit: "",
        pass: median.performance >= target.performance,
      },
      {
        name: `${label}: LCP < ${target.lcpMs / 1000} s`,
        measuredIn: at,
        value: Math.round(median.lcpMs),
        unit: "ms",
        pass: median.lcpMs < target.lcpMs,
      },
      {
        name: `${label}: TBT < ${target.tbtMs} ms`,
        measuredIn: at,
        value: Math.round(median.tbtMs),
        unit: "ms",
        pass: median.tbtMs < target.tbtMs,
      },
      {
        name: `${label}: accessibility and best practices 100`,
        measuredIn: at,
        value: Math.min(median.accessibility, median.bestPractices),
        unit: "",
        pass: median.accessibility >= 100 && median.bestPractices >= 100,
      },
    ];
  });
}

/**
 * The front-end budgets (bench/README.md, "Front end"). Builds nothing: measures dist/client as `npm run
 * build` left it. Starts our server (SERVE_CLIENT on) on a fresh embedded database in a temporary DATA_DIR,
 * where the demo data publishes a form, then opens that form's applicant link `loads` times in headless
 * Chromium, each time in a new browser context, and reads the first contentful paint from the Performance
 * API. Adds each route's gzipped JavaScript, measured in the same build.
 */
export async function measureFrontend(options: FrontendOptions = {}): Promise<FrontendFigures> {
  const log = options.log ?? console.log;
  const loads = options.loads ?? FRONTEND.loads;
  const warmupLoads = options.warmupLoads ?? FRONTEND.warmupLoads;
  if (!existsSync(path.join(CLIENT_DIST, ".vite/manifest.json"))) {
    throw new Error(`No client build in ${CLIENT_DIST}: run \`npm run build\` first.`);
  }
  const buildIsStale = clientBuildIsStale();
  if (buildIsStale) log("  front end: dist/client is older than the client's sources (run `npm run build`).");
  const routes = measureRouteBundles(CLIENT_DIST);

  const lighthouseRuns = options.lighthouseRuns ?? 3;
  const { server, demoPassword, stop } = await startDemoServer("frontend");
  const browser = await launchChromium(options.chromiumPath);
  let figures: FrontendFigures;
  try {
    const page = await demoApplicantFormPath(server, demoPassword);
    const url = `${server.origin}${page}`;
    for (let i = 0; i < warmupLoads; i++) await measurePageLoad(browser, url);
    const samples: PageLoadFigures[] = [];
    for (let i = 0; i < loads; i++) samples.push(await measurePageLoad(browser, url));
    const firstContentfulPaint = summarizeTimings(samples.map((s) => s.firstContentfulPaintMs));
    const largestContentfulPaint = summarizeTimings(
      samples.flatMap((s) => (s.largestContentfulPaintMs === null ? [] : [s.largestContentfulPaintMs])),
    );
    const last = samples.at(-1);
    log(
      `  front end: ${page} × ${loads} cold loads, first contentful paint median ` +
        `${firstContentfulPaint.medianMs?.toFixed(0) ?? "-"} ms, p95 ${firstContentfulPaint.p95Ms?.toFixed(0) ?? "-"} ms`,
    );
    figures = {
      page: "/form/:linkId",
      loads,
      buildIsStale,
      firstContentfulPaint,
      largestContentfulPaint,
      scripts: last?.scripts ?? 0,
      scriptBytes: last?.scriptBytes ?? 0,
      routes,
      lighthouse: [],
      peer: null,
      targets: targetsOf(firstContentfulPaint, routes),
      samples,
    };
  } finally {
    await browser.close();
    await stop();
  }
  // After the page loads, on a server of its own: Lighthouse's timings are not shared with another run.
  if (lighthouseRuns > 0) {
    figures.lighthouse = await measureLighthouse({
      runs: lighthouseRuns,
      only: options.lighthousePages,
      log,
    });
    figures.targets.push(...lighthouseTargets(figures.lighthouse));
  }
  // Last, on a demo server and a SurveyJS page of their own.
  const peerRuns = options.peerRuns ?? PEER_RUNS;
  if (peerRuns > 0) {
    figures.peer = await measurePeerComparison({ runs: peerRuns, log });
    log(formatPeerComparison(figures.peer));
    figures.targets.push(...figures.peer.targets);
  }
  return figures;
}
