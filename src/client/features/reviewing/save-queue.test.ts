import { describe, expect, it, vi } from "vitest";
import { createSaveQueue } from "./save-queue";

/** A save the test settles by hand. */
function deferredSaves<T>() {
  const calls: { value: T; resolve: (r: string) => void; reject: (e: unknown) => void }[] = [];
  const save = (value: T) =>
    new Promise<string>((resolve, reject) => {
      calls.push({ value, resolve, reject });
    });
  return { calls, save };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the save queue", () => {
  it("sends one value at a time and then the newest one waiting", async () => {
    const { calls, save } = deferredSaves<number>();
    const onSaved = vi.fn();
    const queue = createSaveQueue({ save, onSaved, onFailed: vi.fn() });

    queue.push(1);
    queue.push(2);
    queue.push(3);
    expect(calls.map((c) => c.value)).toEqual([1]);
    expect(queue.busy).toBe(true);

    calls[0]?.resolve("r1");
    await flush();
    expect(onSaved).toHaveBeenLastCalledWith("r1", 1, true);
    expect(calls.map((c) => c.value)).toEqual([1, 3]);

    calls[1]?.resolve("r3");
    await flush();
    expect(onSaved).toHaveBeenLastCalledWith("r3", 3, false);
    expect(queue.busy).toBe(false);
  });

  it("merges waiting values when told how", async () => {
    const { calls, save } = deferredSaves<number[]>();
    const queue = createSaveQueue({
      save,
      onSaved: vi.fn(),
      onFailed: vi.fn(),
      merge: (a, b) => [...a, ...b],
    });
    queue.push([1]);
    queue.push([2]);
    queue.push([3]);
    calls[0]?.resolve("ok");
    await flush();
    expect(calls[1]?.value).toEqual([2, 3]);
  });

  it("drops what was waiting when a save fails, and reports the failure once", async () => {
    const { calls, save } = deferredSaves<number>();
    const onFailed = vi.fn();
    const onSaved = vi.fn();
    const busy = vi.fn();
    const queue = createSaveQueue({ save, onSaved, onFailed, onBusyChange: busy });
    queue.push(1);
    queue.push(2);
    const error = new Error("refused");
    calls[0]?.reject(error);
    await flush();
    expect(onFailed).toHaveBeenCalledTimes(1);
    expect(onFailed).toHaveBeenCalledWith(error, 1);
    expect(onSaved).not.toHaveBeenCalled();
    expect(calls).toHaveLength(1);
    expect(busy.mock.calls).toEqual([[true], [false]]);

    // The queue works again afterwards.
    queue.push(4);
    expect(calls.map((c) => c.value)).toEqual([1, 4]);
  });
});
