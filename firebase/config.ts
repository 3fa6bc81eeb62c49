import { type Config, loadConfig } from "../src/server/config";

/**
 * How the function's Firebase params and secrets (params.ts) become the configuration the Node server
 * reads (src/server/config.ts, the README's table): a param carries the same name as the variable it sets,
 * and the runtime hands params and secrets to the function as environment variables of those names. What
 * is fixed on Cloud Functions is fixed here, not left to a param.
 */

/** Secrets a deployment may leave unused: set to `none` (Secret Manager holds no empty secret). */
export const OPTIONAL_SECRETS = [
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "SENDGRID_API_KEY",
  "GOOGLE_TRANSLATE_API_KEY",
] as const;

/** Every secret the functions read. */
export const SECRET_NAMES = ["BETTER_AUTH_SECRET", "DATABASE_URL", ...OPTIONAL_SECRETS] as const;

/** String params read as the server's variable of the same name, with their default on Cloud Functions. */
export const STRING_PARAMS = {
  PUBLIC_URL: "",
  STORAGE_URL: "",
  MAIL_FROM: "DecisionHub <no-reply@decisionhub.example>",
  ALLOW_NO_MAIL_PROVIDER: "off",
  OPERATOR_EMAILS: "",
  INTERNAL_EMAIL_DOMAINS: "decisionhub.example,decisionhub.test,bench.test",
  EXPORT_RETENTION_HOURS: "24",
  EXPORT_LINK_MINUTES: "15",
  // Hosting's CDN names the client in Fastly-Client-IP (docs/decisions/020-client-address-and-sign-in-limits.md).
  TRUST_PROXY: "firebase",
  // Per instance: every instance of every function holds its own pool (docs/deploy/firebase.md, "Connections").
  DATABASE_POOL_SIZE: "4",
  LOG_LEVEL: "info",
  GOOGLE_TRANSLATE_LOCATION: "global",
  /** Not a server variable: `off`, `basic` (the API key secret) or `advanced` (this project, its service account). */
  MACHINE_TRANSLATION: "off",
} as const;

export const MACHINE_TRANSLATION = ["off", "basic", "advanced"] as const;

/** Why the embedded database cannot serve a function, said when DATABASE_URL is missing or not PostgreSQL. */
export const PGLITE_REFUSED =
  "DecisionHub on Cloud Functions needs a PostgreSQL server: set the secret DATABASE_URL to a postgres:// URL " +
  "(Cloud SQL: postgres://USER:PASSWORD@PRIVATE_IP:5432/DATABASE, reached through the VPC). The embedded " +
  "PGlite database keeps its data in one process's folder, and a function has many short-lived instances " +
  "and no lasting disk: every instance would see its own empty database.";

type Env = Record<string, string | undefined>;

/** The project's default bucket and id, from what the Functions runtime (and its emulator) put in FIREBASE_CONFIG. */
function firebaseProject(env: Env): { projectId?: string; storageBucket?: string } {
  try {
    const parsed = JSON.parse(env.FIREBASE_CONFIG ?? "{}") as {
      projectId?: unknown;
      storageBucket?: unknown;
    };
    return {
      ...(typeof parsed.projectId === "string" ? { projectId: parsed.projectId } : {}),
      ...(typeof parsed.storageBucket === "string" ? { storageBucket: parsed.storageBucket } : {}),
    };
  } catch {
    return {};
  }
}

/** The server's environment for a function, from the function's own (params, secrets, the runtime's). */
export function functionEnvironment(env: Env): Record<string, string> {
  const out: Record<string, string> = {};
  const project = firebaseProject(env);
  const projectId = project.projectId ?? env.GCLOUD_PROJECT;
  for (const [name, fallback] of Object.entries(STRING_PARAMS)) {
    const value = env[name]?.trim();
    if (value) out[name] = value;
    else if (fallback !== "") out[name] = fallback;
  }
  for (const name of SECRET_NAMES) {
    const value = env[name]?.trim();
    if (value && value !== "none") out[name] = value;
  }
  // The default bucket of the project, through the runtime's service account (decision 023's gs:// driver).
  if (!out.STORAGE_URL && project.storageBucket) out.STORAGE_URL = `gs://${project.storageBucket}`;
  if (!out.PUBLIC_URL && projectId) out.PUBLIC_URL = `https://${projectId}.web.app`;
  const translation = out.MACHINE_TRANSLATION ?? "off";
  delete out.MACHINE_TRANSLATION;
  if (!(MACHINE_TRANSLATION as readonly string[]).includes(translation)) {
    throw new Error(`MACHINE_TRANSLATION: one of ${MACHINE_TRANSLATION.join(", ")}, not "${translation}".`);
  }
  // The runtime sets GOOGLE_CLOUD_PROJECT for every function: the server would take it as "translate with
  // Advanced (v3)". Only the param turns machine translation on.
  if (translation !== "basic") delete out.GOOGLE_TRANSLATE_API_KEY;
  if (translation === "advanced" && projectId) out.GOOGLE_CLOUD_PROJECT = projectId;
  return {
    ...out,
    // A deployed function is production: no demo data, no development mailbox, a mail provider required.
    NODE_ENV: "production",
    // Hosting serves the SPA; the function answers /api only.
    SERVE_CLIENT: "off",
    // Demo data, like migrations, is the deploy command's business (firebase/migrate.ts), never a cold start's.
    DEMO_DATA: "off",
    // Nothing is written there (the auth secret is a secret, files are in the bucket); /tmp is memory.
    DATA_DIR: "/tmp/decisionhub",
  };
}

/** The server's configuration for a function; PGlite refused. */
export function loadFunctionConfig(env: Env): Config {
  const environment = functionEnvironment(env);
  if (!/^postgres(ql)?:\/\//.test(environment.DATABASE_URL ?? "")) throw new Error(PGLITE_REFUSED);
  if (!environment.STORAGE_URL) {
    throw new Error("STORAGE_URL: no bucket named and no default bucket in FIREBASE_CONFIG (gs://BUCKET).");
  }
  if (environment.STORAGE_URL.startsWith("file:")) {
    throw new Error(
      "STORAGE_URL: a function has no lasting disk; name a bucket (gs://BUCKET, or s3://… for another store).",
    );
  }
  return loadConfig(environment);
}
