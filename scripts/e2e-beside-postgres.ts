/**
 * The last phase of `npm test`: the end-to-end project, and, when TEST_PG_DATABASE_URL names a PostgreSQL
 * database, the server suite on it at the same time (`npm run test:pg`). The end-to-end files run one at a
 * time and spend much of it waiting on the browser, the server suite on PostgreSQL waits on the database
 * server: side by side they fill each other's idle time on a small machine (docs/decisions/026-the-gate.md).
 *
 * TEST_PG_NODE_BIN, when set, is a folder whose `node` runs the server suite (CI gives Node 24, the runtime
 * the Cloud Functions run on). The server suite's output is kept in a file and printed whole once it ends, so
 * that neither run's lines are interleaved with the other's.
 */
import { spawn } from "node:child_process";
import { createWriteStream, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

type Outcome = { name: string; status: number | null; seconds: number };

function run(name: string, script: string, env: NodeJS.ProcessEnv, logFile?: string): Promise<Outcome> {
  const started = performance.now();
  const child = spawn("npm", ["run", script], {
    env,
    stdio: logFile ? ["ignore", "pipe", "pipe"] : "inherit",
  });
  if (logFile) {
    const log = createWriteStream(logFile);
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
  }
  return new Promise((resolve) =>
    child.on("exit", (status) =>
      resolve({ name, status, seconds: Math.round((performance.now() - started) / 1000) }),
    ),
  );
}

const databaseUrl = process.env.TEST_PG_DATABASE_URL;
const runs: Promise<Outcome>[] = [run("end-to-end", "test:e2e", process.env)];
let postgresLog: string | undefined;
if (databaseUrl) {
  postgresLog = path.join(mkdtempSync(path.join(tmpdir(), "decisionhub-test-pg-")), "test-pg.log");
  const nodeBin = process.env.TEST_PG_NODE_BIN;
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PATH: nodeBin ? `${nodeBin}${path.delimiter}${process.env.PATH}` : process.env.PATH,
  };
  console.info(
    `The server suite runs on PostgreSQL beside the end-to-end project (its log: ${postgresLog}).`,
  );
  runs.push(run("server suite on PostgreSQL", "test:pg", env, postgresLog));
}

const outcomes = await Promise.all(runs);
if (postgresLog) {
  console.info("\n── The server suite on PostgreSQL ──");
  process.stdout.write(readFileSync(postgresLog, "utf8"));
}
for (const o of outcomes) {
  console.info(`${o.name}: ${o.status === 0 ? "passed" : `failed (${o.status})`} in ${o.seconds} s`);
}
process.exit(outcomes.every((o) => o.status === 0) ? 0 : 1);
