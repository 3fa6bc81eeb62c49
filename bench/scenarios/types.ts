import type { IncomingHttpHeaders } from "node:http";
import type { SqlClient } from "../lib/sql-client";

/** A signed-in user of the data set, as the runner hands it to scenarios. */
export interface BenchUser {
  email: string;
  password: string;
  userId: string;
  /** `name=value` of the session cookie, ready for a Cookie header. */
  cookie: string;
}

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * One benchmarked request. The runner sends it with autocannon to our server and to the baseline
 * server, rotating over the signed-in users; `baseline` is what the bare server does for it.
 */
export interface Scenario {
  name: string;
  /** One line for the README and the results file: what is measured. */
  description: string;
  method: HttpMethod;
  path(user: BenchUser): string;
  /** A JSON body, if the request has one. */
  body?(user: BenchUser): unknown;
  /** Send the user's session cookie. */
  signedIn: boolean;
  /** Any other status counts as an error. */
  expectStatus: number;
  /**
   * Fewer connections than the run's default, for CPU-bound requests: with 50 in flight, each would
   * wait longer than a quick run lasts, and the run would measure the queue instead of the server.
   */
  maxConnections?: number;
  baseline: BaselineRoute;
}

/** The same request answered by the bare node:http server, with the same SQL as our server. */
export interface BaselineRoute {
  /** Matched against the path without query string; capture groups become `request.params`. */
  pattern: RegExp;
  handle(request: BaselineRequest, context: BaselineContext): Promise<BaselineResponse>;
}

export interface BaselineRequest {
  method: string;
  pathname: string;
  params: string[];
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, or undefined. */
  body: unknown;
  remoteAddress: string | undefined;
}

export interface BaselineResponse {
  status: number;
  body: unknown;
  headers?: Record<string, string | string[]>;
}

export interface BaselineContext {
  sql: SqlClient;
  /** The session-cookie signing secret (BETTER_AUTH_SECRET), as our server uses it. */
  secret: string;
}
