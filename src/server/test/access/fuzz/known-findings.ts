import type { Outcome } from "./check";

/**
 * What the fuzzer found and is not fixed yet. The fuzzer counts an outcome that matches one as known
 * (it does not fail the run, so the rest of the endpoint is still fuzzed); each has a failing
 * regression test in regressions.test.ts, which passes — and so fails the suite — once it is fixed,
 * so that the entry is removed here.
 */
export interface KnownFinding {
  /** The routes it shows on; "every" for a cause shared by all of them. */
  routes: readonly string[] | "every";
  /** What goes wrong, where, and the fix suggested. */
  what: string;
  matches(outcome: Outcome): boolean;
}

export const KNOWN_FINDINGS: KnownFinding[] = [];

export const knownFindingOf = (route: string, outcome: Outcome) =>
  KNOWN_FINDINGS.find((f) => (f.routes === "every" || f.routes.includes(route)) && f.matches(outcome));
