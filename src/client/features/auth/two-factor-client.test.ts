import { encode } from "uqr";
import { describe, expect, it } from "vitest";
import { TOO_MANY_SIGN_IN_ATTEMPTS } from "../../../shared/messages";
import { TWO_FACTOR_TEXT } from "../../../shared/schemas/two-factor";
import { qrPath } from "./qr-code";
import { codeFailureMessage } from "./two-factor-api";
import { secretOf } from "./two-factor-setup";

const URI =
  "otpauth://totp/DecisionHub:ada%40example.test?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=DecisionHub";

describe("the setup page's QR code and key", () => {
  it("draws one square per dark module of the URI's QR code", () => {
    const { size, path } = qrPath(URI);
    const { data } = encode(URI, { ecc: "M", border: 2 });
    expect(size).toBe(data.length);
    const dark = data.flat().filter(Boolean).length;
    expect(path.match(/M\d+ \d+h1v1h-1z/g)).toHaveLength(dark);
    expect(path).toMatch(/^M2 2h1v1h-1z/); // the finder pattern's corner, inside the 2-module border
  });

  it("shows the key in groups of four, to type by hand", () => {
    expect(secretOf(URI)).toBe("GEZD GNBV GY3T QOJQ GEZD GNBV GY3T QOJQ");
  });
});

describe("what the code screen says", () => {
  const failure = (status: number, code?: string) => ({ status, code, message: "server words" });

  it("names the limit, a wrong code and a sign-in that must start again", () => {
    expect(codeFailureMessage("totp", failure(429, "RATE_LIMITED"))).toEqual({
      message: TOO_MANY_SIGN_IN_ATTEMPTS,
      startAgain: false,
    });
    expect(codeFailureMessage("totp", failure(401, "INVALID_CODE")).message).toBe(TWO_FACTOR_TEXT.wrongCode);
    expect(codeFailureMessage("backup", failure(401, "INVALID_BACKUP_CODE")).message).toBe(
      TWO_FACTOR_TEXT.wrongBackupCode,
    );
    for (const code of ["INVALID_TWO_FACTOR_COOKIE", "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE"]) {
      expect(
        codeFailureMessage("totp", failure(code === "INVALID_TWO_FACTOR_COOKIE" ? 401 : 400, code)),
      ).toEqual({
        message: TWO_FACTOR_TEXT.challengeExpired,
        startAgain: true,
      });
    }
    expect(codeFailureMessage("totp", failure(500)).message).toBe("Error signing in: server words");
  });
});
