import { TEST_ORIGIN } from "../harness";
import type { Caller } from "./actors";
import { fill } from "./placeholders";
import type { RouteCase } from "./route-case";
import type { World } from "./world";

export interface Answer {
  /** The request as sent, for failure messages. */
  request: string;
  status: number;
  text: string;
  /** The answer's Cache-Control header (null when it has none). */
  cacheControl: string | null;
}

/** Makes a case's call as `caller`, its placeholders filled by `value`. */
export async function callAs(
  world: World,
  caller: Caller,
  c: RouteCase,
  value: (name: string) => Promise<unknown>,
): Promise<Answer> {
  const filled = await fill({ call: c.call, body: c.body }, value);
  const [method, path] = filled.call.split(" ") as [string, string];
  const headers = { ...caller.headers, ...c.headers };
  let res: Response;
  if (c.bytes) {
    // The harness sends JSON; bytes go straight to the app, as a browser on our origin sends them.
    res = await world.t.app.request(path, {
      method,
      headers: {
        ...headers,
        origin: TEST_ORIGIN,
        "content-type": "application/octet-stream",
        ...(caller.cookie ? { cookie: caller.cookie } : {}),
      },
      body: new Uint8Array(c.bytes),
    });
  } else {
    res = await world.t.request(path, {
      method,
      headers,
      ...(filled.body === undefined ? {} : { body: filled.body }),
      ...(caller.cookie ? { cookie: caller.cookie } : {}),
    });
  }
  return {
    request: `${method} ${path}`,
    status: res.status,
    text: await res.text(),
    cacheControl: res.headers.get("cache-control"),
  };
}

/** The forbidden markers a response holds. */
export function markersIn(text: string, forbidden: readonly string[]): string[] {
  return forbidden.filter((marker) => text.includes(marker));
}

/** A 2xx, or a 409 (the call got past authorization to the state of the thing). */
export const gotThrough = (status: number) => (status >= 200 && status < 300) || status === 409;

/**
 * Runs `call` for each actor: reads side by side, changes one after another (a revision read for one
 * call must still be current when it is sent).
 */
export async function eachActor<A, T>(
  c: RouteCase,
  actors: readonly A[],
  call: (actor: A) => Promise<T>,
): Promise<T[]> {
  if (c.call.startsWith("GET ")) return Promise.all(actors.map(call));
  const results: T[] = [];
  for (const actor of actors) results.push(await call(actor));
  return results;
}
