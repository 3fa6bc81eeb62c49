import { createHmac, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type ServerType, serve } from "@hono/node-server";
import { createApp } from "./app";
import { createAuth } from "./auth/auth";
import { createStripe } from "./billing/stripe-client";
import { type Config, isProduction } from "./config";
import { type Database, openDatabase } from "./db/client";
import { seedDemoIfEmpty } from "./demo/seed";
import { createMailDispatcher } from "./email/dispatcher";
import { createTransport } from "./email/transports";
import { exportLinkSecret } from "./exports/download-link";
import { createExportRunner } from "./exports/job-runner";
import { createStorage } from "./files/create-storage";
import type { AppDeps } from "./http/context";
import { createLogger } from "./logger";
import { ensureReferenceData } from "./plans/reference-data";
import { translationProvider } from "./translation/google";

/**
 * Without BETTER_AUTH_SECRET (development), a random secret is kept in the data folder so that
 * sessions survive restarts. Production refuses to start without one (see config.ts).
 */
function authSecret(config: Config): string {
  if (config.BETTER_AUTH_SECRET) return config.BETTER_AUTH_SECRET;
  mkdirSync(config.DATA_DIR, { recursive: true });
  const file = path.join(config.DATA_DIR, ".auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * What starts background work once a request has queued it. Unset (the Node server): the mail dispatcher
 * and the export runner of this process, which also poll on timers. A host that keeps no process alive
 * between requests passes its own (Cloud Functions enqueues a task: firebase/jobs.ts).
 */
export interface JobTriggers {
  mailQueued(): void;
  exportQueued(): void;
}

/** Opens and migrates the database, seeds reference (and demo) data, wires the app's parts. */
export async function createDeps(
  config: Config,
  database?: Database,
  triggers?: JobTriggers,
): Promise<AppDeps & { seededDemo: boolean }> {
  const log = createLogger(config.LOG_LEVEL);
  const db0 =
    database ??
    (await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: path.join(config.DATA_DIR, "pglite"),
      poolSize: config.DATABASE_POOL_SIZE,
      pgliteSharedBuffers: config.PGLITE_SHARED_BUFFERS,
      pgliteWorker: config.PGLITE_WORKER,
    }));
  await db0.migrate();
  await ensureReferenceData(db0.db);
  const storage = await createStorage(config);
  const seededDemo =
    config.DEMO_DATA && !isProduction(config)
      ? await seedDemoIfEmpty(db0.db, config.DEMO_PASSWORD, storage, config.publicUrl)
      : false;
  const transport = await createTransport(config, (line) => log.info(line));
  if (isProduction(config) && transport.name === "none") {
    log.warn(
      "No mail provider (ALLOW_NO_MAIL_PROVIDER=on): emails are not delivered, only counted in the log.",
    );
  }
  const dispatcher = createMailDispatcher({
    db: db0.db,
    transport,
    from: config.MAIL_FROM,
    onError: (m) => log.warn(m),
  });
  const mailer = triggers ? { ...dispatcher, kick: triggers.mailQueued } : dispatcher;
  const secret = authSecret(config);
  const auth = createAuth({
    db: db0.db,
    config,
    secret,
    onEmailQueued: () => mailer.kick(),
  });
  const stripe = await createStripe(config);
  const files = {
    storage,
    // Its own key, derived from the auth secret: an upload grant can never pass for a session.
    secret: createHmac("sha256", secret).update("decisionhub file uploads").digest("hex"),
  };
  const runner = createExportRunner({
    db: db0.db,
    storage: files.storage,
    retentionHours: config.EXPORT_RETENTION_HOURS,
    internalEmailDomains: config.internalEmailDomains,
    onError: (m) => log.warn(m),
  });
  const exports = {
    runner: triggers ? { ...runner, kick: triggers.exportQueued } : runner,
    linkSecret: exportLinkSecret(secret),
  };
  const translation = translationProvider(config);
  return {
    config,
    database: db0,
    db: db0.db,
    auth,
    mailer,
    log,
    stripe,
    files,
    exports,
    translation,
    seededDemo,
  };
}

export interface RunningServer {
  url: string;
  port: number;
  deps: AppDeps & { seededDemo: boolean };
  close(): Promise<void>;
}

export async function startServer(config: Config): Promise<RunningServer> {
  const deps = await createDeps(config);
  const app = createApp(deps);
  // Requests still running (even for a client that went away) must finish before the database closes.
  let inFlight = 0;
  const fetch: typeof app.fetch = async (...args) => {
    inFlight++;
    try {
      return await app.fetch(...args);
    } finally {
      inFlight--;
    }
  };
  deps.mailer.start();
  deps.exports.runner.start();
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch, port: config.PORT, hostname: config.HOST }, () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  return {
    url: config.PUBLIC_URL ?? `http://localhost:${port}`,
    port,
    deps,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await closed;
      const deadline = Date.now() + 10_000;
      while (inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      await deps.mailer.stop();
      // A running export is stopped and handed back (queued), to be started over after the restart.
      await deps.exports.runner.stop();
      await deps.database.close();
    },
  };
}
