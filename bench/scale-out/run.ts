/**
 * `npx tsx bench/scale-out/run.ts`: the same build as one and as two app instances against one
 * PostgreSQL server (DATABASE_URL, the benchmark's data set), for docs/scaling.md. Reviewers sign in
 * on instance 1 only, and their sessions are then used on both (sessions live in the database); the
 * step-1 candidate list is loaded first on one instance with every connection, then on two with the
 * connections split between them. Prints a table and writes bench/scale-out-results.json.
 *
 * Options: --duration S (default 10), --connections N (default 50), --users N (default 50).
 */
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { benchPassword } from "../lib/password";
import { BENCH_DIR, benchServerEnv, DEFAULT_DATA_DIR, resolveTarget } from "../lib/target";
import { reviewerFixtures } from "../reviewing/fixture";
import { ensureDataset, prepareDataset, withSqlClient } from "../runner/dataset";
import { type LoadFigures, runLoad } from "../runner/load";
import { waitForIdleCpu } from "../runner/proc";
import { freePort, runBenchMain, type ServerProcess, startServerProcess } from "../runner/server-process";
import { signInUsers } from "../runner/sign-in";
import { candidateListScenario as candidateList } from "../scenarios/candidate-list";
import type { BenchUser } from "../scenarios/types";

const RESULTS = path.join(BENCH_DIR, "scale-out-results.json");

interface Row {
  instances: number;
  connections: number;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  failed: number;
}

/** Every instance under load at once, the connections split evenly; req/s summed, the worst p99 kept. */
async function loadAll(
  servers: readonly ServerProcess[],
  users: readonly BenchUser[],
  connections: number,
  durationSeconds: number,
): Promise<Row> {
  const each = Math.floor(connections / servers.length);
  const run = (seconds: number) =>
    Promise.all(
      servers.map((server) =>
        runLoad({ server, scenario: candidateList, users, connections: each, durationSeconds: seconds }),
      ),
    );
  await run(1);
  for (const server of servers) await waitForIdleCpu(server.pid);
  const figures: LoadFigures[] = await run(durationSeconds);
  for (const server of servers) await waitForIdleCpu(server.pid);
  return {
    instances: servers.length,
    connections: each * servers.length,
    requestsPerSecond: figures.reduce((sum, f) => sum + f.requestsPerSecond, 0),
    latencyP50Ms: Math.max(...figures.map((f) => f.latencyP50Ms)),
    latencyP99Ms: Math.max(...figures.map((f) => f.latencyP99Ms)),
    failed: figures.reduce((sum, f) => sum + f.errors + f.unexpectedStatus, 0),
  };
}

/** A session made on one instance, used on another: 200 means nothing about it lived in the first one's memory. */
async function sessionWorksOn(server: ServerProcess, user: BenchUser): Promise<boolean> {
  const response = await fetch(`${server.baseUrl}/api/users/${user.userId}/programs`, {
    headers: { cookie: user.cookie, origin: server.origin },
  });
  return response.status === 200;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      duration: { type: "string", default: "10" },
      connections: { type: "string", default: "50" },
      users: { type: "string", default: "50" },
    },
  });
  const target = resolveTarget(DEFAULT_DATA_DIR);
  if (target.kind !== "postgres") {
    throw new Error("Scale-out needs DATABASE_URL: a PGlite folder can be opened by one process only.");
  }
  const durationSeconds = Number(values.duration);
  const connections = Number(values.connections);
  await ensureDataset({ target, fresh: false, scale: "large", seed: 1, password: benchPassword() });
  const dataset = await prepareDataset(target);
  const emails = dataset.reviewerEmails.slice(0, Number(values.users));
  const fixtures = await withSqlClient(target, (sql) => reviewerFixtures(sql, emails));
  const env = benchServerEnv(target, randomBytes(20).toString("hex"));
  const start = async (n: number) =>
    startServerProcess({ label: `app ${n}`, entry: "src/server/start.ts", port: await freePort(), env });

  const first = await start(1);
  const signedIn = await signInUsers(first, emails, benchPassword());
  const users = signedIn.map((user) => ({ ...user, review: fixtures.get(user.email) }));
  const rows: Row[] = [];
  try {
    rows.push(await loadAll([first], users, connections, durationSeconds));
    const second = await start(2);
    try {
      const shared = (await Promise.all(users.map((user) => sessionWorksOn(second, user)))).filter(Boolean);
      console.log(`sessions made on instance 1 that instance 2 accepts: ${shared.length} of ${users.length}`);
      rows.push(await loadAll([first, second], users, connections, durationSeconds));
      const report = {
        date: new Date().toISOString(),
        sessionsShared: shared.length,
        users: users.length,
        rows,
      };
      writeFileSync(RESULTS, `${JSON.stringify(report, null, 2)}\n`);
    } finally {
      await second.stop();
    }
  } finally {
    await first.stop();
  }
  console.log("\n| instances | connections | req/s | p50 ms | p99 ms | failed |");
  console.log("|---:|---:|---:|---:|---:|---:|");
  for (const r of rows) {
    console.log(
      `| ${r.instances} | ${r.connections} | ${r.requestsPerSecond.toFixed(0)} | ${r.latencyP50Ms.toFixed(0)} | ${r.latencyP99Ms.toFixed(0)} | ${r.failed} |`,
    );
  }
  console.log(`\nWritten to ${path.relative(process.cwd(), RESULTS)}.`);
  return 0;
}

await runBenchMain("Scale-out", main);
