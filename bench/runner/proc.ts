import { readdirSync, readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

/** What Linux reports in /proc about the server process: memory, and CPU time to tell when it is idle. */

/** A process's resident set size in MB from /proc/<pid>/status, or null if unavailable. */
export function readRssMb(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Samples a process's RSS at a fixed interval until stopped; reports the highest sample. */
export function sampleRss(pid: number, intervalMs = 200): { stop(): number | null } {
  let max: number | null = readRssMb(pid);
  const record = () => {
    const rss = readRssMb(pid);
    if (rss !== null && (max === null || rss > max)) max = rss;
  };
  const timer = setInterval(record, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      record();
      return max;
    },
  };
}

/** Clock ticks per second in /proc/<pid>/stat (USER_HZ, 100 on Linux). */
export const TICKS_PER_SECOND = 100;

/** User + system CPU time in clock ticks (usually 1/100 s), or null if unavailable. */
export function cpuTicks(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/**
 * Waits until the process uses less than about 10 % of a core over `windowMs`, or `maxMs` passed:
 * requests a load run left in flight are finished before the next run, or before the server stops.
 */
export async function waitForIdleCpu(pid: number, windowMs = 200, maxMs = 10_000): Promise<void> {
  const deadline = performance.now() + maxMs;
  const idleTicks = Math.max(1, Math.round(windowMs / 100)); // 10 % of the window at 100 ticks/s
  let before = cpuTicks(pid);
  while (before !== null && performance.now() < deadline) {
    await sleep(windowMs);
    const after = cpuTicks(pid);
    if (after === null || after - before <= idleTicks) return;
    before = after;
  }
}

/**
 * CPU time of every process named `postgres` on this machine (the server and its backends), in
 * clock ticks: with PostgreSQL the database's work is not in our server's process. Null when there
 * is none (PGlite, or a database on another machine).
 */
export function postgresCpuTicks(): number | null {
  let total: number | null = null;
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      if (stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")) !== "postgres") continue;
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      total = (total ?? 0) + Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended while we looked.
    }
  }
  return total;
}
