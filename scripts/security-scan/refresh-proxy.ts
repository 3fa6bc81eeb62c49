import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";

/**
 * An HTTP proxy between sqlmap and our server that keeps single-use values fresh.
 *
 * sqlmap sends one request hundreds of times with one input bent at a time. Some calls use up what
 * they name: a delete (the program is gone after the first one), a publish (the form is published), a
 * save with a revision (the next one with the same revision is a 409), a sign-up with an address (taken
 * after the first). Every later request would then be refused before its payload got anywhere, and
 * the scan of those inputs would prove nothing. Through this proxy, each request that still carries
 * the example's value of such an input gets a fresh one instead (a new program, the form's current
 * revision, a new address: build.ts and rules.ts say which), so each payload goes through the whole
 * call. A request whose payload is in that input itself no longer carries the example's value and is
 * passed on untouched.
 */

export interface ProxiedRequest {
  path: string;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** The body, when it is JSON. */
  json: unknown;
}

/** Gives the request with fresh values, or null to pass it on as it is. */
export type Refresh = (request: ProxiedRequest) => Promise<ProxiedRequest | null>;

export interface RefreshProxy {
  /** http://127.0.0.1:port, for sqlmap's --proxy. */
  url: string;
  /** The refresh of the endpoint being scanned (null: pass everything on as it is). */
  use(refresh: Refresh | null): void;
  /** Requests refreshed since the last `use`. */
  refreshed(): number;
  /** Requests the proxy could not pass on (answered 502) since the last `use`. */
  failures(): string[];
  close(): Promise<void>;
}

/** Hop-by-hop headers, and the length the new body sets. */
const NOT_FORWARDED = new Set([
  "connection",
  "proxy-connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "te",
  "upgrade",
]);

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function parseJson(body: Buffer): unknown {
  if (body.length === 0) return undefined;
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    return undefined;
  }
}

export async function startRefreshProxy(): Promise<RefreshProxy> {
  let refresh: Refresh | null = null;
  let refreshed = 0;
  let failures: string[] = [];

  async function forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // A proxy is sent the whole address ("PUT http://127.0.0.1:1234/api/… HTTP/1.1").
    const url = new URL(req.url ?? "");
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined && !NOT_FORWARDED.has(name)) {
        headers[name] = Array.isArray(value) ? value.join(", ") : value;
      }
    }
    let body = await readBody(req);
    let path = `${url.pathname}${url.search}`;
    const json = parseJson(body);
    const fresh = refresh ? await refresh({ path, headers, json }) : null;
    if (fresh) {
      refreshed++;
      path = fresh.path;
      Object.assign(headers, fresh.headers);
      if (fresh.json !== undefined && fresh.json !== json) body = Buffer.from(JSON.stringify(fresh.json));
    }
    const method = req.method ?? "GET";
    const answer = await fetch(new URL(path, url.origin), {
      method,
      headers,
      body: method === "GET" || method === "HEAD" ? undefined : new Uint8Array(body),
      redirect: "manual",
    });
    const bytes = Buffer.from(await answer.arrayBuffer());
    const out: Record<string, string | string[]> = {};
    answer.headers.forEach((value, name) => {
      if (!NOT_FORWARDED.has(name) && name !== "content-encoding" && name !== "set-cookie") out[name] = value;
    });
    const cookies = answer.headers.getSetCookie();
    if (cookies.length) out["set-cookie"] = cookies;
    out["content-length"] = String(bytes.length);
    res.writeHead(answer.status, out);
    res.end(bytes);
  }

  const server = createServer((req, res) => {
    forward(req, res).catch((error: unknown) => {
      // sqlmap sees a 502 (counted as a server error); the run reports the proxy's own failure too.
      failures.push(`${req.method} ${req.url}: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end("refresh proxy failed");
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  if (typeof address !== "object" || address === null) throw new Error("The refresh proxy has no port.");
  return {
    url: `http://127.0.0.1:${address.port}`,
    use(next) {
      refresh = next;
      refreshed = 0;
      failures = [];
    },
    refreshed: () => refreshed,
    failures: () => failures,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
