import v8 from "node:v8";
import vm from "node:vm";

/**
 * Gives back, once the server is quiet, the heap a burst of requests grew into (decision 018).
 *
 * V8 keeps the pages its heap grew into under load, and collects them only as it allocates again: a server
 * that goes quiet after a busy hour sits on them for good (measured: 271 MB of RSS two seconds after a load,
 * still 279 MB ten seconds later; V8's own memory reducer did not run). Two full collections once the server
 * has been quiet give them back (271 → 238 MB). They take 50–150 ms, so they run only after a quiet spell,
 * and only when the heap has grown since the last time: a server with a request every few seconds does
 * not pay for them.
 */

/** No request for this long, none running: the server is quiet. */
export const QUIET_MS = 1_000;
/** The heap must have grown by this much since the last collection here for another one to be worth it. */
export const GROWTH_BYTES = 32 * 1024 * 1024;
/** How often the timer looks. */
const CHECK_EVERY_MS = 500;

export interface IdleCollectorOptions {
  /** Runs a full collection (injected by tests). */
  collect?: () => void;
  /** The heap's committed bytes (injected by tests). */
  heapBytes?: () => number;
  now?: () => number;
}

export interface IdleCollector {
  /** A request started or ended. */
  touch(): void;
  /** Collects if the server is quiet and the heap has grown; true when it did. Called by the timer. */
  check(inFlight: number): boolean;
  /** Starts the timer (unref'd: it never keeps the process alive); `inFlight` tells of running requests. */
  start(inFlight: () => number): void;
  stop(): void;
}

/** V8's full collection, reached without starting Node with --expose-gc. */
function fullCollection(): () => void {
  v8.setFlagsFromString("--expose-gc");
  const gc = vm.runInNewContext("gc") as () => void;
  // Twice: the first marks the burst's garbage free, the second compacts and releases the emptied pages.
  return () => {
    gc();
    gc();
  };
}

const committedHeapBytes = () => v8.getHeapStatistics().total_physical_size;

export function createIdleCollector(options: IdleCollectorOptions = {}): IdleCollector {
  const collect = options.collect ?? fullCollection();
  const heapBytes = options.heapBytes ?? committedHeapBytes;
  const now = options.now ?? Date.now;
  let lastTouch = now();
  let baseline = heapBytes();
  let timer: NodeJS.Timeout | undefined;

  const collector: IdleCollector = {
    touch() {
      lastTouch = now();
    },
    check(inFlight) {
      const heap = heapBytes();
      // V8 may give pages back by itself: growth counts from the lowest the heap has been since.
      baseline = Math.min(baseline, heap);
      if (inFlight > 0 || now() - lastTouch < QUIET_MS || heap - baseline < GROWTH_BYTES) return false;
      collect();
      baseline = heapBytes();
      return true;
    },
    start(inFlight) {
      timer ??= setInterval(() => collector.check(inFlight()), CHECK_EVERY_MS).unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
  return collector;
}
