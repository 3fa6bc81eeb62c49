import { describe, expect, it } from "vitest";
import type { Answer } from "../../../../shared/forms/answers";
import { Autosave } from "../autosave";
import type { LocalCopy } from "../local-copy";
import { textAnswer as answer } from "../test/answers";
import { FakeClock } from "../test/fake-clock";
import { TYPING_PAUSE_MS, TypingBuffer } from "./typing-buffer";

function setup() {
  const timers = new FakeClock();
  const committed: Answer[] = [];
  const buffer = new TypingBuffer((a) => committed.push(a), timers);
  return { timers, committed, buffer };
}

describe("TypingBuffer", () => {
  it("commits the newest text once the typing pauses, the pause starting again with every key", async () => {
    const { timers, committed, buffer } = setup();
    buffer.type(answer("q1", "H"));
    await timers.advance(TYPING_PAUSE_MS - 50);
    buffer.type(answer("q1", "Hi"));
    await timers.advance(TYPING_PAUSE_MS - 50);
    expect(committed).toEqual([]);
    expect(buffer.waitingAnswer("q1")?.answerString).toBe("Hi");
    await timers.advance(50);
    expect(committed.map((a) => a.answerString)).toEqual(["Hi"]);
    expect(buffer.waitingAnswer("q1")).toBeUndefined();
    // One timer at most, whatever the number of keys.
    expect(timers.pendingTimers).toBe(0);
  });

  it("commits at once when asked (a field left, Back, Next, Submit), each question's newest text once", async () => {
    const { timers, committed, buffer } = setup();
    buffer.type(answer("q1", "a"));
    buffer.type(answer("q2", "b"));
    buffer.type(answer("q1", "ab"));
    buffer.commitNow();
    expect(committed.map((a) => [a.questionId, a.answerString])).toEqual([
      ["q1", "ab"],
      ["q2", "b"],
    ]);
    await timers.advance(TYPING_PAUSE_MS * 2);
    expect(committed).toHaveLength(2);
  });

  it("commits what waits when disposed, and nothing twice", async () => {
    const { timers, committed, buffer } = setup();
    buffer.type(answer("q1", "kept"));
    buffer.dispose();
    await timers.advance(TYPING_PAUSE_MS);
    expect(committed.map((a) => a.answerString)).toEqual(["kept"]);
  });
});

/**
 * The page's side of typing (use-submission-editor.ts): every key's answer goes to the autosave at once
 * (`onAnswerTyping`), the buffer only delays the form's re-render. So a page hidden or closed within the
 * pause keeps the last key in the browser's copy, and a submit right after typing sends it.
 */
describe("typing, with the autosave behind it", () => {
  function page() {
    const timers = new FakeClock();
    const copies: LocalCopy[] = [];
    const sent: Answer[][] = [];
    let answers: Answer[] = [];
    const autosave = new Autosave({
      revision: 1,
      answers: [],
      lastSavedAt: null,
      transport: async (revision, saved) => {
        sent.push(saved);
        return {
          revision: revision + 1,
          lastSaveDate: new Date(timers.now()).toISOString(),
          identifier: "A-1",
        };
      },
      localCopy: { write: (copy) => copies.push(copy), clear: () => undefined },
      onStatus: () => undefined,
      clock: timers,
    });
    const committed: Answer[] = [];
    const buffer = new TypingBuffer((a) => committed.push(a), timers);
    const typeKey = (a: Answer) => {
      buffer.type(a);
      answers = [...answers.filter((x) => x.questionId !== a.questionId), a];
      autosave.change(answers);
    };
    return { timers, copies, sent, autosave, buffer, committed, typeKey };
  }

  it("a page hidden or closed within the pause keeps the last key in the browser's copy", () => {
    const { copies, autosave, committed, typeKey } = page();
    typeKey(answer("q1", "Almost"));
    typeKey(answer("q1", "Almost done"));
    // pagehide / visibilitychange → keepCopyNow, before any pause has ended.
    autosave.keepCopyNow();
    expect(committed).toEqual([]);
    expect(copies.at(-1)?.answers.map((a) => a.answerString)).toEqual(["Almost done"]);
  });

  it("a submit right after typing sends the last characters", async () => {
    const { sent, autosave, typeKey } = page();
    typeKey(answer("q1", "Last"));
    typeKey(answer("q1", "Last keys"));
    await autosave.flush();
    expect(sent.at(-1)?.map((a) => a.answerString)).toEqual(["Last keys"]);
  });
});
