import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { errorBodySchema } from "../../shared/schemas/common";
import { twoFactorStatusSchema } from "../../shared/schemas/two-factor";
import type { AppEnv } from "./context";

/**
 * The API's OpenAPI document (GET /api/openapi.json): every route declared with createRoute, better-auth's
 * calls the client makes (sign-in, sign-out, the session, two-factor), and an operationId for every
 * operation (docs/decisions/030-smaller-spec-points.md).
 */

const OPENAPI_CONFIG = {
  openapi: "3.1.0",
  info: { title: "DecisionHub API", version: "0.1.0" },
} as const;

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

/**
 * An operation's id from its method and path, when the route names none: `GET /api/users/{userId}/programs`
 * is `getUsersByUserIdPrograms`. Derived, so a route added later has one too, and stable while the
 * path is.
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, "")
    .split("/")
    .filter((segment) => segment !== "")
    .map((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      const word = (param ? param[1]! : segment)
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean)
        .map((part) => part[0]!.toUpperCase() + part.slice(1))
        .join("");
      return param ? `By${word}` : word;
    });
  return method.toLowerCase() + words.join("");
}

type PathItem = Partial<
  Record<(typeof METHODS)[number], { operationId?: string; responses?: Record<string, unknown> }>
>;

/**
 * The door's refusal of an admin held back by the organization's two-factor requirement (decision 015):
 * any call that needs a session may answer it, so it is stated wherever a route states 401 and no 403.
 */
const twoFactorRefusal = {
  description:
    "An admin whose organization requires two-factor authentication, signed in without it: set it up first",
  content: {
    "application/json": {
      schema: {
        type: "object",
        properties: {
          error: {
            type: "object",
            properties: { code: { type: "string" }, message: { type: "string" } },
            required: ["code", "message"],
          },
        },
        required: ["error"],
      },
    },
  },
};

/**
 * The document as served: an operationId on each operation that has none, and the two-factor refusal
 * beside each 401.
 */
export function completed<D extends { paths?: Record<string, unknown> }>(doc: D): D {
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = (item as PathItem)[method];
      if (!operation) continue;
      operation.operationId ??= operationIdOf(method, path);
      const responses = operation.responses;
      if (responses?.["401"] && !responses["403"] && !path.startsWith("/api/auth/")) {
        responses["403"] = twoFactorRefusal;
      }
    }
  }
  return doc;
}

/** better-auth's failures: `{ code, message }` (not the API's `{ error }` shape). */
const authErrorSchema = z.object({ code: z.string().optional(), message: z.string().optional() });

const authUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    emailVerified: z.boolean(),
    twoFactorEnabled: z.boolean().nullable().optional(),
  })
  .passthrough();

const authSessionSchema = z
  .object({ id: z.string(), userId: z.string(), expiresAt: z.string() })
  .passthrough();

const passwordBody = z.object({ password: z.string() });
const codeBody = z.object({ code: z.string(), trustDevice: z.boolean().optional() });
const signedInAnswer = z.object({ token: z.string() }).passthrough();

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});
const authFailure = (description: string) => json(authErrorSchema, description);
const tooManyAttempts = json(errorBodySchema, "Too many attempts from this address or for this account");
const body = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { "application/json": { schema } },
});

interface AuthCall {
  method: "get" | "post";
  path: string;
  summary: string;
  request?: { body: ReturnType<typeof body> };
  responses: Record<number, ReturnType<typeof json>>;
}

/** A two-factor code check: an authenticator code or a backup code, limited like a password. */
function codeCheck(path: string, summary: string): AuthCall {
  return {
    method: "post",
    path,
    summary,
    request: { body: body(codeBody) },
    responses: {
      200: json(signedInAnswer, "Accepted: a session cookie comes with it"),
      401: authFailure("Wrong or used code, or no sign-in waiting for a code"),
      429: tooManyAttempts,
    },
  };
}

/** The better-auth calls the client makes (served by better-auth under /api/auth, app.ts). */
const AUTH_CALLS: AuthCall[] = [
  {
    method: "post",
    path: "/api/auth/sign-in/email",
    summary:
      "Sign in with email and password. With two-factor authentication on, a right password answers twoFactorRedirect and no session yet: a code follows (verify-totp or verify-backup-code)",
    request: {
      body: body(z.object({ email: z.string(), password: z.string(), rememberMe: z.boolean().optional() })),
    },
    responses: {
      200: json(
        z.union([
          z.object({ token: z.string(), user: authUserSchema }).passthrough(),
          z.object({ twoFactorRedirect: z.literal(true) }).passthrough(),
        ]),
        "Signed in (a session cookie comes with it), or a code is asked for",
      ),
      400: authFailure("Invalid input"),
      401: authFailure("Wrong user name or password"),
      403: authFailure("The address is not verified"),
      429: tooManyAttempts,
    },
  },
  {
    method: "post",
    path: "/api/auth/sign-out",
    summary: "Sign out: the session ends and its cookie is cleared",
    responses: { 200: json(z.object({ success: z.boolean() }), "Signed out") },
  },
  {
    method: "get",
    path: "/api/auth/get-session",
    summary: "The signed-in session and its user, or null when nobody is signed in",
    responses: {
      200: json(
        z.object({ session: authSessionSchema, user: authUserSchema }).nullable(),
        "The session, or null",
      ),
    },
  },
  {
    method: "get",
    path: "/api/auth/two-factor/requirement",
    summary:
      "Whether the signed-in user has two-factor authentication on, and which organizations require it of them",
    responses: {
      200: json(twoFactorStatusSchema, "The user's two-factor status"),
      401: authFailure("Not signed in"),
    },
  },
  {
    method: "post",
    path: "/api/auth/two-factor/enable",
    summary:
      "Start setting up two-factor authentication (admins only): the authenticator's address and backup codes; on once a code is confirmed",
    request: { body: body(passwordBody) },
    responses: {
      200: json(z.object({ totpURI: z.string(), backupCodes: z.array(z.string()) }), "Set-up details"),
      400: authFailure("Wrong password"),
      401: authFailure("Not signed in"),
      403: authFailure("Only admins set up two-factor authentication"),
    },
  },
  codeCheck(
    "/api/auth/two-factor/verify-totp",
    "An authenticator code: the second step of a sign-in, or the confirmation that turns two-factor on (each code is accepted once)",
  ),
  codeCheck(
    "/api/auth/two-factor/verify-backup-code",
    "One of the backup codes instead of an authenticator code (each is used once)",
  ),
  {
    method: "post",
    path: "/api/auth/two-factor/disable",
    summary: "Turn two-factor authentication off (not while an organization requires it of the user)",
    request: { body: body(passwordBody) },
    responses: {
      200: json(z.object({ status: z.boolean() }), "Turned off"),
      400: authFailure("Wrong password"),
      401: authFailure("Not signed in"),
      403: authFailure("An organization requires it"),
    },
  },
  {
    method: "post",
    path: "/api/auth/two-factor/generate-backup-codes",
    summary: "New backup codes (the old ones stop working)",
    request: { body: body(passwordBody) },
    responses: {
      200: json(z.object({ backupCodes: z.array(z.string()) }).passthrough(), "The new codes"),
      400: authFailure("Wrong password, or two-factor is off"),
      401: authFailure("Not signed in"),
    },
  },
];

/** Serves the document, with better-auth's calls described beside the API's own routes. */
export function serveOpenApiDocument(app: OpenAPIHono<AppEnv>): void {
  for (const call of AUTH_CALLS) {
    app.openAPIRegistry.registerPath({ ...call, tags: ["auth"] });
  }
  // Every route is registered before the first request: the document is made once, at the first ask (it
  // converts every route's schemas, hundreds of milliseconds of CPU each time).
  let document: ReturnType<typeof completed> | undefined;
  app.get("/api/openapi.json", (c) => {
    document ??= completed(app.getOpenAPI31Document(OPENAPI_CONFIG));
    return c.json(document);
  });
}
