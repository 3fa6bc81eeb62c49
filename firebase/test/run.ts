/**
 * `npm run test:firebase`: the Firebase target in the emulators that run on this machine
 * (docs/deploy/firebase.md, "What is verified here"). Builds the SPA and the functions' source folder,
 * makes sure of Node 24 (the functions' runtime) and of firebase-tools, each in a folder of its own under
 * .cache/ (never in the root install), installs the functions' package.json there as Cloud Build would,
 * then starts a stand-in for the Cloud Storage bucket, a throwaway database on this machine's PostgreSQL
 * (FIREBASE_TEST_DATABASE_URL, default postgres://postgres:postgres@127.0.0.1:5432/postgres), migrates it
 * with the deploy command and the demo data, and runs firebase/test/drive.ts inside
 * `firebase emulators:exec --only functions,hosting,tasks`. Everything it started is stopped at the end.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import pg from "pg";
import { ROOT } from "../../scripts/server-bundle.mjs";
import { buildClient, clientBuildIsStale } from "../../src/server/build-client";
import { DUMMY_SERVICE_ACCOUNT, startLocalGcs } from "../../src/server/test/local-gcs";
import { buildFunctions, FUNCTIONS_DIR, NODE_MAJOR } from "../build.mjs";
import { CACHE, nodeBinDir, sh } from "./cache";
import { FIREBASE_TOOLS, firebaseCli, installFunctionDependencies } from "./prepare";

const PROJECT = "demo-decisionhub";
const REGION = "us-central1";
/** firebase.json's emulator ports: checked free before anything starts. */
const PORTS = { hosting: 5000, functions: 5001, tasks: 9499, hub: 4400, logging: 4500 };
const DEMO_PASSWORD = "firebase-demo-password";

const timings: Record<string, number> = {};
async function phase<T>(name: string, run: () => T | Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await run();
  timings[name] = Math.round(performance.now() - started);
  console.log(`• ${name}: ${(timings[name] / 1000).toFixed(1)} s`);
  return result;
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

const envFile = (values: Record<string, string>) =>
  `${Object.entries(values)
    .map(([k, v]) => `${k}=${v}`)
    .join("\n")}\n`;

mkdirSync(CACHE, { recursive: true });
const started = performance.now();
await phase("build the SPA (when stale)", () => {
  if (clientBuildIsStale()) buildClient();
});
await phase("build the functions' source folder", buildFunctions);
const nodeDir = await phase(`Node ${NODE_MAJOR}`, nodeBinDir);
const firebase = await phase(`firebase-tools ${FIREBASE_TOOLS}`, firebaseCli);
await phase("install the functions' package.json", () => installFunctionDependencies(nodeDir));
for (const [name, port] of Object.entries(PORTS)) {
  if (!(await portFree(port)))
    throw new Error(`Port ${port} (the ${name} emulator, firebase.json) is taken.`);
}

const serverUrl =
  process.env.FIREBASE_TEST_DATABASE_URL ?? "postgres://postgres:postgres@127.0.0.1:5432/postgres";
const databaseName = `firebase_${randomBytes(6).toString("hex")}`;
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${databaseName}` }).toString();
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${databaseName}`);
// The bucket: the stand-in for Cloud Storage's JSON API (the Storage emulator needs Java), reached by
// the gs:// driver the functions use in production; Google's dummy service account signs its addresses.
const bucket = await startLocalGcs("decisionhub-firebase");
const keyFile = path.join(CACHE, "firebase-test-service-account.json");
writeFileSync(keyFile, JSON.stringify({ type: "service_account", ...DUMMY_SERVICE_ACCOUNT }), {
  mode: 0o600,
});
const secretFile = path.join(FUNCTIONS_DIR, ".secret.local");
const paramFile = path.join(FUNCTIONS_DIR, ".env.local");
let exitCode = 1;
try {
  // The function's environment: its params (.env.local) and secrets (.secret.local), as the emulator reads them.
  const params = {
    PUBLIC_URL: `http://127.0.0.1:${PORTS.hosting}`,
    STORAGE_URL: bucket.url,
    ALLOW_NO_MAIL_PROVIDER: "on",
    LOG_LEVEL: "warn",
    // Deployed, the runtime's service account signs through IAM; here a key file does.
    GOOGLE_APPLICATION_CREDENTIALS: keyFile,
  };
  const secrets = {
    BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
    DATABASE_URL: databaseUrl,
    STRIPE_SECRET_KEY: "sk_test_firebase_emulator",
    STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(16).toString("hex")}`,
    SENDGRID_API_KEY: "none",
    GOOGLE_TRANSLATE_API_KEY: "none",
  };
  writeFileSync(paramFile, envFile(params));
  writeFileSync(secretFile, envFile(secrets), { mode: 0o600 });
  const env = {
    ...process.env,
    PATH: `${nodeDir}${path.delimiter}${process.env.PATH}`,
    ...params,
    ...secrets,
  };
  await phase("migrate and seed the demo (npm run firebase:migrate -- --demo)", () =>
    sh(path.join(ROOT, "node_modules/.bin/tsx"), ["firebase/migrate.ts", "--demo"], {
      env: { ...env, DEMO_PASSWORD },
    }),
  );

  const results = path.join(CACHE, "firebase-test-results.json");
  const drive = `${path.join(ROOT, "node_modules/.bin/tsx")} ${path.join(ROOT, "firebase/test/drive.ts")}`;
  exitCode = await phase("emulators:exec (start, drive, stop)", () => {
    // firebase-tools itself on Node 24 too (the functions' workers run on the `node` it finds first).
    const child = spawn(
      path.join(nodeDir, "node"),
      [firebase, "emulators:exec", "--only", "functions,hosting,tasks", "--project", PROJECT, drive],
      {
        cwd: ROOT,
        stdio: "inherit",
        env: {
          ...env,
          FIREBASE_TEST_SPAWNED_AT: String(Date.now()),
          FIREBASE_TEST_HOSTING_URL: `http://127.0.0.1:${PORTS.hosting}`,
          FIREBASE_TEST_FUNCTIONS_URL: `http://127.0.0.1:${PORTS.functions}/${PROJECT}/${REGION}`,
          FIREBASE_TEST_RESULTS: results,
          FIREBASE_TEST_DEMO_PASSWORD: DEMO_PASSWORD,
        },
      },
    );
    // A hung emulator must not hold CI: stopped after five minutes, and the run fails.
    const watchdog = setTimeout(() => child.kill("SIGINT"), 5 * 60_000);
    return new Promise<number>((resolve) =>
      child.on("exit", (code) => {
        clearTimeout(watchdog);
        resolve(code ?? 1);
      }),
    );
  });
} finally {
  rmSync(secretFile, { force: true });
  rmSync(paramFile, { force: true });
  await bucket.close();
  rmSync(keyFile, { force: true });
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
}
console.log(
  `\ntest:firebase ${exitCode === 0 ? "passed" : "FAILED"} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
for (const [name, ms] of Object.entries(timings)) console.log(`  ${name}: ${ms} ms`);
process.exit(exitCode);
