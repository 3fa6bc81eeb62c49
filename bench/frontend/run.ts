/**
 * `npx tsx bench/frontend/run.ts [--loads N] [--quick]`: the front-end budgets on the build in
 * dist/client (run `npm run build` first). Prints the per-route JavaScript, the applicant form's first
 * contentful paint, Lighthouse's mobile figures of the pages of the mobile budgets (bench/frontend/
 * lighthouse.ts) and the applicant form side by side with SurveyJS (bench/frontend/peer/compare.ts), with
 * the targets; exits 1 when one is missed.
 */
import { killRunningServers } from "../runner/server-process";
import { FRONTEND, type FrontendFigures, measureFrontend } from "./index";
import { formatLighthouse } from "./lighthouse";
import { PEER_QUICK_RUNS, PEER_RUNS } from "./peer/compare";

const USAGE = "Usage: npx tsx bench/frontend/run.ts [--loads N] [--quick]";
const QUICK_LOADS = 3;

function parseLoads(args: readonly string[]): number {
  if (args.includes("--quick")) return QUICK_LOADS;
  const at = args.indexOf("--loads");
  if (at === -1) return FRONTEND.loads;
  const loads = Number(args[at + 1]);
  if (!Number.isInteger(loads) || loads < 1) throw new Error(`--loads takes a whole number ≥ 1.\n${USAGE}`);
  return loads;
}

const ms = (n: number | null) => (n === null ? "-" : `${n.toFixed(0)} ms`);

function formatFigures(figures: FrontendFigures): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const lines = [
    "",
    "route                                            JS gzipped   raw      files  budget",
    ...figures.routes.map(
      (r) =>
        `${r.route.padEnd(48)} ${kb(r.gzipBytes).padStart(10)} ${kb(r.rawBytes).padStart(9)} ${String(r.files).padStart(6)}  ` +
        (r.budgetKb === null ? "-" : `< ${r.budgetKb} KB`),
    ),
    "",
    `${figures.page}: ${figures.loads} cold loads (new browser context each)   median   p95      max`,
    `  first contentful paint                                ${ms(figures.firstContentfulPaint.medianMs).padStart(7)}  ${ms(figures.firstContentfulPaint.p95Ms).padStart(7)}  ${ms(figures.firstContentfulPaint.maxMs).padStart(7)}`,
    `  largest contentful paint (the form shown)             ${ms(figures.largestContentfulPaint.medianMs).padStart(7)}  ${ms(figures.largestContentfulPaint.p95Ms).padStart(7)}  ${ms(figures.largestContentfulPaint.maxMs).padStart(7)}`,
    `  JavaScript fetched: ${figures.scripts} files, ${kb(figures.scriptBytes)} as sent`,
    ...(figures.lighthouse.length > 0 ? ["", formatLighthouse(figures.lighthouse)] : []),
    "",
    "target                                                                measured   pass",
    ...figures.targets.map(
      (t) =>
        `${t.name.padEnd(68)} ${`${t.value ?? "-"} ${t.unit}`.padStart(10)}   ${t.pass ? "pass" : "FAIL"}`,
    ),
  ];
  if (figures.buildIsStale) lines.push("", "Note: dist/client is older than the client's sources.");
  return lines.join("\n");
}

process.on("exit", killRunningServers);
try {
  const args = process.argv.slice(2);
  const figures = await measureFrontend({
    loads: parseLoads(args),
    // --quick: one Lighthouse run per page instead of the median of three.
    lighthouseRuns: args.includes("--quick") ? 1 : 3,
    // --quick: two rounds of the SurveyJS comparison instead of five.
    peerRuns: args.includes("--quick") ? PEER_QUICK_RUNS : PEER_RUNS,
  });
  console.log(formatFigures(figures));
  process.exitCode = figures.targets.every((t) => t.pass) ? 0 : 1;
} catch (error) {
  console.error(`Front-end measurement failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
}
