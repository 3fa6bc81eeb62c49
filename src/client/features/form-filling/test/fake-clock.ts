import type { Clock } from "../autosave";

/** Test support (autosave and typing tests): a clock whose time moves only when the test says so. */
export class FakeClock implements Clock {
  time = Date.UTC(2030, 0, 1);
  private nextId = 1;
  private timers = new Map<number, { at: number; callback: () => void }>();

  now() {
    return this.time;
  }
  /** How many timers wait to fire. */
  get pendingTimers() {
    return this.timers.size;
  }
  setTimeout(callback: () => void, ms: number) {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + ms, callback });
    return id;
  }
  clearTimeout(handle: unknown) {
    this.timers.delete(handle as number);
  }
  /** Moves time on, running each timer that falls due (and the promises it settles) in order. */
  async advance(ms: number) {
    const end = this.time + ms;
    for (;;) {
      const due = [...this.timers.entries()]
        .filter(([, t]) => t.at <= end)
        .sort(([, a], [, b]) => a.at - b.at)[0];
      if (!due) break;
      const [id, timer] = due;
      this.timers.delete(id);
      this.time = timer.at;
      timer.callback();
      await settle();
    }
    this.time = end;
    await settle();
  }
}

/** Lets the promises settled so far run their callbacks. */
export const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
