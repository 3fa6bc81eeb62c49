import type { FormContent } from "../../../shared/forms/model";
import type { FormResult, SaveFormResult } from "../../../shared/schemas/forms";

export type SyncStatus =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved"; at: Date }
  | { kind: "failed"; error: unknown }
  /** Someone else saved meanwhile: nothing more is sent until the builder reloads. */
  | { kind: "stale" };

export interface FormSyncDeps {
  /** The content the builder shows now (its edits may be ahead of the server). */
  latest(): FormContent;
  /** Replaces the builder's content (after a server operation changed the structure). */
  replace(content: FormContent): void;
  save(content: FormContent, revision: number): Promise<SaveFormResult>;
  /** A save went through: its new revision and time. */
  saved(result: SaveFormResult): void;
  /** A server operation went through: the form's new revision, draft flag, links… */
  accepted(result: FormResult): void;
  status(status: SyncStatus): void;
}

/** The error code of a save based on an older revision. */
export const STALE_REVISION = "STALE_REVISION";

function isStale(error: unknown): boolean {
  return typeof error === "object" && error !== null && "code" in error && error.code === STALE_REVISION;
}

/**
 * Keeps the server in step with the builder: one request at a time, each with the newest revision.
 * Saves requested while one is running collapse into a single save of the latest content, so a burst of
 * edits costs two requests at most. A failed save keeps the edits (the content is never reset) and the
 * next change or Save tries again.
 */
export class FormSync {
  private revision: number;
  /** The content as the server holds it: the builder has unsaved edits when its content is another object. */
  private saved: FormContent;
  private tail: Promise<unknown> = Promise.resolve();
  private queuedSave: Promise<void> | null = null;
  private stale = false;

  constructor(
    revision: number,
    saved: FormContent,
    private readonly deps: FormSyncDeps,
  ) {
    this.revision = revision;
    this.saved = saved;
  }

  hasUnsavedEdits(): boolean {
    return this.deps.latest() !== this.saved;
  }

  /** Saves the latest content once whatever is running is done. */
  save(): Promise<void> {
    if (this.queuedSave) return this.queuedSave;
    const queued = this.enqueue(async () => {
      this.queuedSave = null;
      try {
        await this.flush();
      } catch {
        // Reported through the status; the edits stay for the next attempt.
      }
    });
    this.queuedSave = queued;
    return queued;
  }

  /**
   * A server operation (add, delete or restore a section, publish…) after the pending edits are saved.
   * `apply` makes the same change to the builder's content, so edits typed meanwhile are kept.
   */
  run(
    operation: (revision: number) => Promise<FormResult>,
    apply: (content: FormContent) => FormContent = (content) => content,
  ): Promise<FormResult> {
    return this.enqueue(async () => {
      await this.flush();
      if (this.stale) throw new Error("The form changed elsewhere: reload it first.");
      let result: FormResult;
      try {
        result = await operation(this.revision);
      } catch (error) {
        if (isStale(error)) this.becomeStale();
        throw error;
      }
      this.revision = result.form.revision;
      const local = this.deps.latest();
      const next = apply(local);
      if (local === this.saved) this.saved = next;
      if (next !== local) this.deps.replace(next);
      this.deps.accepted(result);
      return result;
    });
  }

  /** A result from elsewhere (the access dialogs): only its revision matters here. */
  adoptRevision(revision: number): void {
    this.revision = Math.max(this.revision, revision);
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const next = this.tail.then(task);
    this.tail = next.catch(() => undefined);
    return next;
  }

  private becomeStale() {
    this.stale = true;
    this.deps.status({ kind: "stale" });
  }

  private async flush(): Promise<void> {
    const content = this.deps.latest();
    if (content === this.saved || this.stale) return;
    this.deps.status({ kind: "saving" });
    try {
      const result = await this.deps.save(content, this.revision);
      this.revision = result.revision;
      this.saved = content;
      this.deps.saved(result);
      this.deps.status({ kind: "saved", at: new Date() });
    } catch (error) {
      if (isStale(error)) this.becomeStale();
      else this.deps.status({ kind: "failed", error });
      throw error;
    }
  }
}
