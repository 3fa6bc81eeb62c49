import { describe, expect, it } from "vitest";
import { redirectTargetFrom } from "./safe-redirect";

describe("redirectTargetFrom", () => {
  it("accepts a same-site path left by the guard", () => {
    expect(redirectTargetFrom({ from: "/admin/dashboard?tab=1" })).toBe("/admin/dashboard?tab=1");
  });

  it.each([
    [null],
    ["/programs"],
    [{ from: 3 }],
    [{ from: "https://evil.test/" }],
    [{ from: "//evil.test/" }],
    [{ from: "/login" }],
    [{ from: "/reset-password?token=x" }],
  ])("refuses %j", (state) => {
    expect(redirectTargetFrom(state)).toBeNull();
  });
});
