import type { FormContent } from "../../src/shared/forms/model";
import type { TimingSummary } from "../lib/stats";
import type { ServerProcess } from "../runner/server-process";

/**
 * The large form as the round trips find it: saved on our server by `prepareLargeForm`, with the
 * revision of its last save. The save round trip moves `revision` on and edits `content`.
 */
export interface FormUnderTest {
  server: ServerProcess;
  /** The organization admin's session cookie (they administer every program). */
  cookie: string;
  programId: string;
  formId: string;
  revision: number;
  content: FormContent;
}

/**
 * One request timed one at a time on our server (no load, no baseline): what a user waits for in
 * the builder. Unlike a scenario it has a target, checked on the median.
 */
export interface RoundTrip {
  name: string;
  description: string;
  /** Method and path, for the results file. */
  request: string;
  /** The median must stay below this many milliseconds (and every answer must be a 200). */
  targetMedianMs: number;
  samples(quick: boolean): number;
  measure(form: FormUnderTest, samples: number): Promise<RoundTripSamples>;
}

export interface RoundTripSamples {
  /** One duration per 200 answer: request sent to whole answer read. */
  durationsMs: number[];
  /** Size of one request body and of one answer body (the last ones sent and received). */
  requestBytes: number;
  responseBytes: number;
  statusCounts: Record<string, number>;
}

export interface RoundTripFigures extends TimingSummary {
  samples: number;
  requestKb: number;
  responseKb: number;
  /** Answers other than 200; must be 0. */
  non200: number;
  statusCounts: Record<string, number>;
  targetMedianMs: number;
  /** Median below the target and no answer other than 200. */
  pass: boolean;
}
