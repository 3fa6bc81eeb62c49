import type { Context } from "hono";
import type Stripe from "stripe";
import type { Actor } from "../../shared/authz/actor";
import { type Action, can, type ResourceOf } from "../../shared/authz/matrix";
import { TWO_FACTOR_TEXT } from "../../shared/schemas/two-factor";
import type { Auth } from "../auth/auth";
import type { Config } from "../config";
import type { Database, Db } from "../db/client";
import type { MailDispatcher } from "../email/dispatcher";
import type { ExportRunner } from "../exports/job-runner";
import type { FileStorage } from "../files/storage";
import type { Logger } from "../logger";
import type { TranslationProvider } from "../translation/provider";
import { AppError, notFound } from "./errors";

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

/** The signed-in actor, or 401. */
export function requireActor(c: AppContext): Actor {
  const actor = c.get("actor");
  if (actor === null) throw new AppError("UNAUTHENTICATED", "Please sign in.");
  return actor;
}

/**
 * The one door: asks the role matrix and answers 404 (never 403) when the actor may not, so that
 * the existence of what they asked for is not revealed. Signed-out requests to actions that need a
 * session get 401. An admin role withheld until two-factor authentication is set up (decision 015)
 * answers 403 with what to do: the admin knows the thing exists.
 */
export function authorize<A extends Action>(c: AppContext, action: A, resource: ResourceOf[A]): Actor | null {
  const actor = c.get("actor");
  if (can(actor, action, resource)) return actor;
  if (actor?.withTwoFactor && can(actor.withTwoFactor, action, resource)) {
    throw new AppError("TWO_FACTOR_REQUIRED", TWO_FACTOR_TEXT.required);
  }
  if (actor === null && !can(null, action, resource)) {
    throw new AppError("UNAUTHENTICATED", "Please sign in.");
  }
  throw notFound();
}
