import path from "node:path";
import { createRoute } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { secureHeaders } from "hono/secure-headers";
import { z } from "zod";
import type { Actor } from "../shared/authz/actor";
import {
  MAX_FORM_BODY_BYTES,
  MAX_JSON_BODY_BYTES,
  MAX_LEGACY_ZIP_BYTES,
  MAX_UPLOAD_BYTES,
} from "../shared/limits";
import { ORIGIN_REFUSED } from "../shared/messages";
import { auditRoutes } from "./audit/routes";
import { CLIENT_IP_HEADER } from "./auth/auth";
import { resetRequestLimit } from "./auth/reset-limits";
import { sessionTokenFromCookie } from "./auth/session-cookie";
import { guardSignIn, SIGN_IN_PATH } from "./auth/sign-in-guard";
import { webhookRoutes } from "./billing/webhook-routes";
import {
  assignmentRoutes,
  reviewerGroupRoutes,
  submissionAssignmentRoutes,
} from "./committee/assignment-routes";
import { autoAssignmentRoutes } from "./committee/auto-assignment-routes";
import { committeeEmailRoutes } from "./committee/email-routes";
import { allowedOrigins, isProduction, originRefusedLogLine } from "./config";
import { conflictRoutes } from "./conflicts/conflict-routes";
import { exportRoutes } from "./exports/routes";
import { fileRoutes, publicFileRoutes } from "./files/routes";
import { formRoutes } from "./forms/routes";
import { clientFiles } from "./http/client-files";
import { compressJson } from "./http/compress-json";
import type { AppContext, AppDeps } from "./http/context";
import { AppError } from "./http/errors";
import { formPageExtras } from "./http/form-page-data";
import { refuseDeepJson } from "./http/json-depth";
import { serveOpenApiDocument } from "./http/openapi-document";
import { clientAddress } from "./http/rate-limit";
import { createRouter, jsonResponse } from "./http/router";
import { signedInPageExtras } from "./http/signed-in-page-data";
import { refuseUnstorableText } from "./http/text-guard";
import {
  databaseUnavailableAnswer,
  isDatabaseUnavailable,
  throwIfDatabaseUnavailable,
} from "./http/unavailable";
import { organizationRoutes } from "./organizations/routes";
import { planRoutes } from "./plans/routes";
import { invitationRoutes } from "./program-users/invitation-routes";
import { programUserRoutes } from "./program-users/routes";
import { isZipBody } from "./programs/legacy-import/zip";
import { programRoutes } from "./programs/routes";
import { PROJECT_ROOT } from "./project-root";
import { reviewTemplateRoutes } from "./review-templates/routes";
import { candidateRoutes, submissionAdminRoutes } from "./reviewing/candidate-routes";
import { rankingRoutes, stackingRoutes } from "./reviewing/ranking-routes";
import { ratingRoutes, reviewRoutes } from "./reviewing/review-routes";
import { decisionReleaseRoutes } from "./statistics/decision-release-routes";
import { statisticsRoutes } from "./statistics/statistics-routes";
import {
  continueLinkRoutes,
  submissionNoticeRoutes,
  userLanguageRoutes,
} from "./submissions/applicant-email-routes";
import { formLinkRoutes, submissionRoutes } from "./submissions/routes";
import { devMailboxRoutes, supportRoutes } from "./support/routes";
import { loadSessionActor } from "./users/actor";
import { userRoutes } from "./users/routes";

export const CLIENT_DIST = path.join(PROJECT_ROOT, "dist/client");

/** The SPA works under this policy: no inline scripts; Mantine needs inline styles. */
const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", "data:", "blob:"],
  fontSrc: ["'self'", "data:"],
  connectSrc: ["'self'"],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

/**
 * Browser features the product never uses, refused to its pages and to anything they could embed or
 * inject (decision 021). Clipboard and fullscreen are left alone: copying backup codes uses the clipboard.
 */
const PERMISSIONS_POLICY = Object.fromEntries(
  [
    "accelerometer",
    "ambientLightSensor",
    "autoplay",
    "battery",
    "bluetooth",
    "camera",
    "displayCapture",
    "geolocation",
    "gyroscope",
    "hid",
    "idleDetection",
    "magnetometer",
    "microphone",
    "midi",
    "payment",
    "publickeyCredentialsGet",
    "screenWakeLock",
    "serial",
    "usb",
    "xrSpatialTracking",
  ].map((feature) => [feature, false]),
);

/** Public files (header images of public form pages) keep their own long caching; see files/routes.ts. */
const PUBLIC_FILES_PATH = "/api/files/public/";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** How many distinct refused origins the log names (each once) before it stops naming more. */
const MAX_LOGGED_ORIGINS = 50;

function healthRoutes() {
  return createRouter().openapi(
    createRoute({
      method: "get",
      path: "/",
      tags: ["health"],
      summary: "Liveness with the database checked",
      responses: {
        200: jsonResponse(z.object({ ok: z.literal(true) }), "Healthy"),
        503: jsonResponse(z.object({ ok: z.literal(false) }), "Database unreachable"),
      },
    }),
    async (c) => {
      try {
        await c.get("deps").database.ping();
        return c.json({ ok: true as const }, 200);
      } catch {
        return c.json({ ok: false as const }, 503);
      }
    },
  );
}

/**
 * The request pipeline: security headers → body limit → origin check → session → route
 * (validate → authorize → service → present) → one error handler.
 */
export function createApp(deps: AppDeps, opts: { serveClient?: boolean; clientDir?: string } = {}) {
  const { config, auth, db, log } = deps;
  const origins = new Set(allowedOrigins(config));

  const app = createRouter({ strict: false });

  app.use("*", async (c, next) => {
    c.set("deps", deps);
    c.set("actor", null);
    await next();
  });
  app.use(
    "*",
    secureHeaders({
      // On a bucket the browser posts files to the bucket's own origin (decision 023).
      contentSecurityPolicy: {
        ...CONTENT_SECURITY_POLICY,
        connectSrc: ["'self'", ...(deps.files.storage.uploadOrigin ? [deps.files.storage.uploadOrigin] : [])],
      },
      strictTransportSecurity: config.publicUrl.startsWith("https://")
        ? "max-age=31536000; includeSubDomains"
        : false,
      crossOriginEmbedderPolicy: false,
      // The same as frame-ancestors 'none', for browsers that read only this one.
      xFrameOptions: "DENY",
      permissionsPolicy: PERMISSIONS_POLICY,
    }),
  );
  // API answers hold what only their reader may see (submissions, the audit log, a session): no browser
  // or proxy keeps a copy (decision 021). better-auth's answers and error answers included.
  app.use("/api/*", async (c, next) => {
    await next();
    if (c.req.path.startsWith(PUBLIC_FILES_PATH)) return;
    // A route's own stricter header (a download's "private, no-store") stays as it is.
    if (!/\bno-store\b/.test(c.res.headers.get("Cache-Control") ?? ""))
      c.res.headers.set("Cache-Control", "no-store");
  });
  // Large JSON read by GET, compressed (docs/decisions/033-compressed-assets-and-route-css.md).
  app.use("/api/*", compressJson());

  // JSON bodies are small; uploads stream through their own route, which stops at the address's size.
  const limitBody = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: () => {
        throw new AppError("BODY_TOO_LARGE", `The request body is larger than ${maxSize} bytes.`);
      },
    });
  // Uploads are read by their route as they stream in, stopped past the address's own size; here only
  // a declared length over any upload is refused, before anything is read (no body is buffered).
  app.use("/api/files/upload/*", async (c, next) => {
    if (Number(c.req.header("content-length") ?? "0") > MAX_UPLOAD_BYTES) {
      throw new AppError("BODY_TOO_LARGE", `The request body is larger than ${MAX_UPLOAD_BYTES} bytes.`);
    }
    await next();
  });
  app.use("/api/*", async (c, next) => {
    if (c.req.path.startsWith("/api/files/upload/")) return next();
    // A legacy program's zip streams to its route too, which stops past the zip's size
    // (docs/decisions/032-legacy-program-import.md); a declared length over it is refused here.
    if (c.req.path === "/api/programs/import" && isZipBody(c.req.header("content-type"))) {
      if (Number(c.req.header("content-length") ?? "0") > MAX_LEGACY_ZIP_BYTES) {
        throw new AppError(
          "BODY_TOO_LARGE",
          `The request body is larger than ${MAX_LEGACY_ZIP_BYTES} bytes.`,
        );
      }
      return next();
    }
    // A whole form (up to 100 sections of 100 questions), a whole application's answers (long
    // essays) and an imported program are the JSON bodies allowed to be larger.
    const large =
      c.req.path.startsWith("/api/forms/") ||
      c.req.path.startsWith("/api/submissions/") ||
      // A legacy program's file: its applications and reviews (docs/decisions/032-legacy-program-import.md).
      c.req.path === "/api/programs/import";
    const max = large ? MAX_FORM_BODY_BYTES : MAX_JSON_BODY_BYTES;
    return limitBody(max)(c, next);
  });

  // A browser always sends Origin on unsafe requests; a foreign one is a cross-site request, or a person who
  // opened the server at another address than PUBLIC_URL: the log and the answer say which address is
  // expected (docs/decisions/031-admin-and-copy-fixes.md).
  const loggedOrigins = new Set<string>();
  app.use("/api/*", async (c, next) => {
    if (UNSAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header("origin");
      if (origin !== undefined && !origins.has(origin)) {
        // Once per origin (and a bounded number of them): a cross-site flood does not fill the log.
        if (!loggedOrigins.has(origin) && loggedOrigins.size < MAX_LOGGED_ORIGINS) {
          loggedOrigins.add(origin);
          log.warn(originRefusedLogLine(origin, config.publicUrl, c.req.method, c.req.path));
        }
        throw new AppError("FORBIDDEN_ORIGIN", ORIGIN_REFUSED.withAddress(origin, config.publicUrl));
      }
    }
    await next();
  });

  // After the size limits, before anything reads a body: no NUL or half character reaches a column.
  app.use("/api/*", refuseUnstorableText());
  // Then nesting deeper than any body of ours: refused before validation (json-depth.ts).
  app.use("/api/*", refuseDeepJson());

  // better-auth's reset request shares our endpoint's per-address bucket (decision 020).
  app.use("/api/auth/request-password-reset", resetRequestLimit());
  const signInGuard = { db, log, enabled: config.AUTH_RATE_LIMIT };
  app.on(["GET", "POST"], "/api/auth/*", async (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.delete(CLIENT_IP_HEADER);
    const ip = clientAddress(c, config.TRUST_PROXY);
    if (ip) headers.set(CLIENT_IP_HEADER, ip);
    const request = new Request(c.req.raw, { headers });
    const response =
      c.req.method === "POST" && c.req.path === SIGN_IN_PATH
        ? await guardSignIn(signInGuard, request, ip, (r) => auth.handler(r))
        : await auth.handler(request);
    // better-auth answers its own 500 when the database fails under it: a database that is gone is a
    // 503 here too (http/unavailable.ts).
    if (response.status >= 500) await throwIfDatabaseUnavailable(deps.database);
    // better-auth answers a path it does not serve with an empty 404: give it the API's error shape.
    if (response.status === 404 && (await response.clone().text()) === "") {
      throw new AppError("NOT_FOUND", "No such API route.");
    }
    return response;
  });

  // Session → actor, for every other API call, in one query. No valid signed cookie, no query.
  const sessionCookie = auth.$context.then((ctx) => ({
    name: ctx.authCookies.sessionToken.name,
    secret: ctx.secret,
  }));
  const actorOfRequest = async (c: AppContext): Promise<Actor | null> => {
    const cookies = c.req.header("cookie");
    if (!cookies?.includes("session_token")) return null;
    const { name, secret } = await sessionCookie;
    const token = sessionTokenFromCookie(cookies, name, secret);
    return token ? loadSessionActor(db, token) : null;
  };
  app.use("/api/*", async (c, next) => {
    c.set("actor", await actorOfRequest(c));
    await next();
  });

  app.route("/api/health", healthRoutes());
  app.route("/api/plans", planRoutes);
  app.route("/api/users", userRoutes);
  app.route("/api/users", userLanguageRoutes);
  app.route("/api/programs", programRoutes);
  app.route("/api/programs", programUserRoutes);
  app.route("/api/programs", autoAssignmentRoutes);
  app.route("/api/programs", decisionReleaseRoutes);
  app.route("/api/programs", conflictRoutes);
  app.route("/api/invitations", invitationRoutes);
  app.route("/api/forms", formRoutes);
  app.route("/api/forms", formLinkRoutes);
  app.route("/api/forms", submissionNoticeRoutes);
  app.route("/api/submissions", submissionRoutes);
  app.route("/api/submissions", continueLinkRoutes);
  app.route("/api/submissions", submissionAdminRoutes);
  app.route("/api/submissions", submissionAssignmentRoutes);
  app.route("/api/reviewerGroups", reviewerGroupRoutes);
  app.route("/api/applications", candidateRoutes);
  app.route("/api/admin", statisticsRoutes);
  app.route("/api/admin", assignmentRoutes);
  app.route("/api/reviews", reviewRoutes);
  app.route("/api/ratings", ratingRoutes);
  app.route("/api/rankings", rankingRoutes);
  app.route("/api/stackings", stackingRoutes);
  app.route("/api/files/public", publicFileRoutes);
  app.route("/api/files", fileRoutes);
  app.route("/api/organizations", organizationRoutes);
  app.route("/api/organizations", auditRoutes);
  app.route("/api/organizations", reviewTemplateRoutes);
  app.route("/api/exports", exportRoutes);
  app.route("/api/email", committeeEmailRoutes);
  app.route("/api/email", supportRoutes);
  app.route("/api/webhooks", webhookRoutes);
  if (!isProduction(config)) app.route("/api/dev", devMailboxRoutes);

  serveOpenApiDocument(app);

  app.all("/api/*", () => {
    throw new AppError("NOT_FOUND", "No such API route.");
  });

  if (opts.serveClient ?? config.SERVE_CLIENT)
    mountClient(app, opts.clientDir ?? CLIENT_DIST, actorOfRequest);

  const answerDatabaseUnavailable = databaseUnavailableAnswer(log);
  app.onError((err, c) => {
    if (err instanceof AppError) return c.json(err.toBody(), err.status as 400);
    if (err instanceof HTTPException && err.status < 500) {
      // Malformed JSON and the like, from Hono's validators.
      const body = new AppError("VALIDATION", err.message || "The request could not be read.").toBody();
      return c.json(body, 400);
    }
    // PostgreSQL restarting, stopped or out of reach: 503 with Retry-After, not a 500.
    if (isDatabaseUnavailable(err)) return answerDatabaseUnavailable(c, err);
    // Drizzle's message carries the query's parameters (session tokens, emails, answers): never logged.
    const report = err instanceof Error ? (err.stack ?? err.message) : String(err);
    log.error(
      `${c.req.method} ${c.req.path} failed: ${report.replace(/^params: .*$/gm, "params: (withheld)")}`,
    );
    return c.json(new AppError("INTERNAL", "There was a problem internally.").toBody(), 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;

/**
 * Serves the built SPA: precompressed, hashed assets cached for a year, index.html for every other page path,
 * with what an applicant's page (form-page-data.ts) or a signed-in visitor's page (signed-in-page-data.ts) adds.
 * The session is read for a guarded page only, never for an asset.
 */
function mountClient(
  app: ReturnType<typeof createRouter>,
  clientDir: string,
  actorOfRequest: (c: AppContext) => Promise<Actor | null>,
) {
  app.use(
    "*",
    clientFiles(
      clientDir,
      async (c, pagePath, distDir, route) =>
        (await formPageExtras(c, pagePath, distDir)) ?? signedInPageExtras(route, () => actorOfRequest(c)),
    ),
  );
}
