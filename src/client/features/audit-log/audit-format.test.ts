import { describe, expect, it } from "vitest";
import type { AuditEvent } from "../../../shared/schemas/audit";
import {
  AUDIT_TEXT,
  auditEventsPath,
  auditQueryOf,
  detailLines,
  FILTER_MESSAGES,
  NO_FILTERS,
  whatText,
  whenText,
  whoText,
} from "./audit-format";

describe("the filters as an API query", () => {
  it("leaves empty filters out", () => {
    expect(auditQueryOf(NO_FILTERS)).toEqual({ query: {} });
  });

  it("sends the action, the email lowercased, the program, and whole local days", () => {
    const { query } = auditQueryOf({
      action: "candidate.decided",
      actor: "  Ada@Example.TEST ",
      programId: "p-1",
      fromDay: "2026-03-01",
      toDay: "2026-03-31",
    });
    expect(query).toEqual({
      action: "candidate.decided",
      actor: "ada@example.test",
      programId: "p-1",
      from: new Date(2026, 2, 1).toISOString(),
      // The "to" day is included: the range ends at the next midnight.
      before: new Date(2026, 3, 1).toISOString(),
    });
  });

  it("allows a range of one day", () => {
    const { query } = auditQueryOf({ ...NO_FILTERS, fromDay: "2026-03-01", toDay: "2026-03-01" });
    expect(query).toEqual({
      from: new Date(2026, 2, 1).toISOString(),
      before: new Date(2026, 2, 2).toISOString(),
    });
  });

  it("refuses days that are not dates and a range that runs backwards", () => {
    expect(auditQueryOf({ ...NO_FILTERS, fromDay: "2026-02-30" })).toEqual({
      errors: { fromDay: FILTER_MESSAGES.badDay },
    });
    expect(auditQueryOf({ ...NO_FILTERS, toDay: "yesterday" })).toEqual({
      errors: { toDay: FILTER_MESSAGES.badDay },
    });
    expect(auditQueryOf({ ...NO_FILTERS, fromDay: "2026-03-02", toDay: "2026-03-01" })).toEqual({
      errors: { toDay: FILTER_MESSAGES.badRange },
    });
  });

  it("builds the page's address with the cursor of the page before", () => {
    expect(auditEventsPath("o 1", {}, null)).toBe("/api/organizations/o%201/audit-events");
    expect(auditEventsPath("o1", { action: "plan.changed" }, "2026-01-01T00:00:00.000000Z_x")).toBe(
      "/api/organizations/o1/audit-events?action=plan.changed&cursor=2026-01-01T00%3A00%3A00.000000Z_x",
    );
  });
});

describe("an event's cells", () => {
  const actor = { userId: "u1", email: "ada@example.test", name: "Ada Admin" };

  it("says who, as they were then, or that the product did it", () => {
    expect(whoText(actor)).toBe("Ada Admin (ada@example.test)");
    expect(whoText({ ...actor, name: "" })).toBe("ada@example.test");
    expect(whoText({ userId: null, email: null, name: null })).toBe(AUDIT_TEXT.product);
  });

  it("says what was done to what", () => {
    expect(whatText({ action: "candidate.decided", subjectLabel: "Bee Project" })).toBe(
      "Decision or amount changed: Bee Project",
    );
    expect(whatText({ action: "plan.changed", subjectLabel: "" })).toBe("Plan changed");
  });

  it("gives one line per detail: before and after, lists, yes and no, none", () => {
    const details: AuditEvent["details"] = {
      status: { before: "pending", after: "approved" },
      amount: { before: null, after: 1500.5 },
      added: ["Ada (ada@example.test)", "Bo (bo@example.test)"],
      reviewerGroups: [],
      includeAnonymized: false,
      closeAt: { before: null, after: "2026-04-01T12:00:00.000Z" },
      custom: "kept as sent",
    };
    expect(detailLines(details)).toEqual([
      "Status: pending → approved",
      "Amount: none → 1500.5",
      "Added: Ada (ada@example.test), Bo (bo@example.test)",
      "Reviewer groups: none",
      "Anonymized answers included: no",
      `Closes: none → ${whenText("2026-04-01T12:00:00.000Z")}`,
      "custom: kept as sent",
    ]);
  });
});
