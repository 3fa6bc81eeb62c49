import { AUTH_CALLS } from "../../src/server/test/access/fuzz/auth-calls";
import type { Schema } from "./examples";

/**
 * Every endpoint the scan covers: each operation of the app's OpenAPI document (GET /api/openapi.json
 * on the running server, so what is scanned is what is served), plus better-auth's endpoints, which
 * the document does not list (the fuzzer's list of the ones the app enables, with example bodies).
 */

export interface Param {
  name: string;
  schema: Schema | undefined;
  required: boolean;
}

export interface Operation {
  /** "PATCH /api/programs/{id}/name": the document's spelling, the key of the rules. */
  key: string;
  method: string;
  /** "/api/programs/{id}/name" */
  template: string;
  summary: string;
  source: "openapi" | "better-auth";
  pathParams: string[];
  query: Param[];
  headers: Param[];
  body: Schema | undefined;
  /** better-auth's endpoints: the example body and query from the fuzzer's list. */
  example?: { body?: unknown; query?: [string, string][] };
}

interface OpenApiParameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema?: Schema;
}
interface OpenApiOperation {
  summary?: string;
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

const HTTP_METHODS = new Set(["get", "put", "post", "delete", "patch", "head", "options"]);

/**
 * better-auth endpoints not scanned: each would end the session the scan runs in (or every session of
 * the account), so every later request would be scanned signed out.
 */
export const SESSION_ENDING: Record<string, string> = {
  "POST /api/auth/sign-out": "ends the session",
  "POST /api/auth/revoke-session": "ends the session its token names (the example names the scan's own)",
  "POST /api/auth/revoke-sessions": "ends every session of the account",
  "POST /api/auth/revoke-other-sessions": "ends the account's other sessions (the other scanner's)",
  "POST /api/auth/delete-user": "deletes the account",
};

export function documentedOperations(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [template, byMethod] of Object.entries(doc.paths)) {
    // The document describes better-auth's calls too; they are scanned from their own list (authOperations).
    if (template.startsWith("/api/auth/")) continue;
    for (const [method, operation] of Object.entries(byMethod)) {
      if (!HTTP_METHODS.has(method)) continue;
      const parameters = operation.parameters ?? [];
      const params = (where: OpenApiParameter["in"]) =>
        parameters
          .filter((p) => p.in === where)
          .map((p) => ({ name: p.name, schema: p.schema, required: p.required ?? false }));
      operations.push({
        key: `${method.toUpperCase()} ${template}`,
        method: method.toUpperCase(),
        template,
        summary: operation.summary ?? "",
        source: "openapi",
        pathParams: params("path").map((p) => p.name),
        query: params("query"),
        headers: params("header"),
        body: operation.requestBody?.content?.["application/json"]?.schema,
      });
    }
  }
  return operations;
}

/** better-auth's endpoints, from the fuzzer's list (src/server/test/access/fuzz/auth-calls.ts). */
export function authOperations(): Operation[] {
  return Object.values(AUTH_CALLS)
    .flat()
    .map((base) => {
      const [method, target] = base.call.split(" ") as [string, string];
      const url = new URL(target, "http://scan.invalid");
      return {
        key: `${method} ${url.pathname}`,
        method,
        template: url.pathname,
        summary: "better-auth",
        source: "better-auth" as const,
        pathParams: [],
        query: [],
        headers: [],
        body: base.bodySchema as Schema | undefined,
        example: {
          ...(base.body === undefined ? {} : { body: base.body }),
          query: [...url.searchParams.entries()],
        },
      };
    });
}
