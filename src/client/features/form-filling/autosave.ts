import type { Answer } from "../../../shared/forms/answers";
import type { SaveAnswersResult } from "../../../shared/schemas/submissions";
import type { LocalCopy } from "./local-copy";

/**
 * Autosave ("never lose a word", docs/decisions/007-submissions.md), apart from React so it can be driven by
 * tests: every change is written to the browser's copy after a short pause in typing (and at once when the
 * field loses focus or the page is hidden or closed: `keepCopyNow`, and before every request), then saved
 * after a longer pause (or on Save), one request at a time, each carrying every answer and the last
 * acknowledged revision. Writing the copy on every key cost a JSON encoding of every answer and a
 * synchronous storage write per keystroke (docs/decisions/033-compressed-assets-and-route-css.md).
 * A dropped connection or a server failure is retried with backoff; an expired session pauses
 * until the applicant is signed in again; a stale tab, a closed form or a submission made elsewhere
 * stop saving for good (the copy stays in the browser). Nothing here ever discards an answer.
 */

export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

/** Sends every answer, based on `revision`; rejects with the server's error (or a network failure). */
export type SaveTransport = (revision: number, answers: Answer[]) => Promise<SaveAnswersResult>;

/** Where the browser's copy lives (already bound to one submission). */
export interface LocalCopyWriter {
  write(copy: LocalCopy): void;
  clear(): void;
}

export type AutosavePhase =
  /** Every change is acknowledged. */
  | "saved"
  /** Changes wait for the pause in typing. */
  | "pending"
  | "saving"
  /** The last attempt failed (network or server): retried with backoff, and when the browser is back online. */
  | "offline"
  /** 401: the session ended. Paused (changes are kept in the browser) until `resume()`. */
  | "unauthorized"
  /** 409 STALE_REVISION: another tab or window saved. Never overwritten: saving stops until a reload. */
  | "stale"
  /** 409 FORM_CLOSED: the form closed meanwhile. */
  | "closed"
  /** 409 SUBMITTED: the application was submitted elsewhere. */
  | "submitted"
  /** Another refusal (400…): not retried until the next change or Save. */
  | "rejected";

/** Phases after which nothing more is sent. */
const FINAL_PHASES = new Set<AutosavePhase>(["stale", "closed", "submitted"]);

export interface AutosaveStatus {
  phase: AutosavePhase;
  /** Whether some change is not acknowledged by the server yet. */
  dirty: boolean;
  /** The last acknowledged revision. */
  revision: number;
  /** When the server last stored the answers (ISO). */
  lastSavedAt: string | null;
  /** Why the last attempt failed (offline and refused phases). */
  error: unknown;
}

type Refusal = "unauthorized" | "stale" | "closed" | "submitted" | "rejected";
type Failure = "offline" | Refusal;

function property(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null && key in value
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

/** What a failed save means: anything without an HTTP status is a network failure. */
export function classifySaveError(error: unknown): Failure {
  const status = property(error, "status");
  if (typeof status !== "number") return "offline";
  if (status >= 500 || status === 408 || status === 429) return "offline";
  if (status === 401) return "unauthorized";
  if (status === 409) {
    switch (property(error, "code")) {
      case "STALE_REVISION":
        return "stale";
      case "FORM_CLOSED":
        return "closed";
      case "SUBMITTED":
        return "submitted";
      default:
        return "rejected";
    }
  }
  return "rejected";
}

/** Why `flush()` could not finish: the status says what stands in the way. */
export class SaveBlockedError extends Error {
  readonly status: AutosaveStatus;
  readonly reason: unknown;

  constructor(status: AutosaveStatus, reason: unknown) {
    super(reason instanceof Error ? reason.message : `Answers not saved (${status.phase})`);
    this.name = "SaveBlockedError";
    this.status = status;
    this.reason = reason;
  }
}

export const DEFAULT_DEBOUNCE_MS = 800;
/** The pause in typing after which the browser's copy is written… */
export const DEFAULT_COPY_DELAY_MS = 300;
/** …and the longest a change waits for it while the typing goes on. */
export const DEFAULT_COPY_MAX_WAIT_MS = 1000;
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 5000, 10_000];

export interface AutosaveOptions {
  /** The revision and answers as loaded from the server. */
  revision: number;
  answers: readonly Answer[];
  lastSavedAt: string | null;
  transport: SaveTransport;
  localCopy: LocalCopyWriter;
  onStatus: (status: AutosaveStatus) => void;
  /** A save went through (the new revision, time and identifier). */
  onSaved?: (result: SaveAnswersResult) => void;
  clock?: Clock;
  debounceMs?: number;
  copyDelayMs?: number;
  copyMaxWaitMs?: number;
  /** The wait before each retry; the last one repeats. */
  retryDelaysMs?: readonly number[];
}

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

export class Autosave {
  private readonly clock: Clock;
  private readonly debounceMs: number;
  private readonly copyDelayMs: number;
  private readonly copyMaxWaitMs: number;
  private readonly retryDelaysMs: readonly number[];
  private revision: number;
  private lastSavedAt: string | null;
  private answers: Answer[];
  /** When the newest change was made (ms). */
  private changedAt: number;
  /** A change not in the browser's copy yet: since when (ms), or null. */
  private copyPendingSince: number | null = null;
  private copyTimer: unknown = null;
  /** Bumped by every change; `ackedVersion` is the newest one the server holds. */
  private version = 0;
  private ackedVersion = 0;
  private inFlight = false;
  /** A save was asked for while one was running: send again as soon as it is done. */
  private sendAfterFlight = false;
  private debounceTimer: unknown = null;
  private retryTimer: unknown = null;
  /** Failed attempts in a row. */
  private failures = 0;
  private lastError: unknown = null;
  private refusal: Refusal | null = null;
  private waiters: Waiter[] = [];
  private disposed = false;
  private lastEmitted: AutosaveStatus | null = null;

  constructor(private readonly options: AutosaveOptions) {
    this.clock = options.clock ?? systemClock;
    this.debounceMs = options.debounceMs ?? DEFAULT_DEBOUNCE_MS;
    this.retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.copyDelayMs = options.copyDelayMs ?? DEFAULT_COPY_DELAY_MS;
    this.copyMaxWaitMs = options.copyMaxWaitMs ?? DEFAULT_COPY_MAX_WAIT_MS;
    this.revision = options.revision;
    this.lastSavedAt = options.lastSavedAt;
    this.answers = [...options.answers];
    this.changedAt = this.clock.now();
  }

  // -------------------------------------------------------------------------------------------
  // Reading
  // -------------------------------------------------------------------------------------------

  get status(): AutosaveStatus {
    return {
      phase: this.phase(),
      dirty: this.isDirty(),
      revision: this.revision,
      lastSavedAt: this.lastSavedAt,
      error: this.lastError,
    };
  }

  /** The answers as they are now (saved or not). */
  get currentAnswers(): readonly Answer[] {
    return this.answers;
  }

  isDirty(): boolean {
    return this.version !== this.ackedVersion;
  }

  private phase(): AutosavePhase {
    if (this.refusal !== null) return this.refusal;
    if (this.failures > 0) return "offline";
    if (this.inFlight) return "saving";
    return this.isDirty() ? "pending" : "saved";
  }

  private isFinal(): boolean {
    return this.refusal !== null && FINAL_PHASES.has(this.refusal);
  }

  // -------------------------------------------------------------------------------------------
  // Commands
  // -------------------------------------------------------------------------------------------

  /** Every answer after a change: kept in the browser after a short pause, saved after a longer one. */
  change(answers: readonly Answer[]): void {
    this.answers = [...answers];
    this.version += 1;
    this.changedAt = this.clock.now();
    this.scheduleCopy();
    if (this.disposed || this.isFinal() || this.refusal === "unauthorized") {
      this.emit();
      return;
    }
    // A refused save is tried again with the next change.
    if (this.refusal === "rejected") this.refusal = null;
    // While retrying, the next attempt sends the newest answers: no need to wait for the typing.
    if (this.retryTimer === null) this.schedule();
    this.emit();
  }

  /**
   * New answers that need no save (a file uploaded or removed: the server already has it). Kept
   * in the browser's copy when one is pending, so a restored copy shows the file too.
   */
  adopt(answers: readonly Answer[]): void {
    this.answers = [...answers];
    if (this.isDirty()) this.writeCopy();
  }

  /**
   * Writes the browser's copy now if a change waits for it: the field lost focus, the page is hidden or
   * closing (a phone's browser may be ended without warning once hidden).
   */
  keepCopyNow(): void {
    if (this.copyPendingSince !== null) this.writeCopy();
  }

  /** Save: now, without waiting for the pause in typing (also retries at once when offline). */
  saveNow(): void {
    if (this.disposed || this.isFinal() || this.refusal === "unauthorized") return;
    if (this.refusal === "rejected") this.refusal = null;
    this.clearDebounce();
    this.clearRetry();
    this.start();
  }

  /**
   * Resolves when every change is acknowledged (before a submit); rejects with `SaveBlockedError`
   * if the save fails or cannot be sent (the changes are still kept and retried as usual).
   */
  flush(): Promise<void> {
    if (this.refusal !== null && this.refusal !== "rejected") {
      return Promise.reject(new SaveBlockedError(this.status, this.lastError));
    }
    if (!this.isDirty() && !this.inFlight) return Promise.resolve();
    const done = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    this.saveNow();
    return done;
  }

  /** The applicant is signed in again: send what was kept. */
  resume(): void {
    if (this.disposed || this.refusal !== "unauthorized") return;
    this.refusal = null;
    this.lastError = null;
    if (this.isDirty()) this.start();
    this.emit();
  }

  /** The browser is back online: retry at once. */
  online(): void {
    if (this.disposed || this.retryTimer === null) return;
    this.clearRetry();
    this.start();
  }

  /** A submit or unsubmit moved the revision on (its answers are unchanged). */
  setRevision(revision: number): void {
    this.revision = revision;
    if (this.isDirty()) this.writeCopy();
    this.emit();
  }

  /**
   * The page closes: the copy written if a change waits for it, then no more timers. A save in flight
   * still clears the copy when acknowledged.
   */
  dispose(): void {
    this.keepCopyNow();
    this.disposed = true;
    this.clearDebounce();
    this.clearRetry();
  }

  // -------------------------------------------------------------------------------------------
  // The machine
  // -------------------------------------------------------------------------------------------

  private schedule() {
    this.clearDebounce();
    this.debounceTimer = this.clock.setTimeout(() => {
      this.debounceTimer = null;
      this.start();
    }, this.debounceMs);
  }

  private start() {
    if (this.disposed || this.refusal !== null) return;
    if (this.inFlight) {
      this.sendAfterFlight = true;
      return;
    }
    if (!this.isDirty()) {
      this.settleWaiters();
      this.emit();
      return;
    }
    this.send();
  }

  private send() {
    // Never a request for answers the browser does not hold yet.
    this.keepCopyNow();
    const version = this.version;
    const answers = this.answers;
    this.inFlight = true;
    this.sendAfterFlight = false;
    this.emit();
    let sent: Promise<SaveAnswersResult>;
    try {
      sent = this.options.transport(this.revision, answers);
    } catch (error) {
      sent = Promise.reject(error);
    }
    sent.then(
      (result) => this.acknowledged(version, result),
      (error: unknown) => this.failed(error),
    );
  }

  private acknowledged(version: number, result: SaveAnswersResult) {
    const sendAgain = this.sendAfterFlight;
    this.inFlight = false;
    this.sendAfterFlight = false;
    this.failures = 0;
    this.lastError = null;
    this.revision = result.revision;
    this.lastSavedAt = result.lastSaveDate;
    this.ackedVersion = version;
    this.options.onSaved?.(result);
    if (!this.isDirty()) {
      this.cancelCopy();
      this.options.localCopy.clear();
      this.settleWaiters();
    } else {
      // Typed during the request: the copy now builds on the new revision.
      this.writeCopy();
      if (!this.disposed) {
        if (sendAgain || this.waiters.length > 0) this.send();
        else if (this.debounceTimer === null) this.schedule();
      }
    }
    this.emit();
  }

  private failed(error: unknown) {
    this.inFlight = false;
    this.sendAfterFlight = false;
    this.lastError = error;
    const failure = classifySaveError(error);
    if (failure === "offline") {
      this.failures += 1;
      const delay =
        this.retryDelaysMs[Math.min(this.failures, this.retryDelaysMs.length) - 1] ?? this.debounceMs;
      this.clearDebounce();
      if (!this.disposed) {
        this.retryTimer = this.clock.setTimeout(() => {
          this.retryTimer = null;
          this.start();
        }, delay);
      }
    } else {
      this.failures = 0;
      this.refusal = failure;
      this.clearDebounce();
    }
    this.rejectWaiters(new SaveBlockedError(this.status, error));
    this.emit();
  }

  private writeCopy() {
    this.cancelCopy();
    this.options.localCopy.write({
      baseRevision: this.revision,
      answers: this.answers,
      changedAt: new Date(this.changedAt).toISOString(),
    });
  }

  /** After a change: the copy is written once the typing pauses, or after the longest wait. */
  private scheduleCopy() {
    if (this.disposed) {
      this.writeCopy();
      return;
    }
    this.copyPendingSince ??= this.changedAt;
    // One timer for a burst of keys (not one set and cleared per key): it checks when it fires.
    if (this.copyTimer === null) this.armCopyTimer(this.copyDelayMs);
  }

  private armCopyTimer(ms: number) {
    this.copyTimer = this.clock.setTimeout(() => {
      this.copyTimer = null;
      if (this.copyPendingSince === null) return;
      const now = this.clock.now();
      const quiet = now - this.changedAt;
      const waited = now - this.copyPendingSince;
      if (quiet >= this.copyDelayMs || waited >= this.copyMaxWaitMs) this.writeCopy();
      else this.armCopyTimer(Math.min(this.copyDelayMs - quiet, this.copyMaxWaitMs - waited));
    }, ms);
  }

  private cancelCopy() {
    this.copyPendingSince = null;
    if (this.copyTimer !== null) this.clock.clearTimeout(this.copyTimer);
    this.copyTimer = null;
  }

  private settleWaiters() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter.resolve();
  }

  private rejectWaiters(error: unknown) {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter.reject(error);
  }

  private clearDebounce() {
    if (this.debounceTimer !== null) this.clock.clearTimeout(this.debounceTimer);
    this.debounceTimer = null;
  }

  private clearRetry() {
    if (this.retryTimer !== null) this.clock.clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private emit() {
    if (this.disposed) return;
    const status = this.status;
    const last = this.lastEmitted;
    if (
      last !== null &&
      last.phase === status.phase &&
      last.dirty === status.dirty &&
      last.revision === status.revision &&
      last.lastSavedAt === status.lastSavedAt &&
      last.error === status.error
    )
      return;
    this.lastEmitted = status;
    this.options.onStatus(status);
  }
}
