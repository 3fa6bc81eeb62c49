import generation0 from "./samples/generation-0.json";
import generation1 from "./samples/generation-1.json";
import generation2 from "./samples/generation-2.json";

/**
 * A small file of each generation of the earlier system's programs, with invented data
 * (docs/decisions/032-legacy-program-import.md): 0 (no appVersion: a configurable form rated per section),
 * 1 (the nine-canvas legacy flow with the Organization Name fields) and 2 (a configurable form rated 1–5 per
 * section, archived). Used by the tests and the demo, and a model for a foundation preparing its own files.
 */
export const LEGACY_SAMPLES = {
  0: generation0,
  1: generation1,
  2: generation2,
} as const satisfies Record<0 | 1 | 2, unknown>;
