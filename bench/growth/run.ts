/**
 * `npx tsx bench/growth/run.ts [--quick] [--samples N] [--no-plans] [--endpoints a,b]`: prepares the
 * growth database if needed (bench/data-growth/pglite, or bench_growth beside the DATABASE_URL database),
 * times every list endpoint (or those --endpoints names) at 1,000 / 10,000 / 100,000 submissions, checks
 * the query plans at 100,000, prints the tables and writes them to bench/data-growth/results.json.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { runBenchMain } from "../runner/server-process";
import { runGrowth } from "./index";
import { formatGrowth } from "./report";
import { GROWTH_DATA_DIR } from "./target";

const USAGE = `Usage: npx tsx bench/growth/run.ts [--quick] [--samples N] [--no-plans] [--endpoints a,b]
  --quick         5 timed requests per endpoint and program instead of 20 (3 instead of 10 for the
                  endpoints linear by design)
  --samples N     timed requests per endpoint and program (1–100)
  --no-plans      skip the query plans at 100,000
  --endpoints a,b time only the endpoints whose name contains one of these (e.g. "admin mode,assign")
DATABASE_URL selects PostgreSQL: the growth data goes to a database named bench_growth on that server.`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      quick: { type: "boolean", default: false },
      samples: { type: "string" },
      "no-plans": { type: "boolean", default: false },
      endpoints: { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const samples = values.samples === undefined ? undefined : Number(values.samples);
  if (samples !== undefined && !(Number.isInteger(samples) && samples >= 1 && samples <= 100)) {
    console.error(`--samples must be a whole number from 1 to 100.\n${USAGE}`);
    return 2;
  }
  const result = await runGrowth({
    quick: values.quick,
    ...(samples === undefined ? {} : { samples }),
    plans: !values["no-plans"],
    endpoints: (values.endpoints ?? "").split(",").filter((name) => name.trim() !== ""),
  });
  const file = path.join(GROWTH_DATA_DIR, "results.json");
  mkdirSync(GROWTH_DATA_DIR, { recursive: true });
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\n${formatGrowth(result)}\n\nWritten to ${path.relative(process.cwd(), file)}.`);
  return 0;
}

await runBenchMain("Growth benchmark", main);
