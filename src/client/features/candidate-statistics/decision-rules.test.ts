import { describe, expect, it } from "vitest";
import { COMMITTEE_LIMITS, COMMITTEE_MESSAGES } from "../../../shared/schemas/committee";
import { ApiError } from "../../lib/api-client";
import { CANDIDATE_STATS_TEXT } from "./candidate-statistics-messages";
import {
  amountDecision,
  amountOnScreen,
  applyDecision,
  approveBlockedReason,
  approveDecision,
  DISAPPROVE_DECISION,
  decisionFailureText,
  disapproveBlockedReason,
  parseAmountInput,
} from "./decision-rules";

describe("Approve (review-and-administration, '4. States and transitions': disabled when the amount is empty or ≤ 0, or already approved)", () => {
  it("is allowed for a pending or disapproved candidate with an amount above 0", () => {
    expect(approveBlockedReason("pending", 1500)).toBeNull();
    expect(approveBlockedReason("disapproved", 0.01)).toBeNull();
  });

  it("is blocked without an amount, with 0 or with a negative amount, saying what to do", () => {
    for (const amount of [null, 0, -5, Number.NaN]) {
      expect(approveBlockedReason("pending", amount)).toBe(COMMITTEE_MESSAGES.approveNeedsAmount);
    }
  });

  it("is blocked for a candidate already approved, whatever the amount", () => {
    expect(approveBlockedReason("approved", 1500)).toBe(CANDIDATE_STATS_TEXT.alreadyApproved);
    expect(approveBlockedReason("approved", null)).toBe(CANDIDATE_STATS_TEXT.alreadyApproved);
  });
});

describe("Disapprove (review-and-administration, '4. States and transitions': disabled when already disapproved)", () => {
  it("is allowed for pending and approved candidates, with or without an amount", () => {
    expect(disapproveBlockedReason("pending")).toBeNull();
    expect(disapproveBlockedReason("approved")).toBeNull();
  });

  it("is blocked for a candidate already disapproved", () => {
    expect(disapproveBlockedReason("disapproved")).toBe(CANDIDATE_STATS_TEXT.alreadyDisapproved);
  });
});

describe("the amount as typed", () => {
  it("accepts numbers with at most two decimals, and text with a $ prefix and separators", () => {
    expect(parseAmountInput(1500)).toEqual({ ok: true, amount: 1500 });
    expect(parseAmountInput(1500.5)).toEqual({ ok: true, amount: 1500.5 });
    expect(parseAmountInput(0.29)).toEqual({ ok: true, amount: 0.29 });
    expect(parseAmountInput("$1,500.25")).toEqual({ ok: true, amount: 1500.25 });
    expect(parseAmountInput("12.")).toEqual({ ok: true, amount: 12 });
    expect(parseAmountInput(0)).toEqual({ ok: true, amount: 0 });
  });

  it("reads an empty input as no amount (cleared)", () => {
    expect(parseAmountInput("")).toEqual({ ok: true, amount: null });
    expect(parseAmountInput("  $ ")).toEqual({ ok: true, amount: null });
  });

  it("refuses negative amounts and more than two decimals with the contract's messages", () => {
    expect(parseAmountInput(-1)).toEqual({ ok: false, error: "The amount cannot be negative" });
    expect(parseAmountInput("-0.5")).toEqual({ ok: false, error: "The amount cannot be negative" });
    expect(parseAmountInput(10.005)).toEqual({ ok: false, error: "Use at most two decimals (cents)" });
  });

  it("refuses what is not a number, and amounts above the largest accepted", () => {
    for (const text of ["-", "abc", "1e3", "0x10", "1.2.3"]) {
      expect(parseAmountInput(text)).toEqual({ ok: false, error: CANDIDATE_STATS_TEXT.amountNotANumber });
    }
    expect(parseAmountInput(Number.POSITIVE_INFINITY)).toEqual({
      ok: false,
      error: CANDIDATE_STATS_TEXT.amountNotANumber,
    });
    expect(parseAmountInput(COMMITTEE_LIMITS.maxAmount + 1)).toEqual({
      ok: false,
      error: "The amount cannot be more than $1,000,000,000,000.00.",
    });
    expect(parseAmountInput(COMMITTEE_LIMITS.maxAmount)).toEqual({
      ok: true,
      amount: COMMITTEE_LIMITS.maxAmount,
    });
  });
});

describe("the saves a decision makes", () => {
  it("approves with the amount shown, so the server stores both together", () => {
    expect(approveDecision(2500)).toEqual({ status: "approved", amount: 2500 });
    expect(DISAPPROVE_DECISION).toEqual({ status: "disapproved" });
  });

  it("saves a changed amount, and nothing when it did not change", () => {
    expect(amountDecision({ status: "pending", amount: null }, 1500)).toEqual({ amount: 1500 });
    expect(amountDecision({ status: "approved", amount: 1500 }, 2000)).toEqual({ amount: 2000 });
    expect(amountDecision({ status: "approved", amount: 1500 }, null)).toEqual({ amount: null });
    expect(amountDecision({ status: "approved", amount: 1500 }, 1500)).toBeNull();
    expect(amountDecision({ status: "pending", amount: null }, null)).toBeNull();
  });

  it("disapproves with an amount of 0 (review-and-administration, '4. States and transitions'), saying so to the server", () => {
    expect(amountDecision({ status: "approved", amount: 1500 }, 0)).toEqual({
      status: "disapproved",
      amount: 0,
    });
    expect(amountDecision({ status: "pending", amount: null }, 0)).toEqual({
      status: "disapproved",
      amount: 0,
    });
  });
});

describe("what the row shows before the server answers", () => {
  it("takes the status and the amount sent, keeping what was not sent", () => {
    expect(applyDecision({ status: "pending", amount: 1500 }, { status: "approved", amount: 1500 })).toEqual({
      status: "approved",
      amount: 1500,
    });
    expect(applyDecision({ status: "approved", amount: 1500 }, { status: "disapproved" })).toEqual({
      status: "disapproved",
      amount: 1500,
    });
    expect(applyDecision({ status: "approved", amount: 1500 }, { amount: 2000 })).toEqual({
      status: "approved",
      amount: 2000,
    });
  });

  it("makes an amount of 0 disapproved even when only the amount is sent", () => {
    expect(applyDecision({ status: "approved", amount: 1500 }, { amount: 0 })).toEqual({
      status: "disapproved",
      amount: 0,
    });
  });
});

describe("the error naming the candidate whose decision was not saved", () => {
  it("names the candidate and gives the server's reason", () => {
    const error = new ApiError(400, "VALIDATION", COMMITTEE_MESSAGES.approveNeedsAmount);
    expect(decisionFailureText("Ada's Lab", error)).toBe(
      `Error saving the decision for Ada's Lab: ${COMMITTEE_MESSAGES.approveNeedsAmount}`,
    );
    expect(decisionFailureText("Ada's Lab", new TypeError("Failed to fetch"))).toBe(
      "Error saving the decision for Ada's Lab: Failed to fetch",
    );
  });

  it("falls back to the title alone, and names an unnamed application", () => {
    expect(decisionFailureText("Ada's Lab", "boom")).toBe("Error saving the decision for Ada's Lab");
    expect(decisionFailureText("  ", new Error(""))).toBe(
      "Error saving the decision for Untitled application",
    );
  });
});

describe("the amount a row works with right after one is entered", () => {
  it("is the row's own when nothing was entered", () => {
    expect(amountOnScreen(null, 900)).toEqual({ amount: 900, settled: false });
  });

  it("is the entered one while the row still shows the amount it replaced (Approve clicked at once)", () => {
    expect(amountOnScreen({ amount: 1500, over: null }, null)).toEqual({ amount: 1500, settled: false });
    expect(
      approveBlockedReason("pending", amountOnScreen({ amount: 1500, over: null }, null).amount),
    ).toBeNull();
  });

  it("gives way to the row once the decision reached it, and after a rollback", () => {
    expect(amountOnScreen({ amount: 1500, over: null }, 1500)).toEqual({ amount: 1500, settled: true });
    expect(amountOnScreen({ amount: 1500, over: 900 }, 700)).toEqual({ amount: 700, settled: true });
  });
});
