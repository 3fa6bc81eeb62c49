import { describe, expect, it } from "vitest";
import { DEFAULT_RUNS, DEFAULT_SEED, endpointSeed, fuzzConfig } from "./config";

describe("the fuzzer's configuration", () => {
  it("runs the quick, reproducible fuzzing by default", () => {
    expect(fuzzConfig({})).toEqual({ runs: DEFAULT_RUNS, seed: DEFAULT_SEED });
    expect(fuzzConfig({ FUZZ_RUNS: " ", FUZZ_SEED: "" })).toEqual({ runs: DEFAULT_RUNS, seed: DEFAULT_SEED });
  });

  it("takes FUZZ_RUNS and FUZZ_SEED from the environment", () => {
    expect(fuzzConfig({ FUZZ_RUNS: "500", FUZZ_SEED: "-7" })).toEqual({ runs: 500, seed: -7 });
  });

  it("refuses a number of runs or a seed that is not a whole number", () => {
    expect(() => fuzzConfig({ FUZZ_RUNS: "0" })).toThrow("FUZZ_RUNS must be at least 1");
    expect(() => fuzzConfig({ FUZZ_RUNS: "lots" })).toThrow('FUZZ_RUNS must be an integer, not "lots"');
    expect(() => fuzzConfig({ FUZZ_SEED: "1.5" })).toThrow('FUZZ_SEED must be an integer, not "1.5"');
  });

  it("gives each endpoint a seed of its own, the same on every run", () => {
    const a = endpointSeed(DEFAULT_SEED, "GET /api/plans");
    expect(endpointSeed(DEFAULT_SEED, "GET /api/plans")).toBe(a);
    expect(endpointSeed(DEFAULT_SEED, "GET /api/health")).not.toBe(a);
    expect(endpointSeed(DEFAULT_SEED + 1, "GET /api/plans")).not.toBe(a);
  });
});
