/**
 * The Cloud Functions entry (docs/deploy/firebase.md), bundled by firebase/build.mjs into
 * dist/firebase/functions/index.mjs:
 * - `api`: the Hono app, the same one `npm start` serves, as a 2nd-gen HTTPS function behind Hosting's
 *   `/api/**` rewrite;
 * - `sendMail`, `runExports`: task queue functions that run the mail outbox and the export jobs, enqueued as
 *   soon as a request queued something;
 * - `scheduledTick`: a scheduled function doing what the Node server does on timers.
 */
import { getRequestListener } from "@hono/node-server";
import { initializeApp } from "firebase-admin/app";
import { getFunctions } from "firebase-admin/functions";
import { onRequest } from "firebase-functions/https";
import * as logger from "firebase-functions/logger";
import { defineInt, defineSecret, defineString } from "firebase-functions/params";
import { onSchedule } from "firebase-functions/scheduler";
import { onTaskDispatched } from "firebase-functions/tasks";
import { createApp } from "../src/server/app";
import { createDeps } from "../src/server/server";
import { loadFunctionConfig, SECRET_NAMES, STRING_PARAMS } from "./config";
import { openFunctionDatabase } from "./database";
import {
  createJobTriggers,
  type JobKind,
  runDueExports,
  tick as runTick,
  sendDueMail,
  TASK_FUNCTIONS,
} from "./jobs";
import { withSessionCookie } from "./session-cookie";

// The deployment's shape. Hosting's rewrite names the region too (firebase.json): change both together.
const REGION = defineString("REGION", { default: "us-central1" });
const API_MEMORY_MB = defineInt("API_MEMORY_MB", { default: 512 });
const API_TIMEOUT_SECONDS = defineInt("API_TIMEOUT_SECONDS", { default: 60 });
const API_CONCURRENCY = defineInt("API_CONCURRENCY", { default: 40 });
const API_MIN_INSTANCES = defineInt("API_MIN_INSTANCES", { default: 0 });
const API_MAX_INSTANCES = defineInt("API_MAX_INSTANCES", { default: 10 });
const JOBS_MEMORY_MB = defineInt("JOBS_MEMORY_MB", { default: 1024 });
// Cloud SQL is reached on its private IP through Direct VPC egress: 2nd-gen functions have no /cloudsql
// socket (https://github.com/firebase/firebase-functions/issues/1375). Only private ranges go through the
// VPC.
const VPC_NETWORK = defineString("VPC_NETWORK", { default: "default" });
const network = {
  networkInterface: { network: VPC_NETWORK },
  vpcConnectorEgressSettings: "PRIVATE_RANGES_ONLY",
} as const;

// The server's variables (firebase/config.ts maps them): declared so that `firebase deploy` asks for them,
// and handed to the function as environment variables of the same names.
for (const [name, fallback] of Object.entries(STRING_PARAMS)) defineString(name, { default: fallback });
const secrets = SECRET_NAMES.map((name) => defineSecret(name));

initializeApp();

interface Instance {
  listener: ReturnType<typeof getRequestListener>;
  deps: Awaited<ReturnType<typeof createDeps>>;
}

/**
 * How long each task may run: the function's timeout and the task's dispatch deadline. An attachments zip
 * of a large program takes minutes; Cloud Tasks gives a task at most 30.
 */
const TASK_SECONDS: Record<JobKind, number> = { mail: 300, exports: 1800 };

async function enqueue(kind: JobKind): Promise<void> {
  const queue = getFunctions().taskQueue(`locations/${REGION.value()}/functions/${TASK_FUNCTIONS[kind]}`);
  await queue.enqueue({}, { dispatchDeadlineSeconds: TASK_SECONDS[kind] });
}

const jobs = createJobTriggers(enqueue, (m) => logger.warn(m));

/**
 * One per instance, started by its first request (not at import: `firebase deploy` loads this module to
 * read the functions' options, with no database). A failed start is tried again by the next request.
 */
let starting: Promise<Instance> | null = null;
function instance(): Promise<Instance> {
  starting ??= (async () => {
    const config = loadFunctionConfig(process.env);
    const deps = await createDeps(config, await openFunctionDatabase(config), jobs.triggers);
    const app = createApp(deps, { serveClient: false });
    const fetch = withSessionCookie(
      async (request) => {
        const response = await app.fetch(request);
        await jobs.settle();
        return response;
      },
      { secure: config.publicUrl.startsWith("https://") },
    );
    return { deps, listener: getRequestListener(fetch) };
  })().catch((err) => {
    starting = null;
    throw err;
  });
  return starting;
}

export const api = onRequest(
  {
    region: REGION,
    memory: API_MEMORY_MB,
    timeoutSeconds: API_TIMEOUT_SECONDS,
    concurrency: API_CONCURRENCY,
    minInstances: API_MIN_INSTANCES,
    maxInstances: API_MAX_INSTANCES,
    secrets,
    ...network,
    // Reached through Hosting by everyone; the app decides who may do what.
    invoker: "public",
  },
  async (req, res) => {
    let started: Instance;
    try {
      started = await instance();
    } catch (err) {
      // A configuration the app refuses (no PostgreSQL, no secret…): said once per request in the log,
      // answered in the API's error shape.
      logger.error(`[api] cannot start: ${err instanceof Error ? err.message : String(err)}`);
      res
        .status(503)
        .set("Retry-After", "30")
        .json({
          error: { code: "UNAVAILABLE", message: "The service is unavailable. Please try again later." },
        });
      return;
    }
    await started.listener(req, res);
  },
);

const jobOptions = { region: REGION, memory: JOBS_MEMORY_MB, secrets, concurrency: 1, ...network } as const;

/** A task queue function running one of the job runners; a task delivered twice finds nothing left to do. */
function jobTask(
  kind: JobKind,
  retryConfig: { maxAttempts: number; minBackoffSeconds: number },
  run: (deps: Instance["deps"]) => Promise<number>,
) {
  return onTaskDispatched(
    {
      ...jobOptions,
      timeoutSeconds: TASK_SECONDS[kind],
      retryConfig,
      rateLimits: { maxConcurrentDispatches: 2 },
    },
    async () => {
      const done = await run((await instance()).deps);
      logger.info(`[jobs] ${TASK_FUNCTIONS[kind]}: ${done} run`);
    },
  );
}

export const sendMail = jobTask("mail", { maxAttempts: 5, minBackoffSeconds: 30 }, sendDueMail);
export const runExports = jobTask("exports", { maxAttempts: 3, minBackoffSeconds: 60 }, runDueExports);

export const scheduledTick = onSchedule(
  { ...jobOptions, schedule: "every 1 minutes", timeoutSeconds: 1800 },
  async () => {
    const done = await runTick((await instance()).deps);
    logger.info(`[jobs] tick: ${JSON.stringify(done)}`);
  },
);
