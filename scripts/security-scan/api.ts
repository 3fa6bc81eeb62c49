/** Plain calls to the running server, for setting up the scan (not the scanners' own requests). */

export interface ApiTarget {
  /** http://127.0.0.1:port */
  baseUrl: string;
  /** The origin our server trusts on unsafe requests (http://localhost:port). */
  origin: string;
}

export interface Answer {
  status: number;
  body: unknown;
}

const TIMEOUT_MS = 30_000;

/** One call with a session cookie (or none) and a JSON body (or raw bytes), answered with its JSON. */
export async function call(
  target: ApiTarget,
  cookie: string | undefined,
  method: string,
  path: string,
  opts: {
    json?: unknown;
    raw?: { bytes: Uint8Array; contentType: string };
    headers?: Record<string, string>;
  } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {
    accept: "application/json",
    origin: target.origin,
    ...opts.headers,
  };
  if (cookie) headers.cookie = cookie;
  let body: BodyInit | undefined;
  if (opts.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(opts.json);
  } else if (opts.raw) {
    headers["content-type"] = opts.raw.contentType;
    body = new Blob([new Uint8Array(opts.raw.bytes)]);
  }
  const response = await fetch(`${target.baseUrl}${path}`, {
    method,
    headers,
    body,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a PDF, a CSV): the text is enough for the scan's set-up.
  }
  return { status: response.status, body: parsed };
}

/** A call that must succeed (2xx): the scan cannot be set up otherwise. */
export async function must<T>(
  target: ApiTarget,
  cookie: string | undefined,
  method: string,
  path: string,
  opts: Parameters<typeof call>[4] = {},
): Promise<T> {
  const answer = await call(target, cookie, method, path, opts);
  if (answer.status < 200 || answer.status > 299) {
    const shown = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body);
    throw new Error(`Set-up call ${method} ${path} answered ${answer.status}: ${shown.slice(0, 500)}`);
  }
  return answer.body as T;
}
