import type { ErrorBody } from "../../shared/schemas/common";
import { EDIT_CONFLICT_MESSAGES, type EditConflictKind } from "../../shared/schemas/edit-conflict";
import { AppError } from "./errors";

/**
 * A write based on a value that is no longer stored (decision 016): 409 CONFLICT with the kind's message
 * and, as `error.current`, the value stored now (what the client shows as "theirs" and sends back as
 * `expected` when the person keeps their own change). Thrown before anything is written, or inside the
 * write's transaction so that nothing is committed.
 */
export class EditConflict<T> extends AppError {
  constructor(
    kind: EditConflictKind,
    readonly current: T,
  ) {
    super("CONFLICT", EDIT_CONFLICT_MESSAGES[kind]);
  }

  override toBody(): ErrorBody & { error: { current: T } } {
    return { error: { ...super.toBody().error, current: this.current } };
  }
}

/** The same ids, in any order and repeats aside: an assignment or member list as a client last saw it. */
export function sameIds(stored: Iterable<string>, expected: readonly string[]): boolean {
  const a = new Set(stored);
  const b = new Set(expected);
  return a.size === b.size && [...a].every((id) => b.has(id));
}
