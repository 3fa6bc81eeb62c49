import { describe, expect, it } from "vitest";
import { readSignInLink, withoutInvitation } from "./sign-in-link";

describe("sign-in links", () => {
  it("reads the address and the invitation's token", () => {
    expect(readSignInLink(new URLSearchParams("email=jane%40x.org&invitation=abc123"))).toEqual({
      email: "jane@x.org",
      invitationToken: "abc123",
    });
  });

  it("has no invitation without a token, or with a blank one", () => {
    expect(readSignInLink(new URLSearchParams("email=jane%40x.org"))).toEqual({
      email: "jane@x.org",
      invitationToken: null,
    });
    expect(readSignInLink(new URLSearchParams("invitation=%20")).invitationToken).toBeNull();
  });

  it("drops only the invitation once it is answered", () => {
    const rest = withoutInvitation(new URLSearchParams("email=jane%40x.org&invitation=abc123"));
    expect(rest.toString()).toBe("email=jane%40x.org");
  });
});
