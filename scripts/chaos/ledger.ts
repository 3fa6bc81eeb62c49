/**
 * What one kind of client (reviews, rankings, decisions) was told was saved, per object, and what it
 * sent without an answer. A write whose request failed may or may not have been committed before the
 * server died, so after a failure the stored value may be either the last acknowledged one or the one
 * in doubt; anything else means an acknowledged write was lost.
 */

/** JSON with object keys sorted at every depth, so values compare whatever order the server answers keys in. */
export function sortedJson(value: unknown): string {
  const sortKeys = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sortKeys);
    if (v === null || typeof v !== "object") return v;
    const entries = Object.entries(v).sort(([a], [b]) => a.localeCompare(b));
    return Object.fromEntries(entries.map(([key, item]) => [key, sortKeys(item)]));
  };
  return JSON.stringify(sortKeys(value));
}

export interface LedgerFigures {
  /** Writes answered with a 200. */
  acked: number;
  /** Objects found not to hold their last acknowledged value (after a failure or at the end). */
  lost: number;
  /** Failed writes found stored anyway (committed before the kill, never answered): allowed. */
  keptUnanswered: number;
  /** What was lost, for the report: object, expected, found. */
  lostDetails: string[];
}

export class Ledger {
  private readonly acked = new Map<string, string>();
  private readonly inDoubt = new Map<string, string>();
  readonly figures: LedgerFigures = { acked: 0, lost: 0, keptUnanswered: 0, lostDetails: [] };

  constructor(private readonly what: string) {}

  acknowledge(key: string, value: unknown): void {
    this.acked.set(key, sortedJson(value));
    this.inDoubt.delete(key);
    this.figures.acked++;
  }

  /** A write that got no answer (or an error): it may have been stored. */
  failed(key: string, value: unknown): void {
    this.inDoubt.set(key, sortedJson(value));
  }

  /**
   * After a failure, what the server holds now: checked, then taken as the new starting point (the
   * client carries on from it, as one reloading the page would).
   */
  reconcile(key: string, stored: unknown): void {
    this.check(key, stored);
    this.acked.set(key, sortedJson(stored));
    this.inDoubt.delete(key);
  }

  /** The final read-back: the stored value must be the last acknowledged one (or the one in doubt). */
  check(key: string, stored: unknown): void {
    const found = sortedJson(stored);
    const expected = this.acked.get(key);
    const doubtful = this.inDoubt.get(key);
    if (doubtful !== undefined && found === doubtful && found !== expected) this.figures.keptUnanswered++;
    // Nothing acknowledged yet: whatever is there was never promised.
    if (expected === undefined || found === expected || found === doubtful) return;
    this.figures.lost++;
    this.figures.lostDetails.push(`${this.what} ${key}: expected ${expected}, found ${found}`);
  }

  /** Objects with an acknowledged value, for the final read-back. */
  keys(): string[] {
    return [...new Set([...this.acked.keys(), ...this.inDoubt.keys()])];
  }
}
