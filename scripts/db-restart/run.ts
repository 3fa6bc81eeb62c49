/**
 * PostgreSQL restarted under load (docs/reliability.md, "Faults"): our server runs on a throwaway
 * PostgreSQL 15 cluster of its own while applicants autosave, the committee saves reviews, rankings and
 * decisions and the admin force submits drafts; PostgreSQL is restarted (`pg_ctl restart -m fast`),
 * then stopped for a few seconds and started again. Our server is never restarted.
 *
 *   npx tsx scripts/db-restart/run.ts [--port 5499] [--applicants N] [--seconds S] [--down-seconds S]
 *
 * Passes when, while the database is gone, every request fails cleanly (503, our error shape, with
 * Retry-After, answered within the probes' timeout: never a 500, a reset or a hang); when the server
 * answers every kind of request again by itself once the database is back; when every acknowledged
 * write is there afterwards and no multi-step write is half there. Exit code 0: passed; 1: failed;
 * 2: bad options. See scripts/db-restart/README.md.
 */
import { parseArgs } from "node:util";
import { runBenchMain } from "../../bench/runner/server-process";
import { problemsOf, report } from "./report";
import { type DbRestartOptions, runDbRestart } from "./scenario";

const USAGE =
  "Usage: npx tsx scripts/db-restart/run.ts [--port 5499] [--applicants N] [--seconds S] [--down-seconds S]";

function integer(name: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new Error(`--${name} must be an integer from ${min} to ${max}.`);
  }
  return n;
}

function parseOptions(args: string[]): DbRestartOptions {
  const { values } = parseArgs({
    args,
    options: {
      port: { type: "string", default: "5499" },
      applicants: { type: "string", default: "30" },
      seconds: { type: "string", default: "15" },
      "down-seconds": { type: "string", default: "5" },
    },
  });
  return {
    port: integer("port", values.port, 1024, 65_535),
    applicants: integer("applicants", values.applicants, 1, 1000),
    seconds: integer("seconds", values.seconds, 5, 3600),
    downSeconds: integer("down-seconds", values["down-seconds"], 1, 60),
  };
}

await runBenchMain("The database-restart run", async () => {
  let options: DbRestartOptions;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : error}\n${USAGE}`);
    return 2;
  }
  const figures = await runDbRestart(options);
  console.log(`\n${report(figures)}`);
  const problems = problemsOf(figures);
  for (const problem of problems) console.log(`FAIL ${problem}`);
  console.log(problems.length === 0 ? "\nPassed." : `\n${problems.length} problem(s).`);
  return problems.length === 0 ? 0 : 1;
});
