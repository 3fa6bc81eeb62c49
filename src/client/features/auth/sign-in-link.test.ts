import { describe, expect, it } from "vitest";
import { readSignInLink, withoutInvite } from "./sign-in-link";

describe("links to the sign-in card", () => {
  it("reads the address and the invitation token", () => {
    expect(readSignInLink(new URLSearchParams("email=jane%40x.org&invite=abc123"))).toEqual({
      email: "jane@x.org",
      inviteToken: "abc123",
    });
  });

  it("reads an existing account's link, and a bare /login, as no invitation", () => {
    expect(readSignInLink(new URLSearchParams("email=jane%40x.org"))).toEqual({
      email: "jane@x.org",
      inviteToken: null,
    });
    expect(readSignInLink(new URLSearchParams(""))).toEqual({ email: "", inviteToken: null });
    expect(readSignInLink(new URLSearchParams("invite=%20")).inviteToken).toBeNull();
  });

  it("drops only the invitation once it is used", () => {
    const rest = withoutInvite(new URLSearchParams("email=jane%40x.org&invite=abc123"));
    expect(rest.toString()).toBe("email=jane%40x.org");
  });
});
