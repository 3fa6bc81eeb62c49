import { MAX_FORM_BODY_BYTES, MAX_JSON_BODY_BYTES } from "../../../../shared/limits";
import type { RouteCase } from "../route-case";
import { MIDDLEWARE, ROUTE_CASES } from "../table";
import { AUTH_CALLS } from "./auth-calls";
import type { JsonSchema } from "./schema-values";

/**
 * Every endpoint the fuzzer tries: each route of the app, with the calls the access matrix makes to it
 * as the valid starting points (real ids of organization A, through the matrix's placeholders) and
 * the JSON Schema of its path, query, headers and body from the OpenAPI document.
 */

/** A valid call to start from: the matrix's, with its placeholders. */
export interface BaseCall {
  call: string;
  body?: unknown;
  bytes?: Uint8Array;
  headers?: Record<string, string>;
  /** The body's schema when it is not the route's (better-auth's routes share one wildcard route). */
  bodySchema?: JsonSchema;
  /** Why its answers are not searched for private text (the matrix's reason). */
  noMarkerSearch?: string;
}

export interface Param {
  name: string;
  schema: JsonSchema;
}

export interface Endpoint {
  /** As the router lists it: "GET /api/programs/:id"; "ALL" for the catch-all. */
  route: string;
  method: string;
  /** "/api/programs/:id": `:name` and `*` mark the parts a path parameter fills. */
  pattern: string;
  bases: BaseCall[];
  pathParams: Param[];
  query: Param[];
  headers: Param[];
  body: JsonSchema | undefined;
  /** Raw bytes (uploads) rather than JSON. */
  takesBytes: boolean;
  /** The largest body taken here: the app's JSON limits, or for uploads the size the matrix's grants allow. */
  bodyLimit: number;
  /** In the OpenAPI document (better-auth's routes, the catch-alls and the document itself are not). */
  documented: boolean;
  /**
   * Whether a request lands on another route of the app than this one (the catch-all is none): a path
   * that dot segments or another method turn into another route's. `path` is as the URL parser leaves it.
   */
  landsElsewhere(method: string, path: string): boolean;
}

export interface ServedRoute {
  method: string;
  path: string;
}

/** "/api/programs/:id" as a pattern of paths (":id" one segment, "*" the rest). */
const patternOf = (path: string) =>
  new RegExp(
    `^${path
      .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
      .replace(/:[A-Za-z]+/g, "[^/]+")
      .replace(/\*/g, ".*")}/?$`,
  );

/** better-auth's routes: its own answers, its own sessions. */
export const isAuthEndpoint = (endpoint: Pick<Endpoint, "pattern">) =>
  endpoint.pattern.startsWith("/api/auth/");

interface OpenApiParameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  schema?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** The size an upload grant of the matrix allows (placeholders.ts signs them for 1 MiB). */
const MATRIX_UPLOAD_GRANT_BYTES = 1024 * 1024;

/** The routes in the matrix's order (which keeps the calls that change shared state late). */
export const FUZZED_ROUTES: readonly string[] = [...new Set(ROUTE_CASES.map((c) => c.route))];

/** What the router lists that is middleware on a path, not an endpoint (the matrix's own list). */
export const NOT_ENDPOINTS: readonly string[] = Object.keys(MIDDLEWARE);

/** "/api/programs/:id" → "/api/programs/{id}", the OpenAPI document's spelling. */
export const openApiPath = (pattern: string) => pattern.replace(/:([A-Za-z]+)/g, "{$1}");

function baseOf(c: RouteCase): BaseCall {
  return {
    call: c.call,
    ...(c.body === undefined ? {} : { body: c.body }),
    ...(c.bytes ? { bytes: c.bytes } : {}),
    ...(c.headers ? { headers: c.headers } : {}),
    ...(c.noMarkerSearch ? { noMarkerSearch: c.noMarkerSearch } : {}),
  };
}

export function endpointOf(route: string, doc: OpenApiDocument, served: readonly ServedRoute[]): Endpoint {
  const [method, pattern] = route.split(" ") as [string, string];
  const operation = doc.paths[openApiPath(pattern)]?.[method.toLowerCase()];
  const parameters = operation?.parameters ?? [];
  const params = (where: OpenApiParameter["in"]) =>
    parameters.filter((p) => p.in === where).map((p) => ({ name: p.name, schema: p.schema ?? {} }));
  const cases = ROUTE_CASES.filter((c) => c.route === route).map(baseOf);
  const bases = [...cases, ...(AUTH_CALLS[route] ?? [])];
  const wildcard = pattern.endsWith("*") ? [{ name: "*", schema: { type: "string" } }] : [];
  const routes = served
    .filter((r) => r.method !== "ALL")
    .map((r) => ({ route: `${r.method} ${r.path}`, method: r.method, pattern: patternOf(r.path) }));
  const large = pattern.startsWith("/api/forms/") || pattern.startsWith("/api/submissions/");
  const takesBytes = bases.some((b) => b.bytes !== undefined);
  return {
    route,
    method,
    pattern,
    bases,
    pathParams: [...params("path"), ...wildcard],
    query: params("query"),
    headers: params("header"),
    body: operation?.requestBody?.content?.["application/json"]?.schema,
    takesBytes,
    bodyLimit: takesBytes ? MATRIX_UPLOAD_GRANT_BYTES : large ? MAX_FORM_BODY_BYTES : MAX_JSON_BODY_BYTES,
    documented: operation !== undefined,
    // Hono runs the first route registered that matches (the app lists them in that order).
    landsElsewhere: (requested, path) => {
      const method = requested === "HEAD" ? "GET" : requested;
      const first = routes.find((r) => r.method === method && r.pattern.test(path));
      return first !== undefined && first.route !== route;
    },
  };
}
