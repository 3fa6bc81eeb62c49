import { describe, expect, it } from "vitest";
import type { CandidateStatsRow } from "../../../shared/schemas/reviews";
import {
  NO_SELECTION,
  recipientOf,
  recipientsOf,
  refreshSelection,
  type Selection,
  selectionOf,
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

const chosen = (selection: Selection) => [...selection.keys()];

describe("choosing recipients", () => {
  it("toggles one candidate in and out without changing the selection given", () => {
    const one = toggleSelected(NO_SELECTION, rows[0]!);
    expect(chosen(one)).toEqual(["a"]);
    expect(NO_SELECTION.size).toBe(0);
    expect(chosen(toggleSelected(one, rows[0]!))).toEqual([]);
  });

  it("says whether all, some or none of the rows shown are chosen", () => {
    const shown = rows.slice(0, 2);
    expect(shownSelectionState(NO_SELECTION, shown)).toBe("none");
    expect(shownSelectionState(selectionOf([recipientOf(rows[0]!), recipientOf(rows[2]!)]), shown)).toBe(
      "some",
    );
    expect(shownSelectionState(selectionOf(rows.slice(0, 3).map(recipientOf)), shown)).toBe("all");
  });

  it("selects all shown (the page), and a second click takes only the shown ones out", () => {
    const shown = rows.slice(0, 2);
    const all = toggleAllShown(selectionOf([recipientOf(rows[3]!)]), shown);
    expect(chosen(all).sort()).toEqual(["a", "b", "d"]);
    expect(chosen(toggleAllShown(all, shown))).toEqual(["d"]);
  });

  it("keeps chosen candidates from other pages, with what the dialog needs of them", () => {
    const elsewhere = {
      submissionId: "z",
      identifier: "Applicant z",
      status: "approved" as const,
      amount: 10,
    };
    const selection = toggleSelected(selectionOf([elsewhere]), rows[2]!);
    expect(recipientsOf(selection)).toEqual([
      elsewhere,
      { submissionId: "c", identifier: "Applicant c", status: "approved", amount: 250.5 },
    ]);
    expect(recipientsOf(NO_SELECTION)).toEqual([]);
  });

  it("follows a chosen candidate's newer decision; the same selection when nothing changed", () => {
    const selection = selectionOf([recipientOf(rows[1]!)]);
    expect(refreshSelection(selection, rows)).toBe(selection);
    const approved = { ...rows[1]!, status: "approved" as const, amount: 700 };
    expect(recipientsOf(refreshSelection(selection, [approved]))).toEqual([
      { submissionId: "b", identifier: "Applicant b", status: "approved", amount: 700 },
    ]);
  });
});
