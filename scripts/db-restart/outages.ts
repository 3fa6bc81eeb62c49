import { setTimeout as sleep } from "node:timers/promises";
import { type Probe, type ProbeKind, type Prober, verdictOf } from "./prober";

/** After the database is back, the longest we wait for every kind of probe to be answered 200 again. */
const RECOVERY_TIMEOUT_MS = 30_000;
const KINDS: ProbeKind[] = ["draft read", "candidate list", "sign-in"];

/** One outage, on the prober's clock (milliseconds since it started). */
export interface Outage {
  label: string;
  /** The command was issued (the database starts going away). */
  startedAt: number;
  /** The command returned: the database accepts connections again. */
  backAt: number;
  /** Every kind of probe sent after `backAt` has been answered 200; null: not within RECOVERY_TIMEOUT_MS. */
  recoveredAt: number | null;
}

/** When each kind of probe sent after `since` first got a 200 answer (answer time), if all did. */
function allAnsweredOkAfter(probes: readonly Probe[], since: number): number | null {
  let latest = 0;
  for (const kind of KINDS) {
    const first = probes.find((p) => p.kind === kind && p.at >= since && p.status === 200);
    if (!first) return null;
    latest = Math.max(latest, first.at + first.ms);
  }
  return latest;
}

/** Runs `action` (a stop, a restart…) and waits until the server answers every kind of probe again. */
export async function outage(label: string, prober: Prober, action: () => Promise<void>): Promise<Outage> {
  const startedAt = prober.now();
  await action();
  const backAt = prober.now();
  const deadline = performance.now() + RECOVERY_TIMEOUT_MS;
  let recoveredAt = allAnsweredOkAfter(prober.probes, backAt);
  while (recoveredAt === null && performance.now() < deadline) {
    await sleep(100);
    recoveredAt = allAnsweredOkAfter(prober.probes, backAt);
  }
  return { label, startedAt, backAt, recoveredAt };
}

export interface OutageFigures {
  label: string;
  /** How long the database was away: from the command to its return. */
  downSeconds: number;
  /** From the database's return to the first 200 of every kind of probe. */
  recoverySeconds: number | null;
  probes: number;
  ok: number;
  clean503: number;
  unclean: number;
  /** Slowest answer (or non-answer) of a probe sent during the outage. */
  maxMs: number;
  /** The first and last probe answered otherwise than 200, as seconds from the command. */
  failingFrom: number | null;
  failingTo: number | null;
}

/** The probes sent from the command to the recovery (or 30 s after the return when there was none). */
export function outageFigures(o: Outage, probes: readonly Probe[]): OutageFigures {
  const end = o.recoveredAt ?? o.backAt + RECOVERY_TIMEOUT_MS;
  const during = probes.filter((p) => p.at >= o.startedAt && p.at <= end);
  const failing = during.filter((p) => p.status !== 200).map((p) => (p.at - o.startedAt) / 1000);
  return {
    label: o.label,
    downSeconds: (o.backAt - o.startedAt) / 1000,
    recoverySeconds: o.recoveredAt === null ? null : (o.recoveredAt - o.backAt) / 1000,
    probes: during.length,
    ok: during.filter((p) => verdictOf(p) === "ok").length,
    clean503: during.filter((p) => verdictOf(p) === "clean 503").length,
    unclean: during.filter((p) => verdictOf(p) === "unclean").length,
    maxMs: Math.max(0, ...during.map((p) => p.ms)),
    failingFrom: failing.length > 0 ? Math.min(...failing) : null,
    failingTo: failing.length > 0 ? Math.max(...failing) : null,
  };
}
