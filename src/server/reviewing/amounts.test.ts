import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { COMMITTEE_LIMITS } from "../../shared/schemas/committee";
import { amountOf } from "./amounts";

describe("amountOf (decision 010: integer cents stored, currency units with two decimals shown)", () => {
  it("shows cents as currency units", () => {
    expect(amountOf(123_456)).toBe(1234.56);
    expect(amountOf(5)).toBe(0.05);
    expect(amountOf(50_000)).toBe(500);
  });

  it("keeps an amount of 0 (a disapproval's) apart from no amount", () => {
    expect(amountOf(0)).toBe(0);
    expect(amountOf(null)).toBeNull();
  });

  it("gives back the exact cents up to the largest amount a decision takes", () => {
    // Candidate Statistics reads its kept rows' amounts back into cents (statistics/candidate-stats.ts).
    const maxCents = COMMITTEE_LIMITS.maxAmount * 100;
    fc.assert(
      fc.property(
        fc.oneof(
          fc.nat(1_000_000),
          fc.maxSafeNat().map((n) => n % (maxCents + 1)),
        ),
        (cents) => {
          const amount = amountOf(cents)!;
          expect(Math.round(amount * 100)).toBe(cents);
          expect(Number(amount.toFixed(2))).toBe(amount);
        },
      ),
    );
    expect(Math.round(amountOf(maxCents)! * 100)).toBe(maxCents);
  });
});
