import { describe, expect, it } from "vitest";
import { createReleaseGate } from "./pointer-release";

function gate() {
  const target = new EventTarget();
  const queued: (() => void)[] = [];
  const { defer, dispose } = createReleaseGate(target, (run) => queued.push(run));
  const fire = (type: string) => target.dispatchEvent(new Event(type));
  const flush = () => {
    for (const run of queued.splice(0)) run();
  };
  return { defer, dispose, fire, flush, queued };
}

describe("createReleaseGate", () => {
  it("reveals at once when no pointer is down (the applicant tabbed away)", () => {
    const { defer } = gate();
    let shown = false;
    defer(() => {
      shown = true;
    });
    expect(shown).toBe(true);
  });

  it("waits while the mouse is down, and reveals after the release's click", () => {
    const { defer, fire, flush, queued } = gate();
    const shown: string[] = [];
    fire("pointerdown");
    fire("mousedown");
    defer(() => shown.push("email"));
    defer(() => shown.push("name"));
    expect(shown).toEqual([]);
    fire("pointerup");
    // Not yet: the click comes after the release.
    expect(shown).toEqual([]);
    expect(queued).toHaveLength(1);
    fire("mouseup");
    flush();
    expect(shown).toEqual(["email", "name"]);
  });

  it("waits for a finger's compatibility mouse events too, and stops listening once disposed", () => {
    const { defer, dispose, fire, flush } = gate();
    const shown: string[] = [];
    fire("pointerdown");
    fire("pointerup");
    fire("mousedown");
    defer(() => shown.push("email"));
    fire("mouseup");
    flush();
    expect(shown).toEqual(["email"]);
    dispose();
    fire("mousedown");
    defer(() => shown.push("after"));
    expect(shown).toEqual(["email", "after"]);
  });

  it("lets a cancelled press go (a scroll gesture)", () => {
    const { defer, fire, flush } = gate();
    const shown: string[] = [];
    fire("pointerdown");
    defer(() => shown.push("email"));
    fire("pointercancel");
    flush();
    expect(shown).toEqual(["email"]);
  });
});
