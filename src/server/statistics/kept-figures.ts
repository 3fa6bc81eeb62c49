/**
 * Figures kept per program under the versions of their inputs (stats-versions.ts), for the
 * statistics that read a whole program: computed once per change, then answered from memory. Requests
 * that arrive while the figures are computed for the same key wait for that computation. Per process and
 * bounded: the least recently used program goes first.
 */
export class KeptFigures<T> {
  private readonly kept = new Map<string, { key: string; value: T }>();
  private readonly computing = new Map<string, { key: string; value: Promise<T> }>();

  constructor(private readonly programs: number) {}

  async get(programId: string, key: string, compute: () => Promise<T>): Promise<T> {
    const found = this.kept.get(programId);
    if (found?.key === key) {
      this.kept.delete(programId);
      this.kept.set(programId, found);
      return found.value;
    }
    const running = this.computing.get(programId);
    if (running?.key === key) return running.value;
    const value = compute();
    this.computing.set(programId, { key, value });
    try {
      const computed = await value;
      this.kept.delete(programId);
      this.kept.set(programId, { key, value: computed });
      if (this.kept.size > this.programs) this.kept.delete(this.kept.keys().next().value!);
      return computed;
    } finally {
      if (this.computing.get(programId)?.value === value) this.computing.delete(programId);
    }
  }
}
