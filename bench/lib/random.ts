/**
 * A seeded pseudo-random source for the data generator: the same seed gives the same data, so two
 * benchmark runs on two machines measure the same organization. Not for anything secret.
 */

/** mulberry32: a tiny 32-bit PRNG with a good enough spread for test data. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const HEX = "0123456789abcdef";

export class Random {
  private readonly next: () => number;

  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  /** A float in [0, 1). */
  float(): number {
    return this.next();
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Picks by weight: `weighted([["a", 3], ["b", 1]])` gives "a" three times as often as "b". */
  weighted<T>(choices: readonly (readonly [T, number])[]): T {
    const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [value, weight] of choices) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return choices[choices.length - 1]![0];
  }

  /** `count` distinct items (partial Fisher–Yates on a copy). */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items];
    const n = Math.min(count, copy.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.next() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, n);
  }

  /** A random alphanumeric string, the shape of better-auth's generated ids. */
  id(length = 32): string {
    let out = "";
    for (let i = 0; i < length; i++) out += ALPHANUMERIC[Math.floor(this.next() * ALPHANUMERIC.length)];
    return out;
  }

  /** A version-4-shaped UUID drawn from this source (so uuid keys are reproducible too). */
  uuid(): string {
    let hex = "";
    for (let i = 0; i < 32; i++) hex += HEX[Math.floor(this.next() * 16)];
    const variant = HEX[8 + Math.floor(this.next() * 4)];
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  }

  /** A moment `maxDaysBefore` days or less before `anchor`. */
  dateBefore(anchor: Date, maxDaysBefore: number): Date {
    return new Date(anchor.getTime() - Math.floor(this.next() * maxDaysBefore * 86_400_000));
  }
}
