/**
 * Kill -9 mid-save (docs/reliability.md, "Faults"): guest applicants autosave and the demo committee
 * saves reviews, rankings and decisions while our server is killed with SIGKILL and restarted on the
 * same data several times; afterwards every write that was acknowledged must be there.
 *
 *   npx tsx scripts/chaos/run.ts [--database pglite|postgres|both] [--kills N] [--applicants N] [--seconds S]
 *
 *   --database    pglite (a temporary DATA_DIR), postgres (a database chaos_<random> created on
 *                 CHAOS_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres, dropped at
 *                 the end) or both, one after the other (default both)
 *   --kills       SIGKILLs per database (default 5)
 *   --applicants  guest applicants autosaving the demo form, each every 0.5–1 s (default 200)
 *   --seconds     load per database with the server up (default 60); each restart adds its own time
 *
 * Prints one line per database (saves acknowledged and lost, reviews, rankings and decisions
 * acknowledged/lost, failed requests, restart times) and the details of anything lost. Exit code 1 if
 * an acknowledged write was lost, or if the run could not check everything (a client that never got
 * its data back, a refused request); 2 for bad options. See scripts/chaos/README.md.
 */
import { parseArgs } from "node:util";
import type { DatabaseKind } from "./database";
import { details, lostWrites, summaryTable } from "./report";
import { type ChaosFigures, runChaos } from "./scenario";

const USAGE =
  "Usage: npx tsx scripts/chaos/run.ts [--database pglite|postgres|both] [--kills N] [--applicants N] [--seconds S]";

interface Options {
  databases: DatabaseKind[];
  kills: number;
  applicants: number;
  seconds: number;
}

function positiveInteger(name: string, value: string, min: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer of at least ${min}.`);
  return n;
}

function parseOptions(args: string[]): Options {
  const { values } = parseArgs({
    args,
    options: {
      database: { type: "string", default: "both" },
      kills: { type: "string", default: "5" },
      applicants: { type: "string", default: "200" },
      seconds: { type: "string", default: "60" },
    },
  });
  const databases: Record<string, DatabaseKind[]> = {
    pglite: ["pglite"],
    postgres: ["postgres"],
    both: ["pglite", "postgres"],
  };
  const chosen = databases[values.database];
  if (!chosen) throw new Error("--database must be pglite, postgres or both.");
  return {
    databases: chosen,
    kills: positiveInteger("kills", values.kills, 0),
    applicants: positiveInteger("applicants", values.applicants, 1),
    seconds: positiveInteger("seconds", values.seconds, 5),
  };
}

/** Why a run cannot vouch for its figures, beyond lost writes. */
function incomplete(f: ChaosFigures): string[] {
  const reasons: string[] = [];
  if (f.autosave.stopped > 0)
    reasons.push(`${f.autosave.stopped} applicants could not read their draft back`);
  if (f.requests.refused > 0) reasons.push(`${f.requests.refused} requests refused with a 4xx`);
  for (const error of f.clientErrors) reasons.push(`a client stopped on an error: ${error}`);
  return reasons;
}

async function main(): Promise<number> {
  let options: Options;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : error}\n${USAGE}`);
    return 2;
  }
  const runs: ChaosFigures[] = [];
  for (const database of options.databases) runs.push(await runChaos({ ...options, database }));

  console.log(`\n${summaryTable(runs)}\n`);
  for (const run of runs) console.log(details(run));
  const lost = runs.reduce((sum, run) => sum + lostWrites(run), 0);
  const problems = runs.flatMap((run) => incomplete(run).map((reason) => `${run.database}: ${reason}`));
  for (const problem of problems) console.log(`INCOMPLETE ${problem}`);
  console.log(lost === 0 ? "\nNo acknowledged write was lost." : `\n${lost} acknowledged writes were LOST.`);
  return lost > 0 || problems.length > 0 ? 1 : 0;
}

process.exitCode = await main();
