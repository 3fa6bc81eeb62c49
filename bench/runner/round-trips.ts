import { summarizeTimings } from "../lib/stats";
import { prepareLargeForm } from "../round-trips/prepare-form";
import type { RoundTrip, RoundTripFigures, RoundTripSamples } from "../round-trips/types";
import { waitForIdleCpu } from "./proc";
import type { ServerProcess } from "./server-process";
import { signInUsers } from "./sign-in";

const kb = (bytes: number) => bytes / 1024;

function figuresOf(roundTrip: RoundTrip, samples: RoundTripSamples): RoundTripFigures {
  const answers = Object.values(samples.statusCounts).reduce((sum, n) => sum + n, 0);
  const non200 = answers - (samples.statusCounts["200"] ?? 0);
  const timings = summarizeTimings(samples.durationsMs);
  return {
    samples: samples.durationsMs.length,
    ...timings,
    requestKb: kb(samples.requestBytes),
    responseKb: kb(samples.responseBytes),
    non200,
    statusCounts: samples.statusCounts,
    targetMedianMs: roundTrip.targetMedianMs,
    pass: non200 === 0 && timings.medianMs !== null && timings.medianMs < roundTrip.targetMedianMs,
  };
}

const ms = (n: number | null) => (n === null ? "-" : n.toFixed(1));

/** Printed as each round trip ends, like the scenarios' lines. */
function progressLine(name: string, r: RoundTripFigures): string {
  const sizes = `${r.requestKb > 0 ? `${r.requestKb.toFixed(0)} KB up, ` : ""}${r.responseKb.toFixed(0)} KB down`;
  const failures = r.non200 > 0 ? `  ${r.non200} non-200 ${JSON.stringify(r.statusCounts)}` : "";
  return `  ${name.padEnd(16)} median ${ms(r.medianMs)} ms  p95 ${ms(r.p95Ms)} ms  (${r.samples} × ${sizes})${failures}`;
}

/**
 * The round trips, on our server only, once the load scenarios are over: the administrator signs
 * in, the large form is put in place, then each round trip's requests go one at a time on an idle
 * server, so a figure is what one user waits for, with no queue in it.
 */
export async function runRoundTrips(opts: {
  server: ServerProcess;
  roundTrips: readonly RoundTrip[];
  quick: boolean;
  adminEmail: string;
  password: string;
  programId: string;
}): Promise<Record<string, RoundTripFigures>> {
  const figures: Record<string, RoundTripFigures> = {};
  console.log(`  round trips as ${opts.adminEmail} on a large form (program ${opts.programId})…`);
  const [admin] = await signInUsers(opts.server, [opts.adminEmail], opts.password);
  const form = await prepareLargeForm(opts.server, admin!, opts.programId);
  for (const roundTrip of opts.roundTrips) {
    await waitForIdleCpu(opts.server.pid);
    const result = figuresOf(roundTrip, await roundTrip.measure(form, roundTrip.samples(opts.quick)));
    figures[roundTrip.name] = result;
    console.log(progressLine(roundTrip.name, result));
  }
  return figures;
}
