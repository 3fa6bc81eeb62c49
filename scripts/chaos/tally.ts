import type { HttpClient } from "../../bench/lib/http-client";

/** Every request the simulated clients sent, and what became of those that failed. */
export interface RequestTally {
  sent: number;
  /** Requests on the wire right now: how many a kill catches mid-flight. */
  inFlight: number;
  /** No answer (connection reset or refused, timeout) or a 5xx. */
  failed: number;
  /** 4xx answers: none is expected (a 409 would mean a revision chain broke). */
  refused: number;
  /** Failures and refusals by error code or status, e.g. ECONNRESET, ECONNREFUSED, HTTP 503. */
  byKind: Record<string, number>;
}

export function newTally(): RequestTally {
  return { sent: 0, inFlight: 0, failed: 0, refused: 0, byKind: {} };
}

function count(tally: RequestTally, kind: string): void {
  tally.byKind[kind] = (tally.byKind[kind] ?? 0) + 1;
}

/** The error's code (ECONNRESET…) rather than its message, which holds the port. */
function kindOf(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") return code;
  return error instanceof Error ? error.message : String(error);
}

/** `inner` with every request counted in `tally`; answers and errors pass through unchanged. */
export function countingClient(inner: HttpClient, tally: RequestTally): HttpClient {
  return {
    async send(request) {
      tally.sent++;
      tally.inFlight++;
      try {
        const answer = await inner.send(request);
        if (answer.status >= 500) {
          tally.failed++;
          count(tally, `HTTP ${answer.status}`);
        } else if (answer.status >= 400) {
          tally.refused++;
          count(tally, `HTTP ${answer.status}`);
        }
        return answer;
      } catch (error) {
        tally.failed++;
        count(tally, kindOf(error));
        throw error;
      } finally {
        tally.inFlight--;
      }
    },
    close: () => inner.close(),
  };
}
