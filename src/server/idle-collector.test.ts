import { describe, expect, it } from "vitest";
import { createIdleCollector, GROWTH_BYTES, QUIET_MS } from "./idle-collector";

const MB = 1024 * 1024;

/** A collector on a fake clock and heap; `collections` counts the full collections it ran. */
function fakeCollector(startHeap = 100 * MB) {
  const state = { time: 0, heap: startHeap, collections: 0, heapAfterCollection: startHeap };
  const collector = createIdleCollector({
    now: () => state.time,
    heapBytes: () => state.heap,
    collect: () => {
      state.collections += 1;
      state.heap = state.heapAfterCollection;
    },
  });
  return { state, collector };
}

describe("idle collector", () => {
  it("collects once the server is quiet after its heap grew, and not again until it grows again", () => {
    const { state, collector } = fakeCollector();
    state.heap += GROWTH_BYTES + MB;
    collector.touch();
    state.time += QUIET_MS;
    expect(collector.check(0)).toBe(true);
    expect(state.collections).toBe(1);
    state.time += 10 * QUIET_MS;
    expect(collector.check(0)).toBe(false);
    expect(state.collections).toBe(1);
  });

  it("waits while a request runs or one ended less than the quiet time ago", () => {
    const { state, collector } = fakeCollector();
    state.heap += 2 * GROWTH_BYTES;
    state.time += QUIET_MS;
    expect(collector.check(1)).toBe(false);
    collector.touch();
    state.time += QUIET_MS - 1;
    expect(collector.check(0)).toBe(false);
    expect(state.collections).toBe(0);
    state.time += 1;
    expect(collector.check(0)).toBe(true);
  });

  it("leaves a heap that grew by less than the threshold alone", () => {
    const { state, collector } = fakeCollector();
    state.heap += GROWTH_BYTES - MB;
    state.time += 60 * QUIET_MS;
    expect(collector.check(0)).toBe(false);
    expect(state.collections).toBe(0);
  });

  it("counts growth from the lowest the heap has been, as V8 may shrink it by itself", () => {
    const { state, collector } = fakeCollector();
    state.time += QUIET_MS;
    state.heap -= 20 * MB;
    expect(collector.check(0)).toBe(false);
    state.heap += GROWTH_BYTES;
    expect(collector.check(0)).toBe(true);
  });

  it("measures growth from what the last collection left", () => {
    const { state, collector } = fakeCollector();
    state.heapAfterCollection = 150 * MB;
    state.heap = 100 * MB + GROWTH_BYTES;
    state.time += QUIET_MS;
    expect(collector.check(0)).toBe(true);
    state.heap = 150 * MB + GROWTH_BYTES - MB;
    expect(collector.check(0)).toBe(false);
    state.heap += MB;
    expect(collector.check(0)).toBe(true);
    expect(state.collections).toBe(2);
  });

  it("runs V8's own full collection by default, without Node started with --expose-gc", () => {
    let time = 0;
    let heap = 0;
    const collector = createIdleCollector({ heapBytes: () => heap, now: () => time });
    heap = GROWTH_BYTES;
    time = QUIET_MS;
    expect(collector.check(0)).toBe(true);
  });
});
