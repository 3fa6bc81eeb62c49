import { describe, expect, it } from "vitest";
import type { TableRow } from "../../../../shared/forms/answers";
import { MAX_TABLE_ROWS } from "../../../../shared/forms/model-constants";
import { addRow, canAddRow, newRowId, removeRow, setCell } from "./table-rows";

describe("table rows", () => {
  it("adds empty rows up to 15, then no more", () => {
    let rows: readonly TableRow[] = [];
    for (let i = 0; i < MAX_TABLE_ROWS; i++) {
      expect(canAddRow(rows)).toBe(true);
      rows = addRow(rows, `r${i}`);
    }
    expect(rows).toHaveLength(15);
    expect(rows[0]).toEqual({ id: "r0" });
    expect(canAddRow(rows)).toBe(false);
    expect(addRow(rows, "extra")).toBe(rows);
  });

  it("removes the row by id and keeps the others as they were", () => {
    const rows = [
      { id: "a", column_0: "1" },
      { id: "b", column_0: "2" },
      { id: "c", column_0: "3" },
    ];
    expect(removeRow(rows, "b")).toEqual([rows[0], rows[2]]);
    expect(removeRow(rows, "missing")).toEqual(rows);
    expect(
      canAddRow(
        removeRow(
          Array.from({ length: 15 }, (_, i) => ({ id: `${i}` })),
          "3",
        ),
      ),
    ).toBe(true);
  });

  it("sets one cell of one row", () => {
    const rows = [{ id: "a" }, { id: "b", column_1: "x" }];
    const next = setCell(rows, "b", "column_4", "y");
    expect(next).toEqual([{ id: "a" }, { id: "b", column_1: "x", column_4: "y" }]);
    expect(next[0]).toBe(rows[0]);
  });

  it("makes distinct row ids short enough for the answer schema", () => {
    const ids = new Set(Array.from({ length: 50 }, () => newRowId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id.length).toBeLessThanOrEqual(64);
  });
});
