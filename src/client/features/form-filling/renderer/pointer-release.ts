/**
 * What waits for the pointer: a question's problems appear when the applicant leaves it, and the focus
 * leaves on the press of the mouse (or finger) on the next control. Shown at once, the message pushes that
 * control down before the button is released, and the click lands elsewhere: a radio stays unselected
 * (forms-and-applicants, "5. Validation rules"). So while a pointer is down, the reveal waits for its
 * release and for the click that follows it.
 */

const PRESS_EVENTS = ["pointerdown", "mousedown"] as const;
const RELEASE_EVENTS = ["pointerup", "mouseup", "pointercancel", "dragend"] as const;

export interface ReleaseGate {
  /** Runs `reveal` now, or after the pointer held down now is released and its click has landed. */
  defer: (reveal: () => void) => void;
  dispose: () => void;
}

/** Listens on `target` (the document), in the capture phase so nothing on the page can hide a press. */
export function createReleaseGate(
  target: EventTarget,
  later: (run: () => void) => void = (run) => setTimeout(run, 0),
): ReleaseGate {
  let held = false;
  let waiting: (() => void)[] = [];
  const press = () => {
    held = true;
  };
  const release = () => {
    held = false;
    if (waiting.length === 0) return;
    const run = waiting;
    waiting = [];
    // The click is dispatched right after the release, in the same task: run after it.
    later(() => {
      for (const reveal of run) reveal();
    });
  };
  const listening = new AbortController();
  const options = { capture: true, signal: listening.signal };
  for (const type of PRESS_EVENTS) target.addEventListener(type, press, options);
  for (const type of RELEASE_EVENTS) target.addEventListener(type, release, options);
  return {
    defer(reveal) {
      if (held) waiting.push(reveal);
      else reveal();
    },
    dispose() {
      listening.abort();
      held = false;
      waiting = [];
    },
  };
}
