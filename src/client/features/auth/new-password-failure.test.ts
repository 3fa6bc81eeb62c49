import { describe, expect, it } from "vitest";
import { newPasswordFailure } from "./new-password-failure";

describe("a refused new password", () => {
  it("blames the password for better-auth's password codes", () => {
    expect(newPasswordFailure({ status: 400, code: "PASSWORD_TOO_SHORT" })).toBe("password");
  });

  it("keeps the link for server failures and rate limits", () => {
    expect(newPasswordFailure({ status: 500 })).toBe("unavailable");
    expect(newPasswordFailure({ status: 429, code: "TOO_MANY_REQUESTS" })).toBe("unavailable");
  });

  it("treats every other refusal as a stale link", () => {
    expect(newPasswordFailure({ status: 400, code: "INVALID_TOKEN" })).toBe("invalidToken");
    expect(newPasswordFailure({ status: 400, code: "USER_NOT_FOUND" })).toBe("invalidToken");
  });
});
