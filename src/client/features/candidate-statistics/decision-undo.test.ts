import { describe, expect, it } from "vitest";
import { CANDIDATE_STATS_TEXT } from "./candidate-statistics-messages";
import { recentDecision } from "./decision-undo";

const candidate = { _id: "s1", identifier: "Harbour Food Bank", status: "pending", amount: 3500.5 } as const;

describe("a decision just made, and its undoing", () => {
  it("says an approval with its amount as money, and undoes it back to pending with the amount kept", () => {
    const made = recentDecision(candidate, "Harbour Food Bank", { status: "approved", amount: 3500.5 });
    expect(made).toEqual({
      submissionId: "s1",
      identifier: "Harbour Food Bank",
      message: "Harbour Food Bank approved with $3,500.50.",
      undo: { status: "pending", amount: 3500.5 },
      undoneMessage: CANDIDATE_STATS_TEXT.undone("Harbour Food Bank", "pending"),
    });
  });

  it("says a disapproval, and undoes it back to the approval it replaced", () => {
    const approved = { ...candidate, status: "approved", amount: 900 } as const;
    const made = recentDecision(approved, "Harbour Food Bank", { status: "disapproved" });
    expect(made?.message).toBe("Harbour Food Bank disapproved.");
    expect(made?.undo).toEqual({ status: "approved", amount: 900 });
    expect(made?.undoneMessage).toBe("Decision undone: Harbour Food Bank is approved again.");
  });

  it("offers nothing to undo for a change of amount alone (its input shows it), but does for an amount of 0", () => {
    expect(recentDecision(candidate, "Harbour Food Bank", { amount: 4000 })).toBeNull();
    expect(
      recentDecision(candidate, "Harbour Food Bank", { status: "disapproved", amount: 0 })?.undo,
    ).toEqual({
      status: "pending",
      amount: 3500.5,
    });
  });
});
