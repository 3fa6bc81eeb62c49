import { describe, expect, it } from "vitest";
import { MESSAGES, ORIGIN_REFUSED, SIGN_IN_LOCKED } from "../../../shared/messages";
import { signInErrorMessage } from "./sign-in-failure";

const OPENED = "http://192.168.1.20:3000";

describe("what the sign-in card says of a refusal", () => {
  it("says the address is wrong, not the password, when the server refuses the page's origin", () => {
    const ours = ORIGIN_REFUSED.withAddress(OPENED, "https://grants.example.org");
    expect(signInErrorMessage({ status: 403, code: "FORBIDDEN_ORIGIN", message: ours }, OPENED)).toBe(ours);
    // better-auth's own refusal names no address: the card names the one the page was opened at.
    expect(
      signInErrorMessage({ status: 403, code: "INVALID_ORIGIN", message: "Invalid origin" }, OPENED),
    ).toBe(ORIGIN_REFUSED.withoutAddress(OPENED));
  });

  it("keeps one message for every wrong credential, and the lock for any 429", () => {
    expect(signInErrorMessage({ status: 401, code: "INVALID_EMAIL_OR_PASSWORD" }, OPENED)).toBe(
      MESSAGES.wrongCredentials,
    );
    expect(signInErrorMessage({ status: 403, code: "SOMETHING_ELSE" }, OPENED)).toBe(
      MESSAGES.wrongCredentials,
    );
    expect(signInErrorMessage({ status: 429 }, OPENED)).toBe(SIGN_IN_LOCKED);
    expect(signInErrorMessage({ status: 503 }, OPENED)).toBe("Error signing in: the server did not answer");
  });
});
