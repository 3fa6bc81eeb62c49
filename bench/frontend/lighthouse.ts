/**
 * What a phone on a mobile network feels: Lighthouse 12's mobile preset (a simulated mid-range phone on slow
 * 4G) against our server on the production build in dist/client, in Debian's Chromium (CHROME_PATH, never a
 * downloaded browser). Each page is audited `runs` times (3 by default) and the median run is reported, as
 * Lighthouse's own guidance does; signed-in pages carry a real session cookie.
 *
 *   npm run build && npx tsx bench/frontend/lighthouse.ts [--runs N] [--only sign-in,applicant-form,…] [--save DIR]
 *
 * Exits 1 when a target is missed (the targets are in LIGHTHOUSE_TARGETS and bench/README.md, "Mobile").
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import { type Browser, chromium } from "playwright-core";
import { freePort, killRunningServers } from "../runner/server-process";
import { signInUsers } from "../runner/sign-in";
import { demoApplicantFormPath } from "./applicant-link";
import { startDemoServer } from "./demo-server";
import { CHROMIUM_FLAGS, launchChromium } from "./page-load";

const DEFAULT_CHROMIUM = "/usr/bin/chromium";

/** A page's targets: Lighthouse's performance score (0–100), LCP and TBT in milliseconds. */
export interface Target {
  performance: number;
  lcpMs: number;
  tbtMs: number;
}
export const FIRST_VISIT: Target = { performance: 95, lcpMs: 2000, tbtMs: 150 };
const SIGNED_IN: Target = { performance: 90, lcpMs: 2500, tbtMs: 200 };
/** Accessibility and best practices: 100 on every page. */
const QUALITY_SCORE = 100;

/** A page to audit: its address and the cookie it is opened with (none for a first visit). */
export interface AuditedPage {
  key: string;
  label: string;
  url: string;
  cookie?: string;
  target: Target;
}

export interface PageScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  cls: number;
  /** The accessibility and best-practices audits that did not pass: what to fix to reach 100. */
  failedAudits: string[];
}

export interface LighthouseFigures {
  key: string;
  label: string;
  runs: PageScores[];
  median: PageScores;
  target: Target;
  pass: boolean;
}

/** Chromium with a DevTools port for Lighthouse to drive. */
export async function chromiumForLighthouse(): Promise<{ port: number; child: ChildProcess }> {
  const port = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), "decisionhub-lighthouse-"));
  const child = spawn(
    process.env.CHROME_PATH ?? DEFAULT_CHROMIUM,
    [
      ...CHROMIUM_FLAGS,
      "--no-first-run",
      `--user-data-dir=${profile}`,
      `--remote-debugging-port=${port}`,
      "about:blank",
    ],
    { stdio: "ignore" },
  );
  // Chromium's helper processes may still write to the profile as the browser exits (ENOTEMPTY): try again a
  // few times, and never let the clean-up end a run whose audits are done.
  child.on("exit", () => {
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    } catch {
      // A temporary folder left behind.
    }
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return { port, child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill();
  throw new Error("Chromium did not open its DevTools port within 30 s.");
}

/** Where each run's whole Lighthouse result is written as JSON (`--save DIR`), to read what an audit found. */
let saveResultsTo: string | undefined;
let savedRuns = 0;

async function audit(port: number, page: AuditedPage): Promise<PageScores> {
  const result = await lighthouse(page.url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices"],
    // Lighthouse's default is the mobile preset: Moto G Power-class CPU (4× slowdown), slow 4G, simulated.
    ...(page.cookie ? { extraHeaders: { Cookie: page.cookie } } : {}),
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${page.url}.`);
  if (saveResultsTo) {
    mkdirSync(saveResultsTo, { recursive: true });
    writeFileSync(path.join(saveResultsTo, `${page.key}-${++savedRuns}.json`), JSON.stringify(result.lhr));
  }
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError)
    throw new Error(`Lighthouse on ${page.url}: ${runtimeError.code} ${runtimeError.message}`);
  const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
  const value = (key: string) => audits[key]?.numericValue ?? Number.NaN;
  const failedAudits = ["accessibility", "best-practices"].flatMap((category) =>
    (categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${category}: ${ref.id} (${audits[ref.id]?.title})${auditDetails(audits[ref.id])}`),
  );
  return {
    failedAudits,
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    lcpMs: value("largest-contentful-paint"),
    tbtMs: value("total-blocking-time"),
    fcpMs: value("first-contentful-paint"),
    cls: value("cumulative-layout-shift"),
  };
}

/**
 * What a failed audit found, in a line: the items of its details (Chrome's Issues panel's issue types and
 * the nodes or URLs they name, a console error's text), so the report says what to fix without opening the
 * JSON result.
 */
function auditDetails(audit: { details?: unknown } | undefined): string {
  const details = audit?.details as { items?: Record<string, unknown>[] } | undefined;
  if (!details?.items?.length) return "";
  const describe = (value: unknown): string => {
    if (value === null || value === undefined) return "";
    if (typeof value !== "object") return String(value);
    const v = value as Record<string, unknown>;
    if (v.type === "node") return `${v.selector ?? ""} ${v.snippet ?? ""}`.trim();
    if (v.type === "source-location") return `${v.url ?? ""}:${v.line ?? ""}`;
    if (Array.isArray(v.items)) return v.items.map(describe).join(", ");
    return Object.entries(v)
      .filter(([k]) => k !== "type")
      .map(([k, x]) => `${k}=${describe(x)}`)
      .join(" ");
  };
  return `: ${details.items.map((item) => describe(item)).join(" | ")}`.slice(0, 2000);
}

/**
 * Lighthouse sometimes loses a trace (NO_NAVSTART, NO_FCP) on a busy machine and says to run it again: a run
 * is tried up to three times before the page counts as failed.
 */
export async function auditWithRetry(port: number, page: AuditedPage): Promise<PageScores> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(port, page);
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** The run whose performance score is the median: its figures belong together. */
export function medianRun(runs: PageScores[]): PageScores {
  return [...runs].sort((a, b) => a.performance - b.performance)[runs.length >> 1]!;
}

function passes(scores: PageScores, target: Target): boolean {
  return (
    scores.performance >= target.performance &&
    scores.lcpMs < target.lcpMs &&
    scores.tbtMs < target.tbtMs &&
    scores.accessibility >= QUALITY_SCORE &&
    scores.bestPractices >= QUALITY_SCORE
  );
}

/**
 * The applicant form's first section as a guest sees it: "Continue as a guest" once, in the Chromium that
 * Lighthouse drives, then the address it lands on. A guest's draft is opened by a token the page keeps in
 * the browser's localStorage (guest-store.ts), so the step must run in that browser's profile: Lighthouse
 * clears an origin's caches and service workers before each run but not its localStorage or cookies
 * (its `clearStorageTypes`). Done in another browser, the audited page was the "not found" answer to a draft
 * opened without its token (a 404 in the console), not the form.
 */
export async function guestFirstSection(
  devtoolsPort: number,
  formUrl: string,
): Promise<{ url: string; cookie: string }> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${devtoolsPort}`);
  const context = browser.contexts()[0]!;
  const page = await context.newPage();
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(formUrl);
    await page.getByRole("button", { name: "Continue as a guest" }).click();
    await page.getByRole("textbox").first().waitFor();
    const cookies = await context.cookies(formUrl);
    return { url: page.url(), cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; ") };
  } finally {
    await page.close();
    // Only Playwright's connection ends here: the browser stays open for Lighthouse.
    await browser.close();
  }
}

/** A reviewer's first candidate's submission view, found by opening their list. */
export async function firstSubmissionView(browser: Browser, origin: string, cookie: string): Promise<string> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addCookies(
      cookie.split("; ").map((pair) => {
        const at = pair.indexOf("=");
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: origin };
      }),
    );
    const page = await context.newPage();
    await page.goto(`${origin}/applications`);
    const link = page.locator('a[href^="/submissions/"]').first();
    await link.waitFor();
    return new URL((await link.getAttribute("href"))!, origin).href;
  } finally {
    await context.close();
  }
}

export async function measureLighthouse(
  options: { runs?: number; only?: string[]; log?: (line: string) => void } = {},
) {
  const runs = options.runs ?? 3;
  const log = options.log ?? console.log;
  const { server, demoPassword, stop } = await startDemoServer("lighthouse", { healthyTimeoutMs: 300_000 });
  const browser = await launchChromium();
  const lighthouseChromium = await chromiumForLighthouse();
  try {
    const formUrl = `${server.origin}${await demoApplicantFormPath(server, demoPassword)}`;
    const guest = await guestFirstSection(lighthouseChromium.port, formUrl);
    const [reviewer, admin, applicant] = await signInUsers(
      server,
      ["reviewer@demo.test", "admin@demo.test", "applicant@demo.test"],
      demoPassword,
    );
    const pages: AuditedPage[] = [
      {
        key: "applicant-form",
        label: "Applicant form, first section (guest)",
        ...guest,
        target: FIRST_VISIT,
      },
      { key: "sign-in", label: "Sign-in /login", url: `${server.origin}/login`, target: FIRST_VISIT },
      {
        key: "portal",
        label: "Applicant portal",
        url: `${server.origin}/portal/applicant`,
        cookie: applicant!.cookie,
        target: SIGNED_IN,
      },
      {
        key: "candidate-list",
        label: "Reviewer's candidate list",
        url: `${server.origin}/applications`,
        cookie: reviewer!.cookie,
        target: SIGNED_IN,
      },
      {
        key: "submission-view",
        label: "Submission view (reviewer)",
        url: await firstSubmissionView(browser, server.origin, reviewer!.cookie),
        cookie: reviewer!.cookie,
        target: SIGNED_IN,
      },
      {
        key: "candidate-statistics",
        label: "Candidate Statistics (admin)",
        url: `${server.origin}/admin/allcandidates`,
        cookie: admin!.cookie,
        target: SIGNED_IN,
      },
    ].filter((p) => !options.only || options.only.includes(p.key));

    const figures: LighthouseFigures[] = [];
    for (const page of pages) {
      const scores: PageScores[] = [];
      for (let i = 0; i < runs; i++) {
        scores.push(await auditWithRetry(lighthouseChromium.port, page));
        const s = scores.at(-1)!;
        log(
          `  ${page.label}, run ${i + 1}: performance ${s.performance}, LCP ${s.lcpMs.toFixed(0)} ms, TBT ${s.tbtMs.toFixed(0)} ms`,
        );
      }
      const middle = medianRun(scores);
      figures.push({
        key: page.key,
        label: page.label,
        runs: scores,
        median: middle,
        target: page.target,
        pass: passes(middle, page.target),
      });
    }
    return figures;
  } finally {
    lighthouseChromium.child.kill();
    await browser.close();
    await stop();
  }
}

export function formatLighthouse(figures: LighthouseFigures[]): string {
  const ms = (n: number) => `${(n / 1000).toFixed(2)} s`;
  return [
    "page (median of the runs)                  perf   LCP      TBT     FCP      CLS    a11y  best  target                      pass",
    ...figures.map((f) => {
      const m = f.median;
      const target = `≥ ${f.target.performance}, < ${ms(f.target.lcpMs)}, < ${f.target.tbtMs} ms`;
      return `${f.label.padEnd(42)} ${String(m.performance).padStart(4)}  ${ms(m.lcpMs).padStart(7)} ${`${m.tbtMs.toFixed(0)} ms`.padStart(7)} ${ms(m.fcpMs).padStart(7)}  ${m.cls.toFixed(3)}  ${String(m.accessibility).padStart(4)}  ${String(m.bestPractices).padStart(4)}  ${target.padEnd(27)} ${f.pass ? "pass" : "FAIL"}`;
    }),
    ...figures.flatMap((f) => f.median.failedAudits.map((a) => `  ${f.label}: ${a}`)),
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.on("exit", killRunningServers);
  const args = process.argv.slice(2);
  const runsAt = args.indexOf("--runs");
  const onlyAt = args.indexOf("--only");
  const saveAt = args.indexOf("--save");
  if (saveAt !== -1) saveResultsTo = path.resolve(args[saveAt + 1]!);
  const figures = await measureLighthouse({
    runs: runsAt === -1 ? 3 : Number(args[runsAt + 1]),
    only: onlyAt === -1 ? undefined : args[onlyAt + 1]!.split(","),
  });
  console.log(formatLighthouse(figures));
  process.exitCode = figures.every((f) => f.pass) ? 0 : 1;
}
