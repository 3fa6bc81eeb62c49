import type { Context } from "hono";
import type Stripe from "stripe";
import type { Actor } from "../../shared/authz/actor";
import type { Auth } from "../auth/auth";
import type { Config } from "../config";
import type { Database, Db } from "../db/client";
import type { MailDispatcher } from "../email/dispatcher";
import type { ExportRunner } from "../exports/job-runner";
import type { FileStorage } from "../files/storage";
import type { Logger } from "../logger";
import type { TranslationProvider } from "../translation/provider";

/** What every request handler can reach: built once at start-up, passed in (never imported globally). */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  auth: Auth;
  mailer: MailDispatcher;
  log: Logger;
  /** Null with billing off (no Stripe keys). */
  stripe: Stripe | null;
  /** Uploaded files and the key that signs upload addresses. */
  files: { storage: FileStorage; secret: string };
  /** Machine translation of forms; null when no provider is configured. */
  translation: TranslationProvider | null;
  /** The export job runner (kicked after a job is queued) and the key that signs download links. */
  exports: { runner: ExportRunner; linkSecret: string };
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    /** Null when the request carries no valid session. */
    actor: Actor | null;
  };
}

export type AppContext = Context<AppEnv>;
