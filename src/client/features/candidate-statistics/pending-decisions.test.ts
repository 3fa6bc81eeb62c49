import { describe, expect, it } from "vitest";
import { PendingDecisions } from "./pending-decisions";

const pending = { status: "pending", amount: null } as const;
const approved = { status: "approved", amount: 1500 } as const;

describe("what a row shows once its saves are over", () => {
  it("shows the server's answer after a save succeeds", () => {
    const decisions = new PendingDecisions();
    decisions.start("a", pending);
    expect(decisions.isPending("a")).toBe(true);
    decisions.confirm("a", approved);
    expect(decisions.settle("a")).toEqual(approved);
    expect(decisions.isPending("a")).toBe(false);
  });

  it("puts back what the row showed before a failed save (the rollback)", () => {
    const decisions = new PendingDecisions();
    decisions.start("a", pending);
    expect(decisions.settle("a")).toEqual(pending);
  });

  it("keeps the latest choice on screen while a later save of the same row is under way", () => {
    const decisions = new PendingDecisions();
    decisions.start("a", pending); // amount 1500 typed
    decisions.start("a", { status: "pending", amount: 1500 }); // then Approve
    decisions.confirm("a", { status: "pending", amount: 1500 });
    expect(decisions.settle("a")).toBeNull();
    decisions.confirm("a", approved);
    expect(decisions.settle("a")).toEqual(approved);
  });

  it("never undoes an earlier success when a later save fails", () => {
    const decisions = new PendingDecisions();
    decisions.start("a", pending);
    decisions.start("a", { status: "pending", amount: 1500 });
    decisions.confirm("a", { status: "pending", amount: 1500 }); // the amount was stored
    expect(decisions.settle("a")).toBeNull();
    expect(decisions.settle("a")).toEqual({ status: "pending", amount: 1500 }); // Approve was refused
  });

  it("never keeps a value the server refused when both saves fail", () => {
    const decisions = new PendingDecisions();
    decisions.start("a", pending);
    decisions.start("a", { status: "pending", amount: 1500 });
    expect(decisions.settle("a")).toBeNull();
    expect(decisions.settle("a")).toEqual(pending);
  });

  it("keeps each row's saves apart, and starts afresh after they settle", () => {
    const decisions = new PendingDecisions();
    decisions.start("a", pending);
    decisions.start("b", approved);
    decisions.confirm("b", { status: "disapproved", amount: 1500 });
    expect(decisions.settle("a")).toEqual(pending);
    expect(decisions.settle("b")).toEqual({ status: "disapproved", amount: 1500 });
    decisions.start("a", approved);
    expect(decisions.settle("a")).toEqual(approved);
  });

  it("settles a save it never saw start (the row was not loaded) without showing anything", () => {
    expect(new PendingDecisions().settle("missing")).toBeNull();
  });
});
