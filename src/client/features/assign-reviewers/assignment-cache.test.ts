import { describe, expect, it } from "vitest";
import type { AssignmentListResult, AssignmentRow } from "../../../shared/schemas/committee";
import {
  type AssignmentChange,
  applyChange,
  isOpenToEveryone,
  patchRow,
  replaceRow,
} from "./assignment-cache";

const ann = { _id: "u1", name: "Ann", email: "ann@example.test" };
const bo = { _id: "u2", name: "Bo", email: "bo@example.test" };
const arts = { _id: "g1", name: "Arts" };

function row(id: string, patch: Partial<AssignmentRow> = {}): AssignmentRow {
  return { _id: id, identifier: `Applicant ${id}`, reviewers: [], reviewerGroups: [], ...patch };
}

function page(rows: AssignmentRow[]): AssignmentListResult {
  return { rows, total: rows.length, page: 1, pageSize: 10, committee: [], groups: [] };
}

describe("changing one row of a cached page", () => {
  it("changes only that row and keeps the rest of the page", () => {
    const before = page([row("s1"), row("s2")]);
    const after = patchRow(before, "s2", { reviewers: [ann] });
    expect(after?.rows).toEqual([row("s1"), row("s2", { reviewers: [ann] })]);
    expect(after?.rows[0]).toBe(before.rows[0]);
    expect(before.rows[1]?.reviewers).toEqual([]);
  });

  it("leaves a page without the row (another page or search) untouched", () => {
    const other = page([row("s9")]);
    expect(patchRow(other, "s1", { reviewers: [ann] })).toBe(other);
    expect(patchRow(undefined, "s1", { reviewers: [ann] })).toBeUndefined();
  });

  it("applies a change at once and rolls it back when the save fails", () => {
    const before = page([row("s1", { reviewers: [ann] })]);
    const change: AssignmentChange = { field: "reviewers", next: [ann, bo], previous: [ann] };
    const shown = applyChange(before, "s1", change, "apply");
    expect(shown?.rows[0]?.reviewers).toEqual([ann, bo]);
    expect(applyChange(shown, "s1", change, "rollBack")?.rows[0]?.reviewers).toEqual([ann]);
  });

  it("changes groups without touching the individual reviewers", () => {
    const before = page([row("s1", { reviewers: [ann] })]);
    const change: AssignmentChange = { field: "reviewerGroups", next: [arts], previous: [] };
    expect(applyChange(before, "s1", change, "apply")?.rows[0]).toEqual(
      row("s1", { reviewers: [ann], reviewerGroups: [arts] }),
    );
  });

  it("replaces the row with the server's answer", () => {
    const stored = row("s1", { identifier: "Applicant s1", reviewers: [bo] });
    expect(replaceRow(page([row("s1", { reviewers: [ann] })]), stored)?.rows).toEqual([stored]);
  });
});

describe("a row open to everyone", () => {
  it("is one with no individual reviewer and no group", () => {
    expect(isOpenToEveryone(row("s1"))).toBe(true);
    expect(isOpenToEveryone(row("s1", { reviewers: [ann] }))).toBe(false);
    expect(isOpenToEveryone(row("s1", { reviewerGroups: [arts] }))).toBe(false);
  });
});
