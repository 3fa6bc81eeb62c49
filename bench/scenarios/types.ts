import type { IncomingHttpHeaders } from "node:http";
import type { SqlClient } from "../lib/sql-client";
import type { ReviewPrograms } from "../reviewing/fixture";

/** A signed-in user of the data set, as the runner hands it to scenarios. */
export interface BenchUser {
  email: string;
  password: string;
  userId: string;
  /** `name=value` of the session cookie, ready for a Cookie header. */
  cookie: string;
  /** What the reviewing scenarios use as this reviewer (the review program's data), when they run. */
  review?: ReviewerFixture;
  /** The data set's review programs: set for the organization admin (see `Scenario.actor`). */
  reviewPrograms?: ReviewPrograms;
}

/**
 * A reviewer's share of the review program (bench/reviewing/fixture.ts), read from the database
 * before the servers start: the same for our server and the baseline.
 */
export interface ReviewerFixture {
  /** The review program: 10,000 candidates (large data set), for the list, the view and review saves. */
  programId: string;
  /** The ranking program, where every reviewer ranks exactly 500 candidates. */
  rankingProgramId: string;
  /** Candidates this reviewer sees (submitted, not tests), in the list's order: how many, and some of them. */
  visibleCount: number;
  /** A spread of candidates they see, for the submission view. */
  candidates: string[];
  /** Candidates they see and have not reviewed in the data set: where the review saves go. */
  unreviewed: string[];
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
  /**
   * The request as `user`; `variant` (0 … variants − 1) picks one of the user's requests when the
   * scenario has several (pages of a list, candidates to open).
   */
  path(user: BenchUser, variant: number): string;
  /** A JSON body, if the request has one. */
  body?(user: BenchUser, variant: number): unknown;
  /**
   * Requests per user (default 1): the load goes through every user for variant 0, then every user
   * for variant 1, and so on, round and round.
   */
  variants?: number;
  /** Method and path for the report when the path depends on the data set (default: `path` of a blank user). */
  request?: string;
  /**
   * What the scenario must achieve on our server (bench/README.md, "Budgets (the final table)"), checked in
   * the report.
   */
  targets?: ScenarioTargets;
  /** Its requests need each user's `review` fixture (the runner reads it from the database first). */
  usesReviewData?: boolean;
  /**
   * Who sends the requests: the signed-in reviewers (the default), or the organization admin
   * (`orgadmin@bench.test`, who administers every program) for the admins' screens — signed in once,
   * every request of the scenario with that session, and with the data set's review programs.
   */
  actor?: "reviewers" | "organizationAdmin";
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

export interface ScenarioTargets {
  /**
   * p99 latency in ms: with one connection, of one request at a time; with more, of the paced phase
   * (every connection a user sending one request per second, see PACED_REQUESTS_PER_USER_SECOND).
   */
  p99Ms?: number;
  /** Our req/s ÷ the baseline's, at least. */
  minRatio?: number;
}

/** A route of the baseline server: a scenario, or a request of a custom measurement (bench/reviewing). */
export interface BaselineEndpoint {
  method: HttpMethod;
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
  /** The query string's parameters. */
  query: URLSearchParams;
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
