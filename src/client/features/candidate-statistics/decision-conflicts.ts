import type { DecisionBody } from "../../../shared/schemas/committee";
import type { Decision } from "./decision-rules";

/**
 * Decisions refused because another admin changed the candidate's decision meanwhile (decision 016),
 * until the admin chooses: take theirs (reload) or keep their own (send it again over theirs).
 */
export interface DecisionConflict {
  submissionId: string;
  identifier: string;
  /** The decision stored now (the other admin's). */
  theirs: Decision;
  /** This admin's change, every one they made on the candidate since, in order, as one. */
  body: DecisionBody;
}

/** Two changes made one after the other, as one: the later one's fields win. */
export function laterChange(earlier: DecisionBody, later: DecisionBody): DecisionBody {
  return { ...earlier, ...later };
}

/**
 * The candidates in conflict, in the order they were found. While a candidate is in conflict its later
 * saves are held back (they would be based on a decision the admin has not seen) and folded into the
 * conflict's change, so that "keep mine" sends everything they chose.
 */
export class DecisionConflicts {
  readonly #byRow = new Map<string, DecisionConflict>();
  readonly #listeners = new Set<() => void>();
  #list: readonly DecisionConflict[] = [];

  has(submissionId: string): boolean {
    return this.#byRow.has(submissionId);
  }

  /** A refused save: the conflict it starts, or (already in conflict) its change folded in. */
  add(conflict: DecisionConflict): void {
    const held = this.#byRow.get(conflict.submissionId);
    this.#byRow.set(
      conflict.submissionId,
      held === undefined ? conflict : { ...held, body: laterChange(held.body, conflict.body) },
    );
    this.#changed();
  }

  /** A save held back while its candidate is in conflict: its change joins the conflict's. */
  hold(submissionId: string, body: DecisionBody): void {
    const held = this.#byRow.get(submissionId);
    if (held === undefined) return;
    this.#byRow.set(submissionId, { ...held, body: laterChange(held.body, body) });
    this.#changed();
  }

  /** The admin chose: the conflict is over, and its change is handed back (to send again, or not). */
  resolve(submissionId: string): DecisionConflict | undefined {
    const conflict = this.#byRow.get(submissionId);
    if (this.#byRow.delete(submissionId)) this.#changed();
    return conflict;
  }

  readonly subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  /** The conflicts waiting, oldest first (the same array until one changes, for useSyncExternalStore). */
  readonly list = (): readonly DecisionConflict[] => this.#list;

  #changed() {
    this.#list = [...this.#byRow.values()];
    for (const listener of this.#listeners) listener();
  }
}

/** Raised instead of sending a save of a candidate in conflict. */
export class HeldByConflict extends Error {
  constructor() {
    super("This candidate's decision was changed by someone else: choose which one to keep first.");
  }
}
