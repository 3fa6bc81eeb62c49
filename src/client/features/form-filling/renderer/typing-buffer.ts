import type { Answer } from "../../../../shared/forms/answers";

/**
 * What a text question's keys wait for before the form re-renders (docs/decisions/045-keystrokes.md): the
 * newest answer of each question being typed in, committed once the typing pauses, or at once when asked
 * (the field is left, Back, Next or Submit). The input shows what is typed by itself (it is uncontrolled),
 * and the page keeps every key's answer as it comes (`FormRendererProps.onAnswerTyping`): only the work that
 * can wait — the form's answers, its validation, branching and progress — waits here.
 */

/** The pause in typing after which the typed answers are committed (under the autosave's own pause). */
export const TYPING_PAUSE_MS = 300;

export interface TypingTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const systemTimers: TypingTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

export class TypingBuffer {
  /** The newest typed answer of each question not committed yet, in the order first typed. */
  private readonly waiting = new Map<string, Answer>();
  private timer: unknown = null;

  constructor(
    private readonly commit: (answer: Answer) => void,
    private readonly timers: TypingTimers = systemTimers,
    private readonly pauseMs: number = TYPING_PAUSE_MS,
  ) {}

  /** One key's answer: held until the typing pauses (the pause starts again with every key). */
  type(answer: Answer): void {
    this.waiting.set(answer.questionId, answer);
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      this.commitNow();
    }, this.pauseMs);
  }

  /** The typed answer of a question still waiting, if any. */
  waitingAnswer(questionId: string): Answer | undefined {
    return this.waiting.get(questionId);
  }

  /** Commits every answer waiting, now (the applicant left the field, or moves on). */
  commitNow(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    const answers = [...this.waiting.values()];
    this.waiting.clear();
    for (const answer of answers) this.commit(answer);
  }

  /** No more timers; what still waits is committed. */
  dispose(): void {
    this.commitNow();
  }
}
