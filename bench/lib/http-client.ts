import { Agent, request } from "node:http";

/**
 * One applicant's HTTP client, as their browser: `node:http` over a keep-alive agent of its own
 * with one connection, reused from save to save (200 applicants hold 200 connections). One agent
 * per applicant rather than one shared pool: a shared agent hands out the most recently used idle
 * connection, so at 100 saves/s a handful of connections carry everything, the others time out, and
 * the next phase starts by opening ~200 connections at once on a busy server, a pattern no real set
 * of browsers produces. Plain `node:http` rather than `fetch`: it costs the load generator, which
 * shares the machine's cores with the server, several times less CPU per request.
 */
export interface HttpClient {
  send(req: HttpRequest): Promise<HttpAnswer>;
  close(): void;
}

export interface HttpRequest {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  headers?: Record<string, string>;
  /** Already serialized: the client's JSON.stringify is not the server's cost. */
  body?: string;
}

export interface HttpAnswer {
  status: number;
  text: string;
  /** From just before the request is written to the last byte of the answer read. */
  ms: number;
}

/** A request that has no answer within this time counts as an error (the save may or may not be kept). */
const TIMEOUT_MS = 30_000;
/** Idle keep-alive connections are closed after this long (the server closes its side after 5 s). */
const IDLE_MS = 4_000;

export function httpClient(baseUrl: string): HttpClient {
  const url = new URL(baseUrl);
  // An idle connection is closed after 4 s, before the server's 5 s keep-alive timeout closes it:
  // otherwise a save sent on a connection the server is closing at that moment fails with
  // ECONNRESET (after a pause between phases), an artifact of the load generator, not a lost save.
  const agent = new Agent({ keepAlive: true, maxSockets: 1, maxFreeSockets: 1, timeout: IDLE_MS });
  return {
    send(req) {
      const headers: Record<string, string | number> = { ...req.headers };
      if (req.body !== undefined) {
        headers["content-type"] = "application/json";
        headers["content-length"] = Buffer.byteLength(req.body);
      }
      return new Promise((resolve, reject) => {
        const started = performance.now();
        const outgoing = request(
          {
            agent,
            host: url.hostname,
            port: url.port,
            method: req.method,
            path: req.path,
            headers,
            timeout: TIMEOUT_MS,
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on("data", (chunk: Buffer) => chunks.push(chunk));
            response.on("end", () =>
              resolve({
                status: response.statusCode ?? 0,
                text: Buffer.concat(chunks).toString("utf8"),
                ms: performance.now() - started,
              }),
            );
            response.on("error", reject);
          },
        );
        outgoing.on("timeout", () => outgoing.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
        outgoing.on("error", reject);
        outgoing.end(req.body);
      });
    },
    close: () => agent.destroy(),
  };
}
