import { createHash } from "node:crypto";
import type { BenchUser, Scenario } from "../scenarios/types";
import type { ServerProcess } from "./server-process";

/**
 * A ratio only means something if the baseline does the same work as our server. Each server's
 * answer to the scenario's request (as the same user) is kept, and the two are compared once both
 * ran: a difference means the baseline's SQL or answer no longer mirrors our server.
 */
export interface Answer {
  status: number;
  /** Hash of the body with session tokens left out: equal hashes, equal answers. */
  sha256: string;
  /** The body's start, to show what differs. */
  preview: string;
}

export function sameAnswer(a: Answer, b: Answer): boolean {
  return a.status === b.status && a.sha256 === b.sha256;
}

export async function sampleAnswer(
  server: ServerProcess,
  scenario: Scenario,
  user: BenchUser,
): Promise<Answer> {
  const headers: Record<string, string> = { origin: server.origin };
  if (scenario.signedIn) headers.cookie = user.cookie;
  let body: string | undefined;
  if (scenario.body) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(scenario.body(user, 0));
  }
  const response = await fetch(`${server.baseUrl}${scenario.path(user, 0)}`, {
    method: scenario.method,
    headers,
    ...(body === undefined ? {} : { body }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = comparable(await response.text());
  return {
    status: response.status,
    sha256: createHash("sha256").update(text).digest("hex"),
    preview: text.slice(0, 200),
  };
}

/** Session tokens differ on every sign-in by design: leave them out of the comparison. */
function comparable(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), (key, value: unknown) => (key === "token" ? undefined : value));
  } catch {
    return text;
  }
}
