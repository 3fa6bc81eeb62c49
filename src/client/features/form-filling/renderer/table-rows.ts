import type { TableCellKey, TableRow } from "../../../../shared/forms/answers";
import { MAX_TABLE_ROWS } from "../../../../shared/forms/model-constants";

/**
 * The rows of a simple-table answer (forms-and-applicants, "3. Entities and their fields"): up to 15, cells
 * column_0…column_4.
 */
export const canAddRow = (rows: readonly TableRow[]): boolean => rows.length < MAX_TABLE_ROWS;

/** A new row id: random, so rows keep their identity (and focus) when others are removed. */
export function newRowId(): string {
  const crypto = globalThis.crypto;
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // randomUUID needs a secure context; getRandomValues does not.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join(
    "",
  );
}

/** The rows with an empty row added at the end; unchanged at the limit. */
export function addRow(rows: readonly TableRow[], id: string = newRowId()): readonly TableRow[] {
  return canAddRow(rows) ? [...rows, { id }] : rows;
}

export function removeRow(rows: readonly TableRow[], rowId: string): readonly TableRow[] {
  return rows.filter((row) => row.id !== rowId);
}

export function setCell(
  rows: readonly TableRow[],
  rowId: string,
  key: TableCellKey,
  value: string,
): readonly TableRow[] {
  return rows.map((row) => (row.id === rowId ? { ...row, [key]: value } : row));
}
