/**
 * Fills a database with one large, realistic organization for the benchmarks.
 *
 *   npx tsx bench/generate.ts [--scale small|large] [--seed N] [--data-dir DIR] [--reset]
 *
 * Target: DATABASE_URL (PostgreSQL) if set, otherwise a PGlite folder (default bench/data/pglite).
 */
import { parseArgs } from "node:util";
import { generateDatabase } from "./generator";
import { isScaleName } from "./generator/scales";
import { benchPassword } from "./lib/password";
import { describeTarget, resolveTarget } from "./lib/target";

const USAGE = "Usage: tsx bench/generate.ts [--scale small|large] [--seed N] [--data-dir DIR] [--reset]";

const { values } = parseArgs({
  options: {
    scale: { type: "string", default: "large" },
    seed: { type: "string", default: "1" },
    "data-dir": { type: "string" },
    reset: { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
});

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const seed = Number(values.seed);
if (!isScaleName(values.scale) || !Number.isInteger(seed)) {
  console.error(USAGE);
  process.exit(2);
}

const target = resolveTarget(values["data-dir"]);
console.log(`Generating the ${values.scale} data set (seed ${seed}) into ${describeTarget(target)}`);
try {
  const summary = await generateDatabase({
    target,
    scale: values.scale,
    seed,
    password: benchPassword(),
    reset: values.reset,
    log: (line) => console.log(line),
  });
  const rows = Object.entries(summary.rows).map(([table, n]) => `${table} ${n}`);
  console.log(`Done in ${summary.seconds.toFixed(1)} s: ${rows.join(", ")}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
