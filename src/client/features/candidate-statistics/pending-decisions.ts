import type { Decision } from "./decision-rules";

/**
 * Which decision each candidate should show once its saves are over. Decisions show at once and are saved
 * one after another; while several saves of one candidate are under way, the list keeps showing the latest
 * choice. When the last of them settles, the row shows what the server last confirmed: the final save's
 * answer when it succeeded, otherwise the state before the failed saves (a rollback that never undoes a
 * later success, nor resurrects a value the server refused).
 */
export class PendingDecisions {
  readonly #pending = new Map<string, number>();
  readonly #confirmed = new Map<string, Decision>();

  /** A save starts; `shown` is what the row shows before its change is applied. */
  start(id: string, shown: Decision): void {
    const pending = this.#pending.get(id) ?? 0;
    // With nothing under way, what the row shows is what the server last said.
    if (pending === 0) this.#confirmed.set(id, { status: shown.status, amount: shown.amount });
    this.#pending.set(id, pending + 1);
  }

  /** The server accepted a save and answered with the stored decision. */
  confirm(id: string, stored: Decision): void {
    this.#confirmed.set(id, { status: stored.status, amount: stored.amount });
  }

  /**
   * A save is over (accepted or not). Returns what the row must show now that no other save of it is
   * under way, or null while others still are (the latest choice stays on screen).
   */
  settle(id: string): Decision | null {
    const pending = (this.#pending.get(id) ?? 1) - 1;
    if (pending > 0) {
      this.#pending.set(id, pending);
      return null;
    }
    this.#pending.delete(id);
    const confirmed = this.#confirmed.get(id) ?? null;
    this.#confirmed.delete(id);
    return confirmed;
  }

  /**
   * What the server last confirmed for a candidate with a save under way: sent with that save as its
   * `expected` decision (decision 016). Saves run one after another, so when one is sent this is the
   * previous one's answer, or the row as it showed before the first of them.
   */
  expected(id: string): Decision | undefined {
    return this.#confirmed.get(id);
  }

  isPending(id: string): boolean {
    return (this.#pending.get(id) ?? 0) > 0;
  }
}
