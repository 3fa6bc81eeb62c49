import { setTimeout as sleep } from "node:timers/promises";
import type { ChaosServer } from "./server";

/** "Every ~0.5–1 s": the time from the start of one save to the start of the same client's next. */
const SAVE_INTERVAL_MS = { min: 500, max: 1000 } as const;
/** Reads back after a failure before a client gives up (the server may be killed again meanwhile). */
const RECOVERY_ATTEMPTS = 40;
const RECOVERY_PAUSE_MS = 250;

/** Set `stopping` and every client finishes the save (and recovery) it is in, then returns. */
export interface LoopControl {
  stopping: boolean;
  /** Clients that stopped on an error of their own (a bug in the simulation, not a lost write). */
  clientErrors: string[];
}

const between = (min: number, max: number) => min + Math.random() * (max - min);

/**
 * One client saving again and again, one save in flight, until told to stop. `save` answers whether to
 * go on (false: the client could not recover and stops). The first save comes after a random part of
 * one interval, so the clients do not save in step.
 */
export async function saveLoop(control: LoopControl, save: () => Promise<boolean>): Promise<void> {
  await sleep(between(0, SAVE_INTERVAL_MS.max));
  while (!control.stopping) {
    const startedAt = performance.now();
    try {
      if (!(await save())) return;
    } catch (error) {
      control.clientErrors.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
      return;
    }
    const wait = startedAt + between(SAVE_INTERVAL_MS.min, SAVE_INTERVAL_MS.max) - performance.now();
    if (wait > 0) await sleep(wait);
  }
}

/**
 * What a client does after a save that failed: waits until the server is back, then reads back what it
 * holds (`readBack` checks it and carries on from it). Answers whether that succeeded.
 */
export async function recoverAfterFailure(
  server: ChaosServer,
  readBack: () => Promise<void>,
): Promise<boolean> {
  for (let attempt = 0; attempt < RECOVERY_ATTEMPTS; attempt++) {
    try {
      await server.whenUp();
      await readBack();
      return true;
    } catch {
      await sleep(RECOVERY_PAUSE_MS);
    }
  }
  return false;
}

/** `work` over `items`, at most `concurrency` at a time, results in the order of `items`. */
export async function mapConcurrently<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}
