/**
 * How hard the fuzzer tries. The default keeps `npm test` quick and every run the same (a fixed seed,
 * so a failure in CI is replayed by anyone); `FUZZ_RUNS=500` is the deeper run, `FUZZ_SEED` another
 * stream of inputs.
 */
export const DEFAULT_RUNS = 25;
export const DEFAULT_SEED = 20_100_010;

export interface FuzzConfig {
  /** Generated requests per endpoint; each is sent once per actor. */
  runs: number;
  seed: number;
}

export function fuzzConfig(env: Record<string, string | undefined> = process.env): FuzzConfig {
  return {
    runs: positiveInteger(env.FUZZ_RUNS, "FUZZ_RUNS") ?? DEFAULT_RUNS,
    seed: integer(env.FUZZ_SEED, "FUZZ_SEED") ?? DEFAULT_SEED,
  };
}

function integer(text: string | undefined, name: string): number | undefined {
  if (text === undefined || text.trim() === "") return undefined;
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new Error(`${name} must be an integer, not "${text}"`);
  return value;
}

function positiveInteger(text: string | undefined, name: string): number | undefined {
  const value = integer(text, name);
  if (value !== undefined && value < 1) throw new Error(`${name} must be at least 1, not "${text}"`);
  return value;
}

/**
 * Each endpoint's own seed, from the run's seed and the route: endpoints draw different inputs, and
 * one endpoint's failure is replayed alone (fast-check prints the seed and path it failed with).
 */
export function endpointSeed(seed: number, route: string): number {
  let hash = seed | 0;
  for (let i = 0; i < route.length; i++) hash = Math.imul(hash ^ route.charCodeAt(i), 0x01000193);
  return hash | 0;
}
