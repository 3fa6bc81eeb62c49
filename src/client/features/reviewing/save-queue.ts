/**
 * Saves one value at a time, newest wins. A change made while a save is on its way waits for it and is
 * then sent (with whatever the last success taught, e.g. a new revision); changes made meanwhile are
 * merged into one. A failure drops what was waiting: the page goes back to the last saved state, and
 * sending changes built on a refused one would be wrong.
 */
export interface SaveQueueHandlers<T, R> {
  save: (value: T) => Promise<R>;
  /** `more`: another value is about to be sent, so the page should keep what it shows. */
  onSaved: (result: R, value: T, more: boolean) => void;
  onFailed: (error: unknown, value: T) => void;
  /** How a waiting value absorbs a newer one (default: the newer one replaces it). */
  merge?: (waiting: T, newer: T) => T;
  /** Called whenever the queue starts or stops working. */
  onBusyChange?: (busy: boolean) => void;
}

export interface SaveQueue<T> {
  push: (value: T) => void;
  /** A save is on its way or waiting. */
  readonly busy: boolean;
}

export function createSaveQueue<T, R>(handlers: SaveQueueHandlers<T, R>): SaveQueue<T> {
  let running = false;
  let waiting: { value: T } | null = null;

  const setRunning = (next: boolean) => {
    if (running === next) return;
    running = next;
    handlers.onBusyChange?.(next);
  };

  async function run(value: T): Promise<void> {
    setRunning(true);
    let current: T | null = value;
    while (current !== null) {
      const sending: T = current;
      try {
        const result = await handlers.save(sending);
        handlers.onSaved(result, sending, waiting !== null);
        current = waiting?.value ?? null;
        waiting = null;
      } catch (error) {
        waiting = null;
        current = null;
        handlers.onFailed(error, sending);
      }
    }
    setRunning(false);
  }

  return {
    push(value: T) {
      if (!running) {
        void run(value);
        return;
      }
      waiting = { value: waiting && handlers.merge ? handlers.merge(waiting.value, value) : value };
    },
    get busy() {
      return running;
    },
  };
}
