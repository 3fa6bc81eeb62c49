import { describe, expect, it } from "vitest";
import { formatMoney } from "./money";

describe("formatMoney", () => {
  it("writes cents as dollars with two decimals and thousands separators, in each language", () => {
    expect(formatMoney(350_050, "en")).toBe("$3,500.50");
    expect(formatMoney(100_000, "en")).toBe("$1,000.00");
    expect(formatMoney(350_050, "fr").replace(/\s/g, " ")).toBe("3 500,50 $");
  });
});
