import { describe, expect, it } from "vitest";
import { onFirstUse } from "./on-first-use";

describe("onFirstUse", () => {
  it("builds nothing until asked, then builds once and gives the same value every time", () => {
    let builds = 0;
    const format = onFirstUse(() => {
      builds += 1;
      return new Intl.NumberFormat("en-US");
    });
    expect(builds).toBe(0);
    const first = format();
    expect(format()).toBe(first);
    expect(builds).toBe(1);
    expect(first.format(1234.5)).toBe("1,234.5");
  });
});
