/**
 * Soak (docs/reliability.md, "Faults"): mixed load at a steady rate against our server for ten minutes —
 * guest applicants autosaving and submitting, reviewers listing candidates, opening them, saving
 * reviews and rankings, the admin listing candidates and deciding — on a fresh database with the demo
 * data. Every request is timed and checked; the server's memory is sampled.
 *
 *   npx tsx scripts/soak/run.ts [--minutes N] [--database pglite|postgres] [--applicants N]
 *
 *   --minutes     length of the load (default 10, at least 3); the first 2 minutes are the warm-up
 *                 (1 for runs shorter than 5 minutes)
 *   --database    pglite (a temporary DATA_DIR, default) or postgres (a scratch database on
 *                 CHAOS_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres, dropped at the end)
 *   --applicants  guest applicants' browser tabs, one request every 2 s each (default 20)
 *
 * Prints a table per minute (requests, p50, p99, errors, RSS, heap after GC, load average) and the pass
 * criteria (scripts/soak/report.ts), and writes it all to scripts/soak/results/<database>-<time>.json.
 * Exit code 0: passed; 1: a criterion failed; 2: bad options. See scripts/soak/README.md.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { runBenchMain } from "../../bench/runner/server-process";
import { report, verdicts } from "./report";
import { runSoak, type SoakOptions } from "./scenario";

const USAGE =
  "Usage: npx tsx scripts/soak/run.ts [--minutes N] [--database pglite|postgres] [--applicants N]";
const RESULTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "results");

function integer(name: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new Error(`--${name} must be an integer from ${min} to ${max}.`);
  }
  return n;
}

function parseOptions(args: string[]): SoakOptions {
  const { values } = parseArgs({
    args,
    options: {
      minutes: { type: "string", default: "10" },
      database: { type: "string", default: "pglite" },
      applicants: { type: "string", default: "20" },
    },
  });
  if (values.database !== "pglite" && values.database !== "postgres") {
    throw new Error("--database must be pglite or postgres.");
  }
  return {
    database: values.database,
    minutes: integer("minutes", values.minutes, 3, 24 * 60),
    applicants: integer("applicants", values.applicants, 1, 1000),
  };
}

await runBenchMain("The soak", async () => {
  let options: SoakOptions;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : error}\n${USAGE}`);
    return 2;
  }
  const figures = await runSoak(options);
  const checks = verdicts(figures);
  const passed = checks.every((v) => v.passed);
  console.log(`\n${report(figures)}`);
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(
    RESULTS_DIR,
    `${figures.database}-${figures.startedAt.replaceAll(":", "").replace(/\.\d+Z$/, "Z")}.json`,
  );
  writeFileSync(file, `${JSON.stringify({ ...figures, verdicts: checks, passed }, null, 2)}\n`);
  console.log(`\n${passed ? "Passed" : "FAILED"}. Results: ${path.relative(process.cwd(), file)}`);
  return passed ? 0 : 1;
});
