import type { HttpAnswer, HttpClient, HttpRequest } from "../lib/http-client";
import type { BenchUser } from "../scenarios/types";

/**
 * A measured write of the reviewing side (bench/README.md, "Reviewing":
 * "saving a review and saving a ranking of 500 candidates under 50 ms at the median"). Unlike a scenario,
 * each reviewer's next request depends on the answer to the previous one (a ranking's revision), so the
 * runner sends them itself, one in flight per reviewer (bench/reviewing/writes.ts).
 */
export interface WriteBenchmark {
  name: string;
  description: string;
  /** Method and path, for the report. */
  request: string;
  /** Our server's median, one write at a time, must stay below this. */
  targetMedianMs: number;
  /** Prepares one reviewer's writes on their own connection (unmeasured requests allowed). */
  open(client: HttpClient, user: BenchUser, origin: string): Promise<WriteSession>;
}

/** One reviewer's sequence of writes. */
export interface WriteSession {
  /** The next write (its body serialized here, before the clock starts). */
  next(): HttpRequest;
  /** The answer to the write `next` gave (a 200 or not), before the next one is asked for. */
  answered(answer: HttpAnswer): Promise<void>;
  /** Unmeasured: put back what the writes changed, where a later run would notice. */
  finish(): Promise<void>;
  /** What the write carries, for the report (e.g. the number of candidates ranked). */
  size?: number;
}

/** The JSON of a 200; anything else stops the preparation with the server's answer. */
export function expectOk<T>(answer: HttpAnswer, what: string): T {
  if (answer.status !== 200)
    throw new Error(`${what} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  return JSON.parse(answer.text) as T;
}
