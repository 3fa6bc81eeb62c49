import { setTimeout as sleep } from "node:timers/promises";
import type { BenchUser } from "../../bench/scenarios/types";
import { SUBMISSION_TOKEN_HEADER } from "../../src/shared/schemas/submissions";
import type { Endpoint } from "../soak/demo";

/**
 * Requests sent at a steady pace through the whole run, one kind after the other, each with its status,
 * Retry-After, error code and time kept: what a client sees while the database is gone. The load's own
 * clients (scripts/chaos) count failures but not headers or bodies; these show that every failure is
 * a clean 503 — our error shape, with Retry-After, in time.
 */

/** A request that has no answer within this long counts as hung: PostgreSQL gone must not mean waiting. */
export const PROBE_TIMEOUT_MS = 15_000;
/** One probe every this many milliseconds, the kinds in turn. */
const PROBE_EVERY_MS = 250;

export type ProbeKind = "draft read" | "candidate list" | "sign-in";

export interface Probe {
  kind: ProbeKind;
  /** Milliseconds since the prober started, when sent. */
  at: number;
  ms: number;
  /** 0 when there was no answer (refused, reset, timed out). */
  status: number;
  retryAfter: string | null;
  /** `error.code` of our error shape, if the body has one. */
  code: string | null;
  /** No answer: why. */
  error: string | null;
}

/** 200, or the 503 a client can act on: our shape's UNAVAILABLE and a Retry-After. */
export function verdictOf(probe: Probe): "ok" | "clean 503" | "unclean" {
  if (probe.status === 200) return "ok";
  if (probe.status === 503 && probe.code === "UNAVAILABLE" && probe.retryAfter !== null) return "clean 503";
  return "unclean";
}

export interface ProbeTargets {
  /** A guest's draft and its token: the applicant's reload. */
  draftPath: string;
  draftToken: string;
  /** A reviewer's first page of candidates: the session lookup, then the list. */
  programId: string;
  reviewer: BenchUser;
  /** Signed in again and again: better-auth's route, which answers its own errors. */
  signIn: { email: string; password: string };
}

async function send(
  server: Endpoint,
  kind: ProbeKind,
  targets: ProbeTargets,
  startedAt: number,
): Promise<Probe> {
  const at = performance.now() - startedAt;
  const requests: Record<ProbeKind, () => Promise<Response>> = {
    "draft read": () =>
      fetch(`${server.baseUrl}${targets.draftPath}`, {
        headers: { origin: server.origin, [SUBMISSION_TOKEN_HEADER]: targets.draftToken },
        signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      }),
    "candidate list": () =>
      fetch(
        `${server.baseUrl}/api/applications?programId=${encodeURIComponent(targets.programId)}&pageSize=10`,
        {
          headers: { origin: server.origin, cookie: targets.reviewer.cookie },
          signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
        },
      ),
    "sign-in": () =>
      fetch(`${server.baseUrl}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { origin: server.origin, "content-type": "application/json" },
        body: JSON.stringify(targets.signIn),
        signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      }),
  };
  try {
    const response = await requests[kind]();
    const text = await response.text();
    let code: string | null = null;
    try {
      const parsed = JSON.parse(text) as { error?: { code?: unknown } };
      code = typeof parsed.error?.code === "string" ? parsed.error.code : null;
    } catch {
      // Not JSON (better-auth's empty 500): no code.
    }
    return {
      kind,
      at,
      ms: performance.now() - startedAt - at,
      status: response.status,
      retryAfter: response.headers.get("retry-after"),
      code,
      error: null,
    };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return {
      kind,
      at,
      ms: performance.now() - startedAt - at,
      status: 0,
      retryAfter: null,
      code: null,
      error: cause ?? (error instanceof Error ? error.name : String(error)),
    };
  }
}

export class Prober {
  readonly probes: Probe[] = [];
  private readonly startedAt = performance.now();
  private stopping = false;
  private loop: Promise<void> | null = null;

  constructor(
    private readonly server: Endpoint,
    private readonly targets: ProbeTargets,
  ) {}

  /** Milliseconds since the prober started: the clock the probes' `at` is on. */
  now(): number {
    return performance.now() - this.startedAt;
  }

  start(): void {
    const kinds: ProbeKind[] = ["draft read", "candidate list", "sign-in"];
    this.loop = (async () => {
      const inFlight = new Set<Promise<void>>();
      for (let n = 0; !this.stopping; n++) {
        // Sent without waiting for the previous answer: a hung request must not stop the probing.
        const probe = send(this.server, kinds[n % kinds.length]!, this.targets, this.startedAt).then((p) => {
          this.probes.push(p);
        });
        inFlight.add(probe);
        void probe.finally(() => inFlight.delete(probe));
        await sleep(PROBE_EVERY_MS);
      }
      await Promise.all(inFlight);
    })();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.loop;
  }
}
