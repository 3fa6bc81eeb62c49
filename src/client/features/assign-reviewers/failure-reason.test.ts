import { describe, expect, it } from "vitest";
import { COMMITTEE_MESSAGES } from "../../../shared/schemas/committee";
import { ApiError } from "../../lib/api-client";
import { ASSIGN_TEXT } from "./assign-messages";
import { failureReason } from "./failure-reason";

describe("the reason given for a failed save", () => {
  it("is the first field error of a refused body", () => {
    const error = new ApiError(400, "VALIDATION", "Some fields are not valid.", {
      "reviewers.0": [COMMITTEE_MESSAGES.notACommitteeMember],
    });
    expect(failureReason(error)).toBe(COMMITTEE_MESSAGES.notACommitteeMember);
  });

  it("is the server's message otherwise", () => {
    expect(failureReason(new ApiError(404, "NOT_FOUND", "Not found"))).toBe("Not found");
    expect(failureReason(new TypeError("Failed to fetch"))).toBe("Failed to fetch");
  });

  it("asks to try again when there is nothing to say", () => {
    expect(failureReason(new Error("  "))).toBe(ASSIGN_TEXT.unknownFailure);
    expect(failureReason(null)).toBe(ASSIGN_TEXT.unknownFailure);
  });
});
