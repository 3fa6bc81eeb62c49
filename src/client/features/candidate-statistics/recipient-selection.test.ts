import { describe, expect, it } from "vitest";
import type { CandidateStatsRow } from "../../../shared/schemas/reviews";
import {
  approvedSelection,
  recipientsOf,
  shownSelectionState,
  toggleAllShown,
  toggleSelected,
} from "./recipient-selection";

function row(
  id: string,
  status: CandidateStatsRow["status"],
  amount: number | null = null,
): CandidateStatsRow {
  return {
    _id: id,
    identifier: `Applicant ${id}`,
    status,
    amount,
    numReviews: 0,
    averageRating: null,
    medianRating: null,
    standardDeviation: null,
    minRating: null,
    maxRating: null,
    histogram: {},
    suggestedRating: null,
    calibratedRating: null,
    averageRanking: null,
    rankedBy: 0,
    consensusRank: null,
  };
}

const rows = [
  row("a", "approved", 1500),
  row("b", "pending"),
  row("c", "approved", 250.5),
  row("d", "disapproved", 0),
];

describe("choosing recipients", () => {
  it("toggles one candidate in and out without changing the selection given", () => {
    const none = new Set<string>();
    const one = toggleSelected(none, "a");
    expect([...one]).toEqual(["a"]);
    expect(none.size).toBe(0);
    expect([...toggleSelected(one, "a")]).toEqual([]);
  });

  it("says whether all, some or none of the rows shown are chosen", () => {
    const shown = rows.slice(0, 2);
    expect(shownSelectionState(new Set(), shown)).toBe("none");
    expect(shownSelectionState(new Set(["a", "c"]), shown)).toBe("some");
    expect(shownSelectionState(new Set(["a", "b", "c"]), shown)).toBe("all");
  });

  it("selects all shown, and a second click takes only the shown ones out", () => {
    const shown = rows.slice(0, 2);
    const all = toggleAllShown(new Set(["d"]), shown);
    expect([...all].sort()).toEqual(["a", "b", "d"]);
    expect([...toggleAllShown(all, shown)]).toEqual(["d"]);
  });

  it('"Select approved" chooses exactly the approved candidates', () => {
    expect([...approvedSelection(rows)]).toEqual(["a", "c"]);
  });

  it("gives the dialog the chosen candidates in table order, with status and amount", () => {
    expect(recipientsOf(rows, new Set(["c", "a"]))).toEqual([
      { submissionId: "a", identifier: "Applicant a", status: "approved", amount: 1500 },
      { submissionId: "c", identifier: "Applicant c", status: "approved", amount: 250.5 },
    ]);
    expect(recipientsOf(rows, new Set())).toEqual([]);
  });

  it("never names a candidate no longer listed", () => {
    expect(recipientsOf(rows, new Set(["gone", "b"]))).toEqual([
      { submissionId: "b", identifier: "Applicant b", status: "pending", amount: null },
    ]);
  });
});
