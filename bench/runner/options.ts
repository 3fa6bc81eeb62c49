import { parseArgs } from "node:util";
import { AUTO_ASSIGN } from "../auto-assign";
import { AUTOSAVE } from "../autosave";
import { EXPORTS } from "../exports";
import { EXPORTS_SHAPE } from "../exports/prepare";
import { FRONTEND } from "../frontend";
import { isScaleName, type ScaleName } from "../generator/scales";
import { GROWTH } from "../growth";
import type { WriteBenchmark } from "../reviewing/write-types";
import { REVIEW_WRITES } from "../reviewing/writes";
import { ROUND_TRIPS } from "../round-trips";
import type { RoundTrip } from "../round-trips/types";
import { SCENARIOS } from "../scenarios";
import type { Scenario } from "../scenarios/types";

export interface RunOptions {
  /** Regenerate the data set even if one exists. */
  fresh: boolean;
  scale: ScaleName;
  seed: number;
  dataDir: string | undefined;
  connections: number;
  durationSeconds: number;
  /** Unmeasured load before each measured run, so JIT and caches are warm. */
  warmupSeconds: number;
  /** How many reviewers sign in; requests rotate over their sessions. */
  users: number;
  scenarios: readonly Scenario[];
  /** The reviewing writes (bench/reviewing), on both servers after the scenarios. */
  writes: readonly WriteBenchmark[];
  /** Timed one request at a time on our server, after the scenarios. */
  roundTrips: readonly RoundTrip[];
  /** The applicants' autosave benchmark (bench/autosave), on our server after the round trips. */
  autosave: boolean;
  /** The exports benchmark (bench/exports: PDFs, attachments, matrix), on our server after autosave. */
  exports: boolean;
  /** The front end (bench/frontend): route JavaScript and the applicant form's first paint, last. */
  frontend: boolean;
  /** The growth curve and query plans (bench/growth) on their own data set, after everything else. */
  growth: boolean;
  /** Automatic assignment (bench/auto-assign) on its own database, before everything else. */
  autoAssign: boolean;
  /** Guest applicants saving at once in the autosave benchmark. */
  applicants: number;
  /** --quick: also fewer round-trip and review-write samples. */
  quick: boolean;
  baseline: boolean;
  /** --s3: the files and the exports in a local S3-compatible bucket (s3rver) the run starts itself. */
  s3: boolean;
  /** Submissions of the exports program (3 files of 1 MB each). */
  exportSubmissions: number;
}

export const RUN_USAGE = `Usage: npm run bench -- [options]
  --quick              3 s per scenario (and autosave and review-write phase) instead of 10; 15 form saves
                       instead of 50, 20 timed review writes instead of 50
  --fresh              regenerate the data set first
  --scale small|large  data set size when generating (default large)
  --seed N             generator seed (default 1)
  --data-dir DIR       PGlite folder (default bench/data/pglite); DATABASE_URL selects PostgreSQL
  --connections N      concurrent connections (default 50)
  --duration S         seconds per scenario (overrides --quick)
  --warmup S           unmeasured seconds before each scenario (default 1)
  --users N            reviewers to sign in (default 50)
  --applicants N       guest applicants in the autosave benchmark (default ${AUTOSAVE.applicants})
  --only a,b           run only these (${[...SCENARIOS, ...REVIEW_WRITES, ...ROUND_TRIPS, AUTOSAVE, EXPORTS, FRONTEND, GROWTH, AUTO_ASSIGN].map((s) => s.name).join(", ")})
  --no-baseline        skip the baseline server
  --s3                 files and exports in a local S3 bucket (s3rver, started and stopped by the run)
  --export-submissions N  submissions of the exports program, 3 files of 1 MB each (default ${EXPORTS_SHAPE.submissions})`;

function positiveNumber(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a non-negative number`);
  return n;
}

export function parseRunOptions(argv: string[]): RunOptions | "help" {
  const { values } = parseArgs({
    args: argv,
    options: {
      quick: { type: "boolean", default: false },
      fresh: { type: "boolean", default: false },
      scale: { type: "string", default: "large" },
      seed: { type: "string", default: "1" },
      "data-dir": { type: "string" },
      connections: { type: "string" },
      duration: { type: "string" },
      warmup: { type: "string" },
      users: { type: "string" },
      applicants: { type: "string" },
      only: { type: "string" },
      "no-baseline": { type: "boolean", default: false },
      s3: { type: "boolean", default: false },
      "export-submissions": { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) return "help";
  if (!isScaleName(values.scale)) throw new Error("--scale must be small or large");
  const seed = Number(values.seed);
  if (!Number.isInteger(seed)) throw new Error("--seed must be an integer");

  let scenarios = SCENARIOS;
  let writes = REVIEW_WRITES;
  let roundTrips = ROUND_TRIPS;
  let autosave = true;
  let exportsBench = true;
  let frontend = true;
  let growth = true;
  let autoAssign = true;
  if (values.only) {
    const wanted = values.only.split(",").map((s) => s.trim());
    const known = [
      ...SCENARIOS,
      ...REVIEW_WRITES,
      ...ROUND_TRIPS,
      AUTOSAVE,
      EXPORTS,
      FRONTEND,
      GROWTH,
      AUTO_ASSIGN,
    ].map((s) => s.name);
    const unknown = wanted.filter((name) => !known.includes(name));
    if (unknown.length > 0) throw new Error(`Unknown scenario(s): ${unknown.join(", ")}`);
    scenarios = SCENARIOS.filter((s) => wanted.includes(s.name));
    writes = REVIEW_WRITES.filter((w) => wanted.includes(w.name));
    roundTrips = ROUND_TRIPS.filter((r) => wanted.includes(r.name));
    autosave = wanted.includes(AUTOSAVE.name);
    exportsBench = wanted.includes(EXPORTS.name);
    frontend = wanted.includes(FRONTEND.name);
    growth = wanted.includes(GROWTH.name);
    autoAssign = wanted.includes(AUTO_ASSIGN.name);
  }

  return {
    fresh: values.fresh,
    scale: values.scale,
    seed,
    dataDir: values["data-dir"],
    connections: Math.max(1, Math.round(positiveNumber(values.connections, 50, "connections"))),
    durationSeconds: Math.max(1, positiveNumber(values.duration, values.quick ? 3 : 10, "duration")),
    warmupSeconds: positiveNumber(values.warmup, 1, "warmup"),
    users: Math.max(1, Math.round(positiveNumber(values.users, 50, "users"))),
    scenarios,
    writes,
    roundTrips,
    autosave,
    exports: exportsBench,
    frontend,
    growth,
    autoAssign,
    applicants: Math.max(1, Math.round(positiveNumber(values.applicants, AUTOSAVE.applicants, "applicants"))),
    quick: values.quick,
    baseline: !values["no-baseline"],
    s3: values.s3,
    exportSubmissions: Math.max(
      1,
      Math.round(
        positiveNumber(values["export-submissions"], EXPORTS_SHAPE.submissions, "export-submissions"),
      ),
    ),
  };
}
