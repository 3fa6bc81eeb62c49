import { setTimeout as sleep } from "node:timers/promises";
import type { LoopControl } from "../chaos/loop";
import type { Recorder } from "./recorder";

/**
 * One client doing `step` every `intervalMs` (start to start) until told to stop: a steady rate as
 * long as the server keeps up; when it does not, the next step starts as soon as the last is answered.
 * The first step comes after a random part of one interval, so the clients do not send in step.
 *
 * A step that throws after an error the recorder counted (no answer, or a refusal a helper turns into
 * an exception) goes on with the next step, as a user would retry: the error is in the figures already.
 * A step that throws otherwise is a bug of the load, not an answer of the server: the client stops
 * and says so.
 */
export async function steadyLoop(
  control: LoopControl,
  intervalMs: number,
  step: () => Promise<void>,
  recorder: Pick<Recorder, "totalErrors">,
): Promise<void> {
  await sleep(Math.random() * intervalMs);
  while (!control.stopping) {
    const startedAt = performance.now();
    const errorsBefore = recorder.totalErrors;
    try {
      await step();
    } catch (error) {
      if (recorder.totalErrors === errorsBefore) {
        control.clientErrors.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
        return;
      }
    }
    const wait = startedAt + intervalMs - performance.now();
    if (wait > 0) await sleep(wait);
  }
}
