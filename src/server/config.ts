import { z } from "zod";

const bool = z
  .enum(["1", "0", "true", "false", "on", "off", "yes", "no", ""])
  .transform((v) => ["1", "true", "on", "yes"].includes(v));

/**
 * Who told us the client's address (docs/decisions/020-client-address-and-sign-in-limits.md): a number of
 * trusted proxies in front of the app (0: none, the socket's address), or a platform whose own header
 * carries it. "on"/"true"/"yes" mean 1 and "off"/"false"/"no" 0, as before the count existed.
 */
export const TRUST_PROXY_HEADERS = {
  /** Firebase Hosting, whose CDN (Fastly) sets Fastly-Client-IP on what it forwards to Cloud Run/Functions. */
  firebase: "fastly-client-ip",
  /** Firebase App Hosting, which sets X-Fah-Client-Ip. */
  "firebase-app-hosting": "x-fah-client-ip",
} as const;

export type TrustProxy = number | keyof typeof TRUST_PROXY_HEADERS;

const trustProxy = z
  .string()
  .trim()
  .toLowerCase()
  .transform((v, ctx): TrustProxy => {
    if (["", "0", "off", "false", "no"].includes(v)) return 0;
    if (["on", "true", "yes"].includes(v)) return 1;
    if (/^\d+$/.test(v) && Number(v) <= 10) return Number(v);
    if (v in TRUST_PROXY_HEADERS) return v as keyof typeof TRUST_PROXY_HEADERS;
    ctx.addIssue({
      code: "custom",
      message: "a number of trusted proxies from 0 to 10 (on = 1, off = 0), firebase or firebase-app-hosting",
    });
    return z.NEVER;
  });

/**
 * Where files live (docs/decisions/023-object-storage.md): unset or `file://` → DATA_DIR/files, as
 * always; `file:///abs/path` → that folder; `s3://BUCKET?endpoint=…&region=…&forcePathStyle=true` → an
 * S3-compatible store; `gs://BUCKET` → Google Cloud Storage with the runtime's credentials.
 */
export type StorageLocation =
  | { driver: "disk"; root: string | null }
  | { driver: "s3"; bucket: string; endpoint?: string; region: string; forcePathStyle: boolean }
  | { driver: "gcs"; bucket: string; endpoint?: string };

/** A bucket name as S3 and Cloud Storage both accept it. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9._-]{1,220}[a-z0-9]$/;

const storageUrl = z
  .string()
  .trim()
  .transform((v, ctx): StorageLocation => {
    if (v === "" || v === "file://") return { driver: "disk", root: null };
    let url: URL;
    try {
      url = new URL(v);
    } catch {
      url = new URL("invalid:");
    }
    const params = url.searchParams;
    const bucket = url.hostname;
    const endpoint = params.get("endpoint") ?? undefined;
    if (url.protocol === "file:" && url.pathname.length > 1 && !url.hostname) {
      return { driver: "disk", root: decodeURIComponent(url.pathname) };
    }
    const endpointOk = endpoint === undefined || URL.canParse(endpoint);
    if (url.protocol === "s3:" && BUCKET_NAME.test(bucket) && endpointOk) {
      return {
        driver: "s3",
        bucket,
        ...(endpoint ? { endpoint } : {}),
        region: params.get("region") ?? "us-east-1",
        forcePathStyle: ["1", "true", "yes", "on"].includes(params.get("forcePathStyle") ?? ""),
      };
    }
    if (url.protocol === "gs:" && BUCKET_NAME.test(bucket) && endpointOk) {
      return { driver: "gcs", bucket, ...(endpoint ? { endpoint } : {}) };
    }
    ctx.addIssue({
      code: "custom",
      message:
        "file:///absolute/folder, s3://BUCKET?endpoint=URL&region=REGION&forcePathStyle=true or gs://BUCKET",
    });
    return z.NEVER;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * The listen address. Unset: 127.0.0.1 (this machine only) outside production, where the demo accounts'
   * password is known; 0.0.0.0 in production, as deployments behind a proxy or in a container expect.
   */
  HOST: z.string().min(1).optional(),
  /** Public origin of the app, used in email links. Defaults to http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default("./data"),
  /** Where uploaded files, header images and exports live; see StorageLocation. */
  STORAGE_URL: storageUrl.default({ driver: "disk", root: null }),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * The embedded database's buffer cache (PostgreSQL's shared_buffers), inside the server's own
   * memory: its pages stay in the WebAssembly memory once used, which is never given back. PGlite's
   * default of 128MB held most of a large data set's server RSS at rest; 16MB instead of 32MB took the
   * server ~18 MB lower under load with no throughput lost (the operating system caches the data files
   * anyway). See docs/decisions/018-server-memory.md.
   */
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^\d+(kB|MB|GB)$/, "a size such as 16MB")
    .default("16MB"),
  /**
   * Run the embedded database in a worker thread, so that its work (PostgreSQL's WebAssembly, its
   * protocol, its file writes) uses a second core beside the one serving requests. See
   * src/server/db/pglite-remote.ts.
   */
  PGLITE_WORKER: bool.default(false),
  BETTER_AUTH_SECRET: z.string().min(32).optional(),
  DEMO_PASSWORD: z.string().min(8).default("demo-password"),
  /** Set to "off" to create no demo data on an empty database. */
  DEMO_DATA: bool.default(true),
  SMTP_URL: z.string().optional(),
  SENDGRID_API_KEY: z.string().optional(),
  MAIL_FROM: z.string().default("DecisionHub <no-reply@decisionhub.example>"),
  /**
   * Production refuses to start without SMTP_URL or SENDGRID_API_KEY: reset and invitation emails would go
   * nowhere. "on" starts anyway (benchmarks, a staging copy): emails are dropped, logged without content.
   */
  ALLOW_NO_MAIL_PROVIDER: bool.default(false),
  /** Comma-separated addresses that receive error reports and feedback. */
  OPERATOR_EMAILS: z.string().default(""),
  /**
   * Comma-separated email domains of our own internal test accounts, left out of Reviewer Statistics
   * (review-and-administration, "6. Roles and permissions":
   * "Email addresses from three internal domains are excluded"). A domain matches the part after the last "@"
   * exactly, case-insensitively (a leading "@" is ignored). Default: decisionhub.example (our staff and
   * system addresses, as in MAIL_FROM), decisionhub.test (QA accounts we create in customers' programs) and
   * bench.test (the benchmark's generated accounts). The demo's accounts (demo.test) are deliberately not in
   * it: the demo shows its committee's figures.
   */
  INTERNAL_EMAIL_DOMAINS: z.string().default("decisionhub.example,decisionhub.test,bench.test"),
  /** How long a finished export (its file and its row) is kept before the sweep deletes it. */
  EXPORT_RETENTION_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24),
  /** How long a signed export download link works (a fresh one comes with every look at the list). */
  EXPORT_LINK_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  /**
   * Where the client's address (rate limits) comes from: the number of reverse proxies in front of the
   * app (the right-most X-Forwarded-For entry after skipping the hops-1 those proxies added), or a
   * platform's own header. See TrustProxy.
   */
  TRUST_PROXY: trustProxy.default(0),
  /** Sign-in and reset rate limiting; "off" only for benchmarks. */
  AUTH_RATE_LIMIT: bool.default(true),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /** Stripe: with both keys, upgrades go through Checkout and the webhook; without, billing is off. */
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Another Stripe API origin (tests point it at a local stub; never set in production). */
  STRIPE_API_URL: z.url().optional(),
  /**
   * Machine translation of forms into French (docs/decisions/022-machine-translation.md): Google Cloud
   * Translation Basic (v2) with an API key, or Advanced (v3) with the runtime's credentials and the
   * project. Neither: no machine translation (the builder says so). The key is never logged nor sent to a
   * browser.
   */
  GOOGLE_TRANSLATE_API_KEY: z.string().min(1).optional(),
  GOOGLE_CLOUD_PROJECT: z.string().min(1).optional(),
  /** Advanced (v3) only: the location of the model. */
  GOOGLE_TRANSLATE_LOCATION: z.string().min(1).default("global"),
  /** Another origin speaking Google's REST API (tests and local stand-ins; never set in production). */
  GOOGLE_TRANSLATE_ENDPOINT: z.url().optional(),
  /** Serve the built SPA from dist/client (false in API-only tests). */
  SERVE_CLIENT: bool.default(true),
});

export type Config = Omit<z.infer<typeof envSchema>, "HOST"> & {
  HOST: string;
  publicUrl: string;
  operatorEmails: string[];
  /** INTERNAL_EMAIL_DOMAINS, lowercased, without "@". */
  internalEmailDomains: string[];
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const c = parsed.data;
  if (c.NODE_ENV === "production" && !c.BETTER_AUTH_SECRET) {
    throw new Error("BETTER_AUTH_SECRET (at least 32 characters) is required in production.");
  }
  if (c.NODE_ENV === "production" && !c.SMTP_URL && !c.SENDGRID_API_KEY && !c.ALLOW_NO_MAIL_PROVIDER) {
    throw new Error(
      "No mail provider: set SMTP_URL or SENDGRID_API_KEY in production (password-reset and invitation emails " +
        "would otherwise never be delivered), or ALLOW_NO_MAIL_PROVIDER=on to start without one.",
    );
  }
  return {
    ...c,
    HOST: c.HOST ?? (c.NODE_ENV === "production" ? "0.0.0.0" : "127.0.0.1"),
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ""),
    operatorEmails: c.OPERATOR_EMAILS.split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    internalEmailDomains: c.INTERNAL_EMAIL_DOMAINS.split(",")
      .map((s) => s.trim().toLowerCase().replace(/^@/, ""))
      .filter(Boolean),
  };
}

export function isProduction(c: Pick<Config, "NODE_ENV">): boolean {
  return c.NODE_ENV === "production";
}

/** The names of this machine's loopback interface: one browser may reach the same server by any of them. */
const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"] as const;

/**
 * The origins a browser may send unsafe requests from (the app's origin check and better-auth's trusted
 * origins alike): PUBLIC_URL, and outside production every loopback alias (localhost, 127.0.0.1, [::1]) of
 * the server's port and of PUBLIC_URL's port, so a newcomer who opens any of them can sign in
 * (docs/decisions/031-admin-and-copy-fixes.md). Production trusts PUBLIC_URL alone.
 */
export function allowedOrigins(c: Pick<Config, "NODE_ENV" | "PORT" | "publicUrl">): string[] {
  const origins = new Set([c.publicUrl]);
  if (!isProduction(c)) {
    const ports = new Set([String(c.PORT)]);
    const publicUrl = new URL(c.publicUrl);
    if (
      publicUrl.protocol === "http:" &&
      (LOOPBACK_HOSTS as readonly string[]).includes(publicUrl.hostname)
    ) {
      ports.add(publicUrl.port === "" ? "80" : publicUrl.port);
    }
    for (const port of ports) {
      for (const host of LOOPBACK_HOSTS)
        origins.add(port === "80" ? `http://${host}` : `http://${host}:${port}`);
    }
  }
  return [...origins];
}

/**
 * The log's line for a request refused by the origin check: which address the browser used, which one the
 * server accepts, and what to change when the refused one is in fact the server's own address.
 */
export function originRefusedLogLine(
  origin: string,
  publicUrl: string,
  method: string,
  path: string,
): string {
  return `origin check: refused ${method} ${path} from ${origin}; this server accepts ${publicUrl} (PUBLIC_URL). A cross-site request is refused on purpose; if ${origin} is this server's address, set PUBLIC_URL to it.`;
}
