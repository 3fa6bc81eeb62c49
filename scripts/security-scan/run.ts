/**
 * sqlmap and wapiti against our server, signed in (docs/reliability.md, "Bad input"): every endpoint of the
 * OpenAPI document and better-auth's, each with a valid call of the demo organization, and the SPA.
 *
 *   npm run test:scan [-- --only sqlmap|wapiti] [--endpoint REGEX] [--baseline] [--level N] [--risk N]
 *                        [--wapiti-seconds S] [--reports DIR]
 *
 *   --only             one scanner (default both)
 *   --endpoint         only the endpoints whose "METHOD /path" matches (sqlmap; wapiti still runs)
 *   --baseline         only check that every endpoint gets a valid call (no scanner)
 *   --level, --risk    sqlmap's (default 1 and 1: see sqlmap.ts for why)
 *   --wapiti-seconds   wapiti's --max-scan-time (default 480)
 *   --reports          where the scanners' files go (default scripts/security-scan/reports)
 *
 * Exit code 0: no finding. 1: a finding, or a part of the scan that could not be done. 2: bad options.
 * See scripts/security-scan/README.md.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { killRunningServers } from "../../bench/runner/server-process";
import { call, must } from "./api";
import { buildRequest, chooseActor, type ScanContext, urlOf } from "./build";
import { stopScanners } from "./children";
import { loadDemo } from "./demo";
import { Fresh } from "./fresh";
import { authOperations, documentedOperations, type OpenApiDocument, SESSION_ENDING } from "./operations";
import { startRefreshProxy } from "./refresh-proxy";
import {
  type EndpointRecord,
  endpointLine,
  problems,
  type ScanSummary,
  sqlmapFindings,
  summaryText,
  wapitiFindings,
} from "./report";
import { SCAN_DEMO_PASSWORD, startScanServer } from "./server";
import { signInAgain, signInDemoAccounts } from "./sessions";
import { scanWithSqlmap } from "./sqlmap";
import { scanWithWapiti } from "./wapiti";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const USAGE =
  "Usage: npm run test:scan -- [--only sqlmap|wapiti] [--endpoint REGEX] [--baseline] [--level N] [--risk N] [--wapiti-seconds S] [--reports DIR]";
/** One endpoint's sqlmap run is stopped after this long (the form editor's large body is the longest). */
const SQLMAP_TIMEOUT_MS = 8 * 60_000;

interface Options {
  sqlmap: boolean;
  wapiti: boolean;
  endpoint: RegExp | null;
  baseline: boolean;
  level: number;
  risk: number;
  wapitiSeconds: number;
  reports: string;
}

function integer(name: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`--${name} must be an integer from ${min} to ${max}.`);
  return n;
}

function parseOptions(args: string[]): Options {
  const { values } = parseArgs({
    args,
    options: {
      only: { type: "string" },
      endpoint: { type: "string" },
      baseline: { type: "boolean", default: false },
      level: { type: "string", default: "1" },
      risk: { type: "string", default: "1" },
      "wapiti-seconds": { type: "string", default: "480" },
      reports: { type: "string", default: path.join(HERE, "reports") },
    },
  });
  if (values.only !== undefined && values.only !== "sqlmap" && values.only !== "wapiti") {
    throw new Error("--only must be sqlmap or wapiti.");
  }
  return {
    sqlmap: !values.baseline && values.only !== "wapiti",
    wapiti: !values.baseline && values.only !== "sqlmap",
    endpoint: values.endpoint ? new RegExp(values.endpoint) : null,
    baseline: values.baseline,
    level: integer("level", values.level, 1, 5),
    risk: integer("risk", values.risk, 1, 3),
    wapitiSeconds: integer("wapiti-seconds", values["wapiti-seconds"], 30, 7200),
    reports: path.resolve(values.reports),
  };
}

function requireTool(name: string): void {
  const result = spawnSync(name, ["--version"], { encoding: "utf8" });
  if (result.error || result.status !== 0) {
    throw new Error(`${name} is not installed (Debian: apt-get install ${name}).`);
  }
}

/** A file- and folder-safe name for an endpoint: "017-PATCH-api-programs-id-name". */
const slug = (index: number, key: string) =>
  `${String(index).padStart(3, "0")}-${key.replace(/[{}]/g, "").replace(/[^A-Za-z0-9]+/g, "-")}`.replace(
    /-$/,
    "",
  );

async function main(): Promise<number> {
  let options: Options;
  try {
    options = parseOptions(process.argv.slice(2));
    if (options.sqlmap) requireTool("sqlmap");
    if (options.wapiti) requireTool("wapiti");
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : error}\n${USAGE}`);
    return 2;
  }
  rmSync(options.reports, { recursive: true, force: true });
  mkdirSync(options.reports, { recursive: true });
  const started = performance.now();
  const server = await startScanServer();
  scratchFolder = server.dataDir;
  const proxy = await startRefreshProxy();
  try {
    const target = { baseUrl: server.process.baseUrl, origin: server.process.origin };
    console.log(`Our server: ${target.baseUrl} (PGlite in ${server.dataDir}, demo data)`);
    const sessions = await signInDemoAccounts(server.process, SCAN_DEMO_PASSWORD);
    // wapiti's own session, made now: nothing sqlmap sends can end it.
    const wapitiSession = await signInAgain(server.process, "orgAdmin", SCAN_DEMO_PASSWORD);
    const demo = await loadDemo(target, sessions);
    // No plan limit in the way of the programs, members and files the scanners create.
    await must(target, sessions.orgAdmin.cookie, "POST", "/api/organizations/updatePlan", {
      json: { orgId: demo.orgId, planId: demo.plans.enterprise },
    });
    const ctx: ScanContext = {
      target,
      demo,
      sessions,
      fresh: new Fresh(target, sessions, demo),
      password: SCAN_DEMO_PASSWORD,
    };
    const doc = await must<OpenApiDocument>(target, undefined, "GET", "/api/openapi.json");
    writeFileSync(path.join(options.reports, "openapi.json"), `${JSON.stringify(doc, null, 2)}\n`);
    const all = [...documentedOperations(doc), ...authOperations()];
    const operations = all.filter(
      (op) => !(op.key in SESSION_ENDING) && (!options.endpoint || options.endpoint.test(op.key)),
    );
    const skipped = Object.fromEntries(
      all.filter((op) => op.key in SESSION_ENDING).map((op) => [op.key, SESSION_ENDING[op.key]!]),
    );
    console.log(
      `${all.length} endpoints (${documentedOperations(doc).length} in the OpenAPI document, the rest better-auth's); ` +
        `${operations.length} to scan, ${Object.keys(skipped).length} skipped because they end the session.`,
    );

    const summary: ScanSummary = {
      startedAt: new Date().toISOString(),
      seconds: 0,
      server: `${target.baseUrl} (PGlite, demo data)`,
      endpoints: [],
      skipped,
      wapiti: null,
    };
    const host = new URL(target.baseUrl).host;
    for (const [i, op] of operations.entries()) {
      const record: EndpointRecord = {
        key: op.key,
        actor: null,
        baselineStatus: null,
        refused: [],
        sqlmap: null,
      };
      try {
        const chosen = await chooseActor(ctx, op);
        record.actor = chosen.request.actor;
        record.baselineStatus = chosen.baselineStatus;
        record.refused = chosen.tried.map((t) => `${t.actor} ${t.status}`);
        if (chosen.baselineStatus < 200 || chosen.baselineStatus > 299)
          record.refusal = chosen.tried[0]?.message;
        if (options.sqlmap) {
          const dir = path.join(options.reports, "sqlmap", slug(i + 1, op.key));
          record.sqlmap = await scanWithSqlmap(chosen.request, { host, origin: target.origin }, dir, {
            level: options.level,
            risk: options.risk,
            timeoutMs: SQLMAP_TIMEOUT_MS,
            proxy,
          });
        }
      } catch (error) {
        record.error = error instanceof Error ? error.message : String(error);
      }
      summary.endpoints.push(record);
      console.log(endpointLine(record, i + 1, operations.length));
      // A scan that ended the session would scan every later endpoint signed out: stop saying it is fine.
      const session = await call(target, sessions.orgAdmin.cookie, "GET", "/api/auth/get-session");
      if (session.body === null || session.status !== 200) {
        throw new Error(`The organization admin's session ended after ${op.key}.`);
      }
    }

    if (options.wapiti) {
      console.log("wapiti…");
      const startUrls: string[] = [];
      for (const op of documentedOperations(doc).filter((o) => o.method === "GET")) {
        try {
          const request = await buildRequest(ctx, op, "orgAdmin");
          startUrls.push(`${target.baseUrl}${urlOf(request)}`);
        } catch (error) {
          summary.endpoints.push({
            key: `${op.key} (wapiti start URL)`,
            actor: null,
            baselineStatus: null,
            refused: [],
            sqlmap: null,
            error: error instanceof Error ? error.message : String(error),
          });
        }
      }
      summary.wapiti = await scanWithWapiti({
        baseUrl: target.baseUrl,
        cookie: wapitiSession.cookie,
        startUrls,
        dir: path.join(options.reports, "wapiti"),
        settings: {
          maxScanSeconds: options.wapitiSeconds,
          maxAttackSeconds: Math.ceil(options.wapitiSeconds / 4),
        },
      });
    }

    summary.seconds = (performance.now() - started) / 1000;
    writeFileSync(path.join(options.reports, "summary.json"), `${JSON.stringify(summary, null, 2)}\n`);
    const findings = [...sqlmapFindings(summary), ...wapitiFindings(summary)];
    const incomplete = problems(summary);
    console.log(`\n${summaryText(summary)}`);
    for (const f of findings) console.log(`FINDING ${f}`);
    for (const p of incomplete) console.log(`INCOMPLETE ${p}`);
    if (summary.wapiti) console.log(`wapiti: ${summary.wapiti.command}`);
    console.log(`Reports: ${path.relative(process.cwd(), options.reports) || options.reports}`);
    console.log(findings.length === 0 ? "\nNo finding." : `\n${findings.length} findings.`);
    return findings.length > 0 || incomplete.length > 0 ? 1 : 0;
  } finally {
    await proxy.close();
    await server.stop();
  }
}

/** The scanned server's data folder: removed also when the run is interrupted. */
let scratchFolder: string | null = null;

process.on("exit", killRunningServers);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    stopScanners();
    killRunningServers();
    if (scratchFolder) rmSync(scratchFolder, { recursive: true, force: true });
    process.exit(130);
  });
}
try {
  process.exitCode = await main();
} catch (error) {
  console.error(`The security scan failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
}
