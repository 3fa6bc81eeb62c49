import type { ChildProcess } from "node:child_process";

/** The scanners running now, stopped with the run if it is interrupted (Ctrl-C). */
const running = new Set<ChildProcess>();

export function track<T extends ChildProcess>(child: T): T {
  running.add(child);
  child.once("exit", () => running.delete(child));
  return child;
}

export function stopScanners(): void {
  for (const child of running) child.kill("SIGTERM");
}
