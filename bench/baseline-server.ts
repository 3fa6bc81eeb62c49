/**
 * The baseline: a bare node:http server (no framework, no ORM, no auth library) that answers each
 * scenario's request with the same SQL as our server, against the same database. The runner
 * reports our throughput as a ratio of this one's, which cancels out most of the machine's speed.
 *
 * Configured like the app server: PORT, HOST, DATABASE_URL or DATA_DIR (PGlite in DATA_DIR/pglite),
 * DATABASE_POOL_SIZE, PGLITE_SHARED_BUFFERS, BETTER_AUTH_SECRET (signs session cookies). Routes come from the scenarios'
 * `baseline` handlers (bench/scenarios/) and the review writes' (bench/reviewing/writes.ts).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { loadConfig } from "../src/server/config";
import { MAX_JSON_BODY_BYTES } from "../src/shared/limits";
import { openSqlClient } from "./lib/sql-client";
import { targetFromServerEnv } from "./lib/target";
import { REVIEW_WRITE_ENDPOINTS } from "./reviewing/writes";
import { SCENARIOS } from "./scenarios";
import type { BaselineContext, BaselineEndpoint, BaselineRequest, BaselineResponse } from "./scenarios/types";

const secret = process.env.BETTER_AUTH_SECRET ?? "";
if (secret.length < 32) throw new Error("BETTER_AUTH_SECRET (at least 32 characters) is required.");
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "127.0.0.1";
const poolSize = Number(process.env.DATABASE_POOL_SIZE ?? 10);
const target = targetFromServerEnv(process.env);

// The same buffer cache as our server (its setting and default), so the two compare the same database.
const { PGLITE_SHARED_BUFFERS } = loadConfig();
const context: BaselineContext = {
  sql: await openSqlClient(target, poolSize, PGLITE_SHARED_BUFFERS),
  secret,
};

const ENDPOINTS: readonly BaselineEndpoint[] = [...SCENARIOS, ...REVIEW_WRITE_ENDPOINTS];

function findRoute(
  method: string,
  pathname: string,
): { endpoint: BaselineEndpoint; params: string[] } | null {
  for (const endpoint of ENDPOINTS) {
    if (endpoint.method !== method) continue;
    const match = endpoint.baseline.pattern.exec(pathname);
    if (match) return { endpoint, params: match.slice(1) };
  }
  return null;
}

async function readJsonBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    // Same cap as our server's, so an oversized body cannot exhaust memory.
    if (size > MAX_JSON_BODY_BYTES) throw new Error("body too large");
    chunks.push(chunk);
  }
  if (size === 0) return undefined;
  return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

function send(response: ServerResponse, { status, body, headers }: BaselineResponse): void {
  const json = JSON.stringify(body);
  response.writeHead(status, {
    ...headers,
    "content-type": "application/json",
    "content-length": Buffer.byteLength(json),
  });
  response.end(json);
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const method = request.method ?? "GET";
  const [pathname = "/", search = ""] = (request.url ?? "/").split("?", 2);
  const route = findRoute(method, pathname);
  if (!route) {
    send(response, { status: 404, body: { message: "Not found." } });
    return;
  }
  let body: unknown;
  try {
    body = await readJsonBody(request);
  } catch {
    send(response, { status: 400, body: { message: "Invalid JSON body." } });
    return;
  }
  const baselineRequest: BaselineRequest = {
    method,
    pathname,
    query: new URLSearchParams(search),
    params: route.params,
    headers: request.headers,
    body,
    remoteAddress: request.socket.remoteAddress,
  };
  send(response, await route.endpoint.baseline.handle(baselineRequest, context));
}

const server = createServer((request, response) => {
  handle(request, response).catch((error: unknown) => {
    console.error("[baseline]", error);
    if (!response.headersSent) send(response, { status: 500, body: { message: "Internal error." } });
    else response.destroy();
  });
});

server.listen(port, host);

async function shutdown(): Promise<void> {
  server.close();
  server.closeAllConnections();
  await context.sql.close();
  process.exit(0);
}
process.once("SIGTERM", () => void shutdown());
process.once("SIGINT", () => void shutdown());
